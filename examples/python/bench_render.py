"""Renders a generated document: only the rendering is counted (instrument: region).

Start-up, imports and building the input run before the region, so a heavier import does not
reach the count (not by a single instruction or cache miss: docs/python.md);
cg-bench's unmeasured pass counts bytecode per Python function in the same region, so a change to
textlib names the function that changed.
"""
import sys

import cg_bench

import textlib

paragraphs = int(sys.argv[1]) if len(sys.argv) > 1 else 300
document = "\n\n".join(
    f"# Part {i}" if i % 10 == 0 else f"Line {i} has *emphasis* & <tags> in it,\nand a second line {i * 7}."
    for i in range(paragraphs)
)

# A measured call: the region is textlib.render(document) and nothing of this script's own code.
html = cg_bench.measure(textlib.render)(document)

print(len(html))

"""A small pure-Python workload: build, serialise, parse and aggregate records."""
import json
import sys

n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
records = [{"id": i, "name": f"item-{i}", "tags": [str(i % 7), str(i % 11)], "score": (i * 37) % 101} for i in range(n)]
text = json.dumps(records, sort_keys=True)
parsed = json.loads(text)
by_tag = {}
for record in parsed:
    for tag in record["tags"]:
        by_tag.setdefault(tag, []).append(record["score"])
summary = sorted((tag, sum(scores) / len(scores)) for tag, scores in by_tag.items())
print(len(text), summary[0], summary[-1])

"""A tiny text-to-HTML library: the code under test of the Python example."""


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def inline(text):
    out = []
    for word in escape(text).split(" "):
        if len(word) > 2 and word.startswith("*") and word.endswith("*"):
            out.append("<em>" + word[1:-1] + "</em>")
        else:
            out.append(word)
    return " ".join(out)


def render(document):
    html = []
    for block in document.split("\n\n"):
        if block.startswith("# "):
            html.append("<h1>" + inline(block[2:]) + "</h1>")
        else:
            html.append("<p>" + inline(block.replace("\n", " ")) + "</p>")
    return "\n".join(html)

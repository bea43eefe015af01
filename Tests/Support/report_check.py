#!/usr/bin/env python3
"""Checks for `vitals report` output, run by the Swift tests.

  report_check.py html FILE            parse with html5lib (strict); print errors; exit 1 on any
  report_check.py tables FILE          print the report's tables as JSON [{caption, head, rows}]
  report_check.py tree FILE            print the element tree: one line per element, its depth, tag
                                       and attribute names (no text, no attribute values)
  report_check.py compare GOLDEN PNG MAX_FRACTION
                                       compare two screenshots: the share of pixels whose colour
                                       differs by more than 64 in a channel must be <= MAX_FRACTION
Exit 3 when a needed Python package (html5lib, Pillow) is missing.
"""
import json
import sys


def need(module):
    try:
        return __import__(module)
    except ImportError:
        package = {"html5lib": "html5lib", "PIL.Image": "Pillow"}.get(module, module)
        debian = {"html5lib": "python3-html5lib", "PIL.Image": "python3-pil"}.get(module, module)
        print(f"python3 package {package} is missing: apt-get install {debian}, or pip install {package}",
              file=sys.stderr)
        sys.exit(3)


def check_html(path):
    html5lib = need("html5lib")
    parser = html5lib.HTMLParser(strict=False)
    with open(path, "rb") as handle:
        parser.parse(handle)
    errors = [f"{pos[0]}:{pos[1]} {code} {data}" for pos, code, data in parser.errors]
    for error in errors:
        print(error)
    return 1 if errors else 0


def tables(path):
    html5lib = need("html5lib")
    with open(path, "rb") as handle:
        tree = html5lib.parse(handle, namespaceHTMLElements=False)
    out = []
    for table in tree.iter("table"):
        caption = table.find("caption")
        head = ["".join(th.itertext()) for th in table.iter("th") if th.get("scope") == "col"]
        rows = []
        body = table.find("tbody")
        for tr in (body if body is not None else []):
            rows.append(["".join(cell.itertext()) for cell in tr])
        out.append({"caption": "".join(caption.itertext()) if caption is not None else "", "head": head, "rows": rows})
    print(json.dumps(out))
    return 0


def tree(path):
    html5lib = need("html5lib")
    with open(path, "rb") as handle:
        root = html5lib.parse(handle, namespaceHTMLElements=False)

    def walk(element, depth):
        if not isinstance(element.tag, str):
            return  # a comment
        tag = element.tag.split("}")[-1]
        print(f"{depth} {tag} {' '.join(sorted(element.attrib.keys()))}".rstrip())
        for child in element:
            walk(child, depth + 1)

    walk(root, 0)
    return 0


def compare(golden, actual, max_fraction):
    image = need("PIL.Image") and __import__("PIL.Image", fromlist=["Image"])
    a = image.open(golden).convert("RGB")
    b = image.open(actual).convert("RGB")
    if a.size != b.size:
        print(f"size {b.size} differs from the golden's {a.size}")
        return 1
    pa, pb = a.load(), b.load()
    differing = 0
    for y in range(a.size[1]):
        for x in range(a.size[0]):
            ca, cb = pa[x, y], pb[x, y]
            if max(abs(ca[i] - cb[i]) for i in range(3)) > 64:
                differing += 1
    fraction = differing / (a.size[0] * a.size[1])
    print(f"{fraction:.5f} of pixels differ")
    return 0 if fraction <= max_fraction else 1


def main():
    command = sys.argv[1]
    if command == "html":
        return check_html(sys.argv[2])
    if command == "tables":
        return tables(sys.argv[2])
    if command == "tree":
        return tree(sys.argv[2])
    if command == "compare":
        return compare(sys.argv[2], sys.argv[3], float(sys.argv[4]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())

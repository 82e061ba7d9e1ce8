#!/usr/bin/env python3
"""Lists the force unwraps (`x!`, and implicitly unwrapped `T!` declarations) in Swift sources,
one per line as file:line: source, then their count. Comments and string literals are left out,
as are `!=`, a prefix `!`, `try!` and `as!`. Issue 27 holds Sources to at most 30, each where a
comment states why the value is there. Run:
    python3 Scripts/force-unwraps.py [folder] [--max N]   (Sources by default; fails above N)
"""
import os
import re
import sys


def blanked(source):
    """`source` with comments and string literals replaced by spaces (lines kept)."""
    out, i, n = [], 0, len(source)
    while i < n:
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
        elif source.startswith("/*", i):
            j = source.find("*/", i + 2)
            j = n if j < 0 else j + 2
        elif source.startswith('"""', i):
            j = source.find('"""', i + 3)
            j = n if j < 0 else j + 3
        elif source[i] == '"':
            j = i + 1
            while j < n and source[j] not in '"\n':
                j += 2 if source[j] == "\\" else 1
            j = min(j + 1, n)
        else:
            out.append(source[i])
            i += 1
            continue
        out.append(re.sub(r"[^\n]", " ", source[i:j]))
        i = j
    return "".join(out)


# A `!` right after an operand (a name, `)`, `]`, `}` or `>`), not starting `!=`.
UNWRAP = re.compile(r"(?<=[\w)\]}>])!(?!=)")

args = [a for a in sys.argv[1:] if not a.startswith("--")]
limit = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else None
if limit is not None:
    args = [a for a in args if a != str(limit)]
root = args[0] if args else "Sources"
count = 0
for folder, _, files in sorted(os.walk(root)):
    for name in sorted(files):
        if not name.endswith(".swift"):
            continue
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        lines = text.split("\n")
        for number, line in enumerate(blanked(text).split("\n"), 1):
            for match in UNWRAP.finditer(line):
                if re.search(r"\b(try|as)$", line[:match.start()]):
                    continue
                count += 1
                print(f"{path}:{number}: {lines[number - 1].strip()}")
print(f"{count} force unwraps in {root}")
if limit is not None and count > limit:
    print(f"error: more than {limit}", file=sys.stderr)
    sys.exit(1)

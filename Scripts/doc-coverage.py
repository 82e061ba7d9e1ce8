#!/usr/bin/env python3
"""Lists the public symbols of the library modules that have no doc comment, as file:line, and
exits 1 when there is any (`make docs` runs it before building the catalogs); with --diagnostics,
lists DocC's warnings (an undocumented parameter, a link that resolves to nothing) the same way.

Usage: doc-coverage.py [--allow FILE] SYMBOLGRAPH_DIR MODULE...
       doc-coverage.py [--allow FILE] --diagnostics DIAGNOSTICS_JSON...

SYMBOLGRAPH_DIR holds the *.symbols.json files of `swift package dump-symbol-graph` (public and
open symbols, synthesized members skipped). A symbol counts as documented when the graph gives it
a doc comment: its own, or the one it inherits from the protocol requirement it implements or the
member it overrides (DocC shows that one on its page). Extensions of other modules' types
(`TableKit@Foundation.symbols.json`) are checked too.

The allow-list FILE names what is left undocumented on purpose (`#` starts a comment): a line
`path: title` is one symbol, and a line that is a path alone (a file, or a folder ending in `/`)
covers what that file or folder declares: the files other work owns. Keep it short; an entry
that no longer matches an undocumented symbol is an error (a symbol entry that is documented now,
a path entry whose file or folder has no undocumented public symbol left), so the list cannot go
stale.
"""
import json
import os
import sys
from urllib.parse import unquote, urlparse


def main(argv):
    allow_path = None
    if "--allow" in argv:
        i = argv.index("--allow")
        allow_path = argv[i + 1]
        argv = argv[:i] + argv[i + 2:]
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = os.getcwd() + "/"
    allowed, allowed_paths = set(), []
    if allow_path:
        with open(allow_path, encoding="utf-8") as f:
            for line in f:
                line = line.split("#", 1)[0].strip()
                if ": " in line:
                    allowed.add(line)
                elif line:
                    allowed_paths.append(line)

    def path_allowed(path):
        return any(path == p or (p.endswith("/") and path.startswith(p)) for p in allowed_paths)

    if argv[0] == "--diagnostics":
        return diagnostics(argv[1:], root, path_allowed)
    folder, modules = argv[0], set(argv[1:])

    missing = {}     # (path, line, title) -> kind, deduplicated across graphs
    allowed_by_path = set()
    seen = 0
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".symbols.json"):
            continue
        module = name[: -len(".symbols.json")].split("@", 1)[0]
        if module not in modules:
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            graph = json.load(f)
        for symbol in graph.get("symbols", []):
            if symbol.get("accessLevel") not in ("public", "open"):
                continue
            location = symbol.get("location")
            if location is None:          # synthesized: no source to document
                continue
            path = unquote(urlparse(location["uri"]).path)
            if not path.startswith(root + "Sources/"):
                continue                  # declared elsewhere (another package)
            seen += 1
            lines = (symbol.get("docComment") or {}).get("lines", [])
            if any(l.get("text", "").strip() for l in lines):
                continue
            if path_allowed(path[len(root):]):
                allowed_by_path.add((path, location["position"]["line"], ".".join(symbol["pathComponents"])))
                continue
            title = ".".join(symbol["pathComponents"])
            key = (path[len(root):], location["position"]["line"] + 1, title)
            missing[key] = symbol["kind"]["displayName"]

    if seen == 0:
        print(f"error: no public symbols of {', '.join(sorted(modules))} in {folder}", file=sys.stderr)
        return 1
    stale = set(allowed)
    report = []
    for (path, line, title), kind in sorted(missing.items()):
        entry = f"{path}: {title}"
        if entry in allowed:
            stale.discard(entry)
            continue
        report.append(f"{path}:{line}: {kind} {title} has no doc comment")
    for entry in sorted(stale):
        report.append(f"{allow_path}: '{entry}' is documented now (or gone): remove it from the list")
    covering = {p for p in allowed_paths
                if any(path[len(root):] == p or (p.endswith("/") and path[len(root):].startswith(p))
                       for path, _, _ in allowed_by_path)}
    for entry in allowed_paths:
        if entry not in covering:
            report.append(f"{allow_path}: '{entry}' has no undocumented public symbol now (or is gone): "
                          "remove it from the list")
    for line in report:
        print(line)
    print(f"doc coverage: {seen} public symbols, {len(missing) + len(allowed_by_path)} undocumented, "
          f"{len(missing) - (len(allowed) - len(stale))} not allowed", file=sys.stderr)
    return 1 if report else 0


def diagnostics(files, root, path_allowed):
    """DocC's warnings and errors from its --diagnostics-file output, as file:line: message."""
    report = []
    for name in files:
        with open(name, encoding="utf-8") as f:
            for d in json.load(f).get("diagnostics", []):
                if d.get("severity") not in ("warning", "error"):
                    continue
                path = unquote(urlparse(d.get("source", "")).path)
                path = path[len(root):] if path.startswith(root) else path
                if path_allowed(path):
                    continue
                line = (d.get("range") or {}).get("start", {}).get("line", 0)
                report.append(f"{path}:{line}: {d['severity']}: {d['summary']}")
    for line in sorted(set(report)):
        print(line)
    return 1 if report else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

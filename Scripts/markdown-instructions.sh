#!/bin/sh
# Instructions (callgrind's Ir, exact and repeatable on a loaded machine, unlike time) that each
# Markdown figure of `listedit-bench --markdown-profile` takes, and per byte of its input.
#
# Usage: Scripts/markdown-instructions.sh [BENCH_BINARY] [ITEMS]
#   BENCH_BINARY  default .build/release/listedit-bench (build it with
#                 `swift build -c release --product listedit-bench`)
#   ITEMS         list items in each file, default 100000 (callgrind runs about 50 times slower)
set -eu
bench=${1:-.build/release/listedit-bench}
items=${2:-100000}
command -v valgrind >/dev/null 2>&1 || { echo "error: valgrind is missing: install it with 'apt-get install valgrind'"; exit 1; }
out=$(mktemp /tmp/markdown-instructions.XXXXXX)
trap 'rm -f "$out"' EXIT
summary=$(valgrind --tool=callgrind --callgrind-out-file="$out" "$bench" --markdown-profile --markdown-sizes "$items" 2>/dev/null)
echo "$summary"
simple=$(echo "$summary" | sed -n 's/.*simple \([0-9]*\) B.*/\1/p')
real=$(echo "$summary" | sed -n 's/.*real \([0-9]*\) B.*/\1/p')
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | swift demangle --simplified | awk -v simple="$simple" -v real="$real" '
    /Bench\.profile(OldParser|ScanSimple|ScanReal|SaveToggle)\(/ {
        n = $1; gsub(",", "", n)
        match($0, /profile[A-Za-z]*/); name = substr($0, RSTART, RLENGTH)
        if (name in seen) next
        seen[name] = 1
        bytes = (name == "profileOldParser" || name == "profileScanSimple") ? simple : real
        printf "%-20s %15d instructions %8.1f per byte\n", name, n, n / bytes
    }'

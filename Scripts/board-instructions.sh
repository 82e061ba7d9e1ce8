#!/bin/sh
# Instructions (callgrind's Ir: exact and repeatable on a loaded machine, unlike time) of one of
# the board's figures (`listedit-bench --board-figure`), per run, at 10^2 and 10^5 cards, and
# their ratio: the issue's "a card move at 10^5 cards within 1.5x of one at 10^2". Each size
# runs twice, with FEW and MANY runs of the figure; the difference of the two totals divided by
# MANY - FEW is one run's instructions, setting up the lanes and the first frame left out.
#
# Usage: Scripts/board-instructions.sh [FIGURE] [BENCH_BINARY]
#   FIGURE        move (default), screen, list-move or list-screen
#   BENCH_BINARY  default .build/release/listedit-bench (build it with
#                 `swift build -c release --static-swift-stdlib --product listedit-bench`)
# Set HEIGHT=12 to draw 80 x 12 frames instead of 80 x 24: 10 lines of cards, which the 10 cards
# a lane of 10^2 fill as 10^5 does (Bench+Board.swift). Set PROFILE=DIR to keep the callgrind
# files of the MANY runs there (callgrind_annotate --inclusive=yes DIR/board-FIGURE-CARDS.out |
# swift demangle --simplified). Set SIZES to count other sizes than 10^2 and 10^5, each against
# the first (SIZES="100 200 1000 10000 100000": where the growth stops, once the lanes are full).
set -eu
figure=${1:-move}
bench=${2:-.build/release/listedit-bench}
few=20
many=220
command -v valgrind >/dev/null 2>&1 || { echo "error: valgrind is missing: install it with 'apt-get install valgrind'"; exit 1; }
tmp=$(mktemp -d /tmp/board-instructions.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
# Valgrind gives up on the debug information of Swift's static release builds: a copy without
# it (the symbol table, which names the functions, stays).
objcopy --strip-debug "$bench" "$tmp/bench"
# The instructions of `runs` runs of the figure at `cards` cards, the whole process.
total() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/$1-$2.out" "$tmp/bench" --board-figure "$figure" --board-height "${HEIGHT:-24}" --sizes "$1" --runs "$2" >/dev/null 2>"$tmp/log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$tmp/log"
}
if [ -n "${SIZES:-}" ]; then
    first=
    for cards in $SIZES; do
        each=$(( ($(total "$cards" $many) - $(total "$cards" $few)) / (many - few) ))
        first=${first:-$each}
        awk -v c="$cards" -v n="$each" -v f="$first" -v fig="$figure" 'BEGIN { printf "%s: %d instructions a run at %d cards, %.3f of the first\n", fig, n, c, n / f }'
    done
    exit 0
fi
small=$(( ($(total 100 $many) - $(total 100 $few)) / (many - few) ))
large=$(( ($(total 100000 $many) - $(total 100000 $few)) / (many - few) ))
if [ -n "${PROFILE:-}" ]; then
    mkdir -p "$PROFILE"
    cp "$tmp/100-$many.out" "$PROFILE/board-$figure-100.out"
    cp "$tmp/100000-$many.out" "$PROFILE/board-$figure-100000.out"
fi
echo "$figure: $small instructions a run at 10^2 cards, $large at 10^5"
awk -v a="$small" -v b="$large" 'BEGIN { printf "ratio 10^5 / 10^2: %.3f\n", b / a }'

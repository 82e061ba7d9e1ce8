#!/usr/bin/env bash
# Runs the built test bundle as several processes at once (`make test`), each line of output
# prefixed with its shard's name, and fails when any shard fails.
#
# Why: the editor's tests are main-actor bound (ListEditor is @MainActor), so within one process
# they run one at a time on one thread, and Swift Testing's pool (as many threads as cores) runs
# everything else beside them. Four processes keep both cores of a small machine busy: the
# editor's random-session suites, the rest of the editor's tests, the end-to-end tests (which
# mostly wait for the real binary in tmux: beside CPU-bound tests in one process their polls
# could not resume for long stretches and missed screens), and every other target.
#
# The test bundle is run directly (`swift test` takes a lock on .build for the whole run, so
# several at once would wait for each other), with Swift Testing only: there are no XCTest cases.
#
# Usage: Scripts/test-shards.sh [swift]   (after `swift build --build-tests`)
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${1:-swift}
bundle="$($swift build --show-bin-path)/listeditPackageTests.xctest"
[ -x "$bundle" ] || { echo "error: $bundle is missing: run 'swift build --build-tests' first"; exit 1; }

heavy='ListEditorTests\.(EditorSessionTests|ApplySessionTests|EditorSessionRegressionTests|InteractionFuzzTests)'
shards=(
    "editor-random:--filter $heavy"
    "editor:--filter ListEditorTests --skip $heavy"
    "end-to-end:--filter CommandTests"
    "others:--skip ListEditorTests|CommandTests"
)

pids=()
for shard in "${shards[@]}"; do
    name=${shard%%:*}
    # shellcheck disable=SC2086  # the filter arguments are words on purpose
    ( NO_COLOR=1 "$bundle" --testing-library swift-testing ${shard#*:} 2>&1 | sed -u "s/^/[$name] /"; exit "${PIPESTATUS[0]}" ) &
    pids+=($!)
done

status=0
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
        echo "test shard ${shards[$i]%%:*} failed"
        status=1
    fi
done
[ $status -eq 0 ] && echo "all test shards passed"
exit $status

#!/usr/bin/env bash
# Runs the built test bundle as several processes at once (`make test`), each line of output
# prefixed with its shard's name, and fails when any shard fails.
#
# Why: the editor's tests are main-actor bound (ListEditor is @MainActor), so within one process
# they run one at a time on one thread, and Swift Testing's pool (as many threads as cores) runs
# everything else beside them. Three processes keep both cores of a small machine busy: the
# editor's random-session suites, the rest of the editor's tests, and every other target.
#
# Usage: Scripts/test-shards.sh [swift]   (after `swift build --build-tests`)
set -uo pipefail
cd "$(dirname "$0")/.."
swift=${1:-swift}

heavy='ListEditorTests\.(EditorSessionTests|ApplySessionTests|EditorSessionRegressionTests|InteractionFuzzTests)'
shards=(
    "editor-random:--filter $heavy"
    "editor:--filter ListEditorTests --skip $heavy"
    "others:--skip ListEditorTests"
)

pids=()
for shard in "${shards[@]}"; do
    name=${shard%%:*}
    # shellcheck disable=SC2086  # the filter arguments are words on purpose
    ( $swift test --skip-build ${shard#*:} 2>&1 | sed -u "s/^/[$name] /"; exit "${PIPESTATUS[0]}" ) &
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

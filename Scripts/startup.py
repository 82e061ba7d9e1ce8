#!/usr/bin/env python3
"""Start-up cost of one or more listedit binaries: wall time and peak RSS of `BIN --version`.

The binaries are run in turn, round after round, so every figure comes from the same stretch of
machine time and ratios between them are fair. Prints, per binary, the median and the spread of
the wall time, and the median peak RSS (the kernel's ru_maxrss of the child).

Usage: startup.py BIN [BIN...] [--runs N]
"""
import os, statistics, sys, time

def run_once(binary):
    start = time.perf_counter()
    pid = os.posix_spawn(binary, [binary, "--version"], dict(os.environ),
                         file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - start) * 1000
    if status != 0:
        sys.exit(f"error: {binary} --version exited with status {status}")
    return wall, usage.ru_maxrss / 1024

def main():
    args = sys.argv[1:]
    runs = 30
    if "--runs" in args:
        i = args.index("--runs")
        runs = int(args[i + 1])
        del args[i:i + 2]
    if not args:
        sys.exit(__doc__)
    walls = {b: [] for b in args}
    rss = {b: [] for b in args}
    for _ in range(runs):
        for b in args:
            w, r = run_once(b)
            walls[b].append(w)
            rss[b].append(r)
    print(f"--version, {runs} rounds (ms, MB)")
    print(f"{'binary':40} {'median':>8} {'min':>8} {'max':>8} {'max RSS':>8}")
    for b in args:
        print(f"{b[-40:]:40} {statistics.median(walls[b]):8.2f} {min(walls[b]):8.2f} {max(walls[b]):8.2f} "
              f"{statistics.median(rss[b]):8.1f}")
    if len(args) > 1:
        base = statistics.median(walls[args[0]])
        for b in args[1:]:
            print(f"ratio {b[-30:]} / first (medians): {statistics.median(walls[b]) / base:.2f}")

main()

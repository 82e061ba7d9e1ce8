#!/usr/bin/env python3
"""`make bench`: `listedit merge` of two sides with 1% of the rows changed each, beside
`git merge-file` on the same three files (interleaved in one run), with each one's peak RSS.

Each side changes a different 1% of a `# Title` / `- item` file whose rows are distinct, as the
rows of a real list mostly are (Scripts/bench.py's generator with `distinct`: its words alone repeat
at 10^6 rows, and a row whose text many rows share is matched by place, which a benchmark of moves
should not rest on). Of its changed rows, 40% reworded, 20% deleted, 20% moved elsewhere in their section, and 20%
with a new row added after them. Both programs may report conflicts (exit 1): where the two
sides' changes touch neighbouring lines git's line merge conflicts and listedit's row merge often
does not; the figure is the time, and the conflicts each reports are printed beside it.

Usage: bench-merge.py BINARY [--rows N] [--runs N] [--smoke]
"""
import os, random, shutil, statistics, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import fmt, generate, sizes  # noqa: E402  (the same file shape, options and table)


def side(lines, seed, fraction=0.01):
    """A copy of the file's lines with `fraction` of its rows changed (deterministic in `seed`)."""
    rnd = random.Random(seed)
    rows = [i for i, line in enumerate(lines) if line.startswith("- ")]
    changed = rnd.sample(rows, max(1, int(len(rows) * fraction)))
    kind = {i: rnd.choice("rrddmmii") for i in changed}
    sections, current = [], []
    for i, line in enumerate(lines):
        if line.startswith("# ") and current:
            sections.append(current)
            current = []
        current.append(i)
    sections.append(current)
    out = []
    for section in sections:
        body = []
        moved = []
        for i in section:
            k = kind.get(i)
            if k == "r":
                body.append(lines[i].rstrip("\n") + f" reworded {seed}\n")
            elif k == "d":
                continue
            elif k == "m":
                moved.append(lines[i])
            elif k == "i":
                body.append(lines[i])
                body.append(f"- added by {seed} after line {i}\n")
            else:
                body.append(lines[i])
        for line in moved:
            # Somewhere among the section's items (after its heading, before its blank line).
            body.insert(rnd.randrange(1, max(2, len(body) - 1)), line)
        out += body
    return out, len(changed)


def timed(argv, runs_out, peaks_out, conflicts_out, count, ok):
    """Runs `argv` once, appending seconds, peak RSS and the conflicts `count` reads off it; `ok`
    says which exit codes are not failures."""
    start = time.monotonic()
    pid = os.posix_spawnp(argv[0], argv, dict(os.environ),
                          file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0),
                                        (os.POSIX_SPAWN_OPEN, 2, "/dev/null", os.O_WRONLY, 0)])
    _, status, usage = os.wait4(pid, 0)
    runs_out.append(time.monotonic() - start)
    peaks_out.append(usage.ru_maxrss * 1024)
    code = os.waitstatus_to_exitcode(status)
    if not ok(code):
        sys.exit(f"bench-merge: {' '.join(argv[:2])} failed with status {code}")
    conflicts_out.append(count())


def main():
    binary = os.path.abspath(sys.argv[1])
    args = sys.argv[2:]
    rows, runs = sizes(args)
    git = shutil.which("git")
    work = tempfile.mkdtemp(prefix="listedit-bench-merge-")
    try:
        base = os.path.join(work, "base.md")
        generate(base, rows, distinct=True)
        with open(base, encoding="utf-8") as f:
            lines = f.readlines()
        sides = {}
        for name, seed in (("ours", 1), ("theirs", 2)):
            changed_lines, changed = side(lines, seed)
            sides[name] = os.path.join(work, name + ".md")
            with open(sides[name], "w", encoding="utf-8") as f:
                f.writelines(changed_lines)
        print(f"listedit merge: {rows:,} rows, {changed:,} rows changed on each side "
              f"({os.path.getsize(base) / 1e6:.1f} MB; ms, median and worst of {runs})")
        out = os.path.join(work, "out.md")

        def markers():
            with open(out, encoding="utf-8", errors="replace") as f:
                return sum(1 for line in f if line.startswith("<<<<<<<"))

        ours_t, git_t, ours_rss, git_rss, ours_c, git_c = [], [], [], [], [], []
        for _ in range(runs):
            timed([binary, "merge", base, sides["ours"], sides["theirs"], "--output", out],
                  ours_t, ours_rss, ours_c, markers, lambda code: code in (0, 1))
            if git:
                # git merge-file writes into its first file: merge a copy of ours.
                shutil.copyfile(sides["ours"], out)
                # Its exit status is the number of conflicts (at most 127).
                timed([git, "merge-file", out, base, sides["theirs"]], git_t, git_rss, git_c, markers,
                      lambda code: 0 <= code <= 127)
        print(f"{'listedit merge':40} {fmt(ours_t)}   conflicts {ours_c[-1]}, peak RSS {statistics.median(ours_rss) / 1e6:.0f} MB")
        if git:
            print(f"{'git merge-file (the same files)':40} {fmt(git_t)}   conflicts {git_c[-1]}, peak RSS {statistics.median(git_rss) / 1e6:.0f} MB")
            print(f"{'  ratio listedit / git (medians)':40} {statistics.median(ours_t) / statistics.median(git_t):10.2f}")
        else:
            print("  (git not installed: no comparison)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

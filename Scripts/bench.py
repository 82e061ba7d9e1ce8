#!/usr/bin/env python3
"""Process-level benchmarks for `make bench` (the in-process ones are listedit-bench).

Figures, each the median and worst of several runs:
  * first frame in a real terminal (tmux): listedit FILE beside `vim -u NONE -n -R FILE`, the time
    from starting the program until its first screen is visible (polled), and the ratio;
  * `listedit apply` of 1,000 operations on the file and of one, beside `sed 5d` of the same file
    (interleaved), with each one's peak RSS;
  * 300 drag steps sent at once (a held key) in tmux, animations on, beside --no-animation, at
    2,000 rows and at the file's size;
  * bytes written to the terminal for one cursor move and one drag step (counted through a pty);
  * peak memory (VmHWM) after opening the file, and bytes per row beyond the file's text.

Usage: bench.py BINARY [--rows N] [--runs N] [--smoke] [--real] [--scale]

--scale: instead, the figures of opening at any size (issue 17), side by side in one run on real
Markdown: the first screen of 10^3 and 10^7 items (interleaved) and of 10^3 and 10^6 beside vim, peak
memory once the 10^7-item file is read whole, and saving after one change to it beside
`dd conv=fsync` of the same file.

--real: the file is real-shaped Markdown (front matter, two heading levels, nested tasks,
paragraphs and code) instead of `# Title` / `- item`.
"""
import json, os, pty, random, select, shutil, signal, statistics, subprocess, sys, tempfile, time

def generate(path, rows, sections=10, distinct=False):
    """`# Section s` headings and `- item` rows of a few words; with `distinct`, each row's text
    ends with its number, so no two rows share a text (the words alone repeat at 10^6 rows)."""
    words = ["milk", "eggs", "café", "naïve", "größe", "日本", "über", "tea", "brot", "piña", "ça", "rice"]
    rnd = random.Random(12345)
    per = rows // sections
    with open(path, "w", encoding="utf-8") as f:
        for s in range(sections):
            f.write(f"# Section {s}\n")
            for r in range(per):
                text = ""
                while len(text.encode()) < 18:
                    text += rnd.choice(words) + " "
                if distinct:
                    text += str(s * per + r)
                f.write(f"- {text}\n")
            f.write("\n")

def generate_real(path, rows, sections=10):
    """A real-shaped Markdown to-do file with `rows` list items: front matter, headings of two
    levels, a paragraph opening each section (a passage: table row 0), then items nested three
    deep, tasks checked and open, emphasis and code spans, and every 50th item carrying an
    indented paragraph and a fenced code block (its continuation, not rows)."""
    words = ["milk", "eggs", "café", "naïve", "größe", "日本", "über", "tea", "brot", "piña", "ça", "rice"]
    rnd = random.Random(12345)
    per = rows // sections
    with open(path, "w", encoding="utf-8") as f:
        f.write("---\ntitle: Bench\ntags: [bench, real]\n---\n\n")
        for s in range(sections):
            f.write(f"{'#' if s % 2 == 0 else '##'} Section {s}\n\n")
            f.write(f"Notes for section {s}, with *emphasis*, `code` and a [link](https://example.com).\n\n")
            for i in range(per):
                level = 0 if i % 5 == 0 else (1 if i % 5 in (1, 3) else 2 if i % 5 == 2 else 1)
                text = ""
                while len(text.encode()) < 18:
                    text += rnd.choice(words) + " "
                box = ("[ ] " if i % 3 else "[x] ") if i % 2 == 0 else ""
                if i % 7 == 0:
                    text = f"**{text.strip()}** `x`"
                f.write(f"{'  ' * level}- {box}{text.strip()}\n")
                if i % 50 == 49:
                    pad = "  " * level + "  "
                    f.write(f"\n{pad}A paragraph inside the item.\n\n{pad}```\n{pad}code()\n{pad}```\n\n")
            f.write("\n")

def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", *args], capture_output=True, text=True).stdout

sockets = iter(range(1 << 30))   # a tmux server of its own for every run

def first_frame(command, ready, runs):
    """Seconds from start until `ready(screen)` holds, polled every millisecond."""
    samples = []
    for i in range(runs):
        sock = f"bench-{os.getpid()}-{next(sockets)}"
        start = time.monotonic()
        subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", "100", "-y", "30", command],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = start + 30
        screen = ""
        while time.monotonic() < deadline:
            screen = tmux(sock, "capture-pane", "-p")
            if ready(screen):
                break
            time.sleep(0.001)   # poll interval
        else:
            print(f"bench: no first screen after 30 s: {command}\n{screen}", file=sys.stderr)
        samples.append(time.monotonic() - start)
        tmux(sock, "kill-server")
    return samples

def reads(pid, path):
    """Whether process `pid` still has `path` open (a background load reading it)."""
    try:
        return any(os.path.realpath(f"/proc/{pid}/fd/{fd}") == path for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return False

def wait_gone(path, limit=60):
    """Waits until no listedit process has `path` on its command line (a run killed with its tmux
    server is still exiting: the next run would find its recovery file)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if subprocess.run(["pgrep", "-f", f"listedit.*{path}"], capture_output=True).returncode != 0:
            return
        time.sleep(0.01)

def open_in_pty(binary, path, quiet):
    """Runs listedit on `path` in an 80x24 pty and waits for its first screen (until `Edit`
    shows and the output has been quiet for `quiet` seconds); returns the pid and the pty."""
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LINES": "24", "COLUMNS": "80"})
        os.execv(binary, [binary, "--no-animation", path])
    import fcntl, struct, termios
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    drain(fd, quiet=quiet, limit=120, until=b"Edit")
    return pid, fd

def loaded_figures(binary, path):
    """Opens `path` in a pty, waits until the background load has read all of it (the file is
    closed), and returns the peak RSS then and the seconds from `s` to `Saved` after one change."""
    pid, fd = open_in_pty(binary, path, quiet=0.2)
    start = time.monotonic()
    while reads(pid, os.path.realpath(path)) and time.monotonic() < start + 300:
        drain(fd, quiet=0.05, limit=0.05)
    loaded = time.monotonic() - start
    drain(fd, quiet=0.3)
    with open(f"/proc/{pid}/status") as status:
        hwm = next(int(l.split()[1]) * 1024 for l in status if l.startswith("VmHWM:"))
    os.write(fd, b"j"); drain(fd)
    os.write(fd, b" "); drain(fd)                # one change: a row's checkbox
    start = time.monotonic()
    os.write(fd, b"s"); drain(fd, quiet=0.05, limit=120, until=b"Saved")
    save = time.monotonic() - start
    os.write(fd, b"q"); drain(fd)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    os.close(fd)
    return hwm, save, loaded

def scale(binary, runs):
    work = tempfile.mkdtemp(prefix="listedit-bench-")
    try:
        paths = {}
        for rows in (1_000, 1_000_000, 10_000_000):
            paths[rows] = os.path.join(work, f"real-{rows}.md")
            generate_real(paths[rows], rows)
        print(f"listedit at any size: real Markdown of 10^3, 10^6 and 10^7 items "
              f"({os.path.getsize(paths[10_000_000]) / 1e6:.1f} MB); ms, median and worst of {runs}")
        print(f"{'figure':40} {'median':>10} {'worst':>10}")
        ready = lambda s: "Section 0" in s and "Edit" in s
        frames = {1_000: [], 10_000_000: [], 1_000_000: [], "vim": [], "vim 10^3": []}
        vim_ready = lambda s: "# Section 0" in s and "real-" in s
        for _ in range(runs):
            for rows in (1_000, 10_000_000, 1_000_000):
                frames[rows] += first_frame(f"env LANG=C.UTF-8 TERM=xterm-256color {binary} --no-animation {paths[rows]}", ready, 1)
                wait_gone(paths[rows])
            if shutil.which("vim"):
                frames["vim"] += first_frame(f"env TERM=xterm-256color vim -u NONE -n -R {paths[1_000_000]}", vim_ready, 1)
                frames["vim 10^3"] += first_frame(f"env TERM=xterm-256color vim -u NONE -n -R {paths[1_000]}", vim_ready, 1)
        for rows in (1_000, 10_000_000, 1_000_000):
            print(f"{f'first screen in tmux, {rows:,} items':40} {fmt(frames[rows])}")
        med = {k: statistics.median(v) for k, v in frames.items() if v}
        print(f"{'  ratio 10^7 / 10^3 (medians)':40} {med[10_000_000] / med[1_000]:10.2f}")
        if "vim" in med:
            print(f"{'first screen in tmux, vim, 10^3 items':40} {fmt(frames['vim 10^3'])}")
            print(f"{'  ratio listedit / vim at 10^3 (medians)':40} {med[1_000] / med['vim 10^3']:10.2f}")
            print(f"{'first screen in tmux, vim, 10^6 items':40} {fmt(frames['vim'])}")
            print(f"{'  ratio listedit / vim at 10^6 (medians)':40} {med[1_000_000] / med['vim']:10.2f}")
        small = os.path.join(work, "small.md")
        generate(small, 10)
        _, base = pty_figures(binary, small)
        big = paths[10_000_000]
        size = os.path.getsize(big)
        saves, copies, loads, hwms = [], [], [], []
        for _ in range(max(1, runs // 2)):
            hwm, save, loaded = loaded_figures(binary, big)
            saves.append(save); loads.append(loaded); hwms.append(hwm)
            copies += run_process(["dd", f"if={big}", f"of={os.path.join(work, 'copy.md')}", "bs=4M", "conv=fsync", "status=none"], 1)
            generate_real(big, 10_000_000)      # the file as it was before the save
        print(f"{'10^7: read whole in the background':40} {fmt(loads)}")
        print(f"{'10^7: save after one change':40} {fmt(saves)}")
        print(f"{'10^7: dd conv=fsync of the file':40} {fmt(copies)}")
        print(f"{'  ratio save / dd (medians)':40} {statistics.median(saves) / statistics.median(copies):10.2f}")
        hwm = statistics.median(hwms)
        print(f"{'10^7: peak RSS once read (MB)':40} {hwm / 1e6:10.1f}")
        print(f"{'  beyond the text, per row (bytes)':40} {(hwm - base - size) / 10_000_000:10.1f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

def run_process(argv, runs, peaks=None):
    """Seconds of each of `runs` runs of `argv`; with `peaks` (a list), each run's peak RSS in
    bytes (the kernel's ru_maxrss of the child) is appended to it."""
    samples = []
    for _ in range(runs):
        start = time.monotonic()
        pid = os.posix_spawnp(argv[0], argv, dict(os.environ),
                              file_actions=[(os.POSIX_SPAWN_OPEN, 1, "/dev/null", os.O_WRONLY, 0)])
        _, status, usage = os.wait4(pid, 0)
        samples.append(time.monotonic() - start)
        if peaks is not None:
            peaks.append(usage.ru_maxrss * 1024)
        if status != 0:
            sys.exit(f"bench: {' '.join(argv[:3])} failed with status {status}")
    return samples

def drag_burst(binary, rows, runs, animations=True):
    """Seconds from sending 300 `Down` at once (one tmux command: a held key's burst) to a
    row picked up in edit mode showing 300 rows down, in a list of `rows` rows in one section."""
    work = tempfile.mkdtemp(prefix="listedit-drag-")
    path = os.path.join(work, "long.md")
    with open(path, "w") as f:
        f.write("# Long\n" + "".join(f"- row {i:07d}\n" for i in range(rows)))
    samples = []
    try:
        for _ in range(runs):
            sock = f"bench-{os.getpid()}-{next(sockets)}"
            flag = "" if animations else "--no-animation"
            subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", "new-session", "-d", "-x", "60", "-y", "30",
                            f"env LANG=C.UTF-8 TERM=xterm-256color {binary} {flag} {path}"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            def wait(ready, limit=60):
                end = time.monotonic() + limit
                while time.monotonic() < end:
                    screen = tmux(sock, "capture-pane", "-p")
                    if ready(screen):
                        return screen
                    time.sleep(0.001)   # poll interval
                sys.exit(f"bench: drag burst: no expected screen after {limit} s:\n{screen}")
            wait(lambda s: "Edit" in s and "row 0000000" in s)
            tmux(sock, "send-keys", "e", "Space")
            wait(lambda s: "Done" in s)
            def stopped(screen):
                lines = screen.split("\n")
                held = next((i for i, l in enumerate(lines) if "row 0000000" in l), None)
                return held is not None and 0 < held < len(lines) - 1 \
                    and "row 0000300" in lines[held - 1] and "row 0000301" in lines[held + 1]
            start = time.monotonic()
            tmux(sock, "send-keys", *(["Down"] * 300))
            wait(stopped)
            samples.append(time.monotonic() - start)
            tmux(sock, "kill-server")
            wait_gone(path)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return samples

def drain(fd, quiet=0.25, limit=10.0, until=None):
    """Reads everything the program writes until it has been quiet for `quiet` seconds (and, with
    `until`, has written those bytes: a large file can keep it silent for seconds before its first
    frame)."""
    total = 0
    seen = until is None
    tail = b""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        # Before `until` shows, wait as long as the limit allows; after, only `quiet` seconds.
        wait = quiet if seen else max(0.0, end - time.monotonic())
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        total += len(chunk)
        if not seen:
            tail = (tail + chunk)[-4096:]
            seen = until in tail
    return total

def pty_figures(binary, path):
    """Bytes for one cursor move and one drag step, and the process's peak RSS after opening."""
    pid, fd = open_in_pty(binary, path, quiet=1.0)
    hwm = 0
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                hwm = int(line.split()[1]) * 1024
    figures = {}
    os.write(fd, b"j"); drain(fd)                # settle
    os.write(fd, b"j"); figures["cursor move"] = drain(fd)
    os.write(fd, b"e"); drain(fd)
    os.write(fd, b" "); drain(fd)
    os.write(fd, b"j"); figures["drag step"] = drain(fd)
    os.write(fd, b"\x1b"); drain(fd)
    os.write(fd, b"e"); drain(fd)
    os.write(fd, b"q"); drain(fd)
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    os.close(fd)
    return figures, hwm

def fmt(samples):
    return f"{statistics.median(samples) * 1000:10.1f} {max(samples) * 1000:10.1f}"

def sizes(args):
    """The rows and runs `args` ask for: 10^6 rows and 5 runs, `--smoke` 2,000 and 1, or
    `--rows N` and `--runs N` (Scripts/bench-merge.py reads the same)."""
    rows, runs = 1_000_000, 5
    if "--smoke" in args:
        rows, runs = 2_000, 1
    if "--rows" in args:
        rows = int(args[args.index("--rows") + 1])
    if "--runs" in args:
        runs = int(args[args.index("--runs") + 1])
    return rows, runs

def main():
    binary = os.path.abspath(sys.argv[1])
    args = sys.argv[2:]
    rows, runs = sizes(args)
    real = "--real" in args
    if "--scale" in args:
        scale(binary, 3 if "--runs" not in args else runs)
        return
    # Table rows before the items of each section (the opening paragraph of the real file), and
    # sections before the first heading (its front matter is the untitled first section).
    first = 1 if real else 0
    sec0 = 1 if real else 0
    work = tempfile.mkdtemp(prefix="listedit-bench-")
    try:
        path = os.path.join(work, "big.md")
        (generate_real if real else generate)(path, rows)
        size = os.path.getsize(path)
        shape = "real Markdown: front matter, 2 heading levels, nesting, tasks, passages" if real else "# Title / - item"
        print(f"listedit process benchmarks: {rows:,} rows in 10 sections ({shape}), {size / 1e6:.1f} MB (ms; median and worst of {runs})")
        print(f"{'figure':40} {'median':>10} {'worst':>10}")

        ours = first_frame(f"env LANG=C.UTF-8 TERM=xterm-256color {binary} --no-animation {path}",
                           lambda s: "Section 0" in s and "Edit" in s, runs)
        print(f"{'first frame in tmux: listedit':40} {fmt(ours)}")
        if shutil.which("vim"):
            theirs = first_frame(f"env TERM=xterm-256color vim -u NONE -n -R {path}",
                                 lambda s: "# Section 0" in s and "big.md" in s, runs)
            print(f"{'first frame in tmux: vim -u NONE -n -R':40} {fmt(theirs)}")
            print(f"{'  ratio listedit / vim (medians)':40} {statistics.median(ours) / statistics.median(theirs):10.2f}")
        else:
            print("  (vim not installed: no comparison)")

        # 1,000 operations (fewer on tiny lists), valid by construction: deletes and move sources
        # are distinct rows; inserts and move destinations are distinct slots in the first half
        # of each section, which always exists after the deletes.
        rnd = random.Random(3)
        per = rows // 10
        total = min(1000, rows // 4)
        picked = rnd.sample(range(per * 10), total * 3 // 5)
        deletes = [(sec0 + i // per, first + i % per) for i in picked[: total * 2 // 5]]
        sources = [(sec0 + i // per, first + i % per) for i in picked[total * 2 // 5:]]
        half = max(1, per // 2)
        slots = rnd.sample(range(half * 10), total * 2 // 5)
        inserts = [(sec0 + i // half, first + i % half) for i in slots]
        used = set(inserts)
        moves = []
        for (s, r) in sources:
            d = (s, first + rnd.randrange(half))
            while d in used:
                d = (s, first + rnd.randrange(half))
            used.add(d)
            moves.append({"from": [s, r], "to": [s, d[1]]})
        ops = {"deleteRows": [list(p) for p in deletes],
               "insertRows": [{"at": list(p), "text": f"new {i}"} for i, p in enumerate(inserts)],
               "moveRows": moves}
        ops_path = os.path.join(work, "ops.json")
        with open(ops_path, "w") as f:
            json.dump(ops, f)
        count = len(ops["deleteRows"]) + len(ops["insertRows"]) + len(ops["moveRows"])
        one_path = os.path.join(work, "one.json")
        with open(one_path, "w") as f:
            json.dump({"deleteRows": [[sec0, first + 3]]}, f)
        out = os.path.join(work, "out.md")
        # Interleaved, so the three share the machine's load: 1,000 operations, one, and sed
        # deleting a line of the same file (its anchor).
        applied, one, sed, peaks_many, peaks_one = [], [], [], [], []
        for _ in range(runs):
            applied += run_process([binary, "apply", path, "--ops", ops_path, "--output", out], 1, peaks_many)
            one += run_process([binary, "apply", path, "--ops", one_path, "--output", out], 1, peaks_one)
            sed += run_process(["sh", "-c", f"sed 5d '{path}' > '{out}'"], 1)
        print(f"{f'listedit apply, {count} operations':40} {fmt(applied)}")
        print(f"{'listedit apply, 1 operation':40} {fmt(one)}")
        print(f"{'sed 5d of the same file':40} {fmt(sed)}")
        print(f"{f'  ratio {count} ops / 1 op (medians)':40} {statistics.median(applied) / statistics.median(one):10.2f}")
        print(f"{'  ratio 1 op / sed (medians)':40} {statistics.median(one) / statistics.median(sed):10.2f}")
        print(f"{f'apply peak RSS, {count} ops / 1 op (MB)':40} {statistics.median(peaks_many) / 1e6:10.1f} {statistics.median(peaks_one) / 1e6:10.1f}")
        print(f"{'  ratio (medians)':40} {statistics.median(peaks_many) / statistics.median(peaks_one):10.2f}")

        if not real:
            # A held `↓` while dragging (300 steps queued at once), animations on, beside the
            # same burst with --no-animation (its anchor): 2,000 rows, and the file's size.
            burst_rows = (2_000, rows) if rows > 2_000 else (rows,)
            for n in burst_rows:
                on = drag_burst(binary, n, runs)
                off = drag_burst(binary, n, runs, animations=False)
                print(f"{f'300 drag steps at once, {n:,} rows':40} {fmt(on)}")
                print(f"{'  the same with --no-animation':40} {fmt(off)}")

        small = os.path.join(work, "small.md")
        generate(small, 10)
        _, base = pty_figures(binary, small)
        figures, hwm = pty_figures(binary, path)
        for name, value in figures.items():
            print(f"{'bytes written: ' + name:40} {value:10d}")
        print(f"{'peak RSS after opening (MB)':40} {hwm / 1e6:10.1f}")
        print(f"{'  beyond the text, per row (bytes)':40} {(hwm - base - size) / rows:10.1f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)

if __name__ == "__main__":
    main()

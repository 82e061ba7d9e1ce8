#!/usr/bin/env python3
"""`make bench-plots`: plots of the benchmarks against list size, from docs/bench/results.json.

  bench-plots.py                          plots the saved figures
  bench-plots.py --run LISTEDIT BENCH     runs the benchmarks first (10^3..10^7 rows) and saves them

The run parses the two benchmark programs' own tables (listedit-bench in-process, Scripts/bench.py
whole processes beside vim), so the figures are exactly what `make bench` prints, and saves them
with the machine and its load. Plots (PNG, docs/images/):
  bench-first-frame.png  first frame in tmux, listedit beside vim (log-log), and in-process open
  bench-keys.png         one key press (its frame included) against list size
  bench-memory.png       peak memory per row beyond the file's text, against list size
"""
import datetime, json, os, platform, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "docs", "bench", "results.json")
IMAGES = os.path.join(ROOT, "docs", "images")
SIZES = [1_000, 10_000, 100_000, 1_000_000, 10_000_000]
RUNS = 3
KEYS = ["cursor move (↓)", "page down", "toggle edit mode (e)", "drag step (↓ while holding)",
        "delete with confirm (-, y)", "insert (a, x, Enter)", "undo (u)"]


def machine():
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(line.split(":", 1)[1].strip() for line in f if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    with open("/proc/meminfo") as f:
        mem = int(f.readline().split()[1]) / 2**20
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return {"cpu": cpu, "cores": os.cpu_count(), "memory_gib": round(mem, 1), "os": platform.platform(),
            "swift": swift[0] if swift else "", "date": datetime.date.today().isoformat()}


def load():
    return round(os.getloadavg()[0], 2)


def parse_inprocess(text):
    """`== N rows, S sections` blocks of `figure  median  worst` lines -> {N: {S: {figure: [m, w]}}}."""
    out, size, sections = {}, None, None
    for line in text.splitlines():
        m = re.match(r"== (\d+) rows, (\d+) sections?", line)
        if m:
            size, sections = m.group(1), m.group(2)
            out.setdefault(size, {})[sections] = {}
            continue
        if line.startswith("=="):
            size = None   # another block (the Markdown engine's)
            continue
        m = re.match(r"(.+?)\s+(\d+\.\d+)\s+(\d+\.\d+)$", line)
        if m and size:
            out[size][sections][m.group(1).strip()] = [float(m.group(2)), float(m.group(3))]
    return out


def parse_process(text):
    """bench.py's `figure  median  worst` (or single value) lines -> {figure: [median, worst] or value}."""
    out = {}
    for line in text.splitlines()[2:]:
        m = re.match(r"(.+?)\s{2,}(-?\d+(?:\.\d+)?)(?:\s+(-?\d+(?:\.\d+)?))?$", line)
        if m:
            values = [float(m.group(2))] + ([float(m.group(3))] if m.group(3) else [])
            out[m.group(1).strip()] = values if len(values) > 1 else values[0]
    return out


def run(listedit, bench):
    results = {"machine": machine(), "runs": RUNS, "sizes": SIZES, "load_before": load()}
    print(f"listedit-bench --sizes {','.join(map(str, SIZES))} --runs {RUNS} --table-only (several minutes)", flush=True)
    text = subprocess.run([bench, "--sizes", ",".join(map(str, SIZES)), "--runs", str(RUNS), "--table-only"],
                          capture_output=True, text=True, check=True).stdout
    results["inprocess"] = parse_inprocess(text)
    results["process"] = {}
    for size in SIZES:
        print(f"bench.py --rows {size} --runs {RUNS}", flush=True)
        text = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "bench.py"), listedit,
                               "--rows", str(size), "--runs", str(RUNS)],
                              capture_output=True, text=True, check=True).stdout
        results["process"][str(size)] = parse_process(text)
    results["load_after"] = load()
    os.makedirs(os.path.dirname(DATA), exist_ok=True)
    with open(DATA, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=1, ensure_ascii=False)
        f.write("\n")


def plots(results):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    plt.rcParams.update({"font.family": "DejaVu Sans", "font.size": 10, "axes.grid": True,
                         "grid.alpha": 0.3, "axes.spines.top": False, "axes.spines.right": False})
    m = results["machine"]
    machine_note = (f"{m['cores']}-core {m['cpu']}, {m['date']}, load average {results['load_before']}–{results['load_after']} "
                    f"(shared machine)")
    sizes = [s for s in results["sizes"] if str(s) in results["process"]]

    def complete(name, values):
        """A plotted series must have a figure at every size: a missing one (vim not installed, a
        run cut short) fails loudly instead of leaving a line out of the picture."""
        if any(v is None for v in values):
            missing = [s for s, v in zip(sizes, values) if v is None]
            sys.exit(f"error: no '{name}' figures for {missing} rows in {os.path.relpath(DATA, ROOT)}: "
                     "run make bench-plots RUN=1 (with vim and tmux installed)")
        return values
    os.makedirs(IMAGES, exist_ok=True)

    def finish(fig, ax, name, title, ylabel, note, legend_outside=False):
        ax.set_xscale("log")
        ax.set_xlabel("rows in the list (10 sections)")
        ax.set_ylabel(ylabel)
        ax.set_title(title, loc="left", fontsize=12, fontweight="bold")
        fig.text(0.01, 0.01, note, fontsize=7, color="#666666")
        if legend_outside:
            ax.legend(frameon=False, loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=9)
        else:
            ax.legend(frameon=False)
        fig.tight_layout(rect=(0, 0.03, 1, 1))
        path = os.path.join(IMAGES, name)
        fig.savefig(path, dpi=150)
        plt.close(fig)
        print(f"{os.path.relpath(path, ROOT)}: {os.path.getsize(path) / 1024:.0f} KiB")

    def series(values):
        med = [v[0] for v in values]
        return med, [[0] * len(med), [v[1] - v[0] for v in values]]

    # First frame: whole processes in tmux, listedit and vim; listedit's in-process open.
    fig, ax = plt.subplots(figsize=(7, 4.2))
    for label, key, colour in [("listedit, in tmux", "first frame in tmux: listedit", "#2a7ab0"),
                               ("vim -u NONE -n -R, in tmux", "first frame in tmux: vim -u NONE -n -R", "#b0602a")]:
        values = complete(key, [v if isinstance(v, list) else None for v in (results["process"][str(s)].get(key) for s in sizes)])
        med, err = series(values)
        ax.errorbar(sizes, med, yerr=err, marker="o", capsize=3, label=label, color=colour)
    inproc = complete("open + first frame", [results["inprocess"].get(str(s), {}).get("10", {}).get("open + first frame") for s in sizes])
    med, err = series(inproc)
    ax.errorbar(sizes, med, yerr=err, marker="s", capsize=3, linestyle="--", color="#2a7ab0", alpha=0.6,
                label="listedit, whole list opened in-process (no terminal)")
    ax.set_yscale("log")
    finish(fig, ax, "bench-first-frame.png", "Time to the first screen", "milliseconds (log)",
           f"{machine_note}; median of {results['runs']} runs, bars to the worst")

    # Key presses: each includes the frame it causes.
    fig, ax = plt.subplots(figsize=(9, 4.2))
    markers, styles = "osD^vP*", ["-", "--", "-.", ":"]
    top, worst = 0.0, []
    for i, key in enumerate(KEYS):
        values = complete(key, [results["inprocess"].get(str(s), {}).get("10", {}).get(key) for s in sizes])
        med, _ = series(values)
        top = max(top, max(med))
        worst += [v[1] for v in values]
        # Lines that lie on one another stay told apart by their markers and dashes.
        ax.plot(sizes, med, marker=markers[i % len(markers)], linestyle=styles[i % len(styles)], label=key)
    ax.set_ylim(0, max(1.2, top * 1.15))
    ax.axhline(1.0, color="#cc3333", linewidth=0.8, linestyle=":")
    ax.text(sizes[0], 1.0, " 1 ms", color="#cc3333", va="bottom", fontsize=8)
    finish(fig, ax, "bench-keys.png", "One key press, its frame included (in-process, median)", "milliseconds",
           f"{machine_note}; medians of {results['runs']} runs; the worst presses ({min(worst):.1f}–{max(worst):.1f} ms) "
           "are not drawn: at this load they are the scheduler's",
           legend_outside=True)

    # Memory per row beyond the file's own text.
    fig, ax = plt.subplots(figsize=(7, 4.2))
    # Below 10,000 rows the difference of two peak RSS figures is within their noise (a few
    # hundred KB): per row it means nothing, so those sizes are left out.
    big = [s for s in sizes if s >= 10_000]
    per_row = complete("beyond the text, per row (bytes)",
                       [results["process"][str(s)].get("beyond the text, per row (bytes)") for s in big])
    ax.plot(big, per_row, marker="o", color="#2a7ab0", label="listedit: (peak RSS − a 10-row file's − file size) / rows")
    ax.axhline(100, color="#cc3333", linewidth=0.8, linestyle=":")
    ax.text(sizes[0], 100, " target: 100 bytes", color="#cc3333", va="bottom", fontsize=8)
    ax.set_ylim(bottom=0, top=max(120, max(per_row) * 1.15))
    ax.set_xlim(sizes[0] / 2, sizes[-1] * 2)
    finish(fig, ax, "bench-memory.png", "Memory per row beyond its text", "bytes per row",
           f"{machine_note}; peak RSS of one run per size")


def main():
    args = sys.argv[1:]
    if args[:1] == ["--run"]:
        if len(args) != 3:
            sys.exit(__doc__)
        run(os.path.abspath(args[1]), os.path.abspath(args[2]))
    elif not os.path.exists(DATA):
        sys.exit(f"error: {os.path.relpath(DATA, ROOT)} is missing: run make bench-plots RUN=1")
    with open(DATA, encoding="utf-8") as f:
        plots(json.load(f))


if __name__ == "__main__":
    main()

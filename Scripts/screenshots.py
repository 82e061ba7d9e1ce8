#!/usr/bin/env python3
"""`make screenshots`: the real binary in tmux, driven by the shot table, captured with colours and
rendered to docs/images/.

Every shot in Scripts/shots.json (its field `about` says what a step is) opens a copy of a file
from docs/examples/ in a private tmux server (100 x 30, TERM=xterm-256color, a UTF-8 locale,
animations on; the shot's `config` lines as its configuration file, e.g. `animation = slow` to
catch frames in the middle of a slide), sends its steps' keys and polls `capture-pane -p -e -N` until each step's screen
shows, with the table's `deadline` (no sleeps). A captured screen must equal its golden in
Tests/CommandTests/Goldens/screenshots/ (the text without colours, which ScreenshotTests checks
too), so a picture cannot show another screen than the tests do; LISTEDIT_RECORD=1 writes the
goldens from this run instead. A captured screen must also hold still, colours included: the
same colour capture for the table's `settle` seconds (longer than any still-looking phase of an
animation, such as rows dimmed while they fade in: colours can still be animating when the text is
final), or a step's own `settle` (0: two identical captures in a row, for a frame in the middle of
a glide on purpose); a `transient` step takes the first capture that matches. A still shot
becomes NAME.png (Scripts/termshot.py draws the cells); an animation's frames become NAME.gif,
assembled by ImageMagick.

The manifest docs/images/shots.sha256 records, for each captured screen, the SHA-256 of the golden
it matched and of the colour capture drawn, and of each picture. ScreenshotTests fails when a
golden's hash differs from it (a golden re-recorded with `LISTEDIT_RECORD=1 swift test` without
re-rendering the pictures) or a picture's does: the fix is `make screenshots`.

Adding a shot is one entry in the table: then `LISTEDIT_RECORD=1 make screenshots`, review the
goldens and pictures, commit them with the manifest.

Usage: screenshots.py BINARY [NAME ...]   (names: only those shots)
"""
import hashlib, json, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Scripts"))
import termshot  # noqa: E402

TABLE = os.path.join(ROOT, "Scripts", "shots.json")
EXAMPLES = os.path.join(ROOT, "docs", "examples")
IMAGES = os.path.join(ROOT, "docs", "images")
GOLDENS = os.path.join(ROOT, "Tests", "CommandTests", "Goldens", "screenshots")
MANIFEST = os.path.join(IMAGES, "shots.sha256")
RECORD = os.environ.get("LISTEDIT_RECORD") == "1"
ESCAPES = re.compile(r"\x1b\[[0-9;]*m|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")


def plain(colour):
    """The text of a capture: escapes removed, each line without trailing blanks, no blank tail."""
    lines = [line.rstrip() for line in ESCAPES.sub("", colour).split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def meets(screen, until):
    """Whether a plain screen meets a step's `until` (the same rules as ScreenshotTests.swift)."""
    lines = screen.split("\n")
    if any(s not in screen for s in until.get("contains", [])):
        return False
    if any(s in screen for s in until.get("absent", [])):
        return False
    for line, text in until.get("at", []):
        if line >= len(lines) or text not in lines[line]:
            return False
    pos = 0
    for s in until.get("order", []):
        pos = screen.find(s, pos)
        if pos < 0:
            return False
        pos += len(s)
    return True


class Session:
    def __init__(self, binary, path, terminal, config_home):
        self.socket = f"listedit-shots-{os.getpid()}"
        env = " ".join(f"{k}={v}" for k, v in {**terminal["env"], "XDG_CONFIG_HOME": config_home}.items())
        self.width, self.height = terminal["width"], terminal["height"]
        self.tmux("new-session", "-d", "-s", "main", "-x", str(self.width), "-y", str(self.height),
                  f"env {env} '{binary}' '{path}'")

    def tmux(self, *args):
        r = subprocess.run(["env", "-u", "TMUX", "tmux", "-L", self.socket, "-f", "/dev/null", *args],
                           capture_output=True, text=True)
        return r.stdout

    def send(self, step):
        if step.get("keys"):
            self.tmux("send-keys", "-t", "main", *step["keys"])
        if step.get("text"):
            self.tmux("send-keys", "-t", "main", "-l", step["text"])

    def capture(self):
        colour = self.tmux("capture-pane", "-p", "-e", "-N", "-t", "main")
        return colour, plain(colour)

    def close(self):
        self.tmux("kill-server")


def fail(message, screen):
    sys.exit(f"error: {message}\n--- screen\n{screen}\n---")


def golden_path(name):
    return os.path.join(GOLDENS, name + ".txt")


def wait(session, step, golden_name, what, deadline_s, settle_s=0.0):
    """Polls until the step's screen shows (and equals its golden, when captured); returns it.
    A captured screen must hold still: the same capture, colours included, in two captures
    `settle_s` seconds or more apart with none different between (a row's colours can still be
    animating when its text is final), except for a transient step."""
    until = step.get("until", {})
    golden = None
    if golden_name and not RECORD:
        try:
            with open(golden_path(golden_name), encoding="utf-8") as f:
                golden = f.read().rstrip("\n")
        except FileNotFoundError:
            sys.exit(f"error: missing golden screenshots/{golden_name}.txt; record it with LISTEDIT_RECORD=1 make screenshots")
    transient = step.get("transient")
    deadline = time.monotonic() + deadline_s
    previous, since = None, 0.0
    while time.monotonic() < deadline:
        now = time.monotonic()
        colour, screen = session.capture()
        if colour != previous:
            since = now
        if meets(screen, until) and (golden is None or screen == golden):
            # A captured screen must be a whole, settled frame: the same capture, colours and
            # all, for `settle_s` and in two captures at least (except a frame in the middle of an
            # animation caught on purpose, which by nature does not stay).
            if transient or not golden_name or (colour == previous and now - since >= settle_s):
                return colour, screen
        elif transient and meets(screen, transient["settled"]):
            # The animation ended before a poll caught the frame: back to where it started, again.
            session.send({"keys": transient["reset"]})
            wait(session, {"until": transient["ready"]}, None, what + " (reset)", deadline_s)
            session.send(step)
        previous = colour
    if meets(screen, until) and (golden is None or screen == golden):
        fail(f"{what}: the screen's colours did not hold still for {settle_s} s in {deadline_s:.0f} s", screen)
    if golden is not None and meets(screen, until):
        fail(f"{what}: the screen differs from golden screenshots/{golden_name}.txt "
             f"(the UI changed? re-record with LISTEDIT_RECORD=1 make screenshots and review the diff)\n"
             f"--- golden\n{golden}", screen)
    fail(f"{what}: timed out after {deadline_s:.0f} s waiting for {json.dumps(until, ensure_ascii=False)}", screen)


def record(name, screen):
    os.makedirs(GOLDENS, exist_ok=True)
    with open(golden_path(name), "w", encoding="utf-8") as f:
        f.write(screen + "\n")


def run_shot(binary, shot, terminal, work, deadline_s, settle_s):
    folder = tempfile.mkdtemp(dir=work)
    path = os.path.join(folder, shot["file"])
    shutil.copy(os.path.join(EXAMPLES, shot["file"]), path)
    # The shot's own configuration (none: an empty folder, so a user's file cannot change it).
    config_home = os.path.join(folder, "config")
    os.makedirs(os.path.join(config_home, "listedit"))
    if shot.get("config"):
        with open(os.path.join(config_home, "listedit", "config"), "w", encoding="utf-8") as f:
            f.write("\n".join(shot["config"]) + "\n")
    session = Session(binary, path, terminal, config_home)
    frames = []
    try:
        steps = shot["steps"]
        for i, step in enumerate(steps):
            session.send(step)
            if shot.get("animation"):
                name = f"{shot['name']}-{len(frames) + 1:02d}" if "delay" in step else None
            else:
                name = shot["name"] if i == len(steps) - 1 else None
            colour, screen = wait(session, step, name, f"{shot['name']}, step {i + 1}", deadline_s,
                                  float(step.get("settle", settle_s)))
            if name:
                if RECORD:
                    record(name, screen)
                frames.append((name, colour, step.get("delay", 0)))
    finally:
        session.close()
    return frames


MANIFEST_HEAD = """\
# The screens behind docs/images: written by `make screenshots` (Scripts/screenshots.py), checked by
# ScreenshotTests. A line is: shot, kind, file, SHA-256. `golden`: the golden the captured screen
# equalled (text without colours); `capture`: the colour capture drawn (not kept); `image`: the
# picture. A golden re-recorded without re-rendering the pictures fails the test: make screenshots.
"""


def sha256(data):
    return hashlib.sha256(data if isinstance(data, bytes) else data.encode("utf-8")).hexdigest()


def manifest_lines(shot, frames, out):
    """The manifest's lines for one shot just rendered: its goldens, captures and picture."""
    lines = []
    for name, colour, _ in frames:
        with open(golden_path(name), "rb") as f:
            lines.append(f"{shot['name']} golden {os.path.relpath(golden_path(name), ROOT)} {sha256(f.read())}")
        lines.append(f"{shot['name']} capture {name} {sha256(colour)}")
    with open(out, "rb") as f:
        lines.append(f"{shot['name']} image {os.path.relpath(out, ROOT)} {sha256(f.read())}")
    return lines


def write_manifest(table, rendered):
    """Rewrites the manifest in the table's order: the shots rendered now, the others' lines kept."""
    kept = {}
    if os.path.exists(MANIFEST):
        with open(MANIFEST, encoding="utf-8") as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    kept.setdefault(line.split()[0], []).append(line.rstrip("\n"))
    with open(MANIFEST, "w", encoding="utf-8") as f:
        f.write(MANIFEST_HEAD)
        for shot in table["shots"]:
            for line in rendered.get(shot["name"], kept.get(shot["name"], [])):
                f.write(line + "\n")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = os.path.abspath(sys.argv[1])
    only = set(sys.argv[2:])
    with open(TABLE, encoding="utf-8") as f:
        table = json.load(f)
    terminal = table["terminal"]
    os.makedirs(IMAGES, exist_ok=True)
    work = tempfile.mkdtemp(prefix="listedit-shots-")
    rendered = {}
    try:
        for shot in table["shots"]:
            if only and shot["name"] not in only:
                continue
            frames = run_shot(binary, shot, terminal, work, float(table["deadline"]), float(table["settle"]))
            title = f"listedit {shot['file']}"
            if not shot.get("animation"):
                out = os.path.join(IMAGES, shot["name"] + ".png")
                size = termshot.render(frames[-1][1], out, terminal["width"], terminal["height"], title)
            else:
                pngs = []
                for n, (_, colour, delay) in enumerate(frames):
                    png = os.path.join(work, f"{shot['name']}-{n:02d}.png")
                    termshot.render(colour, png, terminal["width"], terminal["height"], title)
                    pngs.append((png, delay))
                out = os.path.join(IMAGES, shot["name"] + ".gif")
                args = ["convert"]
                for png, delay in pngs:
                    args += ["-delay", str(max(2, round(delay / 10))), png]   # centiseconds
                args += ["-loop", "0", "-layers", "Optimize", out]
                subprocess.run(args, check=True)
                size = f"{len(frames)} frames"
            rendered[shot["name"]] = manifest_lines(shot, frames, out)
            print(f"{os.path.relpath(out, ROOT)}: {size}, {os.path.getsize(out) / 1024:.0f} KiB"
                  + (" (goldens recorded)" if RECORD else ""))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if rendered:
            write_manifest(table, rendered)
            print(f"{os.path.relpath(MANIFEST, ROOT)}: {len(rendered)} shots updated")
    for entry in table.get("pending", []):
        print(f"not yet: {entry['name']} (waits for {entry['waits for']})")


if __name__ == "__main__":
    main()

"""Renders a tmux capture (`capture-pane -p -e -N`: text with SGR escapes) to a PNG, cell by cell.

Why a renderer of our own rather than ANSI -> HTML (aha) -> headless Chromium: a browser lays text
out with its fonts' advances, so a CJK or emoji glyph from a fallback font is rarely exactly two
cells wide and everything after it on the line drifts. Here every cell has a fixed pixel box: a
narrow character is drawn at column * cell width, a wide one (East Asian Wide/Fullwidth, as the
terminal counts it) is centred in two cells, so columns line up whatever the glyph's own width.
Glyphs come from DejaVu Sans Mono, then DejaVu Sans, Noto Sans CJK and Noto Color Emoji (a bitmap
font, drawn at its native size and scaled into its two cells).

Used by Scripts/screenshots.py; `render(capture, path)` is the whole API.
"""
import re, unicodedata
from functools import lru_cache
from PIL import Image, ImageDraw, ImageFont
from fontTools.ttLib import TTFont

# Sizes in points; `render` multiplies them by its scale (2: drawn at twice the size shown, for
# sharp text on high-density screens). DejaVu Sans Mono's advance is 0.602 em: 9 pt at 15 pt.
FONT_PT, CELL_W_PT, CELL_H_PT = 15, 9, 18
PAD_PT, BAR_PT, RADIUS_PT = 14, 30, 10

MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
MONO_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"
FALLBACKS = ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
             "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"]
EMOJI = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"

# A dark palette (Tomorrow Night's hues) for the 16 ANSI colours; 16-255 are xterm's cube and greys.
BASE16 = ["#1d1f21", "#cc6666", "#b5bd68", "#f0c674", "#81a2be", "#b294bb", "#8abeb7", "#c5c8c6",
          "#666666", "#d54e53", "#b9ca4a", "#e7c547", "#7aa6da", "#c397d8", "#70c0b1", "#eaeaea"]
DEFAULT_FG = "#d0d3d1"
DEFAULT_BG = "#1d1f21"
BAR_BG = "#2a2d30"
TITLE_FG = "#8a8e91"
DOTS = ["#5c6063", "#5c6063", "#5c6063"]


def hex_rgb(h):
    return tuple(int(h[i:i + 2], 16) for i in (1, 3, 5))


def palette(n):
    if n < 16:
        return hex_rgb(BASE16[n])
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return (steps[n // 36], steps[(n // 6) % 6], steps[n % 6])
    g = 8 + (n - 232) * 10
    return (g, g, g)


class Style:
    __slots__ = ("fg", "bg", "bold", "dim", "italic", "underline", "reverse")

    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.italic = self.underline = self.reverse = False

    def copy(self):
        s = Style()
        for k in self.__slots__:
            setattr(s, k, getattr(self, k))
        return s

    def apply(self, params):
        codes = [int(p) if p else 0 for p in params.split(";")] if params else [0]
        i = 0
        while i < len(codes):
            c = codes[i]
            if c == 0: self.reset()
            elif c == 1: self.bold = True
            elif c == 2: self.dim = True
            elif c == 3: self.italic = True
            elif c == 4: self.underline = True
            elif c == 7: self.reverse = True
            elif c == 22: self.bold = self.dim = False
            elif c == 23: self.italic = False
            elif c == 24: self.underline = False
            elif c == 27: self.reverse = False
            elif 30 <= c <= 37: self.fg = palette(c - 30)
            elif 90 <= c <= 97: self.fg = palette(c - 90 + 8)
            elif 40 <= c <= 47: self.bg = palette(c - 40)
            elif 100 <= c <= 107: self.bg = palette(c - 100 + 8)
            elif c == 39: self.fg = None
            elif c == 49: self.bg = None
            elif c in (38, 48) and i + 1 < len(codes):
                if codes[i + 1] == 5 and i + 2 < len(codes):
                    colour = palette(codes[i + 2]); i += 2
                elif codes[i + 1] == 2 and i + 4 < len(codes):
                    colour = tuple(codes[i + 2:i + 5]); i += 4
                else:
                    colour = None
                if c == 38: self.fg = colour
                else: self.bg = colour
            i += 1

    def colours(self):
        fg = self.fg or hex_rgb(DEFAULT_FG)
        bg = self.bg or hex_rgb(DEFAULT_BG)
        if self.reverse:
            fg, bg = bg, fg
        if self.dim:
            fg = tuple((a + b) // 2 for a, b in zip(fg, bg))
        return fg, bg


def width(cluster):
    """Columns a character takes, as the terminal counts them: 0 for marks that join the one before."""
    c = cluster[0]
    if unicodedata.category(c) in ("Mn", "Me", "Cf") or 0xFE00 <= ord(c) <= 0xFE0F:
        return 0
    return 2 if unicodedata.east_asian_width(c) in ("W", "F") else 1


ESCAPE = re.compile(r"\x1b\[([0-9;]*)m|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.")


def parse(capture, columns, rows):
    """The screen as rows of cells, (text, columns, style) each; a wide cell is followed by None.
    Styles carry over from line to line, as tmux writes them."""
    style = Style()
    screen = []
    for line in capture.split("\n")[:rows]:
        cells = []
        pos = 0
        for m in list(ESCAPE.finditer(line)) + [None]:
            for ch in line[pos:m.start() if m else len(line)]:
                w = width(ch)
                if w == 0:
                    last = len(cells) - 1
                    while last > 0 and cells[last] is None:
                        last -= 1
                    if last >= 0:
                        t, cw, st = cells[last]
                        cells[last] = (t + ch, cw, st)
                    continue
                cells.append((ch, w, style.copy()))
                if w == 2:
                    cells.append(None)
            if m is not None:
                if m.group(1) is not None:
                    style.apply(m.group(1))
                pos = m.end()
        while len(cells) < columns:
            cells.append((" ", 1, Style()))
        screen.append(cells[:columns])
    while len(screen) < rows:
        screen.append([(" ", 1, Style()) for _ in range(columns)])
    return screen


@lru_cache(maxsize=None)
def font(path, size, index=0):
    return ImageFont.truetype(path, size, index=index)


@lru_cache(maxsize=None)
def cmap(path):
    return TTFont(path, fontNumber=0).getBestCmap()


def glyph_font(ch, bold, size):
    if ord(ch) in cmap(MONO):
        return font(MONO_BOLD if bold else MONO, size)
    for path in FALLBACKS:
        if ord(ch) in cmap(path):
            return font(path, size)
    return None


@lru_cache(maxsize=None)
def emoji_image(text, w, h):
    """An emoji drawn at the colour font's only size (109 px), scaled into w x h."""
    f = font(EMOJI, 109)
    img = Image.new("RGBA", (160, 160), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((0, 0), text, font=f, embedded_color=True)
    box = img.getbbox()
    if not box:
        return None
    img = img.crop(box)
    k = min(w / img.width, h / img.height)
    return img.resize((max(1, round(img.width * k)), max(1, round(img.height * k))), Image.LANCZOS)


def render(capture, path, columns, rows, title="", scale=2):
    """Draws the capture in a window frame and writes it to `path` (PNG); returns its size."""
    SCALE = scale
    FONT_SIZE, CELL_W, CELL_H = FONT_PT * scale, CELL_W_PT * scale, CELL_H_PT * scale
    PAD, BAR, RADIUS = PAD_PT * scale, BAR_PT * scale, RADIUS_PT * scale
    screen = parse(capture, columns, rows)
    inner_w, inner_h = columns * CELL_W, rows * CELL_H
    W, H = inner_w + 2 * PAD, inner_h + 2 * PAD + BAR
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, W - 1, H - 1), RADIUS, fill=255)
    body = Image.new("RGB", (W, H), hex_rgb(DEFAULT_BG))
    d = ImageDraw.Draw(body)
    d.rectangle((0, 0, W, BAR), fill=hex_rgb(BAR_BG))
    for i, colour in enumerate(DOTS):
        cx, cy, r = PAD + 6 * SCALE + i * 20 * SCALE, BAR // 2, 6 * SCALE
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=hex_rgb(colour))
    if title:
        f = font(MONO, 12 * SCALE)
        d.text((W // 2, BAR // 2), title, font=f, fill=hex_rgb(TITLE_FG), anchor="mm")
    ascent, descent = font(MONO, FONT_SIZE).getmetrics()
    baseline = (CELL_H - (ascent + descent)) // 2 + ascent
    ox, oy = PAD, BAR + PAD
    for y, cells in enumerate(screen):
        for x, cell in enumerate(cells):
            if cell is None:
                continue
            text, w, style = cell
            fg, bg = style.colours()
            x0, y0 = ox + x * CELL_W, oy + y * CELL_H
            if bg != hex_rgb(DEFAULT_BG):
                d.rectangle((x0, y0, x0 + w * CELL_W - 1, y0 + CELL_H - 1), fill=bg)
            if style.underline:
                uy = y0 + baseline + 3 * SCALE
                d.line((x0, uy, x0 + w * CELL_W - 1, uy), fill=fg, width=SCALE)
            if text == " ":
                continue
            f = glyph_font(text[0], style.bold, FONT_SIZE)
            if f is None and w == 2:
                em = emoji_image(text, 2 * CELL_W - 2 * SCALE, CELL_H - 2 * SCALE)
                if em is not None:
                    body.paste(em, (x0 + (2 * CELL_W - em.width) // 2, y0 + (CELL_H - em.height) // 2), em)
                continue
            if f is None:
                f = font(MONO, FONT_SIZE)
            centre = x0 + w * CELL_W / 2
            d.text((centre, y0 + baseline), text, font=f, fill=fg, anchor="ms")
    img.paste(body, (0, 0), mask)
    img.save(path, optimize=True)
    return img.size

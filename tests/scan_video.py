"""Camera pictures of stickered cards, made from the real sticker sheet: rotated, blurred, unevenly lit.

Shared by tests/test_web_scan.py (a Y4M video for Chromium's fake camera) and
benchmarks/bench_scan.py (the share of degraded frames decoded). Pillow does the
image work; cairosvg renders the sheet.
"""

from __future__ import annotations

import io
from pathlib import Path

import cairosvg
from PIL import Image, ImageDraw, ImageFilter

from companion import registry
from companion.stickers import geometry, labels, svg_pages

WIDTH, HEIGHT = 320, 240
#: Pixels per millimetre the sheet is rendered at before a label is cut out.
SCALE = 10


def sticker(game_id: str, card_id: str, copy: int = 1, lang: str = "en") -> Image.Image:
    """The printed sticker of one card copy, cut out of its rendered sheet (greyscale)."""
    game = registry.find(game_id)
    g = geometry("a4")
    found = labels(game, lang)
    index = next(i for i, label in enumerate(found) if label.code.card == card_id and label.code.copy == copy)
    page, slot = divmod(index, g.per_page)
    png = cairosvg.svg2png(bytestring=svg_pages(game, lang, "a4")[page].encode(), output_width=int(g.paper_width * SCALE))
    sheet = Image.open(io.BytesIO(png)).convert("L")
    x, y = g.place(slot)
    return sheet.crop((int(x * SCALE), int(y * SCALE), int((x + g.width) * SCALE), int((y + g.height) * SCALE)))


def view(label: Image.Image | None, angle: float = 0.0, blur: float = 0.0, light: bool = False,
         size: int = 130) -> Image.Image:
    """One camera frame: a card (a light rectangle) on a dark table, its sticker in a corner, then degraded."""
    frame = Image.new("L", (WIDTH, HEIGHT), 60)
    if label is not None:
        card = Image.new("L", (int(size * 1.5), int(size * 1.9)), 225)
        small = label.resize((size, int(size * label.height / label.width)))
        card.paste(small, (6, 6))
        card = card.rotate(angle, expand=True, fillcolor=60, resample=Image.Resampling.BICUBIC)
        frame.paste(card, ((WIDTH - card.width) // 2 + 20, (HEIGHT - card.height) // 2 + 40))
    if blur:
        frame = frame.filter(ImageFilter.GaussianBlur(blur))
    if light:  # a lamp on the left: the right of the picture is much darker
        shade = Image.linear_gradient("L").rotate(90).resize((WIDTH, HEIGHT))
        frame = Image.composite(frame, frame.point(lambda v: v * 0.45), shade)
        ImageDraw.Draw(frame)
    return frame


def write_y4m(path: Path, frames: list[Image.Image], fps: int = 10) -> None:
    """Frames as a Y4M video (4:2:0), the format Chromium's fake camera reads."""
    with open(path, "wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F{fps}:1 Ip A1:1 C420jpeg\n".encode())
        for frame in frames:
            y, u, v = frame.convert("RGB").convert("YCbCr").split()
            out.write(b"FRAME\n" + y.tobytes() + u.resize((WIDTH // 2, HEIGHT // 2)).tobytes()
                      + v.resize((WIDTH // 2, HEIGHT // 2)).tobytes())


def jpeg(frame: Image.Image) -> bytes:
    """A frame as the page sends it: a small JPEG."""
    out = io.BytesIO()
    frame.convert("L").save(out, "JPEG", quality=70)
    return out.getvalue()

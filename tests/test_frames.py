"""A seat's camera frame is data, never a program (issue 30): only a JPEG or a PNG is decoded, with Pillow's other
plugins never loaded, and its size is bounded from its header before any pixel is decoded."""

from __future__ import annotations

import io
import logging
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest

pytest.importorskip("zxingcpp", reason="zxing-cpp is not installed: run make setup")
pytest.importorskip("cairosvg", reason="cairosvg is not installed: run make setup")
from PIL import Image

from companion.web.frames import FrameRefused, Why, decode, frame_sentence, open_frame
from scan_video import jpeg, sticker, view

ROOT = Path(__file__).resolve().parent.parent
#: A PostScript picture: Pillow's EPS plugin would hand it to Ghostscript to draw it.
EPS = (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 64 64\n"
       b"newpath 0 0 moveto 64 64 lineto stroke showpage\n%%EOF\n")


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` and holds almost nothing."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))


def jpeg_header(width: int, height: int) -> bytes:
    """A small real JPEG whose frame header (SOF0) is changed to claim ``width`` × ``height``."""
    data = bytearray(jpeg(Image.new("L", (16, 16), 128)))
    sof = data.index(b"\xff\xc0")
    data[sof + 5:sof + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def test_a_postscript_frame_is_refused_without_loading_any_other_plugin() -> None:
    """In a fresh interpreter, as in the table's process: the EPS frame is refused and Pillow's EPS plugin (which
    runs Ghostscript) is never even imported; nor is any plugin beyond the few Pillow always loads."""
    script = (
        "import sys\n"
        "from companion.web.frames import FrameRefused, decode\n"
        f"frames = [{EPS!r}, b'II*\\x00' + bytes(200), b'GIF89a' + bytes(40), b'BM' + bytes(60), b'\\x00\\x00\\x01\\x00']\n"
        "whys = []\n"
        "for frame in frames:\n"
        "    try:\n"
        "        decode(frame)\n"
        "    except FrameRefused as refused:\n"
        "        whys.append(refused.why.value)\n"
        "print(whys)\n"
        "print(sorted(m for m in sys.modules if m.startswith('PIL.') and m.endswith('ImagePlugin')))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    whys, plugins = done.stdout.splitlines()
    assert whys == str(["format"] * 5)
    assert "EpsImagePlugin" not in plugins and "TiffImagePlugin" not in plugins
    assert set(eval(plugins)) <= {"PIL.BmpImagePlugin", "PIL.GifImagePlugin", "PIL.JpegImagePlugin",
                                  "PIL.PpmImagePlugin", "PIL.PngImagePlugin"}


def test_ghostscript_is_never_run_even_where_every_plugin_is_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another part of the process may have loaded all of Pillow's plugins: a frame is still opened as JPEG or PNG
    only, so the EPS plugin never runs Ghostscript (here a stand-in that records being called)."""
    from PIL import EpsImagePlugin

    Image.init()
    ran: list[object] = []
    monkeypatch.setattr(EpsImagePlugin, "Ghostscript", lambda *args, **kwargs: ran.append(args))
    monkeypatch.setattr(subprocess, "check_call", lambda *args, **kwargs: ran.append(args))
    for frame in (EPS, b"\xff\xd8\xff" + EPS, b"\x89PNG\r\n\x1a\n" + EPS):
        with pytest.raises(FrameRefused) as refused:
            decode(frame)
        assert refused.value.why in (Why.FORMAT, Why.BROKEN)
    assert ran == []


@pytest.mark.parametrize(("frame", "size"), [
    (png_header(5000, 5000), (5000, 5000)), (jpeg_header(3000, 3000), (3000, 3000)),
    (png_header(100_000, 100_000), (0, 0)), (jpeg_header(60_000, 60_000), (0, 0)), (png_header(2001, 10), (2001, 10)),
])
def test_a_header_claiming_a_huge_picture_is_refused_unread_and_logged(
        frame: bytes, size: tuple[int, int], caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="companion.web"):
        with pytest.raises(FrameRefused) as refused:
            decode(frame, "p1")
    assert refused.value.why is Why.SIZE and (refused.value.width, refused.value.height) == size
    assert [r.getMessage().split(":")[0] for r in caplog.records] == ["frame refused from seat p1"]
    if size[0]:
        assert frame_sentence(refused.value, "en") == \
            f"That picture is too large to read: {size[0]} by {size[1]} pixels."
        assert frame_sentence(refused.value, "fr") == \
            f"Cette image est trop grande pour être lue : {size[0]} sur {size[1]} pixels."
    else:
        assert frame_sentence(refused.value, "en") == "That picture is too large to read."


def test_a_damaged_frame_is_refused_and_a_good_one_read() -> None:
    good = jpeg(view(sticker("mindbug", "bee-bear"), blur=0.5))
    assert decode(good) == (["CMP1:MINDBUG:BEE-BEAR:1"], False)
    out = io.BytesIO()
    view(sticker("mindbug", "bee-bear")).save(out, "PNG")
    assert decode(out.getvalue())[0] == ["CMP1:MINDBUG:BEE-BEAR:1"]
    for broken in (good[:200], b"\xff\xd8\xff", b"\x89PNG\r\n\x1a\n" + bytes(30)):
        with pytest.raises(FrameRefused) as refused:
            open_frame(broken)
        assert refused.value.why is Why.BROKEN
    assert frame_sentence(FrameRefused(Why.BROKEN), "fr") == "Cette image est abîmée : elle n'a pas été lue."
    assert frame_sentence(FrameRefused(Why.FORMAT), "en") == \
        "That picture is not a camera frame (JPEG or PNG): it was not read."

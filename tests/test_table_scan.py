"""``companion play --scan``: a camera on the table's machine (here a video file made from the sticker sheet).

The codes read are said at the table, once per card held in view, through every output
(``--json`` here); a code of another game is said as such; a camera that cannot be
opened stops the companion at the start with one sentence.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import contextlib
import io
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("av", reason="PyAV is not installed: run make setup")
pytest.importorskip("cairosvg", reason="cairosvg is not installed: run make setup")
import segno
from PIL import Image

from companion import registry
from companion.cli import main
from companion.play import PlayConfig, play
from scan_video import sticker, view, write_y4m
from web_helpers import Capture


def code_label(text: str) -> Image.Image:
    """A sticker-sized label whose QR code holds ``text`` (any text: a forged or damaged sticker)."""
    out = io.BytesIO()
    segno.make(text, error="m", micro=False).save(out, kind="png", scale=8, border=2)
    code = Image.open(out).convert("L")
    label = Image.new("L", (240, 300), 255)
    label.paste(code.resize((200, 200)), (20, 5))
    return label


@contextlib.contextmanager
def scanning(tmp_path: Path, frames: list[Image.Image], until: str) -> Iterator[Capture]:
    """A Mindbug table with ``--scan`` on a video of ``frames``, until the table hears ``until``."""
    video = tmp_path / "camera.y4m"
    write_y4m(video, frames)
    read, write = os.pipe()
    out = Capture()
    config = PlayConfig(lang="en", json=True, names=("Ana", "Ben"), save=tmp_path / "game.jsonl", scan=str(video))
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(
        play(config, registry.find("mindbug"), os.fdopen(read, "r"), out)), daemon=True)  # type: ignore[arg-type]
    thread.start()
    try:
        out.wait_for(lambda o: until in o.texts, timeout=30)
        time.sleep(0.3)
        yield out
    finally:
        os.close(write)
        thread.join(timeout=10)
    assert status == [0]


def scans(out: Capture) -> list[tuple[str, str, dict[str, Any]]]:
    return [(r["event"], r["text"], {k: v for k, v in r.items() if k in ("reason", "stopped", "card", "copy")})
            for r in out.records if r["event"].startswith("scan_")]


def test_cards_shown_to_the_table_camera_are_said_once_each(tmp_path: Path) -> None:
    bee, owl, guard = (sticker("mindbug", "bee-bear"), sticker("mindbug", "spider-owl"),
                       sticker("love-letter", "guard", 2))
    frames = ([view(bee, 6, 0.9, True)] * 12 + [view(None)] * 4 + [view(owl, -9, 0.9, True)] * 12
              + [view(None)] * 4 + [view(guard, 3, 0.9)] * 6)
    with scanning(tmp_path, frames, "Code read: it is no card of this game.") as out:
        assert scans(out) == [
            ("scan_card", "Card scanned: Bee Bear, 8.", {"card": "bee-bear", "copy": 1}),
            ("scan_card", "Card scanned: Spider Owl, 3.", {"card": "spider-owl", "copy": 1}),
            ("scan_unknown", "Code read: it is no card of this game.", {"reason": "other_game"})]
    assert "scan" not in (tmp_path / "game.jsonl").read_text()  # nothing of it in the save: a reading, not a play


def test_a_camera_that_cannot_be_opened_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "mindbug", "--lang", "fr", "--names", "Ana", "Ben", "--json", "--scan",
                 str(tmp_path / "none.y4m")])
    assert code == 2
    assert capsys.readouterr().err == f"La caméra {tmp_path / 'none.y4m'} ne peut pas s'ouvrir : ni appareil ni fichier " \
                                      "de ce nom.\n"


@pytest.mark.parametrize("save", [None, "mine.jsonl"])
def test_a_camera_that_cannot_be_opened_leaves_no_save(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                        monkeypatch: pytest.MonkeyPatch, save: str | None) -> None:
    """A wrong camera stopped the companion after its save file was made: each try left a "not started" game in
    the saves list (and a --save FILE that then refused the next run). A missing /dev/video9 blamed "the folder"."""
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    code = main(["play", "mindbug", "--lang", "fr", "--json", "--scan", "/dev/video77"]
                + (["--save", save] if save else []))
    assert code == 2
    assert capsys.readouterr().err == "La caméra /dev/video77 ne peut pas s'ouvrir : ni appareil ni fichier de ce nom.\n"
    assert sorted(p.name for p in tmp_path.rglob("*.jsonl")) == []


@pytest.mark.parametrize(("lang", "said"), [("fr", "ce n'est pas une vidéo que le compagnon sait lire"),
                                             ("en", "not a video the companion can read")])
def test_a_file_that_is_no_video_is_said_in_words(tmp_path: Path, lang: str, said: str) -> None:
    """A file FFmpeg cannot decode was "the system refused it (error 1094995529)": FFmpeg's number, not a reason."""
    from companion.table_scan import ScanSourceError, check_source

    junk = tmp_path / "camera.mp4"
    junk.write_text("not a video\n")
    with pytest.raises(ScanSourceError) as caught:
        check_source(str(junk), lang)
    assert str(caught.value).endswith(f" {junk} " + ("ne peut pas s'ouvrir : " if lang == "fr" else "cannot be opened: ")
                                      + said + ".")


def test_a_code_no_card_has_is_said_and_later_cards_still_are(tmp_path: Path) -> None:
    """Issue 30: a copy number such as ² passed the digit check and killed the camera's thread (no later card was
    said); 0 and 999 were said "Card scanned". Each is now one sentence, and the next card is said."""
    bee = sticker("mindbug", "bee-bear")
    frames = [view(code_label("CMP1:MINDBUG:BEE-BEAR:\u00b2"), 4, 0.6)] * 6 + [view(None)] * 4
    frames += [view(code_label("CMP1:MINDBUG:BEE-BEAR:999"), -4, 0.6)] * 6 + [view(None)] * 4
    frames += [view(code_label("CMP1:MINDBUG:BEE-BEAR:0"), 2, 0.6)] * 6 + [view(None)] * 4
    frames += [view(bee, 6, 0.9, True)] * 8
    with scanning(tmp_path, frames, "Card scanned: Bee Bear, 8.") as out:
        assert scans(out) == [
            ("scan_unknown", "Code read: it is no card of this game.", {"reason": "not_sticker"}),
            ("scan_unknown", "Code read: Bee Bear has 1 copy, not numbered 999.", {"reason": "no_such_copy"}),
            ("scan_unknown", "Code read: Bee Bear has 1 copy, not numbered 0.", {"reason": "no_such_copy"}),
            ("scan_card", "Card scanned: Bee Bear, 8.", {"card": "bee-bear", "copy": 1})]


@pytest.mark.allow_internal_error
def test_a_picture_the_thread_fails_on_is_said_once_and_later_cards_are_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Anything unforeseen while reading a picture (here the decoder failing on the first pictures) is said once, in
    a sentence, logged, and the camera's thread goes on: the card shown afterwards is said."""
    from companion.web import frames as web_frames

    real, calls = web_frames.read_codes, []

    def failing(image: Any) -> tuple[list[str], bool]:
        calls.append(1)
        if len(calls) <= 5:
            raise RuntimeError("a decoder that fails")
        return real(image)

    monkeypatch.setattr(web_frames, "read_codes", failing)
    frames = [view(None)] * 6 + [view(sticker("mindbug", "spider-owl"), -9, 0.9, True)] * 10
    with scanning(tmp_path, frames, "Card scanned: Spider Owl, 3.") as out:
        assert scans(out) == [
            ("scan_error", "A picture from the camera could not be read: scanning goes on.", {"stopped": False}),
            ("scan_card", "Card scanned: Spider Owl, 3.", {"card": "spider-owl", "copy": 1})]


@pytest.mark.parametrize("source", ["/dev/video77", "/tmp"])
def test_a_camera_that_cannot_be_opened_is_said_in_french_words(source: str) -> None:
    """Issue 32: the system's English ("No such file or directory") inside the French sentence of play --scan."""
    pytest.importorskip("av")
    from companion.table_scan import ScanSourceError, _frames

    with pytest.raises(ScanSourceError) as caught:
        next(iter(_frames(source, "fr")))
    said = str(caught.value)
    assert said.startswith(f"La caméra {source} ne peut pas s'ouvrir : ") and "No such" not in said
    assert "directory" not in said.lower() and "error" not in said.lower(), said

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

import pytest

pytest.importorskip("av", reason="PyAV is not installed: run make setup")
pytest.importorskip("cairosvg", reason="cairosvg is not installed: run make setup")
from companion import registry
from companion.cli import main
from companion.play import PlayConfig, play
from scan_video import sticker, view, write_y4m
from web_helpers import Capture


def test_cards_shown_to_the_table_camera_are_said_once_each(tmp_path: Path) -> None:
    video = tmp_path / "camera.y4m"
    bee, owl, guard = (sticker("mindbug", "bee-bear"), sticker("mindbug", "spider-owl"),
                       sticker("love-letter", "guard", 2))
    write_y4m(video, [view(bee, 6, 0.9, True)] * 12 + [view(None)] * 4 + [view(owl, -9, 0.9, True)] * 12
              + [view(None)] * 4 + [view(guard, 3, 0.9)] * 6)
    read, write = os.pipe()
    out = Capture()
    config = PlayConfig(lang="en", json=True, names=("Ana", "Ben"), save=tmp_path / "game.jsonl", scan=str(video))
    status: list[int] = []
    thread = threading.Thread(target=lambda: status.append(
        play(config, registry.find("mindbug"), os.fdopen(read, "r"), out)), daemon=True)  # type: ignore[arg-type]
    thread.start()
    try:
        out.wait_for(lambda o: "Code read: it is no card of this game." in o.texts, timeout=30)
        time.sleep(0.3)
    finally:
        os.close(write)
        thread.join(timeout=10)
    assert status == [0]
    scans = [r for r in out.records if r["event"].startswith("scan_")]
    assert [(r["event"], r["text"]) for r in scans] == [
        ("scan_card", "Card scanned: Bee Bear, 8."), ("scan_card", "Card scanned: Spider Owl, 3."),
        ("scan_unknown", "Code read: it is no card of this game.")]
    assert scans[0]["card"] == "bee-bear" and scans[0]["copy"] == 1
    assert "scan" not in (tmp_path / "game.jsonl").read_text()  # nothing of it in the save: a reading, not a play


def test_a_camera_that_cannot_be_opened_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["play", "mindbug", "--lang", "fr", "--names", "Ana", "Ben", "--json", "--scan",
                 str(tmp_path / "none.y4m")])
    assert code == 2
    assert capsys.readouterr().err == f"La caméra {tmp_path / 'none.y4m'} ne peut pas s'ouvrir : ni appareil ni fichier " \
                                      "de ce nom.\n"


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

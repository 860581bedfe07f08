"""The join address as a QR code (terminal drawing, SVG and PNG files) and the join code as a computer braille line."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import replace

segno = pytest.importorskip("segno", reason="segno is not installed: run make setup")
pytest.importorskip("starlette", reason="starlette is not installed: run make setup")
pytest.importorskip("uvicorn", reason="uvicorn is not installed: run make setup")

from lxml import etree

from conftest import as_ordinary_user, make_served

from companion import registry
from companion.cli import build_parser
from companion.play import PlayConfig, config_from_args, play
from companion.web.join import BLOCKS, BORDER, SCALE, braille_code, qr_text, write_qr
from companion.session import Wiring
from companion.web.server import WebStartError

URL = "http://192.168.1.20:43210/"
#: Each character back to its two modules (top, bottom).
PAIRS = {char: pair for pair, char in BLOCKS.items()}


def drawn_matrix(text: str) -> list[list[int]]:
    """The modules a drawing shows (1 dark), its quiet zone taken off: the drawing read back."""
    rows: list[list[int]] = []
    for line in text.splitlines():
        pairs = [PAIRS[char] for char in line]
        rows.append([top for top, _ in pairs])
        rows.append([bottom for _, bottom in pairs])
    width = len(rows[0])
    rows = rows[: width]  # an odd height: the last half line is padding
    assert all(len(row) == width for row in rows)
    quiet = rows[:BORDER] + rows[-BORDER:] + [row[:BORDER] + row[-BORDER:] for row in rows]
    assert all(module == 0 for row in quiet for module in row)  # the quiet zone is light
    return [row[BORDER:-BORDER] for row in rows[BORDER:-BORDER]]


@pytest.mark.parametrize("url", [URL, "http://127.0.0.1:8000/", "http://[fd00::1234:5678]:65000/"])
def test_the_drawing_is_the_qr_code_of_the_join_address(url: str) -> None:
    qr = segno.make(url)
    assert not qr.is_micro
    text = qr_text(url)
    assert text.endswith("\n") and "\x1b" not in text  # plain characters, no terminal colours
    assert drawn_matrix(text) == [list(row) for row in qr.matrix]


def test_the_svg_file_is_xml_of_the_codes_size(tmp_path: Path) -> None:
    path = tmp_path / "join.svg"
    write_qr(URL, path)
    root = etree.fromstring(path.read_bytes())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    size = (len(segno.make_qr(URL).matrix) + 2 * BORDER) * SCALE
    assert (root.get("width"), root.get("height")) == (str(size), str(size))
    assert root.findtext("{http://www.w3.org/2000/svg}title") == URL
    assert [p.name for p in tmp_path.iterdir()] == ["join.svg"]  # no temporary file left


def test_the_png_file_has_the_codes_size_and_an_existing_file_is_replaced(tmp_path: Path) -> None:
    path = tmp_path / "join.PNG"
    path.write_text("old")
    write_qr(URL, path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    size = (len(segno.make_qr(URL).matrix) + 2 * BORDER) * SCALE
    assert struct.unpack(">II", data[16:24]) == (size, size)
    with pytest.raises(ValueError):
        write_qr(URL, tmp_path / "join.jpg")


def test_the_join_code_is_one_line_of_computer_braille() -> None:
    pytest.importorskip("louis", reason="liblouis is not installed: run make setup")
    # One cell a character (a capital with dot 7), a blank cell between them as the code is spoken.
    assert braille_code("AB3K7M", "en") == "\u2841\u2800\u2843\u2800\u2812\u2800\u2845\u2800\u2836\u2800\u284d"
    assert braille_code("AB3K7M", "en") == "⡁⠀⡃⠀⠒⠀⡅⠀⠶⠀⡍"
    # French computer braille writes digits as Antoine digits (3: dots 1-4-6, 7: dots 1-2-4-5-6).
    assert braille_code("AB3K7M", "fr") == "⡁⠀⡃⠀⠩⠀⡅⠀⠻⠀⡍"


@pytest.mark.parametrize("lang, grade", [("en", 2), ("fr", 2), ("en", 1)])
def test_a_braille_display_shows_the_join_code_uncontracted(lang: str, grade: int) -> None:
    pytest.importorskip("louis", reason="liblouis is not installed: run make setup")
    from companion import braille

    stream = io.StringIO()
    display, _ = braille.choose("terminal", lang, width=200, grade=grade, stream=stream)

    def wire(wiring: Wiring) -> Wiring:
        wiring.announcer.add(display)
        return replace(wiring, braille=display)

    session, recorder, web = make_served("gauntlet", lang=lang, wire=wire, players=3)
    try:
        join = recorder.events("web_join")[0]
        cells = braille_code(web.seats.code, lang)
        assert join.braille is not None and braille_code(web.seats.code, lang) in join.braille
        shown = [line for line in stream.getvalue().splitlines() if cells in line]  # the display shows the code's own cells
        assert len(shown) == 1, stream.getvalue()
        # The spoken code, brailled as a sentence with the user's table, would not be these cells.
        assert cells not in braille.translate(" ".join(web.seats.code), lang, grade)
    finally:
        web.stop()


def test_without_a_braille_display_no_braille_line_is_made() -> None:
    session, recorder, web = make_served("gauntlet", players=3)
    try:
        assert recorder.events("web_join")[0].braille is None
        assert not recorder.events("web_qr")
    finally:
        web.stop()


def test_the_qr_flags() -> None:
    game = registry.find("gauntlet")
    args = build_parser("en", game).parse_args(["play", "gauntlet", "--serve", "--qr", "--qr-file", "join.svg"])
    config = config_from_args(args, game)
    assert (config.qr, config.qr_file) == (True, Path("join.svg"))
    config = config_from_args(build_parser("en", game).parse_args(["play", "gauntlet"]), game)
    assert (config.qr, config.qr_file) == (False, None)


def test_qr_draws_the_code_on_screen_and_speech_hears_one_sentence(tmp_path: Path) -> None:
    game = registry.find("gauntlet")
    out = io.StringIO()
    config = PlayConfig(lang="en", players=3, save=tmp_path / "g.jsonl", serve=True, qr=True,
                        qr_file=tmp_path / "join.svg")
    assert play(config, game, io.StringIO("quit\n"), out) == 0
    lines = out.getvalue().splitlines()
    join = next(i for i, line in enumerate(lines) if line.startswith("Private devices: open http://127.0.0.1:"))
    url = lines[join].split("open ", 1)[1].split(" ", 1)[0]
    assert lines[join + 1] == "A QR code of the join address is shown on screen."
    drawing = qr_text(url).splitlines()
    assert lines[join + 2: join + 2 + len(drawing)] == drawing
    assert lines[join + 2 + len(drawing)] == f"The QR code of the join address is in {tmp_path / 'join.svg'}."
    assert etree.fromstring((tmp_path / "join.svg").read_bytes()).findtext("{http://www.w3.org/2000/svg}title") == url


def test_qr_with_json_puts_the_drawing_in_the_line_not_on_screen(tmp_path: Path) -> None:
    import json

    game = registry.find("gauntlet")
    out = io.StringIO()
    config = PlayConfig(lang="en", json=True, players=3, save=tmp_path / "g.jsonl", serve=True, qr=True)
    assert play(config, game, io.StringIO("quit\n"), out) == 0
    records = [json.loads(line) for line in out.getvalue().splitlines()]  # every line is still JSON
    qr = next(r for r in records if r["event"] == "web_qr")
    assert qr["text"] == "A QR code of the join address is shown on screen." and qr["qr"] == qr_text(qr["url"])


def _run(*args: str, ordinary_user_in: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``companion`` with ``args``; with ``ordinary_user_in``, as a user that file modes apply to, its folders in there."""
    command, env = [sys.executable, "-m", "companion", *args], dict(os.environ)
    if ordinary_user_in is not None:
        command = as_ordinary_user(command)
        env.update(COMPANION_DATA_DIR=str(ordinary_user_in / "data"), COMPANION_CONFIG_DIR=str(ordinary_user_in / "config"),
                   HOME=str(ordinary_user_in))
    return subprocess.run(command, input="quit\n", capture_output=True, text=True, timeout=60, env=env)


def test_qr_file_in_a_missing_folder_is_one_sentence_and_status_2(tmp_path: Path) -> None:
    path = tmp_path / "missing" / "join.svg"
    result = _run("play", "gauntlet", "--lang", "en", "--serve", "--qr-file", str(path), "--save", str(tmp_path / "g"))
    assert result.returncode == 2
    assert result.stderr == f"The QR code cannot be written to {path}: the folder {path.parent} does not exist.\n"
    assert "Private devices" not in result.stdout


def test_qr_file_with_another_suffix_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "join.jpg"
    result = _run("play", "gauntlet", "--lang", "en", "--serve", "--qr-file", str(path), "--save", str(tmp_path / "g"))
    assert result.returncode == 2
    assert result.stderr == f"companion: --qr-file {path}: give a file name ending in .svg or .png.\n"


@pytest.mark.skipif(os.name != "posix", reason="folder modes")
def test_qr_file_in_a_read_only_folder_is_one_sentence_and_status_2(user_folder: Path) -> None:
    folder = user_folder / "locked"
    folder.mkdir()
    folder.chmod(0o555)  # no one but root may write here, and the game runs as an ordinary user even under root
    try:
        result = _run("play", "gauntlet", "--lang", "en", "--serve", "--qr-file", str(folder / "join.svg"),
                      "--save", str(user_folder / "g"), ordinary_user_in=user_folder)
    finally:
        folder.chmod(0o700)
    assert result.returncode == 2
    assert result.stderr == f"The QR code cannot be written to {folder / 'join.svg'}: Permission denied.\n"


def test_a_file_that_cannot_be_written_stops_the_server(tmp_path: Path, monkeypatch: Any) -> None:
    import companion.web.server as server

    stopped = []

    def refused(url: str, path: Path) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(server, "write_qr", refused)
    stop = server.WebServer.stop
    monkeypatch.setattr(server.WebServer, "stop", lambda self: stopped.append(self) or stop(self))
    recorded: list[Any] = []

    def wire(wiring: Wiring) -> Wiring:
        recorded.append(wiring.announcer.outputs[0])
        return wiring

    with pytest.raises(WebStartError) as caught:
        make_served("gauntlet", wire=wire, qr_file=tmp_path / "join.png", players=3)
    recorder = recorded[0]
    assert str(caught.value) == f"The QR code cannot be written to {tmp_path / 'join.png'}: Permission denied."
    assert len(stopped) == 1 and recorder.utterances == []

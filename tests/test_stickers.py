"""Sticker sheets: every code of every sheet, rendered to pixels and decoded, names its own card; the PEF validates.

The SVG pages are rendered with cairosvg, the PDF is checked for its pages, and the
codes are read back with zxing-cpp (the decoder the table's server uses), so a sheet
that prints a wrong code, a code too small to read or a label off the page fails here.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

cairosvg = pytest.importorskip("cairosvg", reason="cairosvg is not installed: run make setup")
zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp is not installed: run make setup")
from lxml import etree
from PIL import Image

from companion import registry
from companion.cli import main
from companion.stickers import Code, geometry, labels, payload, read_payload, svg_pages

PEF_RNG = Path(__file__).parent / "data" / "pef" / "pef-2008-1.rng"
GAMES = tuple(game.id for game in registry.GAMES)  # every game of the registry, a new one too
#: Pixels per millimetre of the rendered sheet: 8 is about 200 dots per inch, a phone's view of a card at 15 cm.
SCALE = 8


def decoded(svg: str, width_mm: float) -> list[tuple[str, float, float]]:
    """Every QR code read on a rendered page: its text and its centre, in millimetres."""
    png = cairosvg.svg2png(bytestring=svg.encode(), output_width=int(width_mm * SCALE))
    image = Image.open(io.BytesIO(png)).convert("L")
    found = []
    for result in zxingcpp.read_barcodes(image, formats=zxingcpp.BarcodeFormat.QRCode):
        p = result.position
        xs = [p.top_left.x, p.top_right.x, p.bottom_left.x, p.bottom_right.x]
        ys = [p.top_left.y, p.top_right.y, p.bottom_left.y, p.bottom_right.y]
        found.append((result.text, sum(xs) / 4 / SCALE, sum(ys) / 4 / SCALE))
    return found


def stickers_on(svg: str) -> list[tuple[str, str, float, float, float, float]]:
    """Each label drawn on a page: its code, its printed name and its outline (x, y, width, height)."""
    root = etree.fromstring(svg.encode())
    ns = {"s": "http://www.w3.org/2000/svg"}
    found = []
    for group in root.iterfind(".//s:g[@class='sticker']", ns):
        rect = group.find("s:rect", ns)
        text = " ".join(t.text or "" for t in group.iterfind(".//s:tspan", ns))
        assert rect is not None
        found.append((group.get("data-code", ""), text, float(rect.get("x", 0)), float(rect.get("y", 0)),
                      float(rect.get("width", 0)), float(rect.get("height", 0))))
    return found


@pytest.mark.parametrize("game_id", GAMES)
def test_every_copy_has_a_code_that_decodes_to_its_own_card_inside_its_own_label(game_id: str) -> None:
    game = registry.find(game_id)
    lang = "fr" if game_id in ("gauntlet", "num-x") else "en"
    expected = {str(label.code): label.text for label in labels(game, lang)}
    assert len(expected) == sum(card.copies for card in game.cards().cards)
    g = geometry("a4")
    seen: set[str] = set()
    for page in svg_pages(game, lang, "a4"):
        drawn = stickers_on(page)
        codes = decoded(page, g.paper_width)
        assert len(codes) == len(drawn), "every label's code is read"
        for text, cx, cy in codes:
            code = read_payload(text)
            assert code is not None and code.game == game.id and code.card in game.cards()
            label = next(d for d in drawn if d[2] <= cx <= d[2] + d[4] and d[3] <= cy <= d[3] + d[5])
            assert label[0] == text, "the code is the one of the label it lies in"
            assert label[1] == expected[text], "the name printed under it is its own card's"
            assert game.cards()[code.card].name(lang) in label[1]
            seen.add(text)
    assert seen == set(expected)


def test_sizes_as_documented() -> None:
    doc = (Path(__file__).parents[1] / "docs" / "scanning.en.md").read_text(encoding="utf-8")
    for paper, width, height in (("a4", 210.0, 297.0), ("letter", 215.9, 279.4)):
        g = geometry(paper)
        assert (g.paper_width, g.paper_height) == (width, height)
        assert f"{g.per_page} stickers" in doc, paper
        page = svg_pages(registry.find("love-letter"), "en", paper)[0]
        assert f'width="{width}mm" height="{height}mm"' in page
        for _, _, x, y, w, h in stickers_on(page):
            assert (w, h) == (g.width, g.height) == (24.0, 30.0)
            assert g.margin <= x and x + w <= width - g.margin + 1e-6 and y + h <= height - g.margin + 1e-6
    assert "24 × 30 mm" in doc and "20 mm" in doc and "40 cells × 25 lines" in doc
    for game_id in GAMES:  # the table of games says each set's size
        count = len(labels(registry.find(game_id), "en"))
        assert re.search(rf"`{game_id}` \(?[^|]*\b{count}\b", doc), (game_id, count)


def test_the_payload_is_short_and_read_in_any_case() -> None:
    assert payload("love-letter", "guard", 5) == "CMP1:LOVE-LETTER:GUARD:5"
    assert read_payload("cmp1:love-letter:guard:5") == Code("love-letter", "guard", 5)
    assert read_payload(" CMP1:MINDBUG:BEE-BEAR:1\n") == Code("mindbug", "bee-bear", 1)
    for wrong in ("", "CMP2:LOVE-LETTER:GUARD:1", "CMP1:LOVE-LETTER:GUARD", "CMP1::GUARD:1", "CMP1:X:Y:Z",
                  "https://example.org/", "CMP1:A:B:12345"):
        assert read_payload(wrong) is None, wrong
    longest = max((str(label.code) for game_id in GAMES for label in labels(registry.find(game_id), "en")), key=len)
    assert len(longest) <= 40 and re.fullmatch(r"[A-Z0-9:-]+", longest)  # QR alphanumeric mode: a small code


def test_the_command_writes_the_sheet_and_the_braille_beside_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("louis", reason="liblouis is not installed: run make setup")
    schema = etree.RelaxNG(etree.parse(str(PEF_RNG)))
    out = tmp_path / "mindbug.pdf"
    assert main(["stickers", "mindbug", "--lang", "en", "--paper", "letter", "-o", str(out)]) == 0
    assert capsys.readouterr().out == f"48 stickers written to {out}, {tmp_path / 'mindbug.pef'}.\n"
    assert out.read_bytes().startswith(b"%PDF") and out.read_bytes().count(b"/Type /Page\n") == 1
    pef = etree.parse(str(tmp_path / "mindbug.pef"))
    assert schema.validate(pef), schema.error_log
    volume = pef.find(".//{http://www.daisy.org/ns/2008/pef}volume")
    assert volume is not None and (volume.get("cols"), volume.get("rows")) == ("40", "25")
    rows = [r.text for r in pef.iterfind(".//{http://www.daisy.org/ns/2008/pef}row") if r.text and r.text.strip("⠀")]
    assert len(rows) >= 48  # one label a line at least (a long name runs over)

    svg = tmp_path / "num-x.svg"
    assert main(["stickers", "num-x", "--lang", "fr", "-o", str(svg)]) == 0
    assert capsys.readouterr().out == (f"96 étiquettes écrites dans {svg}, {tmp_path / 'num-x-2.svg'}, "
                                       f"{tmp_path / 'num-x.pef'}.\n")
    assert schema.validate(etree.parse(str(tmp_path / "num-x.pef")))


@pytest.mark.parametrize("args, sentence", [
    (["-o", "{tmp}/folder.svg"], "{tmp}/folder.svg is a folder: give a file name.\n"),
    (["-o", "{tmp}/x.png"], "companion stickers: give -o FILE ending in .svg or .pdf. The braille .pef is written "
                             "beside it.\n"),
    ([], "companion stickers: give -o FILE ending in .svg or .pdf. The braille .pef is written beside it.\n"),
    (["-o", "{tmp}/kept.svg"], "{tmp}/kept.pef already exists: add --force to replace it.\n"),
])
def test_a_bad_path_gets_one_sentence_and_nothing_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             args: list[str], sentence: str) -> None:
    (tmp_path / "kept.pef").write_text("mine")
    (tmp_path / "folder.svg").mkdir()
    registry.find("love-letter").cards()  # its parse cache (data folder) made first: run alone, this test failed
    before = sorted(tmp_path.iterdir())
    with pytest.raises(SystemExit) as stop:
        main(["stickers", "love-letter", "--lang", "en", *[a.format(tmp=tmp_path) for a in args]])
    assert stop.value.code == 2
    assert capsys.readouterr().err == sentence.format(tmp=tmp_path)
    assert sorted(tmp_path.iterdir()) == before and (tmp_path / "kept.pef").read_text() == "mine"


def test_a_bad_path_is_said_in_french(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["stickers", "love-letter", "--lang", "fr", "-o", str(tmp_path)])
    assert capsys.readouterr().err == "companion stickers : donnez -o FICHIER finissant par .svg ou .pdf. Le .pef en " \
                                      "braille est écrit à côté.\n"
    (tmp_path / "b.pef").write_text("à garder")
    with pytest.raises(SystemExit):
        main(["stickers", "love-letter", "--lang", "fr", "-o", str(tmp_path / "b.svg")])
    assert capsys.readouterr().err == f"{tmp_path / 'b.pef'} existe déjà : ajoutez --force pour le remplacer.\n"


def test_a_missing_folder_is_made_as_for_every_document(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The same answer as every -o writer (companion/written.py): the folder is made, the sheet written."""
    assert main(["stickers", "love-letter", "--lang", "en", "-o", str(tmp_path / "new" / "ll.svg")]) == 0
    assert (tmp_path / "new" / "ll.svg").is_file() and (tmp_path / "new" / "ll.pef").is_file()


def test_a_broken_corrected_card_file_is_said_in_the_users_words(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """A referee's card file that is not TOML was "PATH: is not valid TOML (...)", English only, with no French frame."""
    broken = Path(os.environ["COMPANION_CONFIG_DIR"]) / "love-letter.toml"
    broken.parent.mkdir(parents=True)
    broken.write_text("garbage [[\n")
    with pytest.raises(SystemExit) as stop:
        main(["stickers", "love-letter", "--lang", "fr", "-o", str(tmp_path / "ll.pdf")])
    assert stop.value.code == 1
    assert capsys.readouterr().err.startswith(f"Le fichier de cartes {broken} est inutilisable : ")
    assert not (tmp_path / "ll.pdf").exists() and not (tmp_path / "ll.pef").exists()


def test_a_name_outside_latin_1_is_printed_respelt_never_a_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 32: a corrected card file named "L’Œil" or "Ωmega": the PDF's core font writes Latin-1 only."""
    from companion import stickers

    names = ["L’Œil d’Ωmega", "Ἀθηνᾶ", "Zoé"]
    game = registry.find("love-letter")
    monkeypatch.setattr(stickers, "labels", lambda g, lang: [stickers.Label(Code(g.id, "guard", i + 1), name)
                                                             for i, name in enumerate(names)])
    pdf = stickers.pdf_sheet(game, "fr", "a4")
    assert pdf.startswith(b"%PDF")
    assert stickers.pdf_text("L’Œil d’Ωmega") == "L'Oeil d'Omega" and stickers.pdf_text("Zoé") == "Zoé"
    assert all(stickers.pdf_text(n).encode("latin-1") for n in names)

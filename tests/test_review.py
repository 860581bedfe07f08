"""``companion review SAVE``: the whole game as a numbered transcript, from the save file alone.

Real save files (a Session writing its journal, as ``companion play`` does, and
``companion play`` itself); the exact sentences in French and English; no
secret value; the HTML parses; the BRF is pages of the right size.
"""

from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion import cli, journal
from companion.review import as_html, make_review, transcript
from test_saves import make_save

COMPANION = [sys.executable, "-m", "companion"]
WHEN = dt.datetime(2026, 3, 5, 14, 30)

GAUNTLET = ["play proxima", "next", "play hulk", "fight 3 5", "defeat hero 1 thor", "next"]
LOVE_LETTER = ["play guard 2 priest", "out 2", "next", "play baron 1", "compare 3 5", "next"]

GAUNTLET_EN = [
    ("Turn 1", [
        "Infinity Gauntlet. 3 players: Thanos and 2 heroes. 4 rubies for Thanos. 6 coins for the heroes.",
        "Turn 1: Zoe.",
        "Zoe draws. 10 cards in the Thanos deck.",
        "4: Zoe plays Proxima Midnight.",
        "1 power token for Zoe: 1 held, 8 in the reserve.",
    ]),
    ("Turn 2", [
        "Turn 2: Alice.",
        "Alice draws. 13 cards in the hero deck.",
        "3: Alice plays Hulk.",
        "You may fight Thanos.",
        "Zoe spends a power token for this fight: +2. 0 left.",
        "Fight: Zoe beats Alice.",
        "Alice's card is defeated: which one? Type defeat Alice and the card.",
        "Alice's Thor is defeated.",
        "The heroes lose a life: remove a coin. 5 left.",
        "Alice draws. 12 cards in the hero deck.",
    ]),
    ("Turn 3", [
        "Turn 3: Bruno.",
        "Bruno draws. 11 cards in the hero deck.",
    ]),
]

GAUNTLET_FR = [
    ("Tour 1", [
        "Le Gant d'Infinité. 3 joueurs : Thanos et 2 héros. 4 rubis pour Thanos. 6 pièces pour les héros.",
        "Tour 1 : Zoe.",
        "Zoe pioche. 10 cartes dans le paquet Thanos.",
        "4 : Zoe joue Proxima Midnight.",
        "1 pion pouvoir pour Zoe : total 1, réserve 8.",
    ]),
    ("Tour 2", [
        "Tour 2 : Alice.",
        "Alice pioche. 13 cartes dans le paquet héros.",
        "3 : Alice joue Hulk.",
        "Vous pouvez combattre Thanos.",
        "Zoe dépense un pion pouvoir pour ce combat : +2. Reste : 0.",
        "Combat : Zoe bat Alice.",
        "Alice : sa carte est vaincue ; laquelle ? Tapez vaincu Alice puis la carte.",
        "Alice : carte Thor vaincue.",
        "Les héros perdent une vie : retirez une pièce. Vies : 5.",
        "Alice pioche. 12 cartes dans le paquet héros.",
    ]),
    ("Tour 3", [
        "Tour 3 : Bruno.",
        "Bruno pioche. 11 cartes dans le paquet héros.",
    ]),
]

LOVE_LETTER_EN = [
    ("Round 1", [
        "3 players, Love Letter. 5 favour tokens to win.",
        "Round 1. Shuffle the 16 cards. Remove one face down. Deal one card each. Ana starts.",
        "Ana's turn: draw a card. Deck: 11 cards.",
        "1: Ana plays Guard, on Bruno, naming Priest, 2.",
        "If Bruno's card is Priest, type: out Bruno; else miss.",
        "2, Priest, face up: Bruno is out of the round. 2 players left in the round.",
        "Chloé's turn: draw a card. Deck: 10 cards.",
        "3: Chloé plays Baron, on Ana.",
        "Chloé and Ana compare their cards in secret. Type compare, then each value, unseen.",
        "3, Baron, face up: Chloé is out of the round.",
        "Round 1 to Ana, the last one in.",
        "1 of 5 favour tokens for Ana.",
    ]),
    ("Round 2", [
        "Round 2. Shuffle the 16 cards. Remove one face down. Deal one card each. Ana starts.",
        "Ana's turn: draw a card. Deck: 11 cards.",
    ]),
]

LOVE_LETTER_FR = [
    ("Manche 1", [
        "3 joueurs, Love Letter. 5 jetons de faveur pour gagner.",
        "Manche 1. Mélangez les 16 cartes. Retirez-en une face cachée. Distribuez une carte à chacun. Ana commence.",
        "Ana, piochez une carte. Pioche : 11 cartes.",
        "1 : Ana joue Garde, sur Bruno, et nomme Prêtre, 2.",
        "Bruno : si sa carte est Prêtre, tapez : éliminé Bruno ; sinon raté.",
        "2, Prêtre, face visible : Bruno sort de la manche. Encore 2 joueurs en lice.",
        "Chloé, piochez une carte. Pioche : 10 cartes.",
        "3 : Chloé joue Baron, sur Ana.",
        "Chloé et Ana comparent leurs cartes en secret. Tapez compare, puis chaque valeur, sans affichage.",
        "3, Baron, face visible : Chloé sort de la manche.",
        "Manche 1 pour Ana, dernière personne en lice.",
        "1 jeton de faveur sur 5 pour Ana.",
    ]),
    ("Manche 2", [
        "Manche 2. Mélangez les 16 cartes. Retirez-en une face cachée. Distribuez une carte à chacun. Ana commence.",
        "Ana, piochez une carte. Pioche : 11 cartes.",
    ]),
]


def gauntlet_save(tmp_path: Path, lines: list[str] = GAUNTLET, name: str = "g.jsonl") -> Path:
    return make_save(tmp_path / name, "gauntlet", lines, when=WHEN, players=3, names=("Zoe", "Alice", "Bruno"))


def love_letter_save(tmp_path: Path, lines: list[str] = LOVE_LETTER, name: str = "l.jsonl") -> Path:
    return make_save(tmp_path / name, "love-letter", lines, when=WHEN, players=3, names=("Ana", "Bruno", "Chloé"))


def started(path: Path) -> str:
    created = journal.read(path).header.created
    assert created is not None
    return created.replace("T", " ")[:16]


def expected_text(title: str, facts: list[str], sections: list[tuple[str, list[str]]]) -> str:
    lines = [title, *facts]
    number = 0
    for heading, sentences in sections:
        lines += ["", heading]
        for sentence in sentences:
            number += 1
            lines.append(f"{number}. {sentence}")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the transcript


def test_gauntlet_review_in_english(tmp_path):
    path = gauntlet_save(tmp_path)
    assert make_review(path, "en", "txt").decode("utf-8") == expected_text("Review: Infinity Gauntlet", [
        "Players: Zoe, Alice and Bruno.",
        f"Started {started(path)}, last saved 2026-03-05 14:30.",
        "Turn 3: the save stops there, the game is not finished.",
        "Save file: g.jsonl.",
    ], GAUNTLET_EN)


def test_gauntlet_review_in_french(tmp_path):
    path = gauntlet_save(tmp_path)
    assert make_review(path, "fr", "txt").decode("utf-8") == expected_text("Compte rendu : Le Gant d'Infinité", [
        "Joueurs : Zoe, Alice et Bruno.",
        f"Commencée le {started(path)}, sauvegardée pour la dernière fois le 2026-03-05 14:30.",
        "Tour 3 : la sauvegarde s'arrête là, la partie n'est pas finie.",
        "Fichier de sauvegarde : g.jsonl.",
    ], GAUNTLET_FR)


def test_love_letter_round_in_english_and_french(tmp_path):
    path = love_letter_save(tmp_path)
    assert make_review(path, "en", "txt").decode("utf-8") == expected_text("Review: Love Letter", [
        "Players: Ana, Bruno and Chloé.",
        f"Started {started(path)}, last saved 2026-03-05 14:30.",
        "Round 2: the save stops there, the game is not finished.",
        "Save file: l.jsonl.",
    ], LOVE_LETTER_EN)
    assert make_review(path, "fr", "txt").decode("utf-8") == expected_text("Compte rendu : Love Letter", [
        "Joueurs : Ana, Bruno et Chloé.",
        f"Commencée le {started(path)}, sauvegardée pour la dernière fois le 2026-03-05 14:30.",
        "Manche 2 : la sauvegarde s'arrête là, la partie n'est pas finie.",
        "Fichier de sauvegarde : l.jsonl.",
    ], LOVE_LETTER_FR)


def test_the_end_of_a_finished_game(tmp_path):
    from test_saves import WON_LINES

    path = make_save(tmp_path / "won.jsonl", "gauntlet", WON_LINES, players=2)
    review = transcript(path, "en")
    assert review.facts[0] == "2 players."
    assert review.facts[2] == "Turn 1: the game is finished."
    assert review.sections[-1].sentences[-2:] == ["Thanos loses a life: remove a ruby. 0 left.",
                                                   "Thanos has no life left: the heroes win the game."]
    assert transcript(path, "fr").facts[:1] + transcript(path, "fr").facts[2:] == ["2 joueurs.", "Tour 1 : la partie est finie."]


def test_a_secret_value_is_never_in_the_save_nor_the_review(tmp_path):
    """The winner's value of a fight or of a Baron's comparison is typed, never kept: the review cannot depend on it."""
    low = gauntlet_save(tmp_path, name="a.jsonl")
    high = gauntlet_save(tmp_path, [line.replace("fight 3 5", "fight 3 7") for line in GAUNTLET], name="b.jsonl")
    assert journal.read(low).command_lines() == journal.read(high).command_lines()
    for lang in ("en", "fr"):
        assert [s.sentences for s in transcript(low, lang).sections] == [s.sentences for s in transcript(high, lang).sections]
    fight = [line for line in journal.read(low).command_lines() if line["cmd"] == "fight"]
    assert len(fight) == 1 and 5 not in fight[0].values()
    sentences = [text for s in transcript(low, "en").sections for text in s.sentences]
    assert not any("5" in text and "Fight" in text for text in sentences)

    ana_5 = love_letter_save(tmp_path, name="c.jsonl")
    ana_8 = love_letter_save(tmp_path, [line.replace("compare 3 5", "compare 3 8") for line in LOVE_LETTER],
                             name="d.jsonl")
    assert journal.read(ana_5).command_lines() == journal.read(ana_8).command_lines()
    for lang in ("en", "fr"):
        assert [s.sentences for s in transcript(ana_5, lang).sections] == [s.sentences for s in transcript(ana_8, lang).sections]
    text = make_review(ana_5, "en", "txt").decode("utf-8")
    assert "Prince" not in text and "Princess" not in text  # Ana's 5 (or 8) is hers alone


def test_undone_commands_are_left_out(tmp_path):
    plain = gauntlet_save(tmp_path, name="plain.jsonl")
    corrected = gauntlet_save(tmp_path, ["play proxima", "next", "play thor", "undo", "play hulk", "fight 3 5",
                                         "defeat hero 1 thor", "next", "undo", "next"], name="corrected.jsonl")
    assert [s.sentences for s in transcript(corrected, "en").sections] == [s.sentences for s in transcript(plain, "en").sections]


def test_damaged_lines_are_said_and_skipped(tmp_path):
    path = gauntlet_save(tmp_path)
    with path.open("a", encoding="utf-8") as handle:
        handle.write("{damaged\n")
    review = transcript(path, "en")
    assert review.facts[3] == "1 damaged line of the save file is skipped: line 8."
    assert [s.sentences for s in review.sections] == [sentences for _, sentences in GAUNTLET_EN]


# --------------------------------------------------------------------------- formats


def test_html_is_one_accessible_linear_page(tmp_path):
    from lxml import html as lxml_html

    path = love_letter_save(tmp_path)
    for lang, sections in (("en", LOVE_LETTER_EN), ("fr", LOVE_LETTER_FR)):
        page = make_review(path, lang, "html").decode("utf-8")
        assert page.startswith("<!DOCTYPE html>\n")
        root = lxml_html.document_fromstring(page)
        assert root.get("lang") == lang
        assert root.findtext(".//title") == root.findtext(".//h1") == transcript(path, lang).title
        assert not root.findall(".//script") and not root.findall(".//style") and "onclick" not in page
        assert [h.text_content() for h in root.findall(".//h2")] == [heading for heading, _ in sections]
        lists = root.findall(".//ol")
        assert [[li.text_content() for li in ol.findall("li")] for ol in lists] == [s for _, s in sections]
        assert [ol.get("start") for ol in lists] == ["1", str(len(sections[0][1]) + 1)]


def test_html_escapes_what_the_players_typed(tmp_path):
    path = make_save(tmp_path / "x.jsonl", "gauntlet", ["play proxima"], players=2, names=("<b>Zoé</b>", "A&B"))
    page = make_review(path, "en", "html").decode("utf-8")
    assert "<b>" not in page and "&lt;b&gt;Zoé&lt;/b&gt;" in page and "A&amp;B" in page


def test_brf_is_pages_of_40_cells_by_25_lines(tmp_path):
    pytest.importorskip("louis")
    path = gauntlet_save(tmp_path)
    for lang in ("en", "fr"):
        content = make_review(path, lang, "brf")
        pages = content.decode("ascii").split("\f")
        assert len(pages) >= 2
        for page in pages:
            assert page.endswith("\r\n")
            lines = page.split("\r\n")[:-1]
            assert len(lines) == 25
            assert all(len(line) <= 40 for line in lines)
            assert lines[-1].strip() != ""  # the braille page number, right-aligned
            assert len(lines[-1]) == 40
        assert all(32 <= ord(ch) < 96 or ch in "\r\n\f" for ch in content.decode("ascii"))


def test_brf_uses_the_aid_sheet_pipeline(tmp_path, monkeypatch):
    """``paginate`` and ``write_brf`` from braille/: the review adds blocks, not a layout of its own."""
    pytest.importorskip("louis")
    from companion.braille import brf, layout

    calls = []
    real_paginate, real_write = layout.paginate, brf.write_brf
    monkeypatch.setattr(layout, "paginate", lambda *a, **k: calls.append("paginate") or real_paginate(*a, **k))
    monkeypatch.setattr(brf, "write_brf", lambda pages: calls.append("write_brf") or real_write(pages))
    make_review(gauntlet_save(tmp_path), "en", "brf")
    assert calls == ["paginate", "write_brf"]


# --------------------------------------------------------------------------- the command


def review(capsys, *args: str) -> tuple[int, str, str]:
    try:
        status = cli.main(["review", *args])
    except SystemExit as stopped:
        status = int(stopped.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_review_to_standard_output(tmp_path, capsys):
    path = gauntlet_save(tmp_path)
    status, out, err = review(capsys, str(path), "--lang", "en")
    assert (status, err) == (0, "")
    assert out == make_review(path, "en", "txt").decode("utf-8")


def test_review_to_a_file_refuses_an_existing_file_without_force(tmp_path, capsys):
    path = gauntlet_save(tmp_path)
    target = tmp_path / "review.html"
    assert review(capsys, str(path), "--format", "html", "-o", str(target), "--lang", "en") == (
        0, f"Review written to {target}.\n", "")
    assert target.read_bytes() == make_review(path, "en", "html")
    target.write_text("mine", encoding="utf-8")
    assert review(capsys, str(path), "-o", str(target), "--lang", "fr") == (
        2, "", f"{target} existe déjà : ajoutez --force pour le remplacer.\n")
    assert target.read_text(encoding="utf-8") == "mine"
    assert review(capsys, str(path), "-o", str(target), "--force", "--lang", "fr")[0] == 0
    assert target.read_bytes() == make_review(path, "fr", "txt")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no temporary file left


@pytest.mark.parametrize("content, message", [
    (b"not a save\n", "{path} is not a save file the companion can read."),
    (b"", "{path} is empty: there is no game to review."),
    (b'{"format":"companion-journal","version":1,"game":"chess"}\n', "{path} is a save of a game this companion does "
                                                                       "not know: chess."),
    (b'{"format":"companion-journal","version":9,"game":"gauntlet"}\n', "{path} was saved by a newer companion: update "
                                                                         "the companion to review it."),
    # Issue 32: options of the wrong type were "cannot be replayed" (status 1), not a header it cannot read.
    (b'{"format":"companion-journal","version":1,"game":"gauntlet","options":{"players":"four"}}\n',
     "{path} records options of the wrong kind: it cannot be replayed as it was played."),
    (b'{"format":"companion-journal","version":1,"game":"num-x","options":{"mode":"chaos"}}\n',
     "{path} records options of the wrong kind: it cannot be replayed as it was played."),
])
def test_a_save_that_cannot_be_reviewed_gets_one_sentence(tmp_path, capsys, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    assert review(capsys, str(path), "--lang", "en") == (2, "", message.format(path=path) + "\n")


def test_a_missing_save_and_a_bad_format(tmp_path, capsys):
    missing = tmp_path / "nope.jsonl"
    assert review(capsys, str(missing), "--lang", "fr") == (2, "", f"Aucune sauvegarde à {missing}.\n")
    status, out, err = review(capsys, str(missing), "--format", "pdf", "--lang", "en")
    assert status == 2 and out == "" and "Traceback" not in err and "pdf" in err


def test_review_of_a_game_played_by_companion_play(tmp_path):
    save = tmp_path / "played.jsonl"
    env = dict(os.environ)
    played = subprocess.run(COMPANION + ["play", "love-letter", "--lang", "en", "--names", "Ana", "Bruno", "Chloé",
                                         "--save", str(save)],
                            input="\n".join(LOVE_LETTER) + "\n", capture_output=True, text=True, env=env, timeout=60)
    assert played.returncode == 0, played.stderr
    heard = played.stdout.splitlines()
    reviewed = subprocess.run(COMPANION + ["review", str(save), "--lang", "en"], capture_output=True, text=True,
                              env=env, timeout=60)
    assert reviewed.returncode == 0 and reviewed.stderr == ""
    numbered = [line.split(". ", 1)[1] for line in reviewed.stdout.splitlines() if line[:1].isdigit()]
    assert numbered == heard == [s for _, sentences in LOVE_LETTER_EN for s in sentences]


def test_html_of_a_review_is_independent_of_the_outputs(tmp_path):
    """The review's session has no voice and no display: making one never speaks."""
    path = gauntlet_save(tmp_path)
    assert as_html(transcript(path, "en")).count("<li>") == sum(len(s) for _, s in GAUNTLET_EN)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_brf_is_written_whatever_the_names(tmp_path, lang):
    """Nguyễn and Ωμέγα: English UEB has no cell for ễ or έ; the document is written, respelt, and says so once."""
    pytest.importorskip("louis")
    path = make_save(tmp_path / "x.jsonl", "gauntlet", ["play proxima"], players=2, names=("Nguyễn", "Ωμέγα"))
    content = make_review(path, lang, "brf").decode("ascii")
    assert ",NGUY5" in content if lang == "en" else ".NGUYEN" in content
    note = "SPELT )\\T" if lang == "en" else "SANS ACCENTS"
    assert " ".join(content.split()).count(note) == 1, content
    assert all(32 <= ord(ch) < 96 or ch in "\r\n\f" for ch in content)

"""The rules reader: navigation, find, ``rules``/``why`` in a game, ``companion rules`` piped, and the documents."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from companion import registry
from companion.announce import Announcer
from companion.cards import normalize
from companion.render import Settings
from companion.rules_cli import ReaderConfig, braille_blocks, make_document, run_reader
from companion.rules_data import load
from companion.rules_reader import RulesReader
from companion.session import Session, open_session
from conftest import Recorder

GAME_IDS = [game.id for game in registry.GAMES]
LANGS = ("fr", "en")
#: What a French and an English reader must find, as the issue names them.
MINDBUG_KEYWORDS = ["Chasseur", "Furtif", "Toxique", "Robuste", "Frénésie",
                    "Hunter", "Sneaky", "Poisonous", "Tough", "Frenzy"]
NUM_X_ACTIONS = ["joker", "flip", "flash", "simple", "passe"]


def reader(game_id: str, lang: str) -> RulesReader:
    game = registry.find(game_id)
    return RulesReader(load(game), lang, game.name(lang))


# --------------------------------------------------------------------------- navigation


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_next_reads_every_section_in_order_then_stops_and_says_where(game_id: str, lang: str) -> None:
    r = reader(game_id, lang)
    contents = r.contents()
    assert r.position == -1 and contents.moved
    assert all(f"{n} {title}" in contents.lines[2] for n, title in enumerate(r.titles(), 1))
    assert contents.lines[1] == r.rules.summary[lang]
    for index in range(r.count):
        answer = r.next()
        assert answer.moved and r.position == index
        assert answer.lines[0] == r.heading(index)
        assert answer.fields["section"] == index + 1 and answer.fields["id"] == r.rules.sections[index].id
    last = r.next()
    assert not last.moved and r.position == r.count - 1
    assert last.lines == (last.lines[0],) and last.lines[0].endswith(r.where())
    assert r.titles()[-1] in last.lines[0]
    assert last.event == "rules_where"


@pytest.mark.parametrize("lang", LANGS)
def test_previous_before_the_start_changes_nothing_and_says_where(lang: str) -> None:
    r = reader("mindbug", lang)
    first = r.previous()
    assert not first.moved and r.position == -1 and first.lines[0].endswith(r.where())
    r.go("2")
    assert r.previous().lines[0] == r.heading(0)
    assert r.previous().event == "rules_contents" and r.position == -1  # section 1 → the list of sections
    assert not r.previous().moved and r.position == -1


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_a_find_with_no_match_changes_nothing_and_says_where(game_id: str, lang: str) -> None:
    r = reader(game_id, lang)
    r.go("2")
    for answer in (r.find("xyzzyq"), r.find(""), r.go("999"), r.go("nonesuchsection"), r.go_or_find("qwxzv")):
        assert not answer.moved and r.position == 1
        assert len(answer.lines) == 1 and answer.lines[0].endswith(r.where())
        assert r.titles()[1] in answer.lines[0]


def test_again_and_go_by_number_and_forgiving_names() -> None:
    r = reader("gauntlet", "fr")
    assert r.go("6").lines[0] == "Section 6 sur 13, Combattre."
    assert r.again().lines == r.go("6").lines
    assert r.go("fin de partie").fields["id"] == "end"
    assert r.go("TOUR").fields["id"] == "turn"           # a word of the title, any case
    assert r.go("combat").fields["id"] == "fight"        # a prefix of the title ("Combattre")
    assert r.go("pions").fields["id"] == "tokens"
    assert r.go("0").event == "rules_contents"
    en = reader("mindbug", "en")
    assert en.go("keywords").fields["id"] == "keywords"
    assert en.go("combat").fields["id"] == "combat"      # its id
    assert en.go("the").event == "rules_where"           # several sections: names them, moves nowhere
    assert "could be several sections" in en.go("the").lines[0]


def test_find_reads_the_paragraph_about_the_word_and_cycles_through_sections() -> None:
    r = reader("num-x", "fr")
    first = r.find("±10")
    assert first.fields["id"] == "plus-minus-ten"
    assert first.lines[1].startswith("±10 :")
    assert "Aussi dans la section" in first.lines[0]
    second = r.find("±10")
    assert second.fields["id"] == "modes"  # the next section that mentions it
    assert r.find("±10").fields["id"] == "plus-minus-ten"  # back to the first


@pytest.mark.parametrize("typed,expected", [("Chaseur", "Chasseur"), ("Robsute", "Robuste"), ("Frenesie", None)])
def test_find_forgives_typos(typed: str, expected: str | None) -> None:
    r = reader("mindbug", "fr")
    answer = r.find(typed)
    assert answer.moved and answer.fields["id"] == "keywords"
    if expected:
        assert expected in answer.lines[0] and "le mot le plus proche" in answer.lines[0]


# --------------------------------------------------------------------------- every keyword and card is found


def _found_about(r: RulesReader, term: str, forms: tuple[str, ...], typed: str) -> None:
    r.contents()
    answer = r.find(typed)
    assert answer.moved, typed
    assert answer.event == "rules_found"
    section = r.section
    assert section is not None
    text = " ".join(answer.lines)
    linked = term in {f"keyword:{k}" for k in section.keywords} | {f"card:{c}" for c in r.rules.linked_cards(section)}
    mentioned = any(normalize(form) in normalize(text) for form in forms)
    assert linked or mentioned, (typed, section.id)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_keyword_is_found_in_both_languages(game_id: str, lang: str) -> None:
    r = reader(game_id, lang)
    for keyword in r.rules.keywords.values():
        for typed in keyword.names.values():
            _found_about(r, f"keyword:{keyword.id}", keyword.forms(), typed)


@pytest.mark.parametrize("game_id", ["gauntlet", "love-letter", "num-x"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_listed_card_is_found_by_its_name_in_both_languages(game_id: str, lang: str) -> None:
    r = reader(game_id, lang)
    cards = r.rules.cards
    assert cards is not None
    listed = {c for s in r.rules.sections for c in r.rules.linked_cards(s)}
    if game_id == "num-x":
        assert listed == set(NUM_X_ACTIONS)
    else:
        assert listed == {card.id for card in cards.cards}
    for card_id in listed:
        card = cards[card_id]
        for typed in card.names.values():
            _found_about(r, f"card:{card_id}", tuple(card.names.values()), typed)
            section = r.section
            assert section is not None and card_id in r.rules.linked_cards(section), (typed, section.id)


@pytest.mark.parametrize("lang", LANGS)
def test_mindbug_five_keywords_in_both_languages(lang: str) -> None:
    r = reader("mindbug", lang)
    for typed in MINDBUG_KEYWORDS:
        r.contents()
        answer = r.find(typed)
        assert answer.fields["id"] == "keywords", typed
        assert len(answer.lines) == 2  # the heading and the one paragraph about it
    r.contents()
    assert "Venimeux" not in " ".join(r.find("Venimeux").lines[1:]) or lang == "fr"
    assert r.find("Furie").lines[1].startswith("Frénésie" if lang == "fr" else "Frenzy")


def test_love_letter_dutch_names_and_handmaid_found_from_french() -> None:
    r = reader("love-letter", "fr")
    answer = r.find("Handmaid")
    assert answer.fields["id"] == "targets" and "Servante" in answer.lines[1]
    r.contents()
    assert r.find("Gravin").fields["id"] == "cards"
    assert "Comtesse" in " ".join(r.find("Gravin").lines)


# --------------------------------------------------------------------------- in a game


def make_session(game_id: str, lang: str, players: int | None = None) -> tuple[Session, Recorder]:
    game = registry.find(game_id)
    spec = game.spec
    options = game.rules.options_type(players=players or spec.default_players)
    recorder = Recorder()
    session = open_session(game, options, Settings(lang=lang), Announcer([recorder]))
    session.start()
    recorder.clear()
    return session, recorder


def said(session: Session, recorder: Recorder, line: str) -> list[str]:
    recorder.clear()
    assert session.handle(line)
    return recorder.texts


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_inside_every_game_reads_the_same_sections_and_changes_nothing(game_id: str) -> None:
    session, recorder = make_session(game_id, "fr")
    state = session.state
    r = reader(game_id, "fr")
    contents = said(session, recorder, "règles")
    assert contents[:3] == list(r.contents().lines[:3])
    assert said(session, recorder, "rules 2") == list(r.go("2").lines)
    assert said(session, recorder, "règles suivant") == list(r.next().lines)
    assert said(session, recorder, "règles encore") == list(r.again().lines)
    assert said(session, recorder, "règles 99") == list(r.go("99").lines)
    assert said(session, recorder, "règles qwxzvq") == list(r.go_or_find("qwxzvq").lines)
    assert session.state is state and not session.table.steps
    assert {u.event for u in recorder.utterances} <= {"rules", "rules_where", "rules_found", "rules_contents"}


def test_rules_word_in_a_game_finds_a_keyword() -> None:
    session, recorder = make_session("mindbug", "en")
    lines = said(session, recorder, "rules tough")
    assert lines[0] == "Section 6 of 8, The keywords." and lines[1].startswith("Tough:")
    assert said(session, recorder, "règles Frénésie")[1].startswith("Frenzy:")


def test_why_reads_the_rule_that_refused_then_falls_back_to_the_help_line() -> None:
    session, recorder = make_session("gauntlet", "en")
    assert said(session, recorder, "why") == ["Nothing has been refused: why reads the rule behind the last refusal."]
    refused = said(session, recorder, "next")  # Thanos has not played a card yet
    assert recorder.utterances[0].fields["code"] == "not_played", refused
    why = said(session, recorder, "why")
    assert why[0] == "The rule behind that refusal:"
    assert why[1] == "Section 4 of 13, The turn."
    assert recorder.utterances[1].fields["code"] == "not_played"
    assert said(session, recorder, "pourquoi") == why  # why does not forget the refusal
    said(session, recorder, "play")  # a refusal of the typing, not of the rules: no section explains it
    fallback = said(session, recorder, "why")
    assert fallback[0] == "No section of the rules is about that refusal."
    assert fallback[1] == session.narrator.renderer.help_line("play", session.narrator.ctx)


def test_why_in_french_love_letter() -> None:
    session, recorder = make_session("love-letter", "fr", players=2)
    said(session, recorder, "écartées garde garde garde")
    said(session, recorder, "suivant")
    assert recorder.utterances[0].fields["code"] in ("not_played", "already_played")
    why = said(session, recorder, "pourquoi")
    assert why[0] == "La règle qui explique ce refus :"
    assert why[1].startswith("Section 3 sur 7, Le tour.")


def test_help_lists_rules_and_why() -> None:
    session, recorder = make_session("the-void", "en")
    lines = said(session, recorder, "help")
    assert any(line.startswith("rules:") for line in lines) and any(line.startswith("why:") for line in lines)
    assert said(session, recorder, "help why") == ["why: the rule behind the last refusal."]


def test_extra_words_after_why_are_refused() -> None:
    session, recorder = make_session("mindbug", "en")
    said(session, recorder, "why not")
    assert recorder.utterances[0].event == "error"


# --------------------------------------------------------------------------- companion rules, piped


def run_piped(game_id: str, lang: str, lines: str, section: str = "") -> list[str]:
    out = io.StringIO()
    assert run_reader(registry.find(game_id), ReaderConfig(lang, section), io.StringIO(lines), out) == 0
    return out.getvalue().splitlines()


def test_the_cli_reader_with_piped_lines() -> None:
    r = reader("mindbug", "en")
    out = run_piped("mindbug", "en", "next\n\nnext\nprevious\nagain\n6\nfind Tough\nkeywords\nzzqxw\nquit\nnext\n")
    expected = [*r.contents().lines, *r.next().lines, *r.next().lines, *r.previous().lines, *r.again().lines,
                *r.go("6").lines, *r.find("Tough").lines, *r.go("keywords").lines, *r.go_or_find("zzqxw").lines]
    assert out == expected  # a blank line is skipped; nothing is read after quit


def test_the_cli_reader_in_french_and_from_a_section() -> None:
    out = run_piped("gauntlet", "fr", "suivant\nprécédent\ncherche pion pouvoir\nsommaire\nquitter\n", "fin de partie")
    assert out[0] == "Section 9 sur 13, Fin de partie."
    assert "Section 10 sur 13, Partie à deux." in out
    assert any(line.startswith("Section 7 sur 13, Pions pouvoir.") for line in out)
    assert "Le Gant d'Infinité : les règles, en 13 sections." in out


def test_the_cli_end_to_end(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "companion", "rules", "love-letter", "--lang", "en"]
    result = subprocess.run(command, input="find Handmaid\nnext\n", capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "Rules of Love Letter, in 7 sections."
    assert "Section 4 of 7, Choosing a player." in result.stdout
    target = tmp_path / "rules.txt"
    written = subprocess.run([*command, "--format", "txt", "-o", str(target)], capture_output=True, text=True,
                             timeout=60)
    assert written.returncode == 0 and target.read_text("utf-8").startswith("Love Letter: the rules\n")
    again = subprocess.run([*command, "--format", "txt", "-o", str(target)], capture_output=True, text=True,
                           timeout=60)
    assert again.returncode == 2 and "--force" in again.stderr
    unknown = subprocess.run([sys.executable, "-m", "companion", "rules", "chess"], capture_output=True, text=True,
                             timeout=60)
    assert unknown.returncode == 2


@pytest.mark.parametrize(("args", "said"), [
    (["gant", "-o", "regles.txt"], "-o et --force vont avec --format : ajoutez --format txt, html, brf ou pef.\n"),
    (["gant", "--force", "--lang", "en"], "-o and --force go with --format: add --format txt, html, brf or pef.\n"),
])
def test_a_file_without_a_format_is_refused(tmp_path: Path, args: list[str], said: str) -> None:
    """-o without --format was silently ignored: the reader ran and no file was written."""
    result = subprocess.run([sys.executable, "-m", "companion", "rules", *args], capture_output=True, text=True,
                            input="", cwd=tmp_path, timeout=60)
    assert (result.returncode, result.stderr, result.stdout) == (2, said, "")
    assert list(tmp_path.iterdir()) == []


def test_a_missing_game_names_only_the_game(tmp_path: Path) -> None:
    """SECTION is optional: the sentence for a missing game said both were required."""
    result = subprocess.run([sys.executable, "-m", "companion", "rules", "--format", "html", "--lang", "en"],
                            capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines()[-1] == ("companion: the following arguments are required: GAME. "
                                              "Type companion --help for help.")


# --------------------------------------------------------------------------- documents


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.lang: str | None = None
        self.h2: list[str] = []
        self._in_h2 = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag == "html":
            self.lang = dict(attrs).get("lang")
        self._in_h2 = tag == "h2"

    def handle_data(self, data: str) -> None:
        if self._in_h2:
            self.h2.append(data)
            self._in_h2 = False


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_html_page_is_linear_and_accessible(game_id: str, lang: str) -> None:
    page = make_document(registry.find(game_id), "html", lang).decode("utf-8")
    parsed = _Page()
    parsed.feed(page)
    r = reader(game_id, lang)
    assert parsed.lang == lang
    assert parsed.tags.count("h1") == 1
    assert parsed.h2 == [f"{n}. {title}" for n, title in enumerate(r.titles(), 1)]
    assert "script" not in parsed.tags and "style" not in parsed.tags
    for index in range(r.count):
        for paragraph in r.paragraphs(index):
            assert paragraph.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") in page


@pytest.mark.parametrize("lang", LANGS)
def test_the_txt_document_holds_every_paragraph(lang: str) -> None:
    text = make_document(registry.find("mindbug"), "txt", lang).decode("utf-8")
    r = reader("mindbug", lang)
    assert text.startswith("Mindbug" + (" : les règles\n" if lang == "fr" else ": the rules\n"))
    for index in range(r.count):
        assert f"\n{index + 1}. {r.titles()[index]}\n" in text
        for paragraph in r.paragraphs(index):
            assert paragraph in text


louis = pytest.importorskip("louis")


@pytest.fixture(scope="module")
def schema():
    from lxml import etree

    return etree.RelaxNG(etree.parse(str(Path(__file__).parent / "data" / "pef" / "pef-2008-1.rng")))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang,grade", [("fr", 1), ("fr", 2), ("en", 1), ("en", 2)])
def test_the_pef_validates(schema, game_id: str, lang: str, grade: int) -> None:
    from lxml import etree

    data = make_document(registry.find(game_id), "pef", lang, grade, cells=34, lines=27)
    document = etree.fromstring(data)
    assert schema.validate(document), schema.error_log
    ns = {"p": "http://www.daisy.org/ns/2008/pef", "dc": "http://purl.org/dc/elements/1.1/"}
    assert document.findtext(".//dc:language", namespaces=ns) == lang
    assert document.findtext(".//dc:identifier", namespaces=ns) == f"companion-rules-{game_id}-{lang}-grade{grade}-34x27"
    for page in document.findall(".//p:page", ns):
        rows = [row.text or "" for row in page.findall("p:row", ns)]
        assert len(rows) == 27 and all(len(row) <= 34 for row in rows)


def _squeeze(text: str) -> str:
    return "".join(text.split()).casefold().replace("\u2019", "'")


#: Where liblouis's UEB grade-2 back-translation reads a right translation another way (a word alone before ";" or
#: the word "enough": their contractions read back as the letter), as in tests/test_aid_sheet.py.
GRADE_2_READ_BACK = {"more;": "m;", "can;": "c;", "enough": "en"}


def _read_back_equal(source: str, read: str, lang: str, grade: int) -> bool:
    if _squeeze(read) == _squeeze(source):
        return True
    fixed = [GRADE_2_READ_BACK.get(word, word) for word in source.casefold().split()]
    return grade == 2 and lang == "en" and _squeeze(" ".join(fixed)) == _squeeze(read)


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang,grade", [("fr", 1), ("fr", 2), ("en", 1), ("en", 2)])
def test_every_braille_line_back_translates_to_its_text(game_id: str, lang: str, grade: int) -> None:
    from companion.braille.layout import paginate
    from companion.braille.translate import back_translate

    r = reader(game_id, lang)
    pages = paginate(braille_blocks(r), lang, grade, None, 40, 25)
    checked = 0
    for page in pages:
        for line in page.lines[:-1]:
            if line.cells:
                assert _read_back_equal(line.text, back_translate(line.cells, lang, grade), lang, grade), line.text
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("lang", LANGS)
def test_the_brf_back_translates_with_liblouis(game_id: str, lang: str) -> None:
    from companion.braille.brf import NORTH_AMERICAN
    from companion.braille.translate import TABLES

    data = make_document(registry.find(game_id), "brf", lang, 1, cells=38, lines=24)
    text = data.decode("ascii")
    assert set(text) <= set(NORTH_AMERICAN) | {"\r", "\n", "\f"}
    pages = text.split("\f")
    tables = ["en-us-brf.dis", TABLES[lang, 1]]
    r = reader(game_id, lang)
    first_page = [line for line in pages[0].split("\r\n")[:-1] if line.strip()]
    assert len(pages[0].split("\r\n")[:-1]) == 24
    assert _squeeze(louis.backTranslateString(tables, first_page[0].strip())) == _squeeze(f"{r.game_name}" + (
        " : les règles" if lang == "fr" else ": the rules"))
    for number, page in enumerate(pages, 1):
        assert louis.backTranslateString(tables, page.split("\r\n")[-2].strip()) == str(number)
    read = _squeeze(" ".join(louis.backTranslateString(tables, line) for page in pages
                             for line in page.split("\r\n")[:-2]))
    for index in range(r.count):
        assert _squeeze(re.sub(r"\s+", " ", r.titles()[index])) in read


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_num_x_action_cards_have_no_value_and_say_their_copies_by_player_count(lang: str) -> None:
    """Issue 32: the reader read "Joker, value 0, 2 copies" whatever the player count (1 copy at 2 players)."""
    r = reader("num-x", lang)
    index = next(i for i, s in enumerate(r.rules.sections) if s.id == "action-cards")
    text = " ".join(r.paragraphs(index))
    assert not re.search(r"(valeur|value) 0", text) and not re.search(r"Joker[^.]*2 (exemplaires|copies)", text)
    assert ("1 exemplaire, 2 à partir de 3 joueurs" if lang == "fr" else "1 copy, 2 from 3 players") in text


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_num_x_opponent_mode_says_what_action_cards_do_on_another_players_pile(lang: str) -> None:
    r = reader("num-x", lang)
    index = next(i for i, s in enumerate(r.rules.sections) if s.id == "opponent-mode")
    text = " ".join(r.paragraphs(index))
    assert "Flip" in text and "Flash" in text and ("famille" in text if lang == "fr" else "family" in text)


@pytest.mark.parametrize(("lang", "typed", "name"), [
    ("en", "spider owl", "Spider Owl"), ("en", "arachnibou", "Spider Owl"), ("en", "spidr owl", "Spider Owl"),
    ("fr", "arachnibou", "Arachnibou"), ("fr", "spider owl", "Arachnibou"), ("fr", "arachibou", "Arachnibou"),
])
def test_a_card_is_found_by_name_forgiving_in_both_languages(lang: str, typed: str, name: str) -> None:
    r = reader("mindbug", lang)
    answer = r.request(typed)
    assert answer is not None and answer.event == "rules_card"
    assert answer.lines[0].startswith(f"{name}, ") and answer.fields["card"] == "spider-owl"
    assert r.find(typed).lines == answer.lines


def test_a_word_that_is_no_card_still_says_where_the_reader_is() -> None:
    assert reader("mindbug", "en").request("zzzz qqqq").event == "rules_where"


@pytest.mark.parametrize(("game_id", "title"), [("gauntlet", "Fin de partie"), ("the-void", "Fin de manche")])
def test_fin_reads_the_section_it_names_rather_than_quitting(game_id: str, title: str) -> None:
    """rules.fr.md offers ``fin`` as a section name; "fin" is also a word for quit, which closed the reader at once."""
    r = reader(game_id, "fr")
    answer = r.request("fin")
    assert answer is not None and answer.moved and r.titles()[r.position] == title
    assert reader("num-x", "fr").request("fin") is None  # no section of Num-X is called so: quit, as before
    assert r.request("quitter") is None

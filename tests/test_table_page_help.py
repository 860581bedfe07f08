"""Each front end's ``help``, exactly: the table page says its keys, the terminal its own, a script none.

Each front end's own lines come from its `FrontHelp` (companion/web/table_page/help.py, companion/ui/help.py),
asked by the session for the lines typed there only; a line handed with none (a script, ``--json``) hears the
shared help, which names no key. The page in a real browser: tests/test_web_table_page.py.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.announce import Announcer, RecordingOutput
from companion.registry import GAMES, find
from companion.render import Settings
from companion.rules_reader import RulesAnswerer
from companion.session import FrontHelp, Wiring, open_session
from companion.ui.help import TERMINAL_HELP
from companion.web.table_page.page import PAGE_HELP

pytestmark = pytest.mark.timeout(60)

HELP = {"en": "help", "fr": "aide"}

#: The end of the terminal's help (the shared commands, then rules and why) before its keys, exactly as it was.
TERMINAL = {
    "en": ["undo: take back the last change. Ctrl+Z.", "redo: put back what undo took back. Ctrl+Y.",
           "card NAME: read a card's value and effect.", "cards: list every card of the game.",
           "help: this list. help COMMAND: one command.", "repeat: say the whole last answer again. F2.",
           "speech on, speech off: voice on or off.", "verbosity terse, normal or full. How much each change says.",
           "pan, pan back: move the braille line.", "save FILE: go on in another file. Useful when the disk is full.",
           "quit: stop for now. The game is saved.",
           "rules: the rules, section by section. Then rules NUMBER, NAME or WORD.",
           "why: the rule behind the last refusal."],
    "fr": ["annule : défait le dernier changement. Ctrl+Z.", "rétablis : remet ce qu'annule a ôté. Ctrl+Y.",
           "carte NOM : valeur et effet.", "cartes : toutes les cartes du jeu.",
           "aide : cette liste. aide COMMANDE : une seule commande.", "répète : toute la dernière réponse. F2.",
           "parole oui, parole non : la voix.", "verbosité brève, normale ou complète. Ce que dit chaque changement.",
           "défile, défile arrière. Bouge la ligne braille.",
           "sauvegarde FICHIER. Continue dans un autre fichier. Utile si le disque est plein.",
           "quitter : s'arrêter pour l'instant. La partie est enregistrée.",
           "règles : section par section. Puis règles NUMÉRO, NOM ou MOT.", "pourquoi : la règle du dernier refus."],
}
#: The end of a script's help: the shared commands, naming no key (before, they named the terminal's), then
#: rules and why.
SCRIPT = {
    "en": ["undo: take back the last change.", "redo: put back what undo took back.",
           *TERMINAL["en"][2:5], "repeat: say the whole last answer again.", *TERMINAL["en"][6:]],
    "fr": ["annule : défait le dernier changement.", "rétablis : remet ce qu'annule a ôté.",
           *TERMINAL["fr"][2:5], "répète : toute la dernière réponse.", *TERMINAL["fr"][6:]],
}
#: The end of the page's help: the same commands with the page's ways, then the page's keys.
PAGE = {
    "en": ["undo: take back the last change. The Undo button too.",
           "redo: put back what undo took back. The Redo button too.",
           "card NAME: read a card's value and effect.", "cards: list every card of the game.",
           "help: this list. help COMMAND: one command.", "repeat: say the whole last answer again.",
           "speech on, speech off: voice on or off. The page's own voice: its check box.",
           "verbosity terse, normal or full. How much each change says.",
           "pan, pan back: the companion's braille line. Not the screen reader's.",
           "save FILE: go on in another file. Useful when the disk is full.",
           "quit: stop for now. The game is saved.",
           "rules: the rules, section by section. Then rules NUMBER, NAME or WORD.",
           "why: the rule behind the last refusal.",
           "Enter sends the command. Up and Down: the lines sent before.",
           "Access keys: Alt and a letter. Firefox: Alt, Shift and the letter. Mac: Control, Option and the letter.",
           "C: the command field.", "V: the secret value field.", "S: the status.", "N: who must act now.",
           "L: what the table says."],
    "fr": ["annule : défait le dernier changement. Le bouton Annuler aussi.",
           "rétablis : remet ce qu'annule a ôté. Le bouton Rétablir aussi.",
           "carte NOM : valeur et effet.", "cartes : toutes les cartes du jeu.",
           "aide : cette liste. aide COMMANDE : une seule commande.", "répète : toute la dernière réponse.",
           "parole oui, parole non : la voix. Celle de la page : sa case à cocher.",
           "verbosité brève, normale ou complète. Ce que dit chaque changement.",
           "défile, défile arrière. Bouge la ligne braille du compagnon. Pas celle du lecteur d'écran.",
           "sauvegarde FICHIER. Continue dans un autre fichier. Utile si le disque est plein.",
           "quitter : s'arrêter pour l'instant. La partie est enregistrée.",
           "règles : section par section. Puis règles NUMÉRO, NOM ou MOT.", "pourquoi : la règle du dernier refus.",
           "Entrée envoie la commande. Haut et Bas : lignes envoyées avant.",
           "Touches d'accès : Alt et une lettre. Firefox : Alt, Maj et la lettre. Mac : Contrôle, Option, la lettre.",
           "C : le champ de commande.", "V : le champ de la valeur secrète.", "S : l'état de la partie.",
           "N : qui doit agir maintenant.", "L : ce que dit la table."],
}
#: The interactive terminal's keys, said after its help, exactly as they were.
TERMINAL_KEY_LINES = {
    "en": ["F1: help, what can be done now.", "F2: say the whole last answer again.",
           "F3: short status: what to do now, and the lives.", "F4: whose turn it is and what they may do.",
           "F5: the previous sentence.", "F6: the next sentence.", "Ctrl+Z: undo.", "Ctrl+Y: redo.",
           "Escape: stop speech.", "Tab: complete a command, a player or a card. Press it again to hear the choices.",
           "Up and Down arrows: the lines typed before.", "Ctrl+C: clear the line being typed.",
           "Ctrl+D on an empty line, or quit: stop for now; the game is saved."],
    "fr": ["F1 : aide, ce qu'on peut faire maintenant.", "F2 : redit toute la dernière réponse.",
           "F3 : état court : ce qu'il faut faire maintenant, et les vies.",
           "F4 : à qui de jouer et ce qu'on peut faire.", "F5 : la phrase précédente.", "F6 : la phrase suivante.",
           "Ctrl+Z : annuler.", "Ctrl+Y : rétablir.", "Échap : arrêter la parole.",
           "Tab : compléter une commande, un joueur ou une carte. Appuyez à nouveau pour entendre les choix.",
           "Flèches haut et bas : les lignes tapées avant.", "Ctrl+C : effacer la ligne en cours.",
           "Ctrl+D sur une ligne vide, ou quitter : arrêter pour l'instant ; la partie est sauvegardée."],
}
#: Keys only a terminal has.
TERMINAL_KEYS = re.compile(r"Ctrl\+|\bF[1-9]\b|Échap|Escape|\bTab\b")


def _help(game: str, lang: str, line: str, front: FrontHelp | None) -> list[str]:
    """What ``line`` says at a new table of ``game`` (rules and why answered, as play wires them)."""
    recorder = RecordingOutput()
    spec = find(game)
    session = open_session(spec, spec.rules.options_type(), Settings(lang),
                           Wiring(Announcer([recorder]), answerers=(RulesAnswerer(),)), None)
    session.start()
    start = len(recorder.utterances)
    session.handle(line, front)
    assert session.front is None  # the page's lines are asked for its own line only
    return [u.text for u in recorder.utterances[start:]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_each_front_end_hears_its_own_help_exactly(lang: str) -> None:
    terminal = _help("love-letter", lang, HELP[lang], TERMINAL_HELP)
    page = _help("love-letter", lang, HELP[lang], PAGE_HELP)
    script = _help("love-letter", lang, HELP[lang], None)
    assert terminal[-len(TERMINAL[lang]) - len(TERMINAL_KEY_LINES[lang]):] == TERMINAL[lang] + TERMINAL_KEY_LINES[lang]
    assert page[-len(PAGE[lang]):] == PAGE[lang]
    assert script[-len(SCRIPT[lang]):] == SCRIPT[lang]
    # Everything before (what can be done now, the game's own commands) is the same on all three.
    before = script[:-len(SCRIPT[lang])]
    assert page[:-len(PAGE[lang])] == before == terminal[:-len(TERMINAL[lang]) - len(TERMINAL_KEY_LINES[lang])]
    # A script's line after a page's line: the script's help again.
    assert _help("love-letter", lang, HELP[lang], None) == script


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_interactive_terminal_s_help_is_its_own_exactly(lang: str, tmp_path: Path) -> None:
    """Typed at the interactive prompt: the shared lines naming its keys, then its keys (then Ctrl+C's answer)."""
    from test_ui import Table as Terminal

    said = Terminal(tmp_path, lang).play(HELP[lang] + "\r").splitlines()
    assert said[-1 - len(TERMINAL_KEY_LINES[lang]) - len(TERMINAL[lang]):-1] == TERMINAL[lang] + TERMINAL_KEY_LINES[lang]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_piped_script_s_help_names_no_key(lang: str, tmp_path: Path) -> None:
    """``companion play … --json`` fed by a script: the shared help, which named the terminal's keys, names none."""
    result = subprocess.run([sys.executable, "-m", "companion", "play", "love-letter", "--lang", lang, "--save",
                             str(tmp_path / "game.jsonl"), "--json"], input=HELP[lang] + "\n", capture_output=True,
                            text=True, env=dict(os.environ), timeout=120)
    assert result.returncode == 0, result.stderr
    events = [json.loads(line) for line in result.stdout.splitlines()]
    said = [e["text"] for e in events if e["event"] == "help"]
    assert said[-len(SCRIPT[lang]):] == SCRIPT[lang]
    assert [e for e in events if e["event"] == "help" and e.get("topic") == "keys"] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", [g.id for g in GAMES])
def test_no_terminal_key_in_the_page_s_nor_a_script_s_help_of_any_game_nor_in_one_command_s(game: str,
                                                                                            lang: str) -> None:
    for front in (PAGE_HELP, None):
        said = _help(game, lang, HELP[lang], front)
        assert [text for text in said if TERMINAL_KEYS.search(text)] == []
    undo = "help undo" if lang == "en" else "aide annule"
    assert _help(game, lang, undo, PAGE_HELP) == PAGE[lang][:1]
    assert _help(game, lang, undo, TERMINAL_HELP) == TERMINAL[lang][:1]
    assert _help(game, lang, undo, None) == SCRIPT[lang][:1]


@pytest.mark.parametrize(("lang", "grade"), [("fr", 1), ("fr", 2), ("en", 2)])
def test_each_sentence_of_the_page_s_own_help_fits_a_40_cell_display(lang: str, grade: int) -> None:
    """The page's help reaches the companion's own braille display too (it is the table's help)."""
    louis = pytest.importorskip("louis")  # noqa: F841 - liblouis translates below
    from companion.braille.translate import translate

    own = [*PAGE_HELP.verb_lines(lang).values(), *PAGE_HELP.key_lines(lang)]
    sentences = [part for text in own for part in re.split(r"(?<=[.?!])\s+", text) if part]
    assert len(sentences) > 12
    assert [s for s in sentences if len(translate(s, lang, grade)) > 40 - 2] == []

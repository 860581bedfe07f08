"""The sentence audit's other half (tests/test_sentence_audit.py hears the games' events): every refusal random play
meets, and the sentences said outside a game's events (the pages, the terminal UI, the tools, doctor, the core).

Apart so that xdist (``--dist loadfile``) runs the two halves on two cores.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from companion.registry import GAMES, find
from tests.sentence_audit import breaks
from tests.test_sentence_audit import NAMES, SEEDS

pytestmark = pytest.mark.timeout(120)


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("game_id", [g.id for g in GAMES])
def test_refusals_met_in_random_games_break_no_sentence_rule(game_id: str, lang: str) -> None:
    """The rules' refusals that random play meets (tests/conformance.py ``play_randomly``), said with names given."""
    from companion.render import Context, Settings
    from tests.conformance import play_randomly

    game = find(game_id)
    players = game.spec.default_players
    names = NAMES[:players]
    cards = game.cards()
    found: list[str] = []
    for seed in SEEDS:
        run = play_randomly(game.rules, game.rules.options_type(players=players, names=names), cards, seed)
        ctx = Context(Settings(lang), cards, game.renderer.domain, names, game.parser.vocabulary)
        for code, details in run.refusals.items():
            found.extend(f"refusal {code}: {b}" for b in breaks(game.renderer.render_error(code, details, ctx), lang, names))
    found = sorted(set(found))
    assert not found, f"{len(found)} breaks:\n" + "\n".join(found[:40])


# ----------------------------------------------------------------- the pages' and the tools' sentences

#: The catalogs of what is said outside a game's events: the pages (``web``: the feed, refusals, seat messages),
#: the terminal UI, the tools (saves, records, simulate, stickers) and doctor. After the page narrator is merged,
#: its sentences are still the ``web`` catalog's: this test hears them from there (add its domain here if it has one).
OUTSIDE_DOMAINS = ("web", "ui", "tools", "doctor", "core")
#: Sample values for a message's fields: numbers where the field counts, else a name that needs no elision.
NUMERIC_FIELDS = re.compile(r"count|^n$|number|players|cells|low|high|length|limit|total|seconds|games|percent|size")
FIELD = re.compile(r"\{(\w*)[^{}]*\}")
#: Catalog sentences found too long or wrong by this audit and not yet fixed: "domain<TAB>msgid" lines.
KNOWN_CATALOG_BREAKS = Path(__file__).with_name("data") / "sentence_audit_known.tsv"


def catalog_breaks(domain: str) -> tuple[int, list[tuple[str, str, str]]]:
    """Every message of ``domain``'s catalog, in English (the msgid) and French, its fields filled: (heard, breaks).

    Command-line help (the ``*_help.py`` files, argparse's ``--help``) is read, not said: it is left out.
    """
    from babel.messages.pofile import read_po

    with (Path(__file__).parents[1] / "companion" / "locale" / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as po:
        catalog = read_po(po)
    heard, found = 0, []
    for message in catalog:
        if not message.id or any("_help" in path for path, _ in message.locations):
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        msgstr = message.string if isinstance(message.string, str) else message.string[0]
        for lang, text in (("en", msgid), ("fr", msgstr or msgid)):
            filled = FIELD.sub(lambda m: "3" if NUMERIC_FIELDS.search(m.group(1)) else "Bo", text)
            heard += 1
            found.extend((domain, msgid, f"{lang}: {b}") for b in breaks(filled, lang))
    return heard, found


@pytest.mark.parametrize("domain", OUTSIDE_DOMAINS)
def test_the_pages_and_tools_sentences_break_no_rule(domain: str, record_property: Any) -> None:
    heard, found = catalog_breaks(domain)
    known = {tuple(line.split("\t", 1)) for line in KNOWN_CATALOG_BREAKS.read_text(encoding="utf-8").splitlines() if line}
    record_property("sentence_audit", f"sentence audit, {domain} catalog: {heard} sentences heard, "
                                      f"{len({(d, m) for d, m, _ in found} & known)} marked to fix")
    unknown = sorted({f"{m!r}: {b}" for d, m, b in found if (d, m.replace("\n", " ")) not in known})
    assert not unknown, f"{len(unknown)} breaks:\n" + "\n".join(unknown[:40])

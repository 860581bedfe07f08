"""The hall: where every front end meets the game.

- `Table` (``table.py``): the game, its state, the steps, the redo stack and the save file; no language.
- `Narrator` (``narrator.py``): every sentence, in the table's language and each page's own.
- `Session` (``core.py``): typed lines in, the table changed, the sentences said; built from one frozen `Wiring`.
- `Listener` and `Answerer` (``wiring.py``): what follows the game (records, hands) and answers what no game knows.
"""

from __future__ import annotations

from msgspec.structs import replace

from companion import journal as journal_mod
from companion.announce import Announcer
from companion.cards import CardSet
from companion.registry import Game
from companion.render import Settings
from companion.session.core import Session
from companion.session.narrator import Narrator
from companion.session.records_keeper import RecordsKeeper
from companion.session.table import Step, Table
from companion.session.wiring import Answerer, FrontHelp, Listener, SecretHandler, Wiring


def open_session(game: Game, options: object, settings: Settings, wiring: Wiring | Announcer,
                 journal: journal_mod.Journal | None = None, cards: CardSet | None = None,
                 records: bool = True) -> Session:
    """A new table of ``game`` and its session, wired as ``companion play`` wires one (scripts, tests, reviews).

    ``wiring`` may be a bare announcer. A `RecordsKeeper` comes first among its listeners (unless ``records`` is
    false: a review never counts a game again), and the rules reader answers ``rules`` and ``why``.

    :raises RuleError: options the rules refuse.
    """
    from companion.rules_answerer import LazyRulesAnswerer

    if isinstance(wiring, Announcer):
        wiring = Wiring(wiring)
    keepers = (RecordsKeeper(),) if records else ()
    wiring = replace(wiring, listeners=(*keepers, *wiring.listeners), answerers=(*wiring.answerers, LazyRulesAnswerer()))
    return Session(Table(game, options, cards, journal), settings, wiring)


__all__ = ["Answerer", "FrontHelp", "Listener", "Narrator", "RecordsKeeper", "SecretHandler", "Session", "Step", "Table",
           "Wiring", "open_session"]

"""Random keys and lines never crash the interactive mode, and its save file rebuilds the same game."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import journal
from companion.announce import Announcer
from companion.render import Settings
from companion.session import open_session
from test_ui import CTRL_C, CTRL_D, CTRL_Y, CTRL_Z, ESCAPE, F1, F2, F3, F4, F5, F6, GAUNTLET, TAB, Table

KEYS = [F1, F2, F3, F4, F5, F6, CTRL_Z, CTRL_Y, ESCAPE, TAB, CTRL_C, "\x1b[A", "\x1b[B"]
LINES = ["status", "next", "play ebony maw", "play captain america", "play hulk", "play black dwarf", "fight",
         "fight hero1", "fight 3 5", "0003", "00005", "12x", "undo", "redo", "help", "aide", "played", "unseen",
         "defeat hero 1 hulk", "defeat thanos ebony maw", "token hero1 1", "suivant", "joue", "repeat", "pan",
         "speech off", "speech on", "card hulk", "", "sta", "play ca"]
ITEMS = st.one_of(st.sampled_from(KEYS), st.sampled_from(LINES).map(lambda line: line + "\r"),
                  st.text(alphabet="abcdefghijklmnopqrstuvwxyz 0123456789é", max_size=8))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ITEMS, max_size=20), st.sampled_from(["en", "fr"]))
def test_random_keys_never_crash_and_the_save_rebuilds_the_game(items: list[str], lang: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        table = Table(Path(folder), lang)
        table.play("".join(items) + CTRL_C + CTRL_D + CTRL_C + CTRL_D)
        assert table.session.wiring.announcer.failures == []
        table.session.table.journal.close()
        replay = journal.read(table.path)
        rebuilt = open_session(GAUNTLET, GAUNTLET.rules.options_from(replay.options), Settings(lang=lang), Announcer())
        result = rebuilt.table.restore(replay)
        assert result.refused == [] and result.ignored == []
        assert rebuilt.state == table.session.state
        assert [s.command for s in rebuilt.table.steps] == [s.command for s in table.session.table.steps]
        assert rebuilt.table.redo_commands == table.session.table.redo_commands

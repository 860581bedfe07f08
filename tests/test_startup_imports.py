"""Start-up: ``companion --help`` imports only what printing the help needs.

The help is what a new user runs first, and each heavy module costs a screen-reader user a
pause before anything is said (issue 34: at most 2 × ``python -c pass``). Checked in a fresh
interpreter, from ``sys.modules`` after the help is printed: no game, no session, no catalog
tooling, none of the standard library's heavy modules that the help does not use.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Modules the help has no use for, each of which costs milliseconds to import.
HEAVY = ("tomllib", "dataclasses", "inspect", "typing", "shutil", "lzma", "bz2", "babel", "msgspec", "filelock", "sqlite3",
         "companion.registry", "companion.games", "companion.session", "companion.play", "companion.journal",
         "pathlib", "urllib", "ipaddress", "fnmatch")  # pathlib (and what it imports): a file named, not the help

PROBE = """
import contextlib, gc, io, json, sys
gc.disable()  # as companion/__main__.py does while the companion loads
from companion.cli import main
with contextlib.redirect_stdout(io.StringIO()) as printed:
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
found = {"modules": sorted(sys.modules), "printed": printed.getvalue(), "collector": gc.isenabled()}
found["dataclasses"] = sorted(f"{name}.{kind.__name__}" for name, module in list(sys.modules.items())
                              if name.startswith("companion") and module is not None for kind in vars(module).values()
                              if isinstance(kind, type) and kind.__module__ == name and "__dataclass_fields__" in vars(kind))
if "msgspec" in sys.modules:  # imported without typing_extensions (companion/msgspec_import.py): all as before after
    import typing
    import msgspec._utils
    import typing_extensions
    found["msgspec"] = {"hints": msgspec._utils._get_type_hints is typing.get_type_hints,
                        "required": msgspec._utils.Required is typing_extensions.Required is typing.Required,
                        "typing_extensions": typing_extensions.__name__}
json.dump(found, sys.stdout)
"""


def as_installed(env: dict[str, str] | None = None) -> tuple[list[str], dict[str, str]]:
    """The probe's interpreter and environment as a user's install starts (as benchmarks/bench_startup.py runs): the
    development venv's ``__editable__`` finder, run by its ``site`` at every start, imports pathlib, re, urllib.parse,
    importlib.util… and would hide them here; so no ``site`` (``-S``), the project and the venv's packages by
    ``PYTHONPATH``."""
    import os
    import sysconfig

    base = dict(os.environ if env is None else env)
    base["PYTHONPATH"] = os.pathsep.join([str(ROOT), sysconfig.get_paths()["purelib"]])
    return [sys.executable, "-S"], base


def loaded_by(*argv: str) -> tuple[set[str], str]:
    python, env = as_installed()
    done = subprocess.run([*python, "-c", PROBE, *argv], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          check=True, env=env)
    found = json.loads(done.stdout)
    assert found["collector"] or "--help" in argv or "-h" in argv  # back on for any command run
    return set(found["modules"]), found["printed"]


def test_the_garbage_collector_waits_while_the_companion_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """Off from ``companion``'s first line (companion/__main__.py) until ``cli.main`` runs a command, or until ``play``
    has said its first sentence (the subprocesses here check it is back on)."""
    import gc

    from companion import __main__ as entry, cli

    monkeypatch.setattr(cli, "main", lambda: 7 if gc.isenabled() else 0)
    try:
        assert entry.run() == 0
    finally:
        gc.enable()


def test_companion_help_imports_no_heavy_module() -> None:
    modules, printed = loaded_by("--help", "--lang", "en")
    assert "play" in printed and "aid-sheet" in printed  # the help was really printed
    heavy = sorted(name for name in modules if name.split(".")[0] in HEAVY or any(
        name == module or name.startswith(module + ".") for module in HEAVY))
    assert heavy == []


def test_the_help_in_french_imports_no_heavy_module_either() -> None:
    modules, printed = loaded_by("--help", "--lang", "fr")
    assert "utilisation" in printed
    assert not {"tomllib", "dataclasses", "typing", "companion.registry"} & modules


#: What ``companion play GAME`` has no use for when standard input is a script (no voice, no braille display, no
#: server): each costs the table a pause before the set-up is said (issue 34).
NOT_FOR_A_SCRIPTED_GAME = ("sqlite3", "companion.records", "companion.web", "companion.simulation", "companion.saves",
                           "companion.rules_data", "companion.braille", "companion.ui", "companion.earcons",
                           "companion.speech", "filelock", "logging", "secrets", "shutil", "subprocess", "tempfile",
                           "prompt_toolkit", "starlette", "uvicorn", "PIL", "qrcode", "platformdirs",
                           "companion.rules_help", "companion.simulate_help", "companion.doctor_help",
                           # the rules reader waits for a question (companion/rules_answerer.py), the card and verb files'
                           # parse is kept in the cache folder (companion/cards.py parsed_toml), the user's folders are
                           # found without platformdirs (its tempfile, shutil, lzma, bz2, random): issue 34
                           "companion.rules_reader", "tomllib", "lzma", "bz2", "random", "hashlib",
                           # the session's lock from _thread, a bug's traceback when there is one; msgspec without
                           # typing_extensions (companion/msgspec_import.py)
                           "threading", "traceback", "importlib.util", "typing_extensions",
                           "dataclasses")
#: ``dataclasses`` (0.7 ms for each frozen class, and ``inspect`` with ``ast``, ``dis``, ``tokenize``): no class of a
#: game's start is one, neither a shared one (`test_no_shared_class_of_a_game_s_start_is_a_dataclass`) nor the game's
#: own (its states, options and records: `_played` lists them apart).
#: ``inspect`` stays: msgspec's first typed decoding (the card file) imports ``msgspec._utils``, which imports
#: ``typing_extensions`` (installed with starlette), which imports ``inspect``.
GAMES = {"gauntlet": "gauntlet", "love-letter": "love_letter", "num-x": "num_x", "the-void": "the_void",
         "mindbug": "mindbug"}


@pytest.fixture(scope="module")
def user_folders(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The user's folders as a user's start finds them, as the start-up benchmark runs: no ``COMPANION_*_DIR``, the
    XDG folders of a private home; the card and verb files' parses already kept in its cache folder, as at every start
    but the very first (kept here, in this process, rather than by a first run of each game)."""
    import os

    from companion import cards, registry, vocabulary

    home = tmp_path_factory.mktemp("home")
    env = {key: value for key, value in os.environ.items() if key not in ("COMPANION_DATA_DIR", "COMPANION_CONFIG_DIR")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"))
    with pytest.MonkeyPatch.context() as patch:
        for name in ("COMPANION_DATA_DIR", "COMPANION_CONFIG_DIR"):
            patch.delenv(name, raising=False)
        for name in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
            patch.setenv(name, env[name])
        cards._read_toml.cache_clear()
        cards._LOADED.clear()
        vocabulary._vocabulary.cache_clear()
        for game in registry.GAMES:
            game.cards()
            vocabulary.Vocabulary.of(game.id)
        cards._read_toml.cache_clear()
        cards._LOADED.clear()
        vocabulary._vocabulary.cache_clear()
    assert len(list((home / "cache" / "companion" / "toml").glob("*.msgpack"))) >= 2 * len(registry.GAMES)
    return env


#: Where each game's own classes are declared: the per-game layers (``companion.games.gauntlet``…, ``private.*``).
PER_GAME = re.compile(r"companion\.(games|commands|render)\.(?!base\b|state_json\b)\w+\.|companion\.private\.")
#: The dataclasses of the shared modules a game's start created, by command line (`_played` fills it).
_SHARED_DATACLASSES: dict[tuple[str, ...], list[str]] = {}
#: The dataclasses of the game's own layers (``companion.games.gauntlet``…, ``private.*``) it created, likewise.
_GAME_DATACLASSES: dict[tuple[str, ...], list[str]] = {}


def _played(env: dict[str, str], *argv: str, script: str = "quit\n") -> tuple[set[str], str]:
    """The modules ``companion play`` imported, and what it printed; msgspec was imported without typing_extensions
    (companion/msgspec_import.py), and typing_extensions imports as always afterwards."""
    python, installed = as_installed(env)
    done = subprocess.run([*python, "-c", PROBE, "play", *argv, "--lang", "en"], cwd=ROOT, input=script,
                          capture_output=True, text=True, timeout=120, check=True, env=installed)
    found = json.loads(done.stdout)
    assert found["collector"]  # back on once the game's first sentence is said
    assert "typing_extensions" not in found["modules"]
    assert found["msgspec"] == {"hints": True, "required": True, "typing_extensions": "typing_extensions"}
    _SHARED_DATACLASSES[argv] = [kind for kind in found["dataclasses"] if not PER_GAME.match(kind)]
    _GAME_DATACLASSES[argv] = [kind for kind in found["dataclasses"] if PER_GAME.match(kind)]
    return set(found["modules"]), found["printed"]


def _heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(name for name in modules if any(name == m or name.startswith(m + ".") for m in names))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_playing_one_game_imports_neither_the_other_games_nor_what_a_script_does_not_use(user_folders: dict[str, str],
                                                                                        game: str) -> None:
    """``companion play GAME``: its own game's modules only; sqlite3 waits for a game's end, the braille keys for a
    display, the save files' listing for a resume, the rules for a question (issue 34)."""
    modules, printed = _played(user_folders, game)
    assert printed.count("\n") >= 2  # the game really started: its set-up said (quit at once: nothing saved)
    own = GAMES[game]
    for layer in ("games", "commands", "render", "private"):
        loaded = {name.rsplit(".", 1)[1] for name in modules if name.startswith(f"companion.{layer}.")}
        assert loaded <= {own, "base", "state_json"}, layer
    assert _heavy(modules, NOT_FOR_A_SCRIPTED_GAME) == []
    assert _SHARED_DATACLASSES[(game,)] == []  # the shared layers' classes are Structs (or plain classes)
    assert _GAME_DATACLASSES[(game,)] == []  # and so are the game's own: State, Options, Pile, Creature…


def test_no_shared_class_of_a_game_s_start_is_a_dataclass() -> None:
    """The specs, rules, parser, renderer, cards, wiring, utterances, the journal's replays, a resumed save's
    classes…: ``msgspec.Struct`` classes, each created in a fiftieth of a frozen dataclass's time (issue 34); the
    registry's, plain classes (``companion games`` imports neither). A game's start checks the same (`_played`)."""
    from companion import announce, cards, journal, play, registry, render, rules_reader, saves
    from companion.commands import base as commands_base
    from companion.games import base as games_base, state_json
    from companion.session import core, narrator, table, wiring
    from companion.ui import resume

    shared = [kind for module in (announce, cards, journal, play, registry, render, rules_reader, saves, commands_base,
                                  games_base, state_json, core, narrator, table, wiring, resume)
              for kind in vars(module).values() if isinstance(kind, type) and kind.__module__ == module.__name__]
    assert len(shared) > 40 and [kind for kind in shared if "__dataclass_fields__" in vars(kind)] == []
    assert play.OutputConfig(rate=3) == play.OutputConfig(rate=3) != play.OutputConfig()
    assert hash(play.OutputConfig(rate=3)) == hash(play.OutputConfig(rate=3))
    assert registry.find("void") == registry.Game("companion.games.the_void")  # ``listed`` left out, as before


def test_a_game_named_by_an_alias_imports_no_other_game(user_folders: dict[str, str]) -> None:
    modules, printed = _played(user_folders, "void")  # the last alias the registry would have found by importing each
    assert "round" in printed
    assert {name for name in modules if name.startswith("companion.games.")} <= {
        "companion.games.the_void", "companion.games.base", "companion.games.state_json"}


def test_resuming_a_game_imports_no_other_game_and_no_rules(tmp_path: Path, user_folders: dict[str, str]) -> None:
    save = tmp_path / "resume.jsonl"
    _played(user_folders, "gauntlet", "--save", str(save), script="play proxima\nnext\nquit\n")
    modules, printed = _played(user_folders, "gauntlet", "--resume", str(save))
    assert "2 commands replayed" in printed
    assert {name for name in modules if name.startswith("companion.games.")} <= {
        "companion.games.gauntlet", "companion.games.base", "companion.games.state_json"}
    # The save files' module reads the save; marking a declined save (companion.ui.resume) comes after the game.
    allowed = ("companion.saves", "companion.ui")
    assert _heavy(modules, tuple(m for m in NOT_FOR_A_SCRIPTED_GAME if m not in allowed)) == []
    assert _heavy(modules, ("companion.ui",)) <= ["companion.ui", "companion.ui.resume"]
    assert _SHARED_DATACLASSES[("gauntlet", "--resume", str(save))] == []


def test_the_lazy_rules_answerer_answers_what_the_rules_reader_answers() -> None:
    from companion.rules_answerer import LazyRulesAnswerer
    from companion.rules_reader import RulesAnswerer

    assert LazyRulesAnswerer.questions == RulesAnswerer.questions
    assert LazyRulesAnswerer().help_lines("fr") == RulesAnswerer().help_lines("fr")


def test_the_whole_help_asked_before_a_command_still_lists_every_command() -> None:
    """``companion play …`` declares only play's parser; ``companion --help play`` is still the whole help."""
    modules, printed = loaded_by("--lang", "en", "--help", "play")
    assert "aid-sheet" in printed and "doctor" in printed
    modules, printed = loaded_by("--lang", "en", "play", "--help")
    assert "--players" in printed and "companion.doctor_help" not in modules


def test_listing_the_games_imports_none_of_them() -> None:
    """``companion games`` reads the registry's data: no game, no card file, no msgspec."""
    modules, printed = loaded_by("games", "--lang", "en")
    assert "mindbug: Mindbug, 2 players (also: mind-bug, mindbug-first-contact)" in printed
    assert _heavy(modules, ("companion.games", "companion.cards", "msgspec", "tomllib", "dataclasses")) == []


def test_the_registry_says_of_each_game_what_its_spec_says() -> None:
    """The registry's data (found and listed without importing the games) is the games' own ``SPEC``."""
    from companion import registry

    assert {game.id for game in registry.GAMES} == set(GAMES)
    for game in registry.GAMES:
        assert game.listed is not None
        spec = game.spec
        assert (game.listed.id, dict(game.listed.names), game.listed.aliases) == (spec.id, dict(spec.names), spec.aliases)
        assert game.players == (spec.min_players, spec.max_players)
        assert game.module.rsplit(".", 1)[1] == GAMES[game.id]


def test_the_games_events_and_commands_are_structs_and_compare_as_the_dataclasses_did() -> None:
    """Events, commands and the parser's requests are frozen ``msgspec.Struct`` classes, not dataclasses: a game makes
    dozens at ``play``'s start and a Struct class costs a hundredth of a dataclass's (issue 34). What
    ``field(compare=False)`` left out of equality still is: Game Over's outcome, The Void's time stamps."""
    import importlib

    import msgspec

    from companion.commands.base import Request
    from companion.games.base import Command, Event, Outcome, ToAct, Zone

    for module in GAMES.values():
        game = importlib.import_module(f"companion.games.{module}")
        kinds = [k for k in vars(game).values() if isinstance(k, type) and issubclass(k, (Event, Command))]
        assert len(kinds) > 10 and all(issubclass(k, msgspec.Struct) for k in kinds), module
    from companion.games import gauntlet, the_void

    over = gauntlet.GameOver("thanos", "snap")
    assert over == gauntlet.GameOver("thanos", "snap", {"kind": "win"}) != gauntlet.GameOver("heroes", "snap")
    assert hash(over) == hash(msgspec.structs.replace(over, outcome={"kind": "win"}))
    assert all(issubclass(kind, msgspec.Struct) for kind in (Request, Outcome, ToAct, Zone))
    assert sorted([Zone("hand", "p2"), Zone("board", "p1"), Zone("hand", "p1")])[0] == Zone("board", "p1")
    play = the_void.Play(3, t=1.5)
    assert play == the_void.Play(3, t=9.0) and hash(play) == hash(the_void.Play(3)) and play != the_void.Play(4, t=1.5)
    with pytest.raises(AttributeError):
        play.rank = 4  # type: ignore[misc]


def test_the_games_states_and_options_are_structs_and_compare_as_the_dataclasses_did() -> None:
    """A game's options, state and its records (piles, creatures…) are frozen ``msgspec.Struct`` classes too (issue
    34). A state compares and hashes without the table's cards, as ``field(compare=False)`` left them out; a copy
    with a change is another state."""
    import msgspec

    from companion import registry

    for game in registry.GAMES:
        options = game.rules.options_type(players=game.spec.min_players)
        state = game.rules.new(options, game.cards())
        assert isinstance(options, msgspec.Struct) and isinstance(state, msgspec.Struct), game.id
        assert hash(options) == hash(game.rules.options_type(players=game.spec.min_players))
        without_cards = msgspec.structs.replace(state, cards=None)
        assert state == without_cards and state != msgspec.structs.replace(state, options=None), game.id
        if game.id != "num-x":  # Num-X's state holds mappings (copies used): unhashable, as the dataclass was
            assert hash(state) == hash(without_cards), game.id
        with pytest.raises(AttributeError):
            state.options = options  # type: ignore[misc]

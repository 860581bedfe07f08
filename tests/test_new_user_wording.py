"""Issue 32, "what a new user trips over": the wording a table meets on its first evenings, in both languages."""

from __future__ import annotations

import pytest

from tests.conftest import make_session, run_lines

NAMES = ("Marc", "Ana", "Bo", "Cy")  # Marc plays Thanos


@pytest.mark.parametrize("lang, fight, defeated", [
    ("en", "Fight: Marc beats Ana.", "Ana's Thor is defeated."),
    ("fr", "Combat : Marc bat Ana.", "Ana : carte Thor vaincue."),
])
def test_the_gauntlet_names_who_plays_thanos_and_says_whose_card(lang, fight, defeated):
    session, recorder = make_session(lang=lang, names=NAMES)
    hero = "ana"
    texts = run_lines(session, recorder, f"play proxima\nnext\nplay hulk\nfight 3 7\ndefeat {hero} thor")
    assert fight in texts and defeated in texts
    assert not any("Thanos beats" in text or "Thanos bat" in text for text in texts)


@pytest.mark.parametrize("lang, expected", [
    ("en", ["Fight: hero 1 beats Marc.", "Marc's Outriders is defeated."]),
    ("fr", ["Combat : héros 1 bat Marc.", "Marc : carte Outriders vaincue."]),
])
def test_a_hero_beating_thanos_names_the_player(lang, expected):
    from companion.games import gauntlet as g
    from companion.render import Context, Settings
    from companion.render import gauntlet as rg
    from companion.registry import find

    context = Context(Settings(lang), find("gauntlet").cards(), rg.DOMAIN, NAMES)
    plain = Context(Settings(lang), find("gauntlet").cards(), rg.DOMAIN, ())
    fight = g.FightResolved(hero="hero1", winner="hero", fights_left=0)
    assert rg.RENDERER.render(fight, plain) == expected[0].replace("Marc", "Thanos")
    assert rg.RENDERER.render(g.CardDefeated(player="thanos", card="outriders"), context) == expected[1]


@pytest.mark.parametrize("lang, sentence", [
    ("en", "Snap: Marc reveals Power Stone."),
    ("fr", "Marc claque des doigts : Pierre du Pouvoir."),
])
def test_the_snap_names_who_plays_thanos(lang, sentence):
    from companion.games import gauntlet as g
    from companion.render import Context, Settings
    from companion.render import gauntlet as rg
    from companion.registry import find

    context = Context(Settings(lang), find("gauntlet").cards(), rg.DOMAIN, NAMES)
    assert rg.RENDERER.render(g.Snapped(stones=("power-stone",)), context) == sentence


@pytest.mark.parametrize("lang, status", [
    ("en", "Board. Player 1: Spider Owl 3 Sneaky Poisonous. Player 2: no creature."),
    ("fr", "Plateau. Joueur 1 : Arachnibou 3 Furtif Toxique. Joueur 2 : aucune créature."),
])
def test_every_sentence_starts_with_a_capital_even_after_a_heading(lang, status):
    session, recorder = make_session("mindbug", lang=lang)
    run_lines(session, recorder, "play spider owl\nno" if lang == "en" else "joue arachnibou\nnon")
    text = run_lines(session, recorder, "status" if lang == "en" else "état")[-1]
    assert status in text


@pytest.mark.parametrize("card, lang, expected", [
    ("deathweaver", "fr", "Veuve noire de joueur 2 est vaincue, dans sa défausse."),
    ("gorillion", "fr", "Gorillion de joueur 2 est vaincu, dans sa défausse."),
    ("gorillion", "en", "Player 2's Gorillion is defeated, to their discard pile."),
    ("urchin-hurler", "fr", "Oursins hurleurs de joueur 2 sont vaincus, dans sa défausse."),
    ("urchin-hurler", "en", "Player 2's Urchin Hurler is defeated, to their discard pile."),
    ("shield-bugs", "en", "Player 2's Shield Bugs are defeated, to their discard pile."),
])
def test_a_defeated_mindbug_creature_agrees_with_its_name(card, lang, expected):
    from companion.games import mindbug as g
    from companion.render import Context, Settings, capitalized
    from companion.render import mindbug as rm
    from companion.registry import find

    context = Context(Settings(lang), find("mindbug").cards(), rm.DOMAIN, ())
    event = g.CreatureDefeated(player="p2", card=card, pile="p2")
    assert capitalized(rm.RENDERER.render(event, context)) == expected


def test_the_mindbug_card_file_gives_the_french_gender_of_the_feminine_names():
    from companion.registry import find

    cards = find("mindbug").cards()
    assert [card.id for card in cards.cards if card.feminine("fr")] == [
        "brain-fly", "deathweaver", "harpy-mother", "killer-bee", "mysterious-mermaid"]
    assert not any(card.feminine("en") for card in cards.cards)


@pytest.mark.parametrize("lang, lines, refusal", [
    ("en", "aside princess countess king\nplay baron 2\ncompare 8 3",
     "No 8 can still be in a hand. Possible values: 1, 2, 3, 4 and 5."),
    ("fr", "écarte princesse comtesse roi\njoue baron 2\ncompare 8 3",
     "Aucune carte de valeur 8 en main. Valeurs possibles : 1, 2, 3, 4 et 5."),
])
def test_love_letter_says_the_possible_values_after_a_refused_secret_value(lang, lines, refusal):
    session, recorder = make_session("love-letter", lang=lang, players=2)
    assert run_lines(session, recorder, lines)[-1] == refusal


@pytest.mark.parametrize("game, lang, line, answer", [
    ("love-letter", "en", "play gaurd", "No card is called gaurd. Type cards for the list. Did you mean Guard? Type yes."),
    ("num-x", "fr", "rouje 7 1 m", "Commande inconnue : rouje. Tapez aide pour les commandes. Vouliez-vous dire rouge ? "
                                   "Tapez oui."),
    ("num-x", "en", "7 rogue", "Unknown command: rogue. Type help for the commands. Did you mean red? Type yes."),
    ("num-x", "en", "r-2 1 d", "No card is called r-2. Type cards for the list. Did you mean Red 2? Type yes."),
    ("mindbug", "fr", "attak", "Commande inconnue : attak. Tapez aide pour les commandes. Vouliez-vous dire attaque ? "
                               "Tapez oui."),
    ("gauntlet", "fr", "joue pierre du pouvior", "Aucune carte ne s'appelle pierre du pouvior. Tapez cartes pour la liste. "
                                                 "Vouliez-vous dire Pierre du Pouvoir ? Tapez oui."),
])
def test_a_typo_is_offered_its_correction_in_the_tables_language(game, lang, line, answer):
    session, recorder = make_session(game, lang=lang, **({"players": 2} if game == "love-letter" else {}))
    assert run_lines(session, recorder, line) == [answer]


def test_a_family_after_its_number_is_a_card_as_french_says_it():
    session, recorder = make_session("num-x", lang="fr")
    assert run_lines(session, recorder, "7 rouge 1 m") == ["7 rouge ouvre la pile 1. 1 coup restant."]


@pytest.mark.parametrize("lang, expected", [
    ("fr", "Aucune carte ne s'appelle spidreman. Tapez companion cards gauntlet pour la liste. "
           "Vouliez-vous dire Spider-Man ? Tapez companion card gauntlet Spider-Man."),
    ("en", "No card is called spidreman. Type companion cards gauntlet for the list. "
           "Did you mean Spider-Man? Type companion card gauntlet Spider-Man."),
])
def test_the_shells_card_command_offers_the_close_card_and_the_shells_list_command(lang, expected, capsys):
    from companion.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["--lang", lang, "card", "gant", "spidreman"])
    assert stopped.value.code == 1
    assert capsys.readouterr().err.strip().splitlines()[-1] == expected


@pytest.mark.parametrize("lang, offered", [("fr", ["héros 1", "héros 2", "héros 3"]), ("en", ["hero 1", "hero 2", "hero 3"])])
def test_tab_offers_the_players_as_the_table_types_them(lang, offered):
    from companion.ui.completion import player_words

    session, _ = make_session(lang=lang)
    assert player_words(session) == ["thanos", *offered]


def test_the_first_f5_says_the_sentence_before_the_one_just_heard():
    from companion.announce import History, Utterance

    history = History()
    for text in ("One.", "Two.", "Three."):
        history.send(Utterance(text, "x"))
    assert [history.previous().text, history.previous().text, history.next().text] == ["Two.", "One.", "Two."]


@pytest.mark.parametrize("lang, lines, said", [
    ("en", "verbosity", "Verbosity: normal. Type verbosity terse, normal or full to change it."),
    ("fr", "verbosité brève\nverbosité", "Verbosité brève. Tapez verbosité brève, normale ou complète pour la changer."),
])
def test_verbosity_alone_says_the_level_in_use(lang, lines, said):
    session, recorder = make_session(lang=lang)
    assert run_lines(session, recorder, lines)[-1] == said


@pytest.mark.parametrize("lang, help_line", [
    ("en", "repeat: say the whole last answer again."), ("fr", "répète : toute la dernière réponse."),
])
def test_help_says_repeat_repeats_the_whole_answer(lang, help_line):
    session, recorder = make_session(lang=lang)
    assert help_line in run_lines(session, recorder, "help repeat" if lang == "en" else "aide répète")


@pytest.mark.parametrize("lang, said", [("en", "4, Falcon, on hero 2."), ("fr", "4, Falcon, sur héros 2.")])
def test_terse_gauntlet_keeps_whom_a_card_aims_at(lang, said):
    session, recorder = make_session(lang=lang, verbosity="terse")
    texts = run_lines(session, recorder, "play proxima\nnext\nplay falcon hero 2")
    assert said in texts


@pytest.mark.parametrize("lang, said", [
    ("en", "The braille table nosuch.ctb does not exist: check its name, such as en-ueb-g2.ctb."),
    ("fr", "La table braille nosuch.ctb n'existe pas : vérifiez son nom, par exemple fr-bfu-comp6.utb."),
])
def test_a_braille_table_misnamed_is_told_to_check_its_name_not_to_install_packages(lang, said):
    pytest.importorskip("louis")
    from companion.braille.translate import BrailleUnavailable, table_list

    with pytest.raises(BrailleUnavailable) as refused:
        table_list(lang, table="nosuch.ctb")
    assert str(refused.value) == said


def test_french_contracts_de_le_before_a_games_name():
    from companion.grammar import elide

    assert elide("Aucune partie sauvegardée de Le Gant d'Infinité.", "fr") == "Aucune partie sauvegardée du Gant d'Infinité."
    assert elide("Il refuse de les voir.", "fr") == "Il refuse de les voir."  # a pronoun, not a name's article


def test_saves_name_the_gauntlet_with_du(tmp_path, monkeypatch, capsys):
    from companion.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    assert main(["--lang", "fr", "saves", "gauntlet"]) == 0
    assert capsys.readouterr().out.startswith("Aucune partie sauvegardée du Gant d'Infinité dans ")


@pytest.mark.parametrize("game, card, lang, said", [
    ("love-letter", "countess", "en", "Countess, value 7, 1 copy: No effect."),
    ("gauntlet", "thanos", "en", "Thanos, value 7, 1 copy: Cannot be played."),
    ("gauntlet", "hulk", "fr", "Hulk, héros, valeur 3, 1 exemplaire : Vous pouvez combattre Thanos."),
])
def test_a_card_says_its_side_only_where_it_tells_something(game, card, lang, said):
    from companion.registry import find
    from companion.render import Context, Settings, card_sentence

    cards = find(game).cards()
    assert card_sentence(cards[card], Context(Settings(lang), cards, find(game).spec.domain, ())).startswith(said)


def test_leftover_french_wording_is_gone():
    from pathlib import Path

    import companion

    root = Path(companion.__file__).parent
    texts = "".join(path.read_text(encoding="utf-8") for path in [*root.glob("data/rules/*.toml"),
                                                                   *root.glob("locale/fr/LC_MESSAGES/*.po")])
    for leftover in ("piècettes", "nomme-t-elle", "ne sert pas de la manche", "de Le Gant"):
        assert leftover not in texts, leftover


def _play(lines: str, **config):
    import io

    from companion.play import OutputConfig, PlayConfig, play
    from companion.registry import find

    out = io.StringIO()
    settings = {"lang": "en", "outputs": OutputConfig(speech="none", braille="none"), **config}
    assert play(PlayConfig(**settings), find("gauntlet"), stdin=io.StringIO(lines), stdout=out) == 0
    return out.getvalue().splitlines()


def test_quitting_with_nothing_played_leaves_no_save_and_the_quit_reads_no_file_name(tmp_path):
    saves = tmp_path / "data" / "saves"  # COMPANION_DATA_DIR is tmp_path / "data" (conftest)
    assert not any("Game saved" in line for line in _play("quit\n"))
    assert list(saves.glob("*.jsonl")) == []
    assert _play("play proxima\nquit\n")[-1] == "Game saved."
    assert len(list(saves.glob("*.jsonl"))) == 1


def test_the_missing_voice_is_said_once_per_machine_not_at_each_start(monkeypatch):
    from companion import speech
    from companion.play import OutputConfig
    from companion.speech.base import SilentSpeaker

    note = "Speech: text only, no screen reader running and no audio output was found."
    monkeypatch.setattr(speech, "choose", lambda *args, **kwargs: (SilentSpeaker(), note))
    outputs = OutputConfig(speech="auto", braille="none")
    assert note in _play("quit\n", outputs=outputs)
    assert note not in _play("quit\n", outputs=outputs)
    assert note in _play("quit\n", outputs=OutputConfig(speech="tts", braille="none"))  # asked for by name: each time


def _unfinished(tmp_path):
    from companion import journal
    from companion.registry import find
    from companion.games.base import options_to_json

    game = find("gauntlet")
    options = game.rules.options_type(players=2)
    path = tmp_path / "saves" / "gauntlet_2026-01-01_10-00-00.jsonl"
    save = journal.Journal.create(path, game.id, options_to_json(options), {"interactive": True})
    from companion.announce import Announcer
    from companion.render import Settings
    from companion.session import open_session

    session = open_session(game, options, Settings(), Announcer(), save)
    session.handle("play proxima")
    save.close()
    return game, path


def test_maybe_at_the_resume_question_is_asked_again_never_kept_as_a_move(tmp_path):
    import io

    from companion.announce import Announcer
    from companion.ui.resume import declined_marker, offer_resume
    from companion.output import StdoutOutput

    game, path = _unfinished(tmp_path)
    answers, kept, declined, out = iter(["maybe", "no"]), [], [], io.StringIO()
    found = offer_resume("en", game, Announcer([StdoutOutput(False, out)]), lambda m: next(answers), tmp_path / "saves",
                         kept=kept, declined=declined)
    assert found is None and kept == [] and out.getvalue().splitlines()[-1] == "Please type yes or no."
    # Declined, but marked only once a new game is played: quitting at once offers it again.
    assert declined == [path] and not declined_marker(path).exists()


@pytest.mark.parametrize("lang, said", [
    ("en", ["today at 9:05 PM", "yesterday at 9:05 PM", "on 22 November at 9:05 PM", "on 28 October 2025 at 9:05 PM"]),
    ("fr", ["aujourd'hui à 21:05", "hier à 21:05", "le 22 novembre à 21:05", "le 28 octobre 2025 à 21:05"]),
])
def test_a_saves_time_is_said_as_a_person_says_it(lang, said):
    import datetime as dt

    from companion.ui.resume import spoken_date

    now = dt.datetime(2026, 12, 2, 21, 5)
    days = (0, 1, 10, 400)
    assert [spoken_date(now - dt.timedelta(days=n), lang, now) for n in days] == said


def test_no_card_effect_is_cut_into_a_fragment():
    """A long effect is cut into sentences at its pauses; no piece may be a fragment ("Taken at random.", "Attack.")."""
    import re

    from companion.grammar import _SENTENCE, short_sentences, words
    from companion.registry import GAMES

    fragments = []
    for game in GAMES:
        for card in game.cards().cards:
            for lang, effect in card.effect.items():
                whole = {s.strip() for s in re.findall(_SENTENCE, effect)}
                cut = [s.strip() for s in re.findall(_SENTENCE, short_sentences(effect)) if s.strip() not in whole]
                fragments += [(game.id, card.id, lang, s) for s in cut if words(s) < 4 and _fragment(s)]
    assert fragments == []


def _fragment(sentence: str) -> bool:
    """A short piece that cannot stand alone: one word ("Attack."), a participle ("Taken at random."), a clause."""
    first = sentence.split()[0]
    return len(sentence.split()) == 1 or first.endswith(("ed", "en")) or first in ("Lors", "Quand", "When", "If", "Si")


@pytest.mark.parametrize("lang, said", [("en", "6 errors, 5 allowed. No card to turn up."),
                                        ("fr", "6 fautes, 5 permises. Aucune carte à retourner.")])
def test_the_void_never_says_6_errors_of_5(lang, said):
    from companion.games import the_void as g
    from companion.registry import find
    from companion.render import Context, Settings, capitalized
    from companion.render import the_void as rv

    ctx = Context(Settings(lang), find("the-void").cards(), rv.DOMAIN, ())
    event = g.ErrorMade(rank=None, type=None, player=None, errors=6, errors_allowed=5, budget="game", deck=3, repeated=False)
    assert capitalized(rv.RENDERER.render(event, ctx)) == said


def test_a_list_after_a_question_is_joined_by_commas_not_full_stops():
    from companion.grammar import list_sentences

    head = "Player 2: block Gorillion? Type block and the creature, or no. 2 can block:"
    assert list_sentences(head, ["Spider Owl", "Rhino Turtle"]) == (
        "Player 2: block Gorillion? Type block and the creature, or no. 2 can block: Spider Owl, Rhino Turtle.")


@pytest.mark.parametrize("lang, line, said", [
    ("en", "play flip 1", "No Flip in this game. Its mode or options leave it out."),
    ("fr", "joue flip 1", "Pas de Flip dans cette partie. Son mode ou ses options l'écartent."),
])
def test_a_num_x_card_left_out_by_the_options_is_not_no_such_card(lang, line, said):
    session, recorder = make_session("num-x", lang=lang, actions="off")
    assert run_lines(session, recorder, line) == [said]

"""Issue 22: Mindbug says why. The keyword that beats the powers in a fight (Poisonous, Tough), every printed keyword
and effect in a card reading, in sentences of at most 15 words, French elisions before a name."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from companion.games import mindbug as mb
from companion.registry import find
from companion.render import Context, Settings
from companion.render.mindbug import short_sentences
from tests.conftest import make_session, run_lines

NAMES = ("Ana", "Bo")
LIMIT = 15


def words(sentence: str) -> int:
    """Words only: French's spaced ":" and "?" are punctuation."""
    return len([w for w in sentence.split() if re.search(r"\w", w)])


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.)?!])\s+(?=[A-ZÀ-Ý])", text)


def fight(lang: str, attacker: str, blocker: str, names: tuple[str, ...] = NAMES) -> list[str]:
    """p1 plays ``attacker``, p2 plays ``blocker``, p1 attacks and p2 blocks: the sentences of the block."""
    session, recorder = make_session("mindbug", lang, names=names)
    run_lines(session, recorder, f"play {attacker}\nno\nplay {blocker}\nno\nattack {attacker}")
    return run_lines(session, recorder, f"block {blocker}")


def block_event(attacker: str, blocker: str) -> mb.Blocked:
    state = mb.new(mb.Options(), find("mindbug").cards())
    for command in (mb.Play(attacker), mb.Decline(), mb.Play(blocker), mb.Decline(), mb.Attack(attacker)):
        state, _ = mb.apply(state, command)
    state, events = mb.apply(state, mb.Block(blocker))
    return next(e for e in events if isinstance(e, mb.Blocked))


# --------------------------------------------------------------------------- the combat event's reason


@pytest.mark.parametrize(("attacker", "blocker", "attacker_reason", "reason"), [
    ("gorillion", "spider-owl", "poisonous", ""),      # 3 beats 10 by Poisonous; the Owl falls to the powers
    ("gorillion", "plated-scorpion", "poisonous", "tough"),
    ("gorillion", "rhino-turtle", "", "tough"),        # 8 against 10: Tough saves it
    ("gorillion", "luchataur", "", ""),                # the powers say it all
    ("luchataur", "luchataur", "", ""),                # a tie: both defeated, no keyword
    ("plated-scorpion", "plated-scorpion", "tough", "tough"),  # a tie, both saved by Tough
    ("deathweaver", "luchataur", "", "poisonous"),     # the attacker's Poisonous beats the stronger blocker
])
def test_the_block_event_names_the_keyword_that_beats_the_powers(attacker, blocker, attacker_reason, reason):
    event = block_event(attacker, blocker)
    assert (event.attacker_reason, event.reason) == (attacker_reason, reason)
    assert event.fields()["reason"] == reason and event.fields()["attacker_reason"] == attacker_reason


FIGHTS = {
    ("en", "gorillion", "spider owl"): [
        "3 against 10: Bo blocks Gorillion with Spider Owl. Poisonous: Spider Owl defeats Gorillion.",
        "Ana's Gorillion is defeated, to their discard pile.",
        "Bo's Spider Owl is defeated, to their discard pile.",
        "Turn 4: Bo.",
    ],
    ("fr", "gorillion", "arachnibou"): [
        "3 contre 10 : Bo bloque Gorillion avec Arachnibou. Toxique : Arachnibou bat Gorillion.",
        "Gorillion d'Ana est vaincu, dans sa défausse.",
        "Arachnibou de Bo est vaincu, dans sa défausse.",
        "Tour 4 : Bo.",
    ],
    ("en", "gorillion", "plated scorpion"): [
        "2 against 10: Bo blocks Gorillion with Plated Scorpion. Poisonous: Plated Scorpion defeats Gorillion.",
        "Ana's Gorillion is defeated, to their discard pile.",
        "Tough: Bo's Plated Scorpion survives, exhausted instead of defeated.",
        "Turn 4: Bo.",
    ],
    ("fr", "gorillion", "scorpion blindé"): [
        "2 contre 10 : Bo bloque Gorillion avec Scorpion blindé. Toxique : Scorpion blindé bat Gorillion.",
        "Gorillion d'Ana est vaincu, dans sa défausse.",
        "Robuste : Scorpion blindé de Bo survit, épuisé au lieu d'être vaincu.",
        "Tour 4 : Bo.",
    ],
    ("en", "gorillion", "rhino turtle"): [
        "8 against 10: Bo blocks Gorillion with Rhino Turtle.",
        "Tough: Bo's Rhino Turtle survives, exhausted instead of defeated.",
        "Turn 4: Bo.",
    ],
    ("fr", "gorillion", "rhino tortue"): [
        "8 contre 10 : Bo bloque Gorillion avec Rhino Tortue.",
        "Robuste : Rhino Tortue de Bo survit, épuisé au lieu d'être vaincu.",
        "Tour 4 : Bo.",
    ],
}


@pytest.mark.parametrize(("lang", "attacker", "blocker"), list(FIGHTS))
def test_a_fight_says_the_keyword_that_decided_it(lang, attacker, blocker):
    said = fight(lang, attacker, blocker)
    assert said == FIGHTS[lang, attacker, blocker]
    assert all(words(s) <= LIMIT for line in said for s in sentences(line))


def test_without_names_the_seats_are_said():
    assert fight("en", "gorillion", "spider owl", ())[0] == (
        "3 against 10: player 2 blocks Gorillion with Spider Owl. Poisonous: Spider Owl defeats Gorillion.")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "Tough against Kangasaurus Rex: Ana's Plated Scorpion survives, exhausted instead of defeated."),
    ("fr", "Robuste contre Kangousaurus Rex : Scorpion blindé d'Ana survit, épuisé au lieu d'être vaincu."),
])
def test_tough_against_an_effect_says_it_survives(lang, expected):
    """The effect's card is named: the listener knows what would have defeated it."""
    session, recorder = make_session("mindbug", lang, names=NAMES)
    assert expected in run_lines(session, recorder, "play plated scorpion\nno\nplay kangasaurus rex\nno")


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "If Gorillion attacks: 2 possible blockers. 10 against Plated Scorpion 2: Gorillion is defeated (Poisonous), "
           "Plated Scorpion is exhausted (Tough). 10 against Luchataur 9: Gorillion survives, Luchataur is defeated. "
           "Not blocked: 2 lives left for Bo."),
    ("fr", "Si Gorillion attaque : 2 bloqueurs possibles. 10 contre Scorpion blindé 2 : Gorillion est vaincu "
           "(Toxique), Scorpion blindé est épuisé (Robuste). 10 contre Gladiataure 9 : Gorillion survit, Gladiataure "
           "est vaincu. Sans blocage : 2 vies pour Bo."),
])
def test_what_if_says_the_deciding_keyword(lang, expected):
    session, recorder = make_session("mindbug", lang, names=NAMES)
    run_lines(session, recorder, "play gorillion\nno\nplay plated scorpion\nno\nplay spider owl\nno\nplay luchataur\nno")
    assert run_lines(session, recorder, "what if gorillion") == [expected]


# --------------------------------------------------------------------------- card readings

READINGS = {
    "spider-owl": ("Spider Owl, power 3, 2 copies. Keywords: Sneaky and Poisonous. No other ability.",
                   "Arachnibou, puissance 3, 2 exemplaires. Capacités : Furtif et Toxique. Aucune autre capacité."),
    "plated-scorpion": ("Plated Scorpion, power 2, 2 copies. Keywords: Poisonous and Tough. No other ability.",
                        "Scorpion blindé, puissance 2, 2 exemplaires. Capacités : Toxique et Robuste. "
                        "Aucune autre capacité."),
    "luchataur": ("Luchataur, power 9, 2 copies. Keyword: Frenzy. No other ability.",
                  "Gladiataure, puissance 9, 2 exemplaires. Capacité : Frénésie. Aucune autre capacité."),
    "rhino-turtle": ("Rhino Turtle, power 8, 2 copies. Keywords: Tough and Frenzy. No other ability.",
                     "Rhino Tortue, puissance 8, 2 exemplaires. Capacités : Robuste et Frénésie. Aucune autre capacité."),
    "killer-bee": ("Killer Bee, power 5, 2 copies. Keyword: Hunter. Play: the opponent loses 1 life.",
                   "Abeille tueuse, puissance 5, 2 exemplaires. Capacité : Chasseur. "
                   "Lors de la pose : votre adversaire perd 1 point de vie."),
}


def reading(card_id: str, lang: str) -> str:
    game = find("mindbug")
    cards = game.cards()
    return game.renderer.card_answer(cards[card_id], Context(Settings(lang=lang), cards, "mindbug"))[0]


@pytest.mark.parametrize("card_id", list(READINGS))
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_card_reading_gives_its_keywords_and_effect(card_id, lang):
    assert reading(card_id, lang) == READINGS[card_id][lang == "fr"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_card_inside_a_game_reads_the_keywords(lang):
    session, recorder = make_session("mindbug", lang, names=NAMES)
    assert run_lines(session, recorder, "card spider owl") == [READINGS["spider-owl"][lang == "fr"]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_companion_card_reads_the_keywords(lang):
    done = subprocess.run([sys.executable, "-m", "companion", "--lang", lang, "card", "mindbug", "spider", "owl"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == READINGS["spider-owl"][lang == "fr"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_creature_reading_names_every_keyword_in_short_sentences(lang):
    cards = find("mindbug").cards()
    keyword_words = {"en": {"hunter": "Hunter", "sneaky": "Sneaky", "poisonous": "Poisonous", "tough": "Tough",
                            "frenzy": "Frenzy"},
                     "fr": {"hunter": "Chasseur", "sneaky": "Furtif", "poisonous": "Toxique", "tough": "Robuste",
                            "frenzy": "Frénésie"}}[lang]
    creatures = cards.of_side("creatures")
    assert len(creatures) == 32
    for card in creatures:
        text = reading(card.id, lang)
        head = sentences(text)[:2]
        for keyword in mb.traits(card).keywords:
            assert any(keyword_words[keyword] in s for s in head), (card.id, keyword, text)
        if mb.traits(card).effects:
            assert all(piece in text for piece in short_sentences(card.effect[lang])), (card.id, text)
        long = [s for s in sentences(text) if words(s) > LIMIT]
        assert long == [], card.id


# --------------------------------------------------------------------------- French elisions


def test_french_elides_de_before_a_vowel():
    session, recorder = make_session("mindbug", "fr", names=NAMES)
    run_lines(session, recorder, "play bee bear\nno\nplay spider owl\nno\nplay deathweaver\nno")
    assert run_lines(session, recorder, "blockers oursabeille") == [
        "Aucune créature ne peut bloquer Oursabeille. 1 ne peut pas bloquer à cause d'Oursabeille : Arachnibou."]
    assert "Veuve noire annule l'effet de pose d'Abeille tueuse." in run_lines(session, recorder,
                                                                             "play killer bee\nno")


def test_english_is_left_as_it_is():
    session, recorder = make_session("mindbug", "en", names=("Ed", "Oz"))
    run_lines(session, recorder, "play bee bear\nno\nplay spider owl\nno")
    assert run_lines(session, recorder, "blockers bee bear") == [
        "No creature can block Bee Bear. 1 cannot block because of Bee Bear: Spider Owl."]


# --------------------------------------------------------------------------- issue 24: what if plays the real rules


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "If Turbo Bug attacks: 1 possible blocker. 4 against Luchataur 9: Turbo Bug is defeated, Luchataur "
           "survives. Not blocked: 0 lives left, Bo loses."),
    ("fr", "Si Turboustique attaque : 1 bloqueur possible. 4 contre Gladiataure 9 : Turboustique est vaincu, "
           "Gladiataure survit. Sans blocage : 0 vie, Bo perd."),
])
def test_what_if_says_turbo_bug_wins_unblocked(lang, expected):
    session, recorder = make_session("mindbug", lang, names=NAMES)
    run_lines(session, recorder, "play turbo bug\nno\nplay luchataur\nno")
    assert run_lines(session, recorder, "what if turbo bug") == [expected]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "If Shark Dog attacks: 2 possible blockers. 4 against Spider Owl 3: Shark Dog is defeated (Poisonous), "
           "Spider Owl is defeated. 4 against Plated Scorpion 2: Shark Dog is defeated (Poisonous), Plated Scorpion is "
           "exhausted (Tough). Not blocked: 2 lives left for Bo. Only its Hunter can make Spider Owl and Plated Scorpion block."),
    ("fr", "Si Requin Toutou attaque : 2 bloqueurs possibles. 4 contre Arachnibou 3 : Requin Toutou est vaincu "
           "(Toxique), Arachnibou est vaincu. 4 contre Scorpion blindé 2 : Requin Toutou est vaincu (Toxique), "
           "Scorpion blindé est épuisé (Robuste). Sans blocage : 2 vies pour Bo. Seul son Chasseur peut faire bloquer Arachnibou "
           "et Scorpion blindé."),
])
def test_what_if_says_the_hunter_s_forced_block(lang, expected):
    session, recorder = make_session("mindbug", lang, names=NAMES)
    run_lines(session, recorder, "play elephantopus\nno\nplay spider owl\nno\nplay shark dog\nno\nplay plated scorpion\nno")
    assert run_lines(session, recorder, "what if shark dog") == [expected]


# --------------------------------------------------------------------------- issue 22 in Love Letter: the Handmaid


@pytest.mark.parametrize(("lang", "guard", "prince"), [
    ("en", "Handmaid: every other player is protected. 1: Bo plays Guard, with no effect.",
     "Handmaid: every other player is protected. 5: Bo plays Prince, on Bo."),
    ("fr", "Servante : tous les autres joueurs sont protégés. 1 : Bo joue Garde, sans effet.",
     "Servante : tous les autres joueurs sont protégés. 5 : Bo joue Prince, sur Bo."),
])
def test_love_letter_says_the_handmaid_first_when_it_decides(lang, guard, prince):
    from companion.games import love_letter as ll

    session, recorder = make_session("love-letter", lang, players=2, names=NAMES)
    said = run_lines(session, recorder, "aside guard guard king\nplay handmaid\nnext\nplay guard")
    assert said[-1] == guard
    session, recorder = make_session("love-letter", lang, players=2, names=NAMES)
    said = run_lines(session, recorder, "aside guard guard king\nplay handmaid\nnext\nplay prince")
    assert prince in said
    state = ll.new(ll.Options(players=2), find("love-letter").cards())
    for command in (ll.Aside(("guard", "guard", "king")), ll.Play("handmaid"), ll.Next()):
        state, _ = ll.apply(state, command)
    _, events = ll.apply(state, ll.Play("guard"))
    assert events[0].reason == "handmaid" and all(len(s.split()) <= LIMIT for s in sentences(guard))


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "If Lone Yeti attacks: 2 possible blockers. 5 against Spider Owl 3: Lone Yeti is exhausted (Tough), Spider "
           "Owl is defeated. The same against the other Spider Owl. Not blocked: 2 lives left for Bo."),
    ("fr", "Si Yéti solitaire attaque : 2 bloqueurs possibles. 5 contre Arachnibou 3 : Yéti solitaire est épuisé "
           "(Robuste), Arachnibou est vaincu. Pareil contre l'autre Arachnibou. Sans blocage : 2 vies pour Bo."),
])
def test_what_if_says_the_same_fight_against_a_second_copy_once(lang: str, expected: str) -> None:
    """Two copies of one blocker, the same fight: said once, then "the same" (never the same sentence twice)."""
    game = find("mindbug")
    cards = game.cards()
    fight = ("spider-owl", 3, "exhausted", "defeated")
    event = mb.WhatIfAnswer(card="lone-yeti", player="p1", power=5, outcomes=(fight, fight), defender_lives=2,
                            reasons=(("tough", ""), ("tough", "")))
    ctx = Context(Settings(lang=lang), cards, "mindbug", NAMES)
    assert game.renderer.render(event, ctx) == expected

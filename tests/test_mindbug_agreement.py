"""Every sentence that agrees with a Mindbug creature's name, for every card, French and English.

French agrees in gender and number ("Veuve noire est vaincue", "Oursins hurleurs sont vaincus"), English in number
("Shield Bugs are defeated"). The agreement of each card is written here by hand, from the names in
shared/reference/mindbug.md, not read from the card file: a card file that forgets a plural fails.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from companion.games import mindbug as g
from companion.render import Context, Settings, capitalized
from companion.render import mindbug as rm
from companion.registry import find

pytestmark = pytest.mark.timeout(60)

#: The names whose agreement is not masculine singular, per language.
FEMININE = {"fr": {"brain-fly", "deathweaver", "harpy-mother", "killer-bee", "mysterious-mermaid"}, "en": set()}
PLURAL = {"fr": {"urchin-hurler"}, "en": {"shield-bugs"}}

#: Each event whose sentence agrees with its creature ("C" stands for the card under test).
EVENTS: dict[str, Any] = {
    "defeated": g.CreatureDefeated("p2", "C", "p2"),
    "defeated_elsewhere": g.CreatureDefeated("p2", "C", "p1"),
    "defeated_by": g.CreatureDefeated("p2", "C", "p2", by="explosive-toad"),
    "exhausted": g.CreatureExhausted("p2", "C"),
    "exhausted_by": g.CreatureExhausted("p2", "C", by="kangasaurus-rex"),
    "poisonous": g.Blocked("p2", "C", 1, "gorillion", 10, "", "poisonous"),
    "entered": g.CreatureEntered("p1", "C", 5, ()),
    # Each fate of a creature, whether it attacks or blocks (the same words): defeated, survives, exhausted.
    "what_if": g.WhatIfAnswer("C", "p1", 5, (("gorillion", 10, "defeated", "survives"),
                                             ("spider-owl", 3, "survives", "defeated"),
                                             ("luchataur", 9, "exhausted", "defeated")), 2,
                              (("", ""), ("", ""), ("tough", ""))),
    "gives": g.LifeChanged("p1", 4, 2, "C"),
    "takes": g.LifeChanged("p2", 1, -1, "C"),
    "cancels": g.PlayEffectCancelled("gorillion", by="C"),
    "no_blocker": g.WhatIfAnswer("C", "p1", 5, (), 2),
    "effect_wins": g.WhatIfAnswer("C", "p1", 5, (), 2, effect_wins=True),
    "notes": g.WhatIfAnswer("C", "p1", 5, (), 2, hunted=("gorillion",), effect_choice=True),
}
#: Each refusal whose sentence agrees with its card: its code and details.
REFUSALS: dict[str, tuple[str, dict[str, str]]] = {
    "not_on_board": ("not_on_board", {}),
    "wrong_side": ("wrong_side", {"player": "p1"}),
    "ambiguous_side": ("ambiguous_side", {}),
    "sneaky": ("cannot_block", {"why": "sneaky"}),
    "because": ("cannot_block", {"why": "elephantopus", "source": "elephantopus"}),
    "not_in_discard": ("not_in_discard", {}),
}

#: The expected sentence of each form: one template, or one per agreement (m, f, p).
EXPECTED: dict[str, dict[str, str | dict[str, str]]] = {
    "fr": {
        "defeated": {"m": "{card} de joueur 2 est vaincu, dans sa défausse.",
                     "f": "{card} de joueur 2 est vaincue, dans sa défausse.",
                     "p": "{card} de joueur 2 sont vaincus, dans sa défausse."},
        "defeated_elsewhere": {"m": "{card} de joueur 2 est vaincu, dans la défausse de joueur 1.",
                               "f": "{card} de joueur 2 est vaincue, dans la défausse de joueur 1.",
                               "p": "{card} de joueur 2 sont vaincus, dans la défausse de joueur 1."},
        "defeated_by": {"m": "Crapaud bombe : {card} de joueur 2 est vaincu, dans sa défausse.",
                        "f": "Crapaud bombe : {card} de joueur 2 est vaincue, dans sa défausse.",
                        "p": "Crapaud bombe : {card} de joueur 2 sont vaincus, dans sa défausse."},
        "exhausted": {"m": "Robuste : {card} de joueur 2 survit, épuisé au lieu d'être vaincu.",
                      "f": "Robuste : {card} de joueur 2 survit, épuisée au lieu d'être vaincue.",
                      "p": "Robuste : {card} de joueur 2 survivent, épuisés au lieu d'être vaincus."},
        "exhausted_by": {
            "m": "Robuste contre Kangousaurus Rex : {card} de joueur 2 survit, épuisé au lieu d'être vaincu.",
            "f": "Robuste contre Kangousaurus Rex : {card} de joueur 2 survit, épuisée au lieu d'être vaincue.",
            "p": "Robuste contre Kangousaurus Rex : {card} de joueur 2 survivent, épuisés au lieu d'être vaincus."},
        "poisonous": {"m": "1 contre 10 : joueur 2 bloque Gorillion avec {card}. Toxique : {card} bat Gorillion.",
                      "f": "1 contre 10 : joueur 2 bloque Gorillion avec {card}. Toxique : {card} bat Gorillion.",
                      "p": "1 contre 10 : joueur 2 bloque Gorillion avec {card}. Toxique : {card} battent Gorillion."},
        "entered": {"m": "5 : {card} entre en jeu chez joueur 1.", "f": "5 : {card} entre en jeu chez joueur 1.",
                    "p": "5 : {card} entrent en jeu chez joueur 1."},
        "what_if": {
            "m": "Si {card} attaque : 3 bloqueurs possibles. 5 contre Gorillion 10 : {card} est vaincu, Gorillion survit. "
                 "5 contre Arachnibou 3 : {card} survit, Arachnibou est vaincu. "
                 "5 contre Gladiataure 9 : {card} est épuisé (Robuste), Gladiataure est vaincu. "
                 "Sans blocage : 2 vies pour joueur 2.",
            "f": "Si {card} attaque : 3 bloqueurs possibles. 5 contre Gorillion 10 : {card} est vaincue, Gorillion survit. "
                 "5 contre Arachnibou 3 : {card} survit, Arachnibou est vaincu. "
                 "5 contre Gladiataure 9 : {card} est épuisée (Robuste), Gladiataure est vaincu. "
                 "Sans blocage : 2 vies pour joueur 2.",
            "p": "Si {card} attaquent : 3 bloqueurs possibles. 5 contre Gorillion 10 : {card} sont vaincus, "
                 "Gorillion survit. 5 contre Arachnibou 3 : {card} survivent, Arachnibou est vaincu. "
                 "5 contre Gladiataure 9 : {card} sont épuisés (Robuste), Gladiataure est vaincu. "
                 "Sans blocage : 2 vies pour joueur 2."},
        "gives": {"m": "4 vies pour joueur 1 : {card} en donne 2.", "f": "4 vies pour joueur 1 : {card} en donne 2.",
                  "p": "4 vies pour joueur 1 : {card} en donnent 2."},
        "takes": {"m": "1 vie pour joueur 2 : {card} en retire 1.", "f": "1 vie pour joueur 2 : {card} en retire 1.",
                  "p": "1 vie pour joueur 2 : {card} en retirent 1."},
        "cancels": {"m": "{card} annule l'effet de pose de Gorillion.", "f": "{card} annule l'effet de pose de Gorillion.",
                    "p": "{card} annulent l'effet de pose de Gorillion."},
        "no_blocker": {"m": "Si {card} attaque : aucun bloqueur possible. Sans blocage : 2 vies pour joueur 2.",
                       "f": "Si {card} attaque : aucun bloqueur possible. Sans blocage : 2 vies pour joueur 2.",
                       "p": "Si {card} attaquent : aucun bloqueur possible. Sans blocage : 2 vies pour joueur 2."},
        "effect_wins": {"m": "Si {card} attaque, son effet d'attaque gagne seul la partie.",
                        "f": "Si {card} attaque, son effet d'attaque gagne seul la partie.",
                        "p": "Si {card} attaquent, leur effet d'attaque gagne seul la partie."},
        "notes": {
            "m": "Si {card} attaque : aucun bloqueur possible. Sans blocage : 2 vies pour joueur 2. "
                 "Seul son Chasseur peut faire bloquer Gorillion. Chaque combat suppose que son effet d'attaque épargne "
                 "ce bloqueur.",
            "f": "Si {card} attaque : aucun bloqueur possible. Sans blocage : 2 vies pour joueur 2. "
                 "Seul son Chasseur peut faire bloquer Gorillion. Chaque combat suppose que son effet d'attaque épargne "
                 "ce bloqueur.",
            "p": "Si {card} attaquent : aucun bloqueur possible. Sans blocage : 2 vies pour joueur 2. "
                 "Seul leur Chasseur peut faire bloquer Gorillion. Chaque combat suppose que leur effet d'attaque "
                 "épargne ce bloqueur."},
        "attack_full": {"m": "5 : joueur 1 attaque avec {card}. Une créature peut la bloquer ; sinon, une vie est perdue.",
                        "f": "5 : joueur 1 attaque avec {card}. Une créature peut la bloquer ; sinon, une vie est perdue.",
                        "p": "5 : joueur 1 attaque avec {card}. Une créature peut les bloquer ; sinon, une vie est perdue."},
        "attack_terse": {"m": "5, {card} attaque.", "f": "5, {card} attaque.", "p": "5, {card} attaquent."},
        "not_on_board": {"m": "{card} n'est pas en jeu.", "f": "{card} n'est pas en jeu.",
                         "p": "{card} ne sont pas en jeu."},
        "ambiguous_side": {"m": "{card} est des deux côtés. Ajoutez moi ou adversaire.",
                           "f": "{card} est des deux côtés. Ajoutez moi ou adversaire.",
                           "p": "{card} sont des deux côtés. Ajoutez moi ou adversaire."},
        "sneaky": {"m": "{card} ne peut pas bloquer. L'attaquant est Furtif.",
                   "f": "{card} ne peut pas bloquer. L'attaquant est Furtif.",
                   "p": "{card} ne peuvent pas bloquer. L'attaquant est Furtif."},
        "because": {"m": "{card} ne peut pas bloquer. À cause de Pachypoulpe.",
                    "f": "{card} ne peut pas bloquer. À cause de Pachypoulpe.",
                    "p": "{card} ne peuvent pas bloquer. À cause de Pachypoulpe."},
    },
    "en": {
        "defeated": {"m": "Player 2's {card} is defeated, to their discard pile.",
                     "p": "Player 2's {card} are defeated, to their discard pile."},
        "defeated_elsewhere": {"m": "Player 2's {card} is defeated, to player 1's discard pile.",
                               "p": "Player 2's {card} are defeated, to player 1's discard pile."},
        "defeated_by": {"m": "Explosive Toad: player 2's {card} is defeated, to their discard pile.",
                        "p": "Explosive Toad: player 2's {card} are defeated, to their discard pile."},
        "exhausted": {"m": "Tough: player 2's {card} survives, exhausted instead of defeated.",
                      "p": "Tough: player 2's {card} survive, exhausted instead of defeated."},
        "exhausted_by": {"m": "Tough against Kangasaurus Rex: player 2's {card} survives, exhausted instead of defeated.",
                         "p": "Tough against Kangasaurus Rex: player 2's {card} survive, exhausted instead of defeated."},
        "poisonous": {"m": "1 against 10: player 2 blocks Gorillion with {card}. Poisonous: {card} defeats Gorillion.",
                      "p": "1 against 10: player 2 blocks Gorillion with {card}. Poisonous: {card} defeat Gorillion."},
        "entered": {"m": "5: {card} enters play for player 1.", "p": "5: {card} enter play for player 1."},
        "what_if": {
            "m": "If {card} attacks: 3 possible blockers. 5 against Gorillion 10: {card} is defeated, Gorillion survives. "
                 "5 against Spider Owl 3: {card} survives, Spider Owl is defeated. "
                 "5 against Luchataur 9: {card} is exhausted (Tough), Luchataur is defeated. "
                 "Not blocked: 2 lives left for player 2.",
            "p": "If {card} attack: 3 possible blockers. 5 against Gorillion 10: {card} are defeated, Gorillion survives. "
                 "5 against Spider Owl 3: {card} survive, Spider Owl is defeated. "
                 "5 against Luchataur 9: {card} are exhausted (Tough), Luchataur is defeated. "
                 "Not blocked: 2 lives left for player 2."},
        "gives": {"m": "4 lives for player 1: {card} gives 2.", "p": "4 lives for player 1: {card} give 2."},
        "takes": {"m": "1 life for player 2: {card} takes 1.", "p": "1 life for player 2: {card} take 1."},
        "cancels": {"m": "{card} cancels the Play effect of Gorillion.", "p": "{card} cancel the Play effect of Gorillion."},
        "no_blocker": {"m": "If {card} attacks: no possible blocker. Not blocked: 2 lives left for player 2.",
                       "p": "If {card} attack: no possible blocker. Not blocked: 2 lives left for player 2."},
        "effect_wins": {"m": "If {card} attacks, its attack effect alone wins the game.",
                        "p": "If {card} attack, their attack effect alone wins the game."},
        "notes": {
            "m": "If {card} attacks: no possible blocker. Not blocked: 2 lives left for player 2. "
                 "Only its Hunter can make Gorillion block. Each fight assumes its attack effect spares that blocker.",
            "p": "If {card} attack: no possible blocker. Not blocked: 2 lives left for player 2. "
                 "Only their Hunter can make Gorillion block. Each fight assumes their attack effect spares that blocker."},
        "attack_full": {"m": "5: player 1 attacks with {card}. A creature may block it; if none does, a life is lost.",
                        "p": "5: player 1 attacks with {card}. A creature may block them; if none does, a life is lost."},
        "attack_terse": {"m": "5, {card} attacks.", "p": "5, {card} attack."},
        "not_on_board": {"m": "{card} is not in play.", "p": "{card} are not in play."},
        "wrong_side": {"m": "{card} is elsewhere. Not on player 1's side.",
                       "p": "{card} are elsewhere. Not on player 1's side."},
        "ambiguous_side": {"m": "{card} is on both sides. Add mine or theirs.",
                           "p": "{card} are on both sides. Add mine or theirs."},
        "sneaky": "{card} cannot block. The attacker is Sneaky.",
        "because": "{card} cannot block. Because of Elephantopus.",
        "not_in_discard": {"m": "{card} is not in that pile.", "p": "{card} are not in that pile."},
    },
}

CARDS = find("mindbug").cards()


def said(form: str, card: str, lang: str) -> str:
    """The sentence of ``form`` about ``card``, as the table hears it."""
    verbosity = {"attack_terse": "terse", "attack_full": "full"}.get(form, "normal")
    ctx = Context(Settings(lang, verbosity=verbosity), CARDS, rm.DOMAIN, ())
    if form in ("attack_terse", "attack_full"):
        return rm.RENDERER.render(g.Attacked("p1", card, 5, False), ctx)
    if form in REFUSALS:
        code, details = REFUSALS[form]
        return rm.RENDERER.render_error(code, {"card": card, **details}, ctx)
    event = EVENTS[form]
    field = "by" if form == "cancels" else "card"
    return capitalized(rm.RENDERER.render(msgspec.structs.replace(event, **{field: card}), ctx))


def agreement(card: str, lang: str) -> str:
    return "p" if card in PLURAL[lang] else "f" if card in FEMININE[lang] else "m"


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("card", [c.id for c in CARDS.cards])
def test_every_sentence_agrees_with_the_creatures_name(card, lang):
    name = CARDS[card].name(lang)
    wrong = []
    for form, templates in EXPECTED[lang].items():
        template = templates if isinstance(templates, str) else templates[agreement(card, lang)]
        expected = capitalized(template.format(card=name))
        if said(form, card, lang) != expected:
            wrong.append((form, said(form, card, lang), expected))
    assert not wrong


def test_the_plural_names_are_the_two_of_the_reference():
    """Oursins hurleurs is plural in French only, Shield Bugs in English only."""
    assert {lang: {c.id for c in CARDS.cards if c.plural(lang)} for lang in ("fr", "en")} == PLURAL


AUDIT = {"en": "play harpy mother\nno\nplay explosive toad\nno\nplay gorillion\nno\nattack toad\nblock harpy",
         "fr": "joue mamie harpie\nnon\njoue crapaud\nnon\njoue gorillion\nnon\nattaque crapaud\nbloque harpie"}


@pytest.mark.parametrize(("lang", "first", "expected"), [
    ("fr", "premier harpie", ["Mamie Harpie : aucune créature ne peut être choisie, l'effet est ignoré.",
                              "Crapaud bombe : Gorillion de joueur 1 est vaincu, dans sa défausse.", "Tour 5 : joueur 1."]),
    ("en", "first harpy", ["Harpy Mother: no creature can be chosen, the effect is skipped.",
                           "Explosive Toad: player 1's Gorillion is defeated, to their discard pile.", "Turn 5: player 1."]),
])
def test_a_creature_defeated_by_an_effect_names_the_effects_card(lang, first, expected):
    """The audit's table: Harpy Mother's effect is skipped, then Explosive Toad defeats Gorillion, its only target,
    with no question between: without the toad's name, the table blamed the Harpy."""
    from tests.conftest import make_session, run_lines

    session, recorder = make_session("mindbug", lang)
    run_lines(session, recorder, AUDIT[lang])
    assert run_lines(session, recorder, first) == expected


def test_the_defeat_event_carries_the_effects_card_and_a_fight_none():
    """``by`` in the events (and so in --json, beside the fields it always had): the effect's card, empty after a
    fight."""
    from tests.conftest import make_session, run_lines

    session, recorder = make_session("mindbug", "en")
    run_lines(session, recorder, AUDIT["en"].rsplit("\n", 1)[0])
    state, fight = g.apply(session.state, g.Block("harpy-mother"))
    state, effects = g.apply(state, g.First("harpy-mother", None))
    assert [e.fields() for e in fight if isinstance(e, g.CreatureDefeated)] == [
        {"player": "p2", "card": "explosive-toad", "pile": "p2", "by": ""},
        {"player": "p1", "card": "harpy-mother", "pile": "p1", "by": ""}]
    assert [e.fields() for e in effects if isinstance(e, g.CreatureDefeated)] == [
        {"player": "p1", "card": "gorillion", "pile": "p1", "by": "explosive-toad"}]


@pytest.mark.parametrize(("lang", "grade"), [("en", 1), ("fr", 2), ("en", 2)])
def test_the_plural_refusals_fit_a_40_cell_line(lang, grade):
    """As every refusal (tests/test_braille_fit.py), each sentence on one line beside the status cell: that test's
    example card is singular, so the plural forms are checked here with the plural names. Not in French intégral:
    "Oursins hurleurs" is 3 letters longer than that test's card, and "Pas d'Oursins hurleurs chez joueur 1." (the
    singular's words) takes 40 cells there, as "Sirène mystérieuse ne peut pas bloquer." does: the line pans."""
    pytest.importorskip("louis")
    from companion.braille.translate import translate
    from tests.test_braille_fit import ROOM, SENTENCE_END

    sentences = {part for card in PLURAL[lang] for form in REFUSALS for part in SENTENCE_END.split(said(form, card, lang))}
    assert len(sentences) >= 6
    assert [s for s in sorted(sentences) if len(translate(s, lang, grade)) > ROOM] == []

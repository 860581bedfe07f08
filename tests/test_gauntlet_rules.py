"""Le Gant d'Infinité: every rule of the core, on states and events (no language, no I/O)."""

from __future__ import annotations


import pytest
import msgspec

from companion.games import gauntlet as g
from companion.games.base import RuleError
from companion.registry import GAMES
from tests.rules_helpers import for_rules, names


def new(cards, players=4, **options):
    return g.new(g.Options(players=players, **options), cards)


apply_all, refused = for_rules(g)


# ----------------------------------------------------------------- set-up


@pytest.mark.parametrize("players, thanos_lives", [(2, 4), (3, 4), (4, 5), (5, 6), (6, 7)])
def test_set_up_lives_decks_and_hands_by_player_count(gauntlet_cards, players, thanos_lives):
    state = new(gauntlet_cards, players)
    heroes = players - 1
    assert state.thanos_lives == thanos_lives == state.thanos_lives_max
    assert state.hero_lives == 6
    # Heroes hold 1 card each; Thanos 2, plus the draw of his first turn, counted at once.
    assert state.hands == (3,) + (1,) * heroes
    assert state.hero_deck == 16 - heroes
    assert state.thanos_deck == 13 - 3
    assert state.current == g.THANOS and state.turn == 1
    assert state.reserve == 9 and state.tokens == (0,) * players


def test_lives_can_be_overridden(gauntlet_cards):
    state = new(gauntlet_cards, 3, thanos_lives=9, hero_lives=3)
    assert (state.thanos_lives, state.hero_lives) == (9, 3)


@pytest.mark.parametrize("options, code", [
    ({"players": 1}, "bad_players"),
    ({"players": 7}, "bad_players"),
    ({"players": 3, "names": ("a", "b")}, "bad_names"),
    ({"players": 3, "hero_lives": 0}, "bad_option"),
    ({"players": 3, "thanos_lives": 0}, "bad_option"),
    ({"players": 3, "names": ("Ana", "ana", "Bo")}, "same_name"),
])
def test_bad_options_are_refused(gauntlet_cards, options, code):
    with pytest.raises(RuleError) as caught:
        g.new(g.Options(**options), gauntlet_cards)
    assert caught.value.code == code


# ----------------------------------------------------------------- turns


def test_turns_go_thanos_then_heroes_in_seat_order_with_draws_counted(gauntlet_cards):
    state = new(gauntlet_cards, 3)
    state, events = apply_all(state, g.Play("proxima-midnight"), g.Next())
    assert state.current == 1 and state.turn == 2
    assert names(events)[-2:] == ["turn_started", "card_drawn"]
    assert state.hands[1] == 2 and state.hero_deck == 16 - 2 - 1
    state, _ = apply_all(state, g.Play("hulk"), g.Next())
    assert state.current == 2
    state, _ = apply_all(state, g.Play("thor"), g.Next())
    assert state.current == g.THANOS and state.turn == 4
    assert state.hands[g.THANOS] == 3  # 2 kept + the draw


def test_two_players_the_hero_plays_two_turns_in_a_row(gauntlet_cards):
    state = new(gauntlet_cards, 2)
    state, events = apply_all(state, g.Play("proxima-midnight"), g.Next())
    assert state.current == 1 and not state.second_turn
    state, events = apply_all(state, g.Play("hulk"), g.Next())
    assert state.current == 1 and state.second_turn
    assert events[-2] == g.TurnStarted("hero1", 3, True)
    state, _ = apply_all(state, g.Play("thor"), g.Next())
    assert state.current == g.THANOS


def test_a_turn_ends_only_after_a_card_is_played(gauntlet_cards):
    state = new(gauntlet_cards)
    refused(state, g.Next(), "not_played")


def test_one_card_per_turn(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Play("proxima-midnight"))
    refused(state, g.Play("ebony-maw"), "already_played")


# ----------------------------------------------------------------- playing cards


def test_a_card_must_belong_to_the_current_players_side(gauntlet_cards):
    state = new(gauntlet_cards)
    error = refused(state, g.Play("iron-man"), "wrong_side")
    assert error.details == {"card": "iron-man", "player": "thanos"}


def test_the_thanos_card_can_never_be_played(gauntlet_cards):
    refused(new(gauntlet_cards), g.Play("thanos"), "unplayable")


def test_a_card_face_up_cannot_be_played_again_without_a_reshuffle(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Play("proxima-midnight"), g.Next(), g.Play("hulk"), g.Next())
    refused(state, g.Play("hulk"), "already_face_up")


def test_two_copies_can_both_be_played(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards, 2), g.Play("outriders", target=1, value=3), g.Next(),
                         g.Play("hulk"), g.Next(), g.Play("thor"), g.Next())
    state, _ = apply_all(state, g.Play("outriders", target=1, value=5))
    assert state.face_up[0] == ("outriders", "outriders")


def test_a_refused_command_changes_nothing(gauntlet_cards):
    state = new(gauntlet_cards)
    before = msgspec.structs.replace(state)
    for command in (g.Play("iron-man"), g.Play("thanos"), g.Defeat(0, "iron-man"), g.Token(2, -1), g.Snap(())):
        with pytest.raises(RuleError):
            g.apply(state, command)
    assert state == before


def test_the_played_card_goes_face_up_and_its_effect_is_read(gauntlet_cards):
    state, events = apply_all(new(gauntlet_cards), g.Play("black-dwarf"))
    assert state.face_up[0] == ("black-dwarf",)
    assert state.hands[0] == 2
    assert events[:2] == [g.CardPlayed("thanos", "black-dwarf", 3), g.CardEffect("black-dwarf")]
    # An effect its own event says in full is not read as well: Ebony Maw's cycle is said once.
    state, events = apply_all(new(gauntlet_cards), g.Play("ebony-maw"))
    assert [e.name for e in events] == ["card_played", "thanos_deck_cycled"]


def test_proxima_midnight_gives_thanos_one_token(gauntlet_cards):
    state, events = apply_all(new(gauntlet_cards), g.Play("proxima-midnight"))
    assert state.tokens[0] == 1 and state.reserve == 8
    assert events[-1] == g.TokensTaken("thanos", 1, 1, 8, 0)


def test_the_power_stone_gives_three_and_an_empty_reserve_asks_for_substitutes(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Token(1, 8))
    state, events = apply_all(state, g.Play("power-stone"))
    assert state.tokens[0] == 3 and state.reserve == 0 and state.substitutes == 2
    assert events[-1] == g.TokensTaken("thanos", 3, 3, 0, 2)


def test_a_hero_token_card_gives_the_token_to_the_chosen_hero_or_the_player(gauntlet_cards):
    base, _ = apply_all(new(gauntlet_cards), g.Play("proxima-midnight"), g.Next())
    state, _ = apply_all(base, g.Play("falcon", target=3))
    assert state.tokens == (1, 0, 0, 1)
    state, _ = apply_all(base, g.Play("falcon"))
    assert state.tokens == (1, 1, 0, 0)


def test_ebony_maw_and_reality_stone_keep_the_deck_count(gauntlet_cards):
    state, events = apply_all(new(gauntlet_cards), g.Play("reality-stone"))
    assert state.thanos_deck == 10 and state.hands[0] == 2
    assert events[-1] == g.ThanosDeckCycled(2, 2, 10)


def test_ebony_maw_with_an_empty_deck_puts_back_only_what_was_drawn(gauntlet_cards):
    """Draw N, put N back under: with an empty deck nothing is drawn, so nothing leaves the hand (issue 12)."""
    state = msgspec.structs.replace(new(gauntlet_cards), thanos_deck=0, hands=(3, 1, 1, 1))
    state, events = apply_all(state, g.Play("ebony-maw"))
    assert events[-1] == g.ThanosDeckCycled(0, 0, 0)
    assert state.hands[0] == 2 and state.thanos_deck == 0
    short = msgspec.structs.replace(new(gauntlet_cards), thanos_deck=1, hands=(2, 1, 1, 1))
    short, events = apply_all(short, g.Play("reality-stone"))  # wants 2, draws the 1 left, puts 1 back
    assert events[-1] == g.ThanosDeckCycled(1, 1, 1) and short.hands[0] == 1 and short.thanos_deck == 1


def test_choices_are_checked_before_anything_changes(gauntlet_cards):
    state = new(gauntlet_cards)
    refused(state, g.Play("outriders", target=1), "value_needed")
    refused(state, g.Play("outriders", value=3), "target_needed")
    refused(state, g.Play("outriders", target=0, value=3), "not_a_hero")
    refused(state, g.Play("outriders", target=1, value=9), "bad_value")
    refused(state, g.Play("proxima-midnight", target=1), "no_target")
    refused(state, g.Play("mind-stone"), "value_needed")
    assert g.apply(state, g.Play("mind-stone", value=3))[1][0] == g.CardPlayed("thanos", "mind-stone", 1, named_value=3)


def test_in_a_two_player_game_the_lone_hero_is_the_target(gauntlet_cards):
    state, events = apply_all(new(gauntlet_cards, 2), g.Play("corvus-glaive"))
    assert events[0].target == "hero1"


def test_the_time_stone_uses_the_effect_of_another_face_up_thanos_card(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards, 2), g.Play("proxima-midnight"), g.Next(), g.Play("hulk"), g.Next(),
                         g.Play("thor"), g.Next())
    refused(state, g.Play("time-stone"), "copy_needed")
    refused(state, g.Play("time-stone", copy="power-stone"), "bad_copy")
    state, events = apply_all(state, g.Play("time-stone", copy="proxima-midnight"))
    assert events[0] == g.CardPlayed("thanos", "time-stone", 6, copy="proxima-midnight")
    assert state.tokens[0] == 2


# ----------------------------------------------------------------- defeats


def test_a_defeated_hero_card_costs_a_life_goes_face_up_and_is_replaced(gauntlet_cards):
    state = new(gauntlet_cards)
    state, events = apply_all(state, g.Defeat(2, "vision"))
    assert names(events) == ["card_defeated", "life_lost", "card_drawn"]
    assert state.hero_lives == 5 and state.face_up[2] == ("vision",)
    assert state.hands[2] == 1 and state.hero_deck == 12


def test_a_defeated_stone_is_replaced_first_then_shuffled_back(gauntlet_cards):
    state = new(gauntlet_cards)
    state, events = apply_all(state, g.Defeat(0, "soul-stone"))
    assert names(events) == ["card_defeated", "life_lost", "card_drawn", "card_shuffled_back"]
    assert events[2] == g.CardDrawn("thanos", "thanos", 9)
    assert events[3] == g.CardShuffledBack("soul-stone", 10)
    assert state.face_up[0] == () and state.thanos_lives == 4 and state.hands[0] == 3


@pytest.mark.parametrize("card", ["nebula", "spider-man", "star-lord"])
def test_a_guess_at_thanos_defeats_one_card_only(gauntlet_cards, card):
    """Nebula, Spider-Man and Star-Lord: "one such card is defeated" — a second defeat is refused, no life lost."""
    state, _ = apply_all(new(gauntlet_cards, 2), g.Play("proxima-midnight"), g.Next(), g.Play(card, value=1))
    state, _ = apply_all(state, g.Defeat(0, "outriders"))
    assert state.thanos_lives == 3
    error = refused(state, g.Defeat(0, "outriders"), "one_defeat_only")
    assert error.details["card"] == card
    refused(state, g.Defeat(0, "mind-stone"), "one_defeat_only")


@pytest.mark.parametrize("play", [g.Play("outriders", target=1, value=3), g.Play("corvus-glaive", target=1),
                                  g.Play("soul-stone", target=1)], ids=["outriders", "corvus", "soul"])
def test_a_card_aimed_at_one_hero_defeats_no_other_heros_card(gauntlet_cards, play):
    state, _ = apply_all(new(gauntlet_cards, 4), play)
    error = refused(state, g.Defeat(2, "vision"), "defeat_not_aimed")
    assert (error.details["card"], error.details["targets"]) == (play.card, ("hero1",))
    refused(state, g.Defeat(3, "hulk"), "defeat_not_aimed")
    value = {"outriders": 3, "corvus-glaive": 2, "soul-stone": 4}[play.card]
    hero_card = next(c.id for c in gauntlet_cards.of_side("heroes") if c.value == value)
    state, _ = apply_all(state, g.Defeat(1, hero_card))
    assert state.hero_lives == 5
    refused(state, g.Defeat(1, "vision"), "one_defeat_only")


def test_the_mind_stone_defeats_one_card_of_each_hero_holding_the_value(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards, 4), g.Play("mind-stone", value=3))
    state, _ = apply_all(state, g.Defeat(1, "hulk"), g.Defeat(2, "thor"))
    refused(state, g.Defeat(1, "captain-america"), "one_defeat_only")
    state, _ = apply_all(state, g.Defeat(3, "captain-america"))
    assert state.hero_lives == 3


def test_each_fight_defeats_one_card_and_the_next_fight_another(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards, 4), g.Play("space-stone"), g.Fight(1, "hero", "hulk", 3))
    refused(state, g.Defeat(1, "thor"), "one_defeat_only")
    state, _ = apply_all(state, g.Fight(2, "hero", "thor", 3))
    assert state.hero_lives == 4


def test_a_defeated_non_stone_thanos_card_stays_face_up(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Defeat(0, "black-dwarf"))
    assert state.face_up[0] == ("black-dwarf",) and state.thanos_deck == 9


def test_a_defeat_names_a_card_of_the_players_side(gauntlet_cards):
    state = new(gauntlet_cards)
    refused(state, g.Defeat(1, "thanos"), "wrong_side")
    refused(state, g.Defeat(9, "hulk"), "unknown_player")
    refused(state, g.Defeat(1, "no-such-card"), "unknown_card")


def test_the_heroes_at_zero_lives_give_thanos_the_game_and_end_it(gauntlet_cards):
    state = new(gauntlet_cards, hero_lives=1)
    state, events = apply_all(state, g.Defeat(1, "hulk"))
    assert state.winner == "thanos" and events[-1] == g.GameOver("thanos", "lives")
    refused(state, g.Play("proxima-midnight"), "game_over")
    refused(state, g.Next(), "game_over")


def test_thanos_at_zero_lives_gives_the_heroes_the_game(gauntlet_cards):
    state = new(gauntlet_cards, thanos_lives=1)
    state, events = apply_all(state, g.Defeat(0, "ebony-maw"))
    assert state.winner == "heroes" and events[-1] == g.GameOver("heroes", "lives")


# ----------------------------------------------------------------- fights


def hero_with_a_fight(cards, players=4):
    state, _ = apply_all(new(cards, players), g.Play("ebony-maw"), g.Next(), g.Play("hulk"))
    return state


def test_a_fight_needs_a_card_that_allows_it(gauntlet_cards):
    state = new(gauntlet_cards)
    with pytest.raises(RuleError) as caught:
        g.resolve_fight(state, 1, 3, 3)
    assert caught.value.code == "no_fight"


def test_the_lower_value_is_defeated_and_a_unique_card_is_named_at_once(gauntlet_cards):
    state = hero_with_a_fight(gauntlet_cards)
    fight = g.resolve_fight(state, 1, 6, 5)
    assert fight == g.Fight(1, "thanos", "reality-stone", 5)  # Ebony Maw, the other 5, is face up
    state, events = apply_all(state, fight)
    assert names(events) == ["fight", "card_defeated", "life_lost", "card_drawn", "card_shuffled_back"]
    assert state.thanos_lives == 4


def test_a_loser_whose_card_is_not_unique_is_asked_for(gauntlet_cards):
    state = hero_with_a_fight(gauntlet_cards)
    fight = g.resolve_fight(state, 1, 2, 5)
    assert fight == g.Fight(1, "hero", None, 2)
    state, events = apply_all(state, fight)
    assert events[-1] == g.DefeatPending("hero1") and state.pending_defeat == 1
    refused(state, g.Next(), "defeat_pending")
    refused(state, g.Defeat(2, "gamora"), "defeat_pending")
    state, _ = apply_all(state, g.Defeat(1, "gamora"))
    assert state.pending_defeat is None and state.hero_lives == 5


def test_a_tie_defeats_nothing(gauntlet_cards):
    state = hero_with_a_fight(gauntlet_cards)
    state2, events = apply_all(state, g.resolve_fight(state, 1, 4, 4))
    assert names(events) == ["fight"] and events[0].winner is None
    assert (state2.hero_lives, state2.thanos_lives) == (6, 5)


def test_a_power_token_held_must_be_spent_for_plus_two(gauntlet_cards):
    state = hero_with_a_fight(gauntlet_cards)
    state, _ = apply_all(state, g.Token(1, 2))
    fight = g.resolve_fight(state, 1, 4, 5)  # 4 + 2 beats 5
    assert fight.loser == "thanos"
    state, events = apply_all(state, fight)
    assert events[0] == g.TokenSpent("hero1", 1, 8)
    assert state.tokens[1] == 1


def test_only_the_allowed_hero_fights_and_only_once(gauntlet_cards):
    state = hero_with_a_fight(gauntlet_cards)
    with pytest.raises(RuleError) as caught:
        g.resolve_fight(state, 2, 3, 3)
    assert caught.value.code == "fight_not_allowed"
    state, _ = apply_all(state, g.resolve_fight(state, 1, 3, 3))
    with pytest.raises(RuleError) as caught:
        g.resolve_fight(state, 1, 3, 3)
    assert caught.value.code == "no_fight"


def test_the_space_stone_allows_two_fights_against_two_different_heroes(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Play("space-stone"))
    state, events = apply_all(state, g.resolve_fight(state, 1, 4, 4))
    assert events[-1].fights_left == 1
    with pytest.raises(RuleError) as caught:
        g.resolve_fight(state, 1, 4, 4)
    assert caught.value.code == "already_fought"
    state, events = apply_all(state, g.resolve_fight(state, 2, 4, 4))
    assert events[-1].fights_left == 0


def test_with_two_players_the_space_stone_allows_one_fight(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards, 2), g.Play("space-stone"))
    assert state.fight_right == g.FightRight(1, (1,), capped=True)


def test_iron_man_lets_a_teammate_fight(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Play("ebony-maw"), g.Next(), g.Play("iron-man", target=3))
    assert state.fight_right == g.FightRight(1, (3,))


# ----------------------------------------------------------------- decks


def test_an_empty_hero_deck_is_rebuilt_from_the_face_up_hero_cards(gauntlet_cards):
    state = new(gauntlet_cards)
    state = msgspec.structs.replace(state, hero_deck=0, face_up=((), ("hulk",), ("thor", "vision"), ()),
                                hands=(3, 1, 1, 1))
    state, events = apply_all(state, g.Play("proxima-midnight"), g.Next())
    assert events[-3:] == [g.TurnStarted("hero1", 2, False), g.HeroDeckReshuffled(3, ("hulk", "thor", "vision")),
                           g.CardDrawn("hero1", "heroes", 2)]
    assert state.face_up[1:] == ((), (), ())


def test_the_hero_deck_is_rebuilt_as_soon_as_a_draw_empties_it(gauntlet_cards):
    state = msgspec.structs.replace(new(gauntlet_cards), hero_deck=1, face_up=((), ("hulk",), (), ()))
    state, events = apply_all(state, g.Play("proxima-midnight"), g.Next())
    assert events[-2:] == [g.CardDrawn("hero1", "heroes", 0), g.HeroDeckReshuffled(1, ("hulk",))]
    assert state.hero_deck == 1 and state.face_up[1] == ()


def test_an_empty_hero_deck_with_no_hero_card_face_up_skips_the_draw(gauntlet_cards):
    state = msgspec.structs.replace(new(gauntlet_cards), hero_deck=0, hands=(3, 1, 1, 1))
    state, events = apply_all(state, g.Play("proxima-midnight"), g.Next())
    assert events[-1] == g.DrawSkipped("hero1", "heroes")


def test_an_empty_thanos_deck_skips_his_draw(gauntlet_cards):
    state = msgspec.structs.replace(new(gauntlet_cards, 2), thanos_deck=0)
    state, _ = apply_all(state, g.Play("proxima-midnight"), g.Next(), g.Play("hulk"), g.Next(), g.Play("thor"))
    state, events = apply_all(state, g.Next())
    assert events[-1] == g.DrawSkipped("thanos", "thanos")
    assert state.hands[0] == 2


def test_thanos_holding_only_the_thanos_card_may_end_his_turn(gauntlet_cards):
    state = msgspec.structs.replace(new(gauntlet_cards), thanos_deck=0, hands=(1, 1, 1, 1))
    state, events = apply_all(state, g.Next())
    assert state.current == 1


# ----------------------------------------------------------------- snap


def test_the_snap_is_refused_with_the_missing_stones(gauntlet_cards):
    state = new(gauntlet_cards)
    error = refused(state, g.Snap(("mind-stone", "soul-stone")), "snap_incomplete")
    assert set(error.details["missing"]) == {"space-stone", "power-stone", "reality-stone", "time-stone"}


def test_the_snap_wins_with_stones_face_up_plus_stones_in_hand(gauntlet_cards):
    state = msgspec.structs.replace(new(gauntlet_cards),
                                face_up=(("mind-stone", "soul-stone", "space-stone", "power-stone"), (), (), ()))
    refused(state, g.Snap(("reality-stone", "reality-stone")), "stone_named_twice")
    refused(state, g.Snap(("reality-stone", "mind-stone")), "stone_face_up")
    refused(state, g.Snap(("reality-stone", "ebony-maw")), "not_a_stone")
    state, events = apply_all(state, g.Snap(("reality-stone", "time-stone")))
    assert state.winner == "thanos"
    assert events == [g.Snapped(("reality-stone", "time-stone")), g.GameOver("thanos", "snap")]


def test_the_snap_is_only_on_thanos_turn_and_within_his_hand(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Play("proxima-midnight"), g.Next())
    refused(state, g.Snap(()), "not_thanos_turn")
    state = new(gauntlet_cards)
    refused(state, g.Snap(("mind-stone", "soul-stone", "space-stone", "power-stone")), "too_many_stones")


# ----------------------------------------------------------------- tokens and knowledge


def test_tokens_are_given_back_only_when_held(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Token(2, 2))
    refused(state, g.Token(2, -3), "not_enough_tokens")
    refused(state, g.Token(2, 0), "bad_token_count")
    state, events = apply_all(state, g.Token(2, -2))
    assert events == [g.TokensReturned("hero2", 2, 0, 9)]


def test_public_knowledge_includes_unseen_cards_of_each_deck(gauntlet_cards):
    state, _ = apply_all(new(gauntlet_cards), g.Play("proxima-midnight"), g.Defeat(0, "outriders"))
    view = g.public_view(state)
    assert view["unseen_thanos"]["outriders"] == 1 and view["unseen_thanos"]["proxima-midnight"] == 0
    assert view["face_up"]["thanos"] == ["proxima-midnight", "outriders"]
    assert g.unseen(state, "thanos").cards["outriders"] == 1
    status = g.status(state).fields()
    assert set(status) >= {"thanos_lives", "thanos_lives_max", "hero_lives", "hero_lives_max", "stones",
                           "power_tokens", "reserve", "hero_deck", "thanos_deck", "current_player", "winner"}


def test_commands_round_trip_through_json():
    for command in (g.Play("outriders", target=1, value=3), g.Defeat(0, "thanos"), g.Fight(2, None),
                    g.Token(1, -1), g.Snap(("mind-stone",)), g.Next()):
        assert g.RULES.command_from(command.to_json()) == command


def test_the_mind_stone_checks_the_defeated_card_of_every_hero_it_hits():
    """Every hero holding the value named loses that card: each defeat after the first is checked too."""
    from tests.conftest import make_session, run_lines

    session, recorder = make_session("gauntlet", players=3)
    run_lines(session, recorder, "play mind stone 3\ndefeat hero 1 thor")
    assert run_lines(session, recorder, "defeat hero 2 vision") == [
        "Vision is a 5. The defeated card must be a 3. 2 cards fit. Captain America. Hulk."]
    assert run_lines(session, recorder, "defeat hero 2 hulk")[0] == "Hero 2's Hulk is defeated."


# ----------------------------------------------------------------- issue 24: the 2-player Space Stone, the Time Stone


def test_the_space_stone_at_2_players_says_one_fight_and_refuses_a_second_with_its_own_reason(gauntlet_cards):
    state, events = apply_all(new(gauntlet_cards, 2), g.Play("space-stone"))
    effect = next(e for e in events if isinstance(e, g.CardEffect))
    assert effect.fights == 1 and state.fight_right.capped
    state, _ = apply_all(state, g.Fight(1, None))
    assert refused(state, g.Fight(1, None), "one_hero_fight").details == {"fights": 1, "heroes": 1}
    three, events = apply_all(new(gauntlet_cards, 3), g.Play("space-stone"))
    assert next(e for e in events if isinstance(e, g.CardEffect)).fights == 0 and three.fight_right.left == 2


@pytest.mark.parametrize(("lang", "effect", "second"), [
    ("en", "1 fight only at 2 players: there is a single hero.",
     "1 fight only at 2 players. The hero has already fought."),
    ("fr", "1 seul combat à 2 joueurs : il n'y a qu'un héros.",
     "1 seul combat à 2 joueurs. Le héros a déjà combattu."),
])
def test_the_space_stone_at_2_players_is_said_by_the_2_player_rule(lang, effect, second):
    from tests.conftest import make_session, run_lines

    session, recorder = make_session("gauntlet", lang, players=2, names=("Zoe", "Ana"))
    assert effect in run_lines(session, recorder, "play space stone\nfight ana 3 3")
    assert run_lines(session, recorder, "fight ana 3 5") == [second]
    assert run_lines(session, recorder, "fight") == [second]


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "This stone copies a Thanos card. It must be face up before Thanos. Hulk is not."),
    ("fr", "Cette pierre copie une carte Thanos. Elle doit être visible devant lui. Hulk ne l'est pas."),
])
def test_the_time_stone_naming_a_hero_card_says_the_copy_must_be_a_face_up_thanos_card(lang, expected):
    from tests.conftest import make_session, run_lines

    session, recorder = make_session("gauntlet", lang, players=2, names=("Zoe", "Ana"))
    assert run_lines(session, recorder, "play time stone hulk") == [expected]
    assert run_lines(session, recorder, "status")[0].startswith(("Turn 1", "Tour 1")), "nothing changed"


# ----------------------------------------------------------------- issue 24: names that are seat words, every game

SEAT_WORDS = ("2", "p1", "P 2", "hero1", "h2", "j1", "Joueur3")


@pytest.mark.parametrize("game", [g.id for g in GAMES])
@pytest.mark.parametrize("word", SEAT_WORDS)
def test_a_name_that_is_a_seat_word_is_refused_at_set_up_in_every_game(game, word):
    from companion.registry import find

    info = find(game)
    players = info.rules.spec.min_players
    names_ = ("Ana", word) + tuple(f"N{chr(97 + i)}" for i in range(players - 2))
    options = info.rules.options_type(players=players, names=names_)
    with pytest.raises(RuleError) as caught:
        info.rules.new(options, info.cards())
    assert caught.value.code == "player_word" and caught.value.details["name"] == word


@pytest.mark.parametrize(("game", "word"), [("mindbug", "mine"), ("mindbug", "Moi"), ("mindbug", "adversaire"),
                                            ("gauntlet", "Héros"), ("gauntlet", "thanos")])
def test_a_game_s_own_seat_words_are_refused_as_names(game, word):
    from companion.games.base import names_problem

    assert names_problem(("Ana", word), game) == "player_word"
    assert names_problem(("Ana", "Zoé")) is None and names_problem(("Ana", "Moira"), game) is None


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "companion: --names: moi names a seat in commands; choose another name."),
    ("fr", "companion : --names : moi désigne une place dans les commandes ; choisissez un autre nom."),
])
def test_the_cli_refuses_a_seat_word_name_with_one_sentence(lang, expected):
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "companion", "--lang", lang, "play", "mindbug", "--names", "Ana", "moi"],
                          input="quit\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.strip() == expected and "Traceback" not in done.stderr

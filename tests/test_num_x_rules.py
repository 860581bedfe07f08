"""Num-X: the rules core — set-up per mode, legal plays with their reasons, turns, the end, the action cards."""

from __future__ import annotations


import pytest
from msgspec.structs import replace

from companion.registry import find
from companion.games import num_x as nx
from tests.rules_helpers import for_rules, names

CARDS = find("num-x").cards()
apply_all, refused = for_rules(nx)
P = nx.Play


def new(**options: object) -> nx.State:
    """A table with the defaults (the game as printed: the action cards, extra plays allowed) and ``options``."""
    return nx.new(nx.Options(**options), CARDS)  # type: ignore[arg-type]


def with_hand(state: nx.State, size: int = 5) -> nx.State:
    """The current player holds ``size`` cards (a test's way to let them play more)."""
    return replace(state, hands=nx.set_at(state.hands, state.current, size))


# --------------------------------------------------------------------------- set-up


@pytest.mark.parametrize(("players", "mode", "total", "piles"), [
    (2, "coop", 93, 4), (3, "coop", 96, 4), (5, "coop", 96, 4), (2, "decouverte", 76, 3), (4, "decouverte", 79, 3),
    (3, "adversaire", 96 - 17, 3), (2, "expert", 93, 4),
])
def test_the_deck_follows_the_player_count_and_the_mode(players: int, mode: str, total: int, piles: int) -> None:
    state = new(players=players, mode=mode)
    assert state.total == total
    assert len(state.piles) == piles
    assert state.hands == (5,) * players
    assert state.deck == total - 5 * players
    assert state.plays_required == 2


def test_without_action_cards_the_deck_is_85_number_cards() -> None:
    state = new(players=2, actions="off")
    assert state.total == 85 and "joker" not in state.copies


def test_the_defaults_are_the_game_as_printed_with_the_real_box() -> None:
    state = nx.new(nx.Options(players=3), CARDS)
    assert state.total == 96 and state.options.extra == "allowed" and state.options.lock == "on"
    assert nx.new(nx.Options(players=2), CARDS).total == 93
    state, events = apply_all(state, P("simple"), P("red-7", 2), P("red-9", 2, "up"), P("red-10", 2, "up"))
    assert isinstance(events[0], nx.TurnEased) and state.plays_made == 3


def test_the_calibrated_reading_is_two_options() -> None:
    """No action cards and exactly the minimum: the reading whose win rates are closest to the text's table."""
    state = new(players=3, actions="off", extra="exact")
    assert state.total == 85
    refused(state, P("simple"), "unknown_card")
    state, _ = apply_all(state, P("red-7", 2), P("red-9", 2, "up"))
    refused(state, P("red-10", 2, "up"), "turn_full")
    names_ = {o.name: o for o in nx.SPEC.options}
    assert (names_["actions"].default, names_["extra"].default) == ("on", "allowed")
    assert {"off"} <= set(names_["actions"].choices) and {"exact"} <= set(names_["extra"].choices)


def test_at_two_players_one_joker_flip_and_flash() -> None:
    two, three = new(players=2), new(players=3)
    assert (two.copies["joker"], two.copies["flip"], two.copies["flash"]) == (1, 1, 1)
    assert (three.copies["joker"], three.copies["simple"], three.copies["passe"]) == (2, 2, 3)


def test_decouverte_leaves_out_the_chosen_family() -> None:
    state = new(mode="decouverte", removed_family="blue")
    assert "blue-3" not in state.copies and "yellow-3" in state.copies
    refused(state, P("blue-3", 1), "unknown_card")


def test_adversaire_refuses_five_players_and_gives_each_a_family_pile() -> None:
    refused_new = pytest.raises(nx.RuleError)
    with refused_new as caught:
        new(players=5, mode="adversaire")
    assert caught.value.code == "bad_players"
    state = new(players=3, mode="adversaire")
    assert [(p.family, p.owner) for p in state.piles] == [("red", 0), ("green", 1), ("blue", 2)]


def test_a_bad_option_is_refused() -> None:
    with pytest.raises(nx.RuleError) as caught:
        new(lock="maybe")
    assert caught.value.code == "bad_option" and caught.value.details == {"option": "lock", "value": "maybe",
                                                                  "choices": ("on", "off"), "low": None, "high": None}


# --------------------------------------------------------------------------- legal plays


def test_the_first_card_sets_both_tops_and_fixes_the_family() -> None:
    state, events = apply_all(new(), P("red-7", 2))
    pile = state.piles[1]
    assert (pile.family, pile.top(nx.UP), pile.top(nx.DOWN)) == ("red", 7, 7)
    played = events[0]
    assert isinstance(played, nx.CardPlayed)
    assert (played.how, played.up, played.down, played.family, played.plays_made) == ("start", 7, 7, "red", 1)
    assert state.hands[0] == 4 and state.placed == 1


def test_up_is_strictly_higher_and_down_strictly_lower() -> None:
    state, _ = apply_all(new(), P("red-7", 2))
    error = refused(state, P("red-7", 2, "up"), "card_placed")
    assert error.details["card"] == "red-7"
    error = refused(state, P("red-5", 2, "up"), "does_not_fit")
    assert error.details == {"card": "red-5", "pile": 2, "direction": "up", "top": 7}
    refused(state, P("red-9", 2, "down"), "does_not_fit")
    state, _ = apply_all(state, P("red-9", 2, "up"))
    assert state.piles[1].top(nx.UP) == 9 and state.piles[1].top(nx.DOWN) == 7


def test_exactly_ten_back_always_fits_but_not_in_expert() -> None:
    state, _ = apply_all(with_hand(new()), P("red-4", 1), P("red-15", 1, "up"))
    state, events = apply_all(state, P("red-5", 1, "up"))
    assert events[0].how == "ten" and state.piles[0].top(nx.UP) == 5
    expert, _ = apply_all(with_hand(new(mode="expert")), P("red-4", 1), P("red-15", 1, "up"))
    error = refused(expert, P("red-5", 1, "up"), "does_not_fit")
    assert error.details["top"] == 15


def test_the_colour_lock_and_its_option() -> None:
    state, _ = apply_all(new(), P("red-7", 2))
    error = refused(state, P("green-9", 2, "up"), "wrong_family")
    assert error.details["family"] == "red"
    refused(state, P("red-3", 1), "family_taken")
    unlocked, _ = apply_all(new(lock="off"), P("red-7", 2), P("green-9", 2, "up"))
    assert unlocked.piles[1].top(nx.UP) == 9 and unlocked.piles[1].family == "red"


def test_shadow_goes_up_equal_or_breaks_and_never_starts_by_default() -> None:
    state = with_hand(new())
    refused(state, P("shadow-3", 1), "cannot_start")
    state, _ = apply_all(state, P("red-5", 1))
    refused(state, P("shadow-3", 1, "down"), "shadow_up_only")
    state, events = apply_all(state, P("shadow-5", 1, "up"))
    assert events[0].how == "equal"
    state, events = apply_all(state, P("shadow-2", 1, "up"))
    assert events[0].how == "break" and state.piles[0].top(nx.UP) == 2
    refused(state, P("rainbow-12", 1, "up"), "rainbow_down_only")
    state, events = apply_all(state, P("rainbow-12", 1, "down"))
    assert events[0].how == "break" and state.piles[0].top(nx.DOWN) == 12


def test_a_break_closes_the_branch_with_breaks_close() -> None:
    state, _ = apply_all(with_hand(new(breaks="close")), P("red-5", 1), P("shadow-2", 1, "up"))
    assert state.piles[0].closed == ("up",)
    refused(state, P("red-9", 1, "up"), "branch_closed")


def test_any_card_may_start_with_starters_any() -> None:
    state, _ = apply_all(new(starters="any"), P("shadow-3", 1))
    assert state.piles[0].family is None and state.piles[0].top(nx.UP) == 3
    state, _ = apply_all(state, P("green-9", 1, "up"))
    assert state.piles[0].family == "green"


def test_the_open_start_rises_from_minus_one_and_falls_from_17() -> None:
    state = new(start="open")
    refused(state, P("red-5", 1), "direction_needed")
    state, _ = apply_all(state, P("red-5", 1, "down"))
    pile = state.piles[0]
    assert (pile.top(nx.UP), pile.top(nx.DOWN)) == (-1, 5)
    state, _ = apply_all(state, P("red-0", 1, "up"))
    assert state.piles[0].top(nx.UP) == 0


def test_a_shared_start_takes_no_direction() -> None:
    error = refused(new(), P("red-5", 1, "up"), "start_no_direction")
    assert error.details["pile"] == 1


def test_unknown_pile_and_card() -> None:
    refused(new(), P("red-5", 5), "unknown_pile")
    refused(new(), P("red-5", 0), "unknown_pile")
    refused(new(), P("nothing", 1), "unknown_card")
    refused(new(), P("red-5"), "pile_needed")


# --------------------------------------------------------------------------- turns


def test_next_is_refused_before_the_required_plays_and_refills() -> None:
    state, _ = apply_all(new(), P("red-7", 2))
    error = refused(state, nx.Next(), "plays_left")
    assert error.details["left"] == 1
    state, events = apply_all(state, P("red-9", 2, "up"), nx.Next())
    assert names(events)[-2:] == ["refilled", "turn_started"]
    assert state.hands == (5, 5, 5) and state.deck == 81 - 2 and state.current == 1 and state.plays_made == 0


def test_more_than_the_minimum_unless_exact() -> None:
    state, _ = apply_all(new(), P("red-7", 2), P("red-9", 2, "up"), P("red-10", 2, "up"))
    assert state.plays_made == 3
    exact, _ = apply_all(new(extra="exact"), P("red-7", 2), P("red-9", 2, "up"))
    refused(exact, P("red-10", 2, "up"), "turn_full")


def test_one_play_a_turn_once_the_draw_pile_is_empty() -> None:
    state = replace(new(), deck=1)
    state, events = apply_all(state, P("red-7", 2), P("red-9", 2, "up"), nx.Next())
    assert "deck_emptied" in names(events)
    assert state.deck == 0 and state.plays_required == 1


def test_a_hand_emptied_in_one_turn_grows_by_one_with_the_defaults() -> None:
    state = new()
    cards = [P("red-1", 1), P("red-2", 1, "up"), P("red-3", 1, "up"), P("red-4", 1, "up"), P("red-5", 1, "up")]
    state, _ = apply_all(state, *cards)
    refused(state, P("red-6", 1, "up"), "no_cards_in_hand")
    state, events = apply_all(state, nx.Next())
    assert names(events)[:2] == ["hand_grew", "refilled"]
    assert state.hand_sizes[0] == 6 and state.hands[0] == 6


def test_every_hand_emptied_in_one_turn_gives_one_more_card() -> None:
    """"Main vidée en un tour = +1 carte": each time, not only the first."""
    state = replace(new(players=2), current=0, hand_sizes=(6, 5), hands=(6, 5))
    cards = [P("red-1", 1)] + [P(f"red-{v}", 1, "up") for v in range(2, 7)]
    state, events = apply_all(state, *cards, nx.Next())
    assert isinstance(events[-3], nx.HandGrew) and events[-3].hand_size == 7
    assert state.hand_sizes == (7, 5) and state.hands[0] == 7


def test_blocked_loses_with_the_score_but_not_once_the_plays_are_made() -> None:
    state, _ = apply_all(new(), P("red-7", 2))
    state, events = apply_all(state, nx.Blocked())
    over = events[-1]
    assert isinstance(over, nx.GameOver) and not over.won and over.score == 1 and over.reason == "blocked"
    result = nx.outcome(state)
    assert result is not None and result.kind.value == "cooperative_loss" and result.score == 1
    assert nx.to_act(state) is None
    refused(state, nx.Next(), "game_over")
    done, _ = apply_all(new(), P("red-7", 2), P("red-9", 2, "up"))
    refused(done, nx.Blocked(), "not_blocked")


def test_the_table_wins_when_draw_pile_and_hands_are_empty() -> None:
    state = replace(new(players=2), deck=0, hands=(1, 0))
    state, events = apply_all(state, P("red-7", 2))
    assert isinstance(events[-1], nx.GameOver) and events[-1].won and events[-1].reason == "all_placed"
    assert nx.outcome(state) is not None and nx.legal_moves(state) == []


def test_players_with_no_cards_are_skipped_once_the_draw_pile_is_empty() -> None:
    state = replace(new(players=3), deck=0, hands=(1, 0, 2), plays_required=1)
    state, _ = apply_all(state, P("red-7", 2), nx.Next())
    assert state.current == 2


# --------------------------------------------------------------------------- action cards


def _two_branches() -> nx.State:
    state, _ = apply_all(with_hand(new(), 9), P("red-7", 1), P("red-9", 1, "up"), P("red-4", 1, "down"))
    return state


def test_action_cards_draw_at_once_and_count_as_a_play() -> None:
    state = _two_branches()
    hand, deck = state.hands[0], state.deck
    state, events = apply_all(state, P("flip", 1))
    assert names(events) == ["flipped", "action_draw"]
    assert (state.piles[0].top(nx.UP), state.piles[0].top(nx.DOWN)) == (4, 9)
    assert state.hands[0] == hand and state.deck == deck - 1 and state.plays_made == 4
    assert "flip" in state.out


def test_flash_takes_the_top_out_of_play() -> None:
    state, events = apply_all(_two_branches(), P("flash", 1, "up"))
    assert isinstance(events[0], nx.Flashed) and events[0].removed == "red-9" and events[0].top == 7
    assert state.out[-2:] == ("flash", "red-9") and state.placed == 2
    refused(state, P("flash", 1, "up"), "nothing_to_flash")
    refused(state, P("flip", 1), "flip_needs_both")


def test_flash_cannot_take_the_first_card() -> None:
    state, _ = apply_all(new(), P("red-7", 1))
    refused(state, P("flash", 1, "up"), "nothing_to_flash")


def test_joker_replays_the_top_or_ten_away() -> None:
    state = _two_branches()
    refused(state, P("joker", 2, "up"), "pile_not_started")
    state2, events = apply_all(state, P("joker", 1, "up"))
    assert events[0].how == "joker" and events[0].value == 9 and "joker" in state2.piles[0].cards()
    refused(state, P("joker", 1, "up", 8), "joker_value")
    state3, _ = apply_all(state, P("joker", 1, "down", 14))
    assert state3.piles[0].top(nx.DOWN) == 14
    expert, _ = apply_all(with_hand(new(mode="expert"), 9), P("red-7", 1), P("red-4", 1, "down"))
    refused(expert, P("joker", 1, "down", 14), "joker_value")


def test_the_joker_takes_the_top_s_value_typed() -> None:
    """`play joker 1 up 8` on a top of 8: "rejoue la même valeur"."""
    state, _ = apply_all(with_hand(new(), 9), P("red-7", 1), P("red-8", 1, "up"))
    state, events = apply_all(state, P("joker", 1, "up", 8))
    played = events[0]
    assert isinstance(played, nx.CardPlayed) and played.how == "joker" and played.value == 8
    assert state.piles[0].top(nx.UP) == 8 and state.piles[0].up[-1].card == "joker"
    assert P("joker", 1, "up", 8) in nx.legal_moves(apply_all(with_hand(new(), 9), P("red-7", 1),
                                                              P("red-8", 1, "up"))[0])


def test_simple_as_the_second_card_ends_the_turn_s_requirement() -> None:
    state, _ = apply_all(new(), P("red-7", 1))
    refused(state, nx.Next(), "plays_left")
    state, events = apply_all(state, P("simple"))
    eased = events[0]
    assert isinstance(eased, nx.TurnEased) and eased.eased and eased.plays_made == 1 and eased.plays_required == 1
    state, events = apply_all(state, nx.Next())
    assert state.current == 1 and names(events)[-1] == "turn_started"


def test_simple_with_an_empty_draw_pile_changes_nothing() -> None:
    """One play is already the rule: "une seule vraie pose au lieu de deux" has nothing to take away."""
    state = replace(new(players=2), deck=0, hands=(3, 2), plays_required=1)
    state, events = apply_all(state, P("simple"))
    eased = events[0]
    assert isinstance(eased, nx.TurnEased) and not eased.eased and state.plays_required == 1
    assert isinstance(events[1], nx.ActionDraw) and not events[1].drew and state.hands[0] == 2
    refused(state, nx.Next(), "plays_left")
    state, _ = apply_all(state, P("red-7", 1), nx.Next())
    assert state.current == 1


def test_nothing_more_is_played_after_a_passe_even_with_extra_plays() -> None:
    state, _ = apply_all(new(), P("passe"))
    assert state.options.extra == "allowed"
    refused(state, P("red-7", 1), "turn_filled")
    refused(state, P("simple"), "turn_filled")
    assert not [m for m in nx.legal_moves(state) if isinstance(m, P)]
    second, _ = apply_all(new(), P("red-7", 1), P("passe"))
    refused(second, P("red-9", 1, "up"), "turn_filled")
    second, _ = apply_all(second, nx.Next())
    assert second.current == 1
    second, _ = apply_all(second, P("red-9", 1, "up"))
    assert second.plays_made == 1


def test_an_action_card_drawing_the_last_card_leaves_one_play_to_make() -> None:
    """"1 seule si la pioche est vide": at once, when an action card's draw empties it during a turn."""
    state = replace(_two_branches(), plays_made=0, deck=1)
    state, events = apply_all(state, P("flip", 1))
    emptied = events[-1]
    assert isinstance(emptied, nx.DeckEmptied) and emptied.now and emptied.plays_required == 1
    assert state.deck == 0 and state.plays_required == 1 and state.plays_made == 1
    state, _ = apply_all(state, nx.Next())
    assert state.current == 1


def test_adversaire_a_joker_on_another_players_pile_only_helps() -> None:
    state = new(players=3, mode="adversaire")
    state, _ = apply_all(with_hand(state, 9), P("red-13", 1), P("red-14", 1, "up"), nx.Next(), P("green-3", 2))
    refused(state, P("joker", 1, "up", 14), "help_only")
    refused(state, P("joker", 1, "up"), "help_only")
    state, events = apply_all(state, P("joker", 1, "up", 4))
    played = events[0]
    assert isinstance(played, nx.CardPlayed) and played.help and played.value == 4 and state.helped
    refused(state, P("joker", 1, "down", 13), "one_help")


def test_simple_and_passe_ease_the_turn() -> None:
    state, events = apply_all(new(), P("simple"))
    assert isinstance(events[0], nx.TurnEased) and state.plays_required == 1
    refused(state, nx.Next(), "plays_left")
    state, _ = apply_all(state, P("red-7", 1), nx.Next())
    assert state.current == 1
    passed, _ = apply_all(new(), P("passe"))
    assert passed.plays_required == 0
    passed, _ = apply_all(passed, nx.Next())
    assert passed.current == 1
    refused(new(), P("passe", 1), "no_pile_needed")


def test_copies_are_counted() -> None:
    state, _ = apply_all(with_hand(new(players=2)), P("passe"))
    state = replace(state, used={"passe": 3}, passed=False)
    error = refused(state, P("passe"), "card_placed")
    assert error.details["copies"] == 3


# --------------------------------------------------------------------------- adversaire


def test_adversaire_help_only_on_another_pile_once_a_turn() -> None:
    state = with_hand(new(players=2, mode="adversaire"), 9)
    refused(state, P("green-5", 2), "help_only")
    state, _ = apply_all(state, P("red-5", 1), P("red-9", 1, "up"), nx.Next())
    state = with_hand(state, 9)
    assert state.current == 1
    error = refused(state, P("red-12", 1, "up"), "help_only")
    assert error.details["top"] == 9
    state, events = apply_all(state, P("red-6", 1, "up"))
    assert events[0].how == "help" and events[0].help and state.piles[0].top(nx.UP) == 6
    refused(state, P("red-3", 1, "down"), "one_help")


def test_adversaire_a_flip_on_another_players_pile_only_helps_and_is_the_turns_help() -> None:
    """"Couleur d'un adversaire : vous ne pouvez que l'aider": a Flip there must lower its rise, raise its fall."""
    state = with_hand(new(players=3, mode="adversaire"), 9)
    state, _ = apply_all(state, P("red-8", 1), P("red-10", 1, "up"), P("rainbow-16", 1, "down"), nx.Next())
    error = refused(with_hand(state, 9), P("flip", 1), "help_only")  # 16 up, 10 down: it would hinder
    assert error.details["owner"] == "p1"
    state = with_hand(new(players=3, mode="adversaire"), 9)
    state, _ = apply_all(state, P("red-8", 1), P("red-12", 1, "up"), P("red-5", 1, "down"), nx.Next())
    state, events = apply_all(with_hand(state, 9), P("flip", 1))
    assert isinstance(events[0], nx.Flipped) and (events[0].up, events[0].down) == (5, 12) and state.helped
    refused(state, P("red-4", 1, "up"), "one_help")
    refused(state, P("flash", 1, "up"), "one_help")


def test_adversaire_a_flash_on_another_players_pile_never_takes_its_family_out_and_only_helps() -> None:
    state = with_hand(new(players=3, mode="adversaire"), 9)
    state, _ = apply_all(state, P("red-5", 1), P("red-9", 1, "up"), nx.Next())
    error = refused(with_hand(state, 9), P("flash", 1, "up"), "flash_owner_card")
    assert (error.details["removed"], error.details["owner"]) == ("red-9", "p1")
    assert nx.fits(with_hand(state, 9), "flash").places == ()
    state = with_hand(new(players=3, mode="adversaire"), 9)
    state, _ = apply_all(state, P("red-5", 1), P("shadow-7", 1, "up"), nx.Next())
    state, events = apply_all(with_hand(state, 9), P("flash", 1, "up"))
    assert isinstance(events[0], nx.Flashed) and events[0].top == 5 and state.helped and "shadow-7" in state.out
    refused(state, P("red-4", 1, "up"), "one_help")
    state = with_hand(new(players=3, mode="adversaire"), 9)
    state, _ = apply_all(state, P("red-14", 1), P("shadow-4", 1, "up"), nx.Next())  # shadow-4: exactly 10 back
    refused(with_hand(state, 9), P("flash", 1, "up"), "help_only")  # 4 back to 14: it would hinder


def test_adversaire_flip_and_flash_on_ones_own_pile_are_plays_not_helps() -> None:
    state = with_hand(new(players=3, mode="adversaire"), 9)
    state, _ = apply_all(state, P("red-8", 1), P("red-10", 1, "up"), P("rainbow-16", 1, "down"), P("flip", 1),
                         P("flash", 1, "up"))
    assert not state.helped and state.piles[0].top(nx.UP) == 8


def test_adversaire_blocked_player_is_out_and_their_hand_recycled() -> None:
    state = new(players=3, mode="adversaire")
    deck = state.deck
    state, events = apply_all(state, nx.Blocked())
    eliminated = events[0]
    assert isinstance(eliminated, nx.PlayerEliminated)
    assert (eliminated.recycled, eliminated.deck, eliminated.left) == (5, deck + 5, 2)
    assert state.eliminated == (True, False, False) and state.current == 1 and state.hands[0] == 0
    state, _ = apply_all(state, nx.Blocked(), nx.Blocked())
    result = nx.outcome(state)
    assert result is not None and result.reason is nx.Reason.LAST_STANDING and result.winners == ("p1", "p2", "p3")


def test_adversaire_first_to_17_wins() -> None:
    state = with_hand(new(players=2, mode="adversaire"), 20)
    commands = [P("red-0", 1)] + [P(f"red-{v}", 1, "up") for v in range(1, 17)]
    state, events = apply_all(state, *commands)
    over = events[-1]
    assert isinstance(over, nx.GameOver) and over.reason == "seventeen" and over.winners == ("p1",) and over.score == 17


# --------------------------------------------------------------------------- queries and the contract


def test_fits_says_where_and_why_not() -> None:
    state, _ = apply_all(new(), P("red-7", 2), P("red-9", 2, "up"))
    answer = nx.fits(state, "red-6")
    assert answer.places == ({"pile": 2, "direction": "down", "how": "normal"},)
    assert {"pile": 2, "direction": "up", "code": "does_not_fit", "top": 9, "family": None} in answer.refusals
    assert {"pile": 1, "direction": None, "code": "family_taken", "top": None, "family": "red"} in answer.refusals
    assert answer.asked_by == "p1" and not answer.private
    assert nx.fits(state, "red-9").placed_already


def test_status_carries_the_fields_the_issue_lists() -> None:
    state, _ = apply_all(new(), P("red-7", 2))
    fields = nx.status(state).fields()
    assert fields["piles"][1] == {"pile": 2, "family": "red", "up": 7, "down": 7, "owner": None, "closed": []}
    assert fields["piles"][0]["up"] is None
    assert (fields["deck"], fields["hands"], fields["current_player"]) == (81, {"p1": 4, "p2": 5, "p3": 5}, "p1")
    assert (fields["plays_made"], fields["plays_required"], fields["placed"], fields["mode"]) == (1, 2, 1, "coop")
    assert fields["outcome"] is None


def test_left_counts() -> None:
    state, _ = apply_all(new(), P("red-7", 2))
    assert nx.left(state) == nx.Left(deck=81, placed=1, to_place=95, plays_left=1, hands=14)


def test_legal_moves_are_exactly_what_apply_accepts_at_the_start() -> None:
    state = new(players=2)
    moves = nx.legal_moves(state)
    assert nx.Next() not in moves and nx.Blocked() in moves
    plays = [m for m in moves if isinstance(m, nx.Play)]
    assert P("red-3", 1) in plays and P("shadow-3", 1) not in plays and P("simple") in plays
    for move in moves:
        nx.apply(state, move)


def test_the_records_variant_names_the_mode_and_what_differs() -> None:
    assert nx.variant(nx.Options()) == "coop actions=on extra=allowed"  # the game as printed, named against the baseline
    assert nx.variant(nx.Options(mode="expert", lock="off", removed_family="blue")) == (
        "expert actions=on lock=off extra=allowed")
    assert nx.variant(nx.Options(mode="decouverte", removed_family="blue", actions="off")) == (
        "decouverte removed_family=blue extra=allowed")


def test_records_kept_before_the_printed_default_keep_their_variant() -> None:
    """Records began when the calibrated reading was the default: that table is still "coop", never mixed with
    the printed game (issue 24 changed the defaults, not the names)."""
    assert nx.variant(nx.Options(actions="off", extra="exact")) == "coop"
    assert nx.variant(nx.Options()) != nx.variant(nx.Options(actions="off", extra="exact"))


# --------------------------------------------------------------------------- the rules reader and the aid sheet agree


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rules_text_and_the_card_file_say_what_the_core_does(lang: str) -> None:
    """The rules reader and the aid sheet read these texts: each rule changed here is said there."""
    from companion.rules_data import load

    rules = load(find("num-x"), CARDS)
    actions = " ".join(rules.section("action-cards").paragraphs[lang])
    turn = " ".join(rules.section("turn").paragraphs[lang])
    second = {"fr": "2e carte", "en": "second card"}[lang]
    assert "--actions off" in actions and "--extra exact" in turn  # the printed game is the default
    assert second in actions and second in CARDS["simple"].effect[lang] and second in CARDS["passe"].effect[lang]
    assert {"fr": "sans effet", "en": "no effect"}[lang] in CARDS["simple"].effect[lang].lower()
    assert {"fr": "Chaque main vidée", "en": "Every hand emptied"}[lang] in actions
    assert "turn_filled" in rules.refusals and "joker_value_same" not in rules.refusals
    # what they say, the core does
    state, _ = apply_all(new(), P("red-7", 1), P("simple"))
    assert nx.to_act(state) == nx.ToAct("p1", "end_turn")


def test_after_a_passe_fits_agrees_with_play() -> None:
    """Issue 32: after a Passe, fits said a card fits, and playing it was refused."""
    state, _ = apply_all(new(), P("passe"))
    refused(state, P("red-7", 1), "turn_filled")
    answer = nx.fits(state, "red-7")
    assert answer.places == () and answer.turn is not None and answer.turn["code"] == "turn_filled"
    assert nx.fits(state, "simple").places == ()
    state, _ = apply_all(new(extra="exact"), P("red-7", 1), P("red-9", 1, "up"))
    refused(state, P("red-3", 1, "down"), "turn_full")
    assert nx.fits(state, "red-3").places == () and nx.fits(state, "red-3").turn == {"code": "turn_full", "player": "p1",
                                                                                    "plays": 2}

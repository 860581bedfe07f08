"""Love Letter: every rule of the core, on states and events (no language, no I/O)."""

from __future__ import annotations


import pytest
from msgspec.structs import replace

from companion.registry import find
from companion.games import love_letter as ll
from companion.games.base import Outcome, OutcomeKind, RuleError, options_to_json
from tests.rules_helpers import love_letter_cards_counted, for_rules, names

CARDS = find("love-letter").cards()


def new(players=4, **options):
    return ll.new(ll.Options(players=players, **options), CARDS)


apply_all, refused = for_rules(ll)


def two_players():
    state, _ = apply_all(new(2), ll.Aside(("guard", "guard", "king")))
    return state


# ----------------------------------------------------------------- cards and set-up


def test_sixteen_cards_with_french_english_and_dutch_names():
    expected = {"guard": (1, 5, "Garde", "Wacht"), "priest": (2, 2, "Prêtre", "Priester"), "baron": (3, 2, "Baron", "Baron"),
                "handmaid": (4, 2, "Servante", "Hofdame"), "prince": (5, 2, "Prince", "Prins"), "king": (6, 1, "Roi", "Koning"),
                "countess": (7, 1, "Comtesse", "Gravin"), "princess": (8, 1, "Princesse", "Prinses")}
    assert {c.id: (c.value, c.copies, c.names["fr"], c.names["nl"]) for c in CARDS.cards} == expected
    assert CARDS.count("deck") == 16
    assert CARDS.match("koning").id == "king" and CARDS.match("hofdame").id == "handmaid"
    assert "only when the player enters their hand" in CARDS["countess"].note["en"]


@pytest.mark.parametrize("players, to_win, deck", [(3, 5, 11), (4, 4, 10)])
def test_set_up_removes_one_deals_one_and_counts_the_first_draw(players, to_win, deck):
    state = new(players)
    assert state.tokens_to_win == to_win and state.phase == ll.TURN
    assert state.deck == deck and state.current == 0 and state.hands[0] == 2 and state.removed == 1
    assert love_letter_cards_counted(state) == 16
    assert names(ll.opening(state)) == ["game_started", "round_started", "turn_started"]


def test_two_players_set_three_cards_aside_face_up_before_the_first_turn():
    state = new(2)
    assert state.tokens_to_win == 7 and state.phase == ll.ASIDE and state.deck == 13
    assert names(ll.opening(state)) == ["game_started", "round_started"]
    refused(state, ll.Play("guard", 1, 2), "aside_needed")
    refused(state, ll.Aside(("guard", "king")), "aside_count")
    refused(state, ll.Aside(("king", "king", "guard")), "too_many_copies")
    state, events = apply_all(state, ll.Aside(("guard", "guard", "king")))
    assert names(events) == ["aside", "turn_started"]
    assert state.aside == ("guard", "guard", "king") and state.deck == 9 and love_letter_cards_counted(state) == 16
    refused(state, ll.Aside(("guard", "guard", "king")), "not_now")


@pytest.mark.parametrize("options, code", [({"players": 5}, "bad_players"), ({"players": 1}, "bad_players"),
                                           ({"players": 2, "names": ("a",)}, "bad_names"),
                                           ({"players": 2, "tie": "some"}, "bad_option")])
def test_bad_options_are_refused(options, code):
    with pytest.raises(RuleError) as caught:
        ll.new(ll.Options(**options), CARDS)
    assert caught.value.code == code


def test_options_round_trip_through_json():
    options = ll.Options(players=3, names=("Ana", "Bo", "Cy"), tie="none")
    assert ll.RULES.options_from(options_to_json(options)) == options


# ----------------------------------------------------------------- playing cards


def test_a_played_card_goes_face_up_in_order_and_the_turn_passes_clockwise():
    state, events = apply_all(new(3), ll.Play("countess"), ll.Next(), ll.Play("priest", 0), ll.Next())
    assert state.face_up == (("countess",), ("priest",), ()) and state.current == 2
    assert state.deck == 9 and state.hands == (1, 1, 2)
    assert [e.player for e in events if e.name == "turn_started"] == ["p2", "p3"]


def test_a_card_whose_copies_are_all_face_up_cannot_be_played():
    state = two_players()  # the King is set aside face up
    refused(state, ll.Play("king", 1), "all_face_up")
    state, _ = apply_all(state, ll.Play("guard", 1, 2), ll.Next(), ll.Play("guard", 0, 3), ll.Next(), ll.Play("guard", 1, 4),
                         ll.Next())
    refused(state, ll.Play("guard", 1, 5), "all_face_up")


def test_the_target_must_be_another_player_in_the_round_and_not_protected():
    state = new(4)
    refused(state, ll.Play("guard", 0, 2), "not_yourself")
    refused(state, ll.Play("priest", 7), "unknown_player")
    refused(state, ll.Play("baron"), "target_needed")
    out, _ = apply_all(state, ll.Play("guard", 1, 2), ll.Out(1), ll.Next(), ll.Play("handmaid"), ll.Next())
    assert out.current == 3
    refused(out, ll.Play("king", 1), "not_in_round")
    refused(out, ll.Play("king", 2), "protected")
    refused(out, ll.Play("handmaid", 2), "no_target")
    refused(out, ll.Play("countess", None, 3), "no_value")


def test_the_guard_names_a_value_from_2_to_8_never_the_guard():
    state = new(3)
    refused(state, ll.Play("guard", 1, 1), "guard_named_guard")
    refused(state, ll.Play("guard", 1, 9), "bad_value")
    refused(state, ll.Play("guard", 1), "value_needed")
    state, events = apply_all(state, ll.Play("guard", 1, 8))
    assert events[0] == ll.CardPlayed("p1", "guard", 1, "p2", 8, False)
    assert events[1] == ll.CardEffect("guard", "guess", "p1", "p2", "princess")


def test_with_one_possible_target_the_target_may_be_left_out():
    state = two_players()
    state, events = apply_all(state, ll.Play("priest"))
    assert events[0].target == "p2"


def test_handmaid_protection_lasts_until_the_start_of_its_players_next_turn():
    state, events = apply_all(new(3), ll.Play("handmaid"), ll.Next())
    assert state.protected == (True, False, False) and events[1] == ll.CardEffect("handmaid", "protect", "p1")
    refused(state, ll.Play("guard", 0, 3), "protected")
    state, events = apply_all(state, ll.Play("priest", 2), ll.Next(), ll.Play("priest", 1), ll.Next())
    assert names(events)[-2:] == ["turn_started", "protection_ended"] and state.protected == (False, False, False)


def test_when_every_other_player_is_protected_cards_have_no_effect_and_the_prince_targets_its_player():
    state, _ = apply_all(two_players(), ll.Play("handmaid"), ll.Next())
    state_guard, events = apply_all(state, ll.Play("guard"))
    assert events == [ll.CardPlayed("p2", "guard", 1, None, None, True, "handmaid")] and state_guard.effect is None
    refused(state, ll.Play("guard", 0, 3), "protected")
    refused(state, ll.Play("prince", 0), "protected")
    state_prince, events = apply_all(state, ll.Play("prince"))
    assert events[0].target == "p2" and state_prince.effect.target == 1 and events[0].reason == "handmaid"


def test_playing_the_princess_puts_its_player_out():
    state, events = apply_all(new(3), ll.Play("princess"))
    assert events[-1] == ll.PlayerOut("p1", None, "princess", 2)
    assert state.in_round == (False, True, True) and state.hands[0] == 1
    state, events = apply_all(state, ll.Out(0, "king"))
    assert events == [ll.CardShown("p1", "king")] and state.face_up[0] == ("princess", "king") and state.hands[0] == 0
    refused(state, ll.Out(0, "guard"), "already_out")
    state, _ = apply_all(state, ll.Next())
    assert state.current == 1


# ----------------------------------------------------------------- outcomes


def test_a_right_guess_puts_the_target_out_with_the_named_card_face_up():
    state = new(3)
    refused(state, ll.Out(1), "no_out_now")
    state, _ = apply_all(state, ll.Play("guard", 1, 2))
    refused(state, ll.Out(2), "out_not_target")
    refused(state, ll.Out(1, "baron"), "not_named_card")
    state, events = apply_all(state, ll.Out(1))
    assert events == [ll.PlayerOut("p2", "priest", "guard", 2)]
    assert state.face_up[1] == ("priest",) and state.hands[1] == 0 and not state.in_round[1]
    refused(state, ll.Out(1), "already_out")
    state, events = apply_all(state, ll.Next())
    assert events[0].player == "p3"


def test_the_baron_compares_in_secret_and_only_the_loser_and_their_card_are_known():
    state, _ = apply_all(new(3), ll.Play("baron", 2))
    assert ll.resolve_compare(state, 5, 6) == ll.Compare(0, "prince")
    assert ll.resolve_compare(state, 8, 2) == ll.Compare(2, "priest")
    assert ll.resolve_compare(state, 4, 4) == ll.Compare(None)
    with pytest.raises(RuleError) as caught:
        ll.resolve_compare(state, 3, 9)
    assert caught.value.code == "bad_value"
    for value in (3, 6, 8):  # one Baron face up, one King, one Princess: no tie is possible at these values
        with pytest.raises(RuleError) as caught:
            ll.resolve_compare(state, value, value)
        assert caught.value.code == "impossible_tie"
    tied, events = apply_all(state, ll.Compare(None))
    assert events == [ll.CompareTied("p1", "p3")]
    refused(tied, ll.Compare(None), "no_compare_now")
    lost, events = apply_all(state, ll.resolve_compare(state, 8, 2))
    assert events == [ll.PlayerOut("p3", "priest", "baron", 2)] and lost.face_up[2] == ("priest",)
    refused(state, ll.Compare(1, "guard"), "out_not_compared")
    by_hand, events = apply_all(state, ll.Out(0, "guard"))
    assert events[0].player == "p1" and not by_hand.in_round[0]
    refused(state, ll.Out(2, "princess"), "never_loses_compare")  # a Princess never loses a comparison
    refused(state, ll.Compare(2, "princess"), "never_loses_compare")


def test_a_compared_value_whose_copies_are_all_seen_is_refused_without_naming_the_card():
    state = two_players()  # the King is set aside
    state, _ = apply_all(state, ll.Play("baron", 1))
    with pytest.raises(RuleError) as caught:
        ll.resolve_compare(state, 6, 2)
    assert caught.value.code == "impossible_value" and "card" not in caught.value.details
    assert ll.check_compare(state).target == 1
    with pytest.raises(RuleError):
        ll.check_compare(new(3))


def test_the_princes_target_discards_face_up_and_draws_again():
    state, _ = apply_all(new(3), ll.Play("prince", 1))
    refused(state, ll.Next(), "discard_needed")
    refused(state, ll.Discard(2, "guard"), "discard_not_target")
    state, events = apply_all(state, ll.Discard(1, "guard"))
    assert events == [ll.CardDiscarded("p2", "guard", "deck", 10)] and state.hands[1] == 1
    refused(state, ll.Discard(1, "guard"), "no_discard_now")
    self_target, events = apply_all(new(3), ll.Play("prince", 0), ll.Discard(0, "king"))
    assert self_target.face_up[0] == ("prince", "king") and self_target.hands[0] == 1


def test_a_discarded_princess_puts_its_player_out_without_a_new_card():
    state, events = apply_all(new(3), ll.Play("prince", 2), ll.Discard(2, "princess"))
    assert names(events)[-2:] == ["card_discarded", "player_out"]
    assert events[-1] == ll.PlayerOut("p3", None, "prince", 2)
    assert state.hands[2] == 0 and state.face_up[2] == ("princess",) and love_letter_cards_counted(state) == 16


def test_with_the_deck_empty_the_prince_s_target_takes_the_removed_card():
    state = replace(two_players(), deck=0)
    state, events = apply_all(state, ll.Play("prince", 1), ll.Discard(1, "baron"))
    assert events[-1] == ll.CardDiscarded("p2", "baron", "removed", 0) and state.removed == 0


# ----------------------------------------------------------------- end of a round


def test_the_last_player_in_wins_the_round_and_starts_the_next_one():
    state, events = apply_all(two_players(), ll.Play("guard", 1, 3), ll.Out(1))
    assert names(events)[-3:] == ["player_out", "round_won", "token_given"]
    assert events[-2] == ll.RoundWon(1, ("p1",), "last") and state.tokens == (1, 0) and state.phase == ll.ROUND_OVER
    refused(state, ll.Play("countess"), "round_over")
    state, events = apply_all(state, ll.Next())
    assert state.round == 2 and state.phase == ll.ASIDE and state.aside == () and state.face_up == ((), ())
    assert events == [ll.RoundStarted(2, "p1", True, 13)]


def test_the_next_round_starts_with_the_previous_winner():
    state, _ = apply_all(new(3), ll.Play("guard", 1, 2), ll.Out(1), ll.Next(), ll.Play("baron", 0), ll.Compare(0, "king"))
    assert state.tokens == (0, 0, 1)
    state, events = apply_all(state, ll.Next())
    assert state.current == 2 and state.starter == 2 and events[0] == ll.RoundStarted(2, "p3", False, 12)
    assert state.in_round == (True, True, True) and state.hands == (1, 1, 2)


def empty_deck(players=3, starter=0, **options):
    state = new(players, **options)
    return replace(state, deck=0, starter=starter)


def test_an_empty_deck_at_the_end_of_a_turn_asks_each_player_still_in_to_reveal():
    state, events = apply_all(empty_deck(), ll.Play("countess"), ll.Next())
    assert events[-1] == ll.DeckEmpty(("p1", "p2", "p3")) and state.phase == ll.REVEAL
    refused(state, ll.Next(), "reveal_needed")
    refused(state, ll.Reveal(0, "countess"), "all_face_up")
    state, events = apply_all(state, ll.Reveal(1, "king"))
    assert events == [ll.CardRevealed("p2", "king", ("p1", "p3"))]
    refused(state, ll.Reveal(1, "guard"), "already_revealed")
    state, events = apply_all(state, ll.Reveal(0, "guard"), ll.Reveal(2, "princess"))
    assert events[-2:] == [ll.RoundWon(1, ("p3",), "card", 8), ll.TokenGiven("p3", 1, 5)]


def revealed(state, *cards):
    state, _ = apply_all(state, ll.Next())
    events = []
    for seat, card in enumerate(cards):
        state, more = ll.apply(state, ll.Reveal(seat, card))
        events += more
    return state, events


def test_a_tie_goes_to_the_higher_total_face_up():
    state = replace(empty_deck(), face_up=(("guard", "priest"), ("baron", "handmaid"), ()), played=True, hands=(1, 1, 1))
    state, events = revealed(state, "prince", "prince", "guard")
    assert events[-2] == ll.RoundWon(1, ("p2",), "discards", 5, 7)


@pytest.mark.parametrize("tie, winners, tokens", [("all", ("p1", "p2"), (1, 1, 0)), ("none", (), (0, 0, 0))])
def test_a_full_tie_follows_the_tie_option(tie, winners, tokens):
    state = replace(empty_deck(tie=tie), face_up=(("guard", "priest"), ("baron",), ()), played=True, hands=(1, 1, 1))
    state, events = revealed(state, "prince", "prince", "guard")
    won = [e for e in events if e.name == "round_won"][0]
    assert won.winners == winners and won.tied == ("p1", "p2") and state.tokens == tokens
    assert won.reason == ("tie" if tie == "all" else "no_winner")
    state, _ = apply_all(state, ll.Next())
    assert state.starter == 0


def test_the_first_player_to_reach_the_target_wins_the_game():
    state = replace(new(4), tokens=(3, 0, 0, 0))
    state, events = apply_all(state, ll.Play("guard", 1, 2), ll.Out(1), ll.Next(), ll.Play("guard", 3, 2), ll.Out(3), ll.Next(),
                              ll.Play("baron", 2), ll.Compare(2, "guard"))
    assert events[-1] == ll.GameOver("p1", 4) and state.winner == "p1" and state.phase == ll.GAME_OVER
    refused(state, ll.Next(), "game_over")
    assert ll.RULES.legal_commands(state) == []


def test_two_players_reaching_the_target_together_win_together():
    """The rules say "the first to reach": two players who reach it in the same round are both first."""
    state = replace(empty_deck(4), tokens=(3, 3, 0, 0), face_up=(("guard",), ("guard",), (), ()), played=True,
                    hands=(1, 1, 1, 1))
    state, events = revealed(state, "prince", "prince", "priest", "baron")
    assert state.tokens[:2] == (4, 4) and state.phase == ll.GAME_OVER
    assert ll.outcome(state) == Outcome(OutcomeKind.WIN, ("p1", "p2"), ll.Reason.TOKENS)
    assert events[-1] == ll.GameOver("p1", 4)


# ----------------------------------------------------------------- what the table may ask


def test_unseen_counts_every_copy_not_seen_face_up_numbers_by_value():
    state, _ = apply_all(two_players(), ll.Play("guard", 1, 2), ll.Out(1))
    unseen = ll.unseen(state)
    assert list(unseen.cards) == ["guard", "priest", "baron", "handmaid", "prince", "king", "countess", "princess"]
    assert unseen.cards == {"guard": 2, "priest": 1, "baron": 2, "handmaid": 2, "prince": 2, "king": 0, "countess": 1,
                            "princess": 1}
    assert unseen.total == 11
    assert ll.played(state) == ll.PlayedCards({"p1": ("guard",), "p2": ("priest",)}, ("guard", "guard", "king"))


def test_status_carries_the_public_facts():
    state, _ = apply_all(two_players(), ll.Play("handmaid"), ll.Next())
    fields = ll.status(state).fields()
    assert {k: fields[k] for k in ("round", "tokens", "tokens_to_win", "deck", "current_player", "in_round", "protected",
                                   "aside", "winner")} == {
        "round": 1, "tokens": {"p1": 0, "p2": 0}, "tokens_to_win": 7, "deck": 8, "current_player": "p2",
        "in_round": ["p1", "p2"], "protected": ["p1"], "aside": ["guard", "guard", "king"], "winner": None}
    view = ll.public_view(state)
    assert view["unseen"]["handmaid"] == 1 and view["hands"] == {"p1": 1, "p2": 2}


def test_legal_commands_follow_the_turn():
    state = new(3)
    assert ll.RULES.legal_commands(state) == ["play"]
    assert ll.RULES.legal_commands(apply_all(state, ll.Play("guard", 1, 3))[0]) == ["out", "miss", "next"]
    assert ll.RULES.legal_commands(apply_all(state, ll.Play("baron", 1))[0]) == ["out", "compare", "next"]
    assert ll.RULES.legal_commands(apply_all(state, ll.Play("prince", 1))[0]) == ["discard"]
    assert ll.RULES.legal_commands(apply_all(state, ll.Play("king", 1))[0]) == ["next"]
    assert ll.RULES.legal_commands(new(2)) == ["aside"]


def test_a_refused_command_changes_nothing_and_commands_round_trip_through_json():
    state = new(4)
    for command in (ll.Play("guard", 0, 2), ll.Out(1), ll.Discard(1, "guard"), ll.Reveal(0, "king"), ll.Next()):
        with pytest.raises(RuleError):
            ll.apply(state, command)
        assert ll.RULES.command_from(command.to_json()) == command
    assert ll.RULES.command_from(ll.Aside(("guard", "king", "priest")).to_json()) == ll.Aside(("guard", "king", "priest"))
    assert state == new(4)

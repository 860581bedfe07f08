"""Mindbug's rules core: turn and Mindbug timing, combat and every keyword, passive effects, effects with choices."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from companion.registry import find
from companion.games import mindbug as mb
from companion.games.base import RuleError
from tests.rules_helpers import for_rules, names

CARDS = find("mindbug").cards()
apply_all, refused = for_rules(mb)


def table(mine: tuple[str, ...] = (), theirs: tuple[str, ...] = (), current: int = 0, **changes: object) -> mb.State:
    """A state with these creatures in play (a trailing ``!`` marks an exhausted one), p1's side first."""
    state = mb.new(mb.Options(**{k: v for k, v in changes.items() if k in mb.Options.__struct_fields__}), CARDS)
    boards: list[tuple[mb.Creature, ...]] = [(), ()]
    uid = 1
    for seat, cards in enumerate((mine, theirs)):
        for card in cards:
            boards[seat] += (mb.Creature(uid, card.rstrip("!"), seat, card.endswith("!")),)
            uid += 1
    rest = {k: v for k, v in changes.items() if k not in mb.Options.__struct_fields__}
    return replace(state, boards=tuple(boards), next_uid=uid, current=current, **rest)  # type: ignore[arg-type]


def board(state: mb.State, seat: int) -> list[str]:
    return [c.card + ("!" if c.exhausted else "") for c in state.boards[seat]]


def power(state: mb.State, card: str, seat: int | None = None) -> int:
    creature = mb.find_creature(state, card, None if seat is None else mb.player_id(seat))
    return mb.effective(state)[creature.uid].power


def kws(state: mb.State, card: str, seat: int | None = None) -> set[str]:
    creature = mb.find_creature(state, card, None if seat is None else mb.player_id(seat))
    return set(mb.effective(state)[creature.uid].keywords)


# ---------------------------------------------------------------- set-up and turn


def test_setup_counts_and_first_player():
    state = mb.new(mb.Options(first="p2"), CARDS)
    assert (state.lives, state.mindbugs, state.hands, state.decks) == ((3, 3), (2, 2), (5, 5), (5, 5))
    assert state.current == 1 and mb.to_act(state) == mb.ToAct("p2", "play_or_attack")
    with pytest.raises(RuleError) as caught:
        mb.new(mb.Options(players=3), CARDS)
    assert caught.value.code == "bad_players"


def test_play_asks_the_opponent_then_enters_and_passes_the_turn():
    state, events = apply_all(table(), mb.Play("gorillion"))
    assert names(events) == ["card_played", "hand_refilled", "decision"]
    assert state.current == 0 and mb.to_act(state) == mb.ToAct("p2", "mindbug")
    assert state.hands == (5, 5) and state.decks == (4, 5) and board(state, 0) == []
    state, events = apply_all(state, mb.Decline())
    assert board(state, 0) == ["gorillion"] and state.current == 1 and state.turn == 2
    assert names(events) == ["creature_entered", "turn_started"]


def test_mindbug_steals_and_the_player_who_played_takes_another_turn():
    state, events = apply_all(table(), mb.Play("killer-bee"), mb.UseMindbug())
    assert board(state, 1) == ["killer-bee"] and state.boards[1][0].owner == 0
    assert state.mindbugs == (2, 1)
    assert state.lives == (2, 3), "the Mindbug user resolves the Play effect: the player who played loses a life"
    assert state.current == 0 and isinstance(events[-1], mb.TurnStarted) and events[-1].extra


def test_play_effects_resolve_only_after_the_mindbug_decision():
    state, _ = apply_all(table(), mb.Play("killer-bee"))
    assert state.lives == (3, 3)
    state, _ = apply_all(state, mb.Decline())
    assert state.lives == (3, 2)


def test_no_mindbug_question_when_the_opponent_has_none_left():
    state, events = apply_all(table(mindbugs=(2, 0)), mb.Play("gorillion"))
    assert "decision" not in names(events) and board(state, 0) == ["gorillion"] and state.current == 1


def test_a_mindbug_is_never_used_on_an_attacker():
    state = table(("gorillion",), ("luchataur",))
    state, _ = apply_all(state, mb.Attack("gorillion"))
    assert mb.to_act(state) == mb.ToAct("p2", "block")
    refused(state, mb.UseMindbug(), "decision_pending")


def test_a_card_whose_every_copy_is_seen_is_refused():
    state = table(("gorillion",))
    error = refused(state, mb.Play("gorillion"), "all_seen")
    assert error.details == {"card": "gorillion", "copies": 1}


def test_a_player_who_can_neither_play_nor_attack_loses():
    state = table((), ("gorillion",), current=1, hands=(0, 5), decks=(0, 5), mindbugs=(0, 0))
    state, events = apply_all(state, mb.Play("luchataur"))
    assert state.winner == 1 and mb.outcome(state).reason is mb.Reason.CANNOT_ACT
    assert names(events)[-2:] == ["turn_started", "game_over"] and mb.to_act(state) is None


# ---------------------------------------------------------------- combat and keywords


def attack_and_block(state: mb.State, attacker: str, blocker: str | None) -> tuple[mb.State, list[object]]:
    state, events = apply_all(state, mb.Attack(attacker))
    if blocker is None:
        more = apply_all(state, mb.Decline())
    else:
        more = apply_all(state, mb.Block(blocker))
    return more[0], events + more[1]


def test_lower_power_is_defeated_and_goes_to_its_controllers_discard_pile():
    state, _ = attack_and_block(table(("gorillion",), ("luchataur",)), "gorillion", "luchataur")
    assert board(state, 0) == ["gorillion"] and board(state, 1) == [] and state.discards == ((), ("luchataur",))


def test_equal_powers_defeat_both():
    state, _ = attack_and_block(table(("luchataur",), ("snail-hydra",)), "luchataur", "snail-hydra")
    assert board(state, 0) == [] and board(state, 1) == []


def test_the_owner_option_sends_a_stolen_creature_home():
    state = table(("gorillion",), ("luchataur",), discard="owner")
    state = replace(state, boards=(state.boards[0], (replace(state.boards[1][0], owner=0),)))
    state, _ = attack_and_block(state, "gorillion", "luchataur")
    assert state.discards == (("luchataur",), ())


def test_no_block_costs_a_life_and_the_last_life_ends_the_game():
    state, events = attack_and_block(table(("gorillion",), ("luchataur",), lives=(3, 1)), "gorillion", None)
    assert state.lives == (3, 0) and state.winner == 0 and names(events)[-1] == "game_over"


def test_no_legal_blocker_means_the_hit_is_taken_without_asking():
    state, events = apply_all(table(("spider-owl",), ("gorillion",)), mb.Attack("spider-owl"))
    assert state.lives == (3, 2) and "not_blocked" in names(events) and events[1].forced


def test_poisonous_defeats_whatever_its_power_and_can_still_die():
    state, _ = attack_and_block(table(("gorillion",), ("axolotl-healer",)), "gorillion", "axolotl-healer")
    assert board(state, 0) == [] and board(state, 1) == []


def test_tough_is_exhausted_the_first_time_then_defeated():
    state, events = attack_and_block(table(("gorillion",), ("rhino-turtle",)), "gorillion", "rhino-turtle")
    assert board(state, 1) == ["rhino-turtle!"] and "creature_exhausted" in names(events)
    state = replace(state, current=0, pending=None)
    state, _ = attack_and_block(state, "gorillion", "rhino-turtle")
    assert board(state, 1) == []


def test_tough_against_poisonous_is_only_exhausted():
    state, _ = attack_and_block(table(("axolotl-healer",), ("plated-scorpion",)), "axolotl-healer", "plated-scorpion")
    assert board(state, 1) == ["plated-scorpion!"] and board(state, 0) == []


def test_sneaky_is_blocked_only_by_sneaky():
    state, _ = apply_all(table(("spider-owl",), ("rhino-turtle", "tiger-squirrel")), mb.Attack("spider-owl"))
    assert [c.card for c in mb.legal_blockers(state, state.pending.uid)] == ["tiger-squirrel"]
    error = refused(state, mb.Block("rhino-turtle"), "cannot_block")
    assert error.details["why"] == "sneaky"


def test_frenzy_may_attack_again_only_if_it_survived():
    state, _ = attack_and_block(table(("luchataur",), ("spider-owl", "gorillion")), "luchataur", None)
    assert mb.to_act(state) == mb.ToAct("p1", "frenzy")
    refused(state, mb.Attack("gorillion"), "wrong_side")
    state, events = apply_all(state, mb.Attack("luchataur"))
    assert events[0].second and state.lives == (3, 2)
    state, _ = apply_all(state, mb.Block("gorillion"))
    assert state.current == 1, "the second attack ends the turn"
    state, _ = attack_and_block(table(("luchataur",), ("spider-owl",)), "luchataur", "spider-owl")
    assert state.current == 1 and board(state, 0) == []


def test_declining_the_second_attack_passes_the_turn():
    state, _ = attack_and_block(table(("luchataur",), ("gorillion",)), "luchataur", None)
    state, _ = apply_all(state, mb.Decline())
    assert state.current == 1 and state.pending is None


def test_hunter_forces_a_block_through_elephantopus():
    state = table(("killer-bee", "elephantopus"), ("plated-scorpion",))
    state, _ = apply_all(state, mb.Attack("killer-bee"))
    assert mb.to_act(state) == mb.ToAct("p1", "hunt")
    assert mb.legal_blockers(state, state.pending.uid) == []
    state, events = apply_all(state, mb.Hunt("plated-scorpion"))
    assert names(events)[:2] == ["hunt", "block"] and board(state, 1) == ["plated-scorpion!"]


def test_declined_hunt_is_a_normal_attack():
    state = table(("killer-bee",), ("gorillion",))
    state, _ = apply_all(state, mb.Attack("killer-bee"), mb.Decline())
    assert mb.to_act(state) == mb.ToAct("p2", "block")


def test_hunter_does_not_get_past_sneaky_by_default_but_may_with_the_option():
    state = table(("snail-thrower", "chameleon-sniper"), ("gorillion",))
    assert kws(state, "chameleon-sniper") == {"sneaky", "hunter", "poisonous"}
    after, _ = apply_all(state, mb.Attack("chameleon-sniper"))
    assert after.pending is None and after.lives == (3, 1), "no one could block: hit and Attack effect"
    state = replace(state, options=replace(state.options, hunter_past_sneaky="yes"))
    after, _ = apply_all(state, mb.Attack("chameleon-sniper"))
    assert mb.to_act(after) == mb.ToAct("p1", "hunt")


# ---------------------------------------------------------------- passive effects


def test_goblin_werewolf_has_six_more_during_its_controllers_turn():
    state = table(("goblin-werewolf",), ("gorillion",))
    assert power(state, "goblin-werewolf") == 8
    assert power(replace(state, current=1), "goblin-werewolf") == 2


def test_shield_bugs_and_urchin_hurler_buff_only_the_others():
    state = table(("shield-bugs", "urchin-hurler", "gorillion"))
    assert [power(state, c) for c in ("shield-bugs", "urchin-hurler", "gorillion")] == [6, 6, 13]
    state = replace(state, current=1)
    assert [power(state, c) for c in ("shield-bugs", "urchin-hurler", "gorillion")] == [4, 6, 11]


def test_lone_yeti_alone_has_ten_and_frenzy():
    assert (power(table(("lone-yeti",)), "lone-yeti"), kws(table(("lone-yeti",)), "lone-yeti")) == (10, {"tough", "frenzy"})
    state = table(("lone-yeti", "spider-owl"))
    assert (power(state, "lone-yeti"), kws(state, "lone-yeti")) == (5, {"tough"})


def test_snail_thrower_reads_current_power():
    state = table(("snail-thrower", "shield-bugs", "spider-owl", "luchataur"))
    assert kws(state, "spider-owl") == {"sneaky", "poisonous", "hunter"}
    assert "hunter" not in kws(state, "luchataur")
    assert power(state, "shield-bugs") == 4 and "hunter" in kws(state, "shield-bugs")
    assert "hunter" not in kws(state, "snail-thrower")


def test_sharky_copies_enemy_keywords_continuously_but_not_tough():
    state = table(("sharky-crab-dog-mummypus",), ("spider-owl", "rhino-turtle"))
    assert kws(state, "sharky-crab-dog-mummypus") == {"sneaky", "poisonous", "frenzy"}
    state, _ = attack_and_block(replace(state, current=1), "spider-owl", None)
    state = replace(state, boards=(state.boards[0], state.boards[1][1:]), pending=None)
    assert kws(state, "sharky-crab-dog-mummypus") == {"frenzy"}


def test_bee_bear_cannot_be_blocked_by_power_six_or_less():
    state, _ = apply_all(table(("bee-bear",), ("strange-barrel", "rhino-turtle")), mb.Attack("bee-bear"))
    assert [c.card for c in mb.legal_blockers(state, state.pending.uid)] == ["rhino-turtle"]
    assert refused(state, mb.Block("strange-barrel"), "cannot_block").details["source"] == "bee-bear"


def test_elephantopus_restricts_blocks_against_every_attacker_of_its_side():
    state, _ = apply_all(table(("elephantopus", "gorillion"), ("spider-owl", "luchataur")), mb.Attack("gorillion"))
    assert [c.card for c in mb.legal_blockers(state, state.pending.uid)] == ["luchataur"]


def test_deathweaver_cancels_the_opponents_play_effects():
    state, events = apply_all(table((), ("deathweaver",)), mb.Play("killer-bee"), mb.Decline())
    assert state.lives == (3, 3) and "play_effect_cancelled" in names(events)


# ---------------------------------------------------------------- effects with choices


def test_tiger_squirrel_asks_for_a_target_when_several_fit():
    state, _ = apply_all(table((), ("gorillion", "luchataur", "spider-owl")), mb.Play("tiger-squirrel"), mb.Decline())
    assert mb.to_act(state) == mb.ToAct("p1", "target")
    refused(state, mb.Target("spider-owl"), "not_a_target")
    refused(state, mb.Decline(), "must_choose")
    state, _ = apply_all(state, mb.Target("luchataur"))
    assert board(state, 1) == ["gorillion", "spider-owl"] and state.current == 1


def test_a_single_target_is_taken_without_asking_and_none_is_skipped():
    state, events = apply_all(table((), ("gorillion", "spider-owl")), mb.Play("tiger-squirrel"), mb.Decline())
    assert board(state, 1) == ["spider-owl"] and state.current == 1
    state, events = apply_all(table((), ("spider-owl",)), mb.Play("tiger-squirrel"), mb.Decline())
    assert mb.EffectSkipped("tiger-squirrel", "no_target") in events


def test_tough_saves_from_an_effect_by_default_and_not_with_the_option():
    state, _ = apply_all(table((), ("rhino-turtle",)), mb.Play("tiger-squirrel"), mb.Decline())
    assert board(state, 1) == ["rhino-turtle!"]
    state, _ = apply_all(table((), ("rhino-turtle",), tough_vs_effects="no"), mb.Play("tiger-squirrel"), mb.Decline())
    assert board(state, 1) == []


def test_brain_fly_takes_control_and_the_creature_keeps_its_state():
    state, events = apply_all(table((), ("rhino-turtle!", "spider-owl")), mb.Play("brain-fly"), mb.Decline())
    assert board(state, 0) == ["brain-fly", "rhino-turtle!"] and "control_taken" in names(events)
    assert state.boards[0][1].owner == 1


def test_kangasaurus_rex_defeats_every_small_enemy():
    state, _ = apply_all(table(("spider-owl",), ("spider-owl", "plated-scorpion", "gorillion")), mb.Play("kangasaurus-rex"),
                         mb.Decline())
    assert board(state, 1) == ["plated-scorpion!", "gorillion"] and board(state, 0) == ["spider-owl", "kangasaurus-rex"]


def test_explosive_toad_defeated_defeats_one_creature_and_harpy_mother_takes_up_to_two():
    state, _ = attack_and_block(table(("gorillion", "spider-owl", "shark-dog"), ("explosive-toad", "harpy-mother")),
                                "gorillion", "explosive-toad")
    assert mb.to_act(state) == mb.ToAct("p2", "target"), "the Toad's controller chooses"
    state, _ = apply_all(state, mb.Target("harpy-mother"))
    assert mb.to_act(state) == mb.ToAct("p2", "target") and state.pending.optional and state.pending.left == 2
    state, events = apply_all(state, mb.Target("spider-owl"), mb.Decline())
    assert board(state, 1) == ["spider-owl"] and board(state, 0) == ["gorillion", "shark-dog"]
    assert state.current == 1


def test_ferret_bomber_the_victim_names_two_cards():
    state, _ = apply_all(table(), mb.Play("ferret-bomber"), mb.Decline())
    assert mb.to_act(state) == mb.ToAct("p2", "cards") and state.pending.left == 2
    refused(state, mb.NameCards(("gorillion",)), "wrong_count")
    state, events = apply_all(state, mb.NameCards(("gorillion", "luchataur")))
    assert state.discards == ((), ("gorillion", "luchataur")) and state.hands == (5, 5) and state.decks == (4, 3)
    assert names(events)[0] == "cards_discarded"


def test_strange_barrel_takes_two_cards_named_or_not():
    state, _ = attack_and_block(table(("gorillion",), ("strange-barrel",)), "gorillion", "strange-barrel")
    assert mb.to_act(state) == mb.ToAct("p2", "cards")
    named, _ = apply_all(state, mb.NameCards(("luchataur", "spider-owl")))
    assert named.known == ((), ("luchataur", "spider-owl")) and named.hands == (5, 7)
    unnamed, events = apply_all(state, mb.NameCards(()))
    assert unnamed.known == ((), ()) and unnamed.hands == (5, 7) and events[0].count == 2


def test_giraffodile_takes_back_the_whole_discard_pile_known():
    state, _ = apply_all(table(discards=(("gorillion", "spider-owl"), ())), mb.Play("giraffodile"), mb.Decline())
    assert state.known == (("gorillion", "spider-owl"), ()) and state.hands == (7, 5) and state.discards == ((), ())
    state, _ = apply_all(replace(state, current=0), mb.Play("gorillion"))
    assert state.known == (("spider-owl",), ())


def test_compost_dragon_plays_from_its_discard_pile_with_its_play_effect_and_no_mindbug():
    state, events = apply_all(table((), ("gorillion",), discards=(("killer-bee",), ())), mb.Play("compost-dragon"),
                              mb.Decline())
    assert names(events)[-4:] == ["played_from_discard", "creature_entered", "life_changed", "turn_started"]
    assert board(state, 0) == ["compost-dragon", "killer-bee"] and state.lives == (3, 2)


def test_grave_robber_plays_from_the_opponents_discard_pile():
    state, _ = apply_all(table(discards=((), ("gorillion", "luchataur"))), mb.Play("grave-robber"), mb.Decline())
    refused(state, mb.Target("spider-owl"), "not_in_discard")
    state, _ = apply_all(state, mb.Target("luchataur"))
    assert board(state, 0) == ["grave-robber", "luchataur"] and state.discards == ((), ("gorillion",))


@pytest.mark.parametrize(("card", "lives"), [("mysterious-mermaid", (1, 1)), ("axolotl-healer", (3, 1))])
def test_life_effects(card, lives):
    state, _ = apply_all(table(lives=(1, 1) if card == "axolotl-healer" else (3, 1)), mb.Play(card), mb.Decline())
    assert state.lives == lives


def test_attack_effects_resolve_before_the_block():
    state, events = apply_all(table(("turbo-bug",), ("gorillion",)), mb.Attack("turbo-bug"))
    assert state.lives == (3, 1) and mb.to_act(state) == mb.ToAct("p2", "block")
    state, _ = apply_all(table(("shark-dog",), ("gorillion", "spider-owl")), mb.Attack("shark-dog"))
    assert board(state, 1) == ["spider-owl"] and mb.to_act(state) == mb.ToAct("p1", "hunt")
    state, _ = apply_all(table(("tusked-extorter",), ("gorillion",)), mb.Attack("tusked-extorter"))
    assert mb.to_act(state) == mb.ToAct("p2", "cards") and state.pending.left == 1


def test_snail_hydra_defeats_only_with_fewer_creatures():
    state, events = apply_all(table(("snail-hydra",), ("gorillion",)), mb.Attack("snail-hydra"))
    assert mb.EffectSkipped("snail-hydra", "condition") in events
    state, _ = apply_all(table(("snail-hydra",), ("gorillion", "spider-owl")), mb.Attack("snail-hydra"))
    assert mb.to_act(state) == mb.ToAct("p1", "target")


def test_every_creature_card_is_known_to_the_core():
    for card in CARDS.cards:
        traits = mb.traits(card)
        assert traits.effects or traits.trigger == "none", card.id


# ---------------------------------------------------------------- effects at the same time: the active player's order


def both_defeated() -> tuple[mb.State, list[object]]:
    """Harpy Mother (p1) and Explosive Toad (p2), 5 against 5: both defeated, both Defeated effects at once."""
    state = table(("harpy-mother", "luchataur"), ("explosive-toad", "spider-owl", "gorillion"))
    return attack_and_block(state, "harpy-mother", "explosive-toad")


def test_two_defeated_effects_at_once_ask_the_active_player_for_the_order():
    state, events = both_defeated()
    assert names(events)[-3:] == ["creature_defeated", "creature_defeated", "decision"]
    assert events[-1] == mb.Decision("p1", "order", "harpy-mother", 2, ("harpy-mother", "explosive-toad"),
                                     players=("p1", "p2"))
    assert mb.to_act(state) == mb.ToAct("p1", "order") and mb.RULES.legal_commands(state) == ["first"]
    assert set(mb.legal_moves(state)) == {mb.First("harpy-mother"), mb.First("harpy-mother", "p1"),
                                          mb.First("explosive-toad"), mb.First("explosive-toad", "p2")}
    assert board(state, 0) == ["luchataur"] and board(state, 1) == ["spider-owl", "gorillion"]


def test_the_toad_first_then_the_harpy():
    state, _ = both_defeated()
    state, events = apply_all(state, mb.First("explosive-toad"))
    assert mb.to_act(state) == mb.ToAct("p2", "target"), "the Toad's controller chooses its target now"
    assert set(events[-1].options) == {"luchataur", "spider-owl", "gorillion"}
    state, events = apply_all(state, mb.Target("luchataur"))
    assert board(state, 0) == [] and state.discards[0] == ("harpy-mother", "luchataur")
    assert "decision" in names(events) and mb.to_act(state) == mb.ToAct("p1", "target"), "one effect left: no question"
    state, events = apply_all(state, mb.Target("spider-owl"))
    assert board(state, 0) == ["spider-owl"] and board(state, 1) == ["gorillion"]
    assert state.current == 1 and names(events)[-1] == "turn_started"


def test_the_harpy_first_then_the_toad():
    state, _ = both_defeated()
    state, _ = apply_all(state, mb.First("harpy-mother", "p1"))
    assert mb.to_act(state) == mb.ToAct("p1", "target") and state.pending.card == "harpy-mother"
    state, _ = apply_all(state, mb.Target("spider-owl"))
    assert board(state, 0) == ["luchataur", "spider-owl"] and board(state, 1) == ["gorillion"]
    assert mb.to_act(state) == mb.ToAct("p2", "target") and state.pending.card == "explosive-toad"
    state, events = apply_all(state, mb.Target("spider-owl"))
    assert board(state, 0) == ["luchataur"] and state.discards == (("harpy-mother", "spider-owl"), ("explosive-toad",))
    assert state.current == 1 and names(events)[-1] == "turn_started"


def test_a_refused_order_changes_nothing():
    state, _ = both_defeated()
    before = replace(state)
    for command, code in [(mb.First("gorillion"), "not_pending"), (mb.First("luchataur"), "not_pending"),
                          (mb.First("explosive-toad", "p1"), "not_pending"), (mb.First("zorglub"), "unknown_card"),
                          (mb.First("harpy-mother", "p3"), "unknown_player"), (mb.Decline(), "must_choose"),
                          (mb.Target("spider-owl"), "decision_pending"), (mb.Attack("luchataur"), "decision_pending")]:
        refused(state, command, code)
        assert state == before and mb.legal_moves(state) == mb.legal_moves(before)
    assert mb.to_act(state) == mb.ToAct("p1", "order")


def test_the_same_creature_on_both_sides_is_told_apart_by_its_side():
    state, events = attack_and_block(table(("explosive-toad", "luchataur"), ("explosive-toad", "gorillion")),
                                     "explosive-toad", "explosive-toad")
    assert events[-1].options == ("explosive-toad", "explosive-toad") and events[-1].players == ("p1", "p2")
    refused(state, mb.First("explosive-toad"), "ambiguous_side")
    state, _ = apply_all(state, mb.First("explosive-toad", "p2"))
    assert mb.to_act(state) == mb.ToAct("p2", "target"), "the opponent's Toad first: its controller chooses"
    state, _ = apply_all(state, mb.Target("luchataur"))
    assert board(state, 0) == [] and board(state, 1) == [], "p1's Toad then defeats the only creature left"
    assert state.discards[1] == ("explosive-toad", "gorillion")


def test_a_single_defeated_effect_is_not_asked_about():
    state, events = attack_and_block(table(("luchataur", "spider-owl"), ("harpy-mother",)), "luchataur", "harpy-mother")
    assert "order" not in [getattr(e, "decision", None) for e in events]
    assert mb.to_act(state) == mb.ToAct("p2", "target") and state.pending.card == "harpy-mother"


def test_three_effects_at_once_are_asked_one_at_a_time():
    # No two cards of the game defeat three creatures with Defeated effects at once: the core's own queue is built.
    state = table(("harpy-mother",), ("explosive-toad", "spider-owl"))
    tasks = [mb.Task("effect", 0, "harpy-mother"), mb.Task("effect", 1, "explosive-toad"),
             mb.Task("effect", 1, "strange-barrel")]
    state = replace(state, queue=mb._together(state, tasks))
    state, events = mb._finish(state, [])
    assert events[-1].decision == "order" and events[-1].options == ("harpy-mother", "explosive-toad", "strange-barrel")
    state, events = apply_all(state, mb.First("strange-barrel"))
    assert mb.to_act(state) == mb.ToAct("p2", "cards"), "the Barrel's controller names the two cards it takes"
    state, events = apply_all(state, mb.NameCards(()))
    assert events[-1].decision == "order" and events[-1].options == ("harpy-mother", "explosive-toad")
    refused(state, mb.First("strange-barrel"), "not_pending")


# ---------------------------------------------------------------- issue 24: what if, sources, ownership


def what_if(state: mb.State, card: str) -> mb.WhatIfAnswer:
    answer = mb.QUERIES["whatif"](state, {"card": card})[0]
    assert isinstance(answer, mb.WhatIfAnswer)
    return answer


def test_what_if_counts_turbo_bug_s_own_effect_unblocked_it_wins():
    answer = what_if(table(("turbo-bug",), ("luchataur",)), "turbo-bug")
    assert answer.defender_lives == 0 and answer.outcomes == (("luchataur", 9, "defeated", "survives"),)
    state, _ = apply_all(table(("turbo-bug",), ("luchataur",)), mb.Attack("turbo-bug"), mb.Decline())
    assert state.winner == 0, "what if said what the rules then did"


def test_what_if_counts_chameleon_sniper_s_life_loss_and_a_win_by_the_effect_alone():
    assert what_if(table(("chameleon-sniper",), ("luchataur",)), "chameleon-sniper").defender_lives == 1
    answer = what_if(table(("chameleon-sniper",), ("luchataur",), lives=(3, 1)), "chameleon-sniper")
    assert answer.effect_wins and answer.outcomes == () and answer.defender_lives == 0


def test_what_if_shows_no_fight_against_a_creature_shark_dog_defeats_first():
    answer = what_if(table(("shark-dog",), ("gorillion", "spider-owl")), "shark-dog")
    assert [o[0] for o in answer.outcomes] == ["spider-owl"] and not answer.effect_choice
    two = what_if(table(("shark-dog",), ("gorillion", "luchataur")), "shark-dog")
    assert [o[0] for o in two.outcomes] == ["gorillion", "luchataur"] and two.effect_choice, \
        "a choice: each fight assumes the effect spares that blocker"


def test_what_if_counts_snail_hydra_s_effect_when_it_has_fewer_creatures():
    answer = what_if(table(("snail-hydra",), ("luchataur", "plated-scorpion")), "snail-hydra")
    assert answer.effect_choice and {o[0] for o in answer.outcomes} == {"luchataur", "plated-scorpion"}
    # with only one creature left after the effect, the other one fights
    assert answer.outcomes[0] == ("luchataur", 9, "defeated", "defeated")


def test_what_if_includes_the_creature_only_the_hunter_can_force_to_block():
    state = table(("elephantopus", "shark-dog"), ("spider-owl",))
    assert mb.QUERIES["blockers"](state, {"card": "shark-dog"})[0].huntable == ("spider-owl",)
    answer = what_if(state, "shark-dog")
    assert answer.outcomes == (("spider-owl", 3, "defeated", "defeated"),) and answer.hunted == ("spider-owl",)
    assert answer.reasons == (("poisonous", ""),)


def test_creature_names_the_enemy_a_sharky_keyword_is_copied_from():
    state = table(("sharky-crab-dog-mummypus",), ("spider-owl",))
    answer = mb.QUERIES["creature"](state, {"card": "sharky-crab-dog-mummypus"})[0]
    assert dict(answer.gained) == {"sneaky": "spider-owl", "poisonous": "spider-owl"}


def test_with_discard_owner_a_card_strange_barrel_took_goes_back_to_its_owner():
    state, _ = attack_and_block(table(("gorillion",), ("strange-barrel",), discard="owner"), "gorillion",
                                "strange-barrel")
    state, _ = apply_all(state, mb.NameCards(("luchataur", "spider-owl")))
    assert state.current == 1 and state.foreign == ((), ("luchataur", "spider-owl"))
    state, _ = apply_all(state, mb.Play("luchataur"), mb.Decline())
    assert state.boards[1][-1].owner == 0, "it came from p1's deck"
    state, _ = apply_all(state, mb.Attack("gorillion"), mb.Block("luchataur"))
    assert state.discards == (("luchataur",), ("strange-barrel",)), "defeated, it goes to its owner's pile"


@pytest.mark.parametrize(("lang", "words"), [("en", "Whenever a hand has fewer than 5 cards"),
                                             ("fr", "Dès qu'une main a moins de 5 cartes")])
def test_the_rules_reader_and_aid_sheet_teach_the_refill_the_game_does(lang, words):
    from companion.rules_data import load

    turn = load(find("mindbug"), CARDS).section("turn").paragraphs[lang]
    assert any(p.startswith(words) for p in turn) and not any("After playing a card, refill" in p for p in turn)
    import tomllib

    from companion.cards import DATA_DIR

    sheet = tomllib.loads((DATA_DIR / "mindbug.toml").read_text(encoding="utf-8"))["sheet"]
    assert "turn" in sheet["rules"], "the aid sheet prints the same section"
    # the game does it: p2's hand, short after Ferret Bomber, is refilled at once, before p2 plays
    state, events = apply_all(table(), mb.Play("ferret-bomber"), mb.Decline(), mb.NameCards(("gorillion", "luchataur")))
    assert state.hands == (5, 5) and names(events)[-3:-1] == ["cards_discarded", "hand_refilled"]
    short, _ = apply_all(table(refill="after_play"), mb.Play("ferret-bomber"), mb.Decline(),
                         mb.NameCards(("gorillion", "luchataur")))
    assert short.hands == (5, 3), "the option: only after playing"


def test_first_draw_compares_the_revealed_cards_and_a_tie_asks_again():
    state = mb.new(mb.Options(first="draw"), CARDS)
    assert mb.to_act(state) == mb.ToAct("p1", "draw") and names(mb.opening(state)) == ["game_started", "decision"]
    refused(state, mb.Play("gorillion"), "decision_pending")
    refused(state, mb.Decline(), "must_choose")
    state, events = apply_all(state, mb.Reveal("spider-owl", "spider-owl"))
    assert events[0] == mb.FirstDrawn(("spider-owl", "spider-owl"), (3, 3), "") and state.pending.kind == "draw"
    refused(state, mb.Reveal("spider-owl", "gorillion"), "all_seen")  # both copies are out, seen
    state, events = apply_all(state, mb.Reveal("luchataur", "gorillion"))
    assert state.current == 1 and state.pending is None and names(events) == ["first_drawn", "turn_started"]
    assert state.unseen()["gorillion"] == 0 and mb.to_act(state) == mb.ToAct("p2", "play_or_attack")
    assert mb.Reveal("gorillion", "luchataur") in mb.legal_moves(mb.new(mb.Options(first="draw"), CARDS))


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["3 against 3, Spider Owl and Spider Owl: a tie, reveal again.",
            "First player: each reveals an unused card, the higher power starts. Type reveal, Ana's card, then Bo's "
            "card.",
            "9 against 10, Luchataur and Gorillion: Bo plays first.", "Turn 1: Bo."]),
    ("fr", ["3 contre 3, Arachnibou et Arachnibou : égalité, révélez-en une autre.",
            "Premier joueur : chacun révèle une carte non utilisée, la plus forte commence. Tapez révèle, la carte "
            "d'Ana, puis celle de Bo.",
            "9 contre 10, Gladiataure et Gorillion : Bo commence.", "Tour 1 : Bo."]),
])
def test_first_draw_is_said_in_both_languages(lang, expected):
    from tests.conftest import make_session, run_lines

    session, recorder = make_session("mindbug", lang, first="draw", names=("Ana", "Bo"))
    word = "reveal" if lang == "en" else "révèle"
    status = run_lines(session, recorder, "status")[0]
    assert status.startswith(("Before turn 1: draw the first player. Type reveal and the 2 cards.",
                              "Avant le tour 1 : tirez le premier joueur. Tapez révèle et les 2 cartes."))
    said = run_lines(session, recorder, f"{word} spider owl spider owl\n{word} luchataur gorillion")
    assert said == expected


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 10_000), min_size=5, max_size=60))
def test_what_if_answers_for_every_creature_of_any_table_reached_by_legal_play(choices):
    state = mb.new(mb.Options(), CARDS)
    for choice in choices:
        moves = mb.legal_moves(state)
        if not moves:
            break
        state, _ = mb.apply(state, moves[choice % len(moves)])
        if state.is_over:
            break
        for seat, board in enumerate(state.boards):
            for creature in board:
                copy = [c.uid for c in board if c.card == creature.card].index(creature.uid) + 1
                answer = what_if(state, creature.card) if copy == 1 and all(
                    c.card != creature.card for c in state.boards[1 - seat]) else None
                if answer is None:
                    continue
                defenders = {c.card for c in state.boards[1 - seat]}
                assert {o[0] for o in answer.outcomes} <= defenders
                assert 0 <= answer.defender_lives <= state.lives[1 - seat]
                assert len(answer.reasons) == len(answer.outcomes) and set(answer.hunted) <= defenders


def test_each_position_is_worked_out_once_and_read_only():
    """A ``what if`` asked for the same board a dozen times (issue 34): the same boards, cards and turn give the
    same read-only answer, a board changed gives another."""
    state = table(("goblin-werewolf", "bee-bear"), ("sharky-crab-dog-mummypus",))
    found = mb.effective(state)
    assert mb.effective(replace(state, lives=(2, 2))) is found
    assert mb._computed(state, state.current) == dict(found)
    with pytest.raises(TypeError):
        found[1] = found[1]  # type: ignore[index]
    changed = table(("goblin-werewolf",), ("sharky-crab-dog-mummypus",))
    assert mb.effective(changed) is not found and dict(mb.effective(changed)) == mb._computed(changed, changed.current)

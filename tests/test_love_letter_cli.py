"""Love Letter end to end through the real ``companion`` command: full 2- and 4-player games in ``--json``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

COMPANION = [sys.executable, "-m", "companion"]


def play(args, lines):
    result = subprocess.run(COMPANION + ["play"] + args + ["--json"], input="\n".join(lines) + "\n",
                            capture_output=True, text=True, env=dict(os.environ), timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    return [json.loads(line) for line in result.stdout.splitlines()]


def of(events, name):
    return [e for e in events if e["event"] == name]


def quick_two_player_round(winner, loser):
    """The round's starter wins at once: a Guard's right guess."""
    return ["aside priest priest king", f"play guard {loser} baron", f"out {loser}", "next"]


TWO_PLAYERS = [
    # Round 1: Handmaid, a Guard with no effect, a Prince, a Baron lost by its own player.
    "aside guard guard king",
    "status",
    "play handmaid", "next",
    "play guard", "next",
    "play prince 2", "discard 2 priest", "next",
    "play baron 1", "compare 2 5",
    "unseen", "played",
    "next",
    # Round 2: played to the end of the deck, then both reveal.
    "écartées prêtre baron servante",
    "play guard 2 baron", "next",
    "play guard 1 handmaid", "next",
    "play countess", "next",
    "play king 1", "next",
    "play guard 2 prince", "next",
    "play guard 1 king", "next",
    "play priest 2", "next",
    "play guard 1 princess", "next",
    "play handmaid", "next",
    "play prince", "discard 2 baron", "next",
    "reveal 1 prince", "reveal 2 princess",
    "next",
    # Round 3: the Princess is played; then a bad line and an undone mistake.
    "aside guard guard guard",
    "play princess", "out 2 king",
    "bogus", "next", "undo", "redo",
] + [line for _ in range(5) for line in quick_two_player_round(1, 2)] + ["status", "next"]


def test_a_full_two_player_game():
    events = play(["love-letter", "--lang", "en", "--players", "2"], TWO_PLAYERS)
    assert [e["event"] for e in events[:5]] == ["game_started", "round_started", "aside", "turn_started", "status"]
    status = events[4]
    assert {k: status[k] for k in ("round", "tokens", "tokens_to_win", "deck", "current_player", "in_round", "protected",
                                    "aside", "winner")} == {
        "round": 1, "tokens": {"p1": 0, "p2": 0}, "tokens_to_win": 7, "deck": 9, "current_player": "p1",
        "in_round": ["p1", "p2"], "protected": [], "aside": ["guard", "guard", "king"], "winner": None}
    assert of(events, "card_played")[1]["no_effect"] is True
    assert of(events, "card_discarded")[0] == {"event": "card_discarded", "player": "p2", "card": "priest", "drew": "deck",
                                               "deck": 6,
                                               "text": "2: player 2 discards Priest face up and draws again. Deck: 6 cards."}
    out = of(events, "player_out")
    assert [(e["player"], e["card"], e["reason"]) for e in out[:2]] == [("p2", "priest", "baron"), ("p2", None, "princess")]
    unseen = of(events, "unseen")[0]
    assert unseen["cards"]["priest"] == 0 and unseen["total"] == 16 - 3 - 6
    assert of(events, "played")[0]["face_up"] == {"p1": ["handmaid", "prince"], "p2": ["guard", "priest", "baron", "priest"]}
    assert of(events, "deck_empty")[0]["waiting"] == ["p1", "p2"]
    assert of(events, "card_discarded")[1]["drew"] == "removed"
    won = of(events, "round_won")
    assert [(e["winners"], e["reason"]) for e in won[:3]] == [(["p1"], "last"), (["p2"], "card"), (["p1"], "last")]
    assert of(events, "card_shown")[0]["card"] == "king"
    assert of(events, "error")[0]["code"] == "unknown_command"
    assert of(events, "undo") and of(events, "redo")
    assert [e["tokens"] for e in of(events, "token_given")] == [1, 1, 2, 3, 4, 5, 6, 7]
    assert of(events, "game_over") == [{"event": "game_over", "winner": "p1", "tokens": 7,
                                        "outcome": {"kind": "win", "winners": ["p1"], "reason": "tokens", "score": None},
                                        "text": "7 favour tokens: player 1 wins the game."}]
    final = of(events, "status")[-1]
    assert final["winner"] == "p1" and final["tokens"] == {"p1": 7, "p2": 1}
    assert events[-1]["event"] == "error" and events[-1]["code"] == "game_over"


def quick_four_player_round(starter):
    """The starter wins: a right guess, a Princess played, a Baron lost by its own player."""
    a, b, c = [(starter - 1 + k) % 4 + 1 for k in (1, 2, 3)]
    return [f"play guard {a} priest", f"out {a}", "next", "play princess", "next", f"play baron {starter}", "compare 2 6",
            "next"]


FOUR_PLAYERS = [
    # Round 1 to the end of the deck.
    "play guard 2 priest", "next",
    "play guard 3 baron", "out 3", "next",
    "play handmaid", "next",
    "play baron 2", "compare 1 1", "next",
    "play priest 1", "next",
    "play guard 1 prince", "next",
    "play prince 4", "discard 4 princess", "next",
    "play king Ana", "next",
    "play countess", "next",
    "play guard 1 handmaid", "next",
    "restantes",
    "play guard 2 5", "next",
    "reveal Ana prince", "reveal p2 handmaid",
    "next",
    # Round 2: Ana starts and loses her own Baron's comparison; Cy wins.
    "play guard 2 priest", "out 2", "next",
    "play guard 4 king", "out 4", "next",
    "play baron 3", "compare 3 7",
    "next",
] + quick_four_player_round(3) * 2 + quick_four_player_round(3)[:-1] + ["status"]


def test_a_full_four_player_game_in_french_words_with_names():
    events = play(["loveletter", "--lang", "en", "--players", "4", "--names", "Ana", "Bo", "Cy", "Di"], FOUR_PLAYERS)
    assert events[0]["tokens_to_win"] == 4
    assert events[2] == {"event": "turn_started", "player": "p1", "round": 1, "turn": 1, "deck": 10,
                         "text": "Ana's turn: draw a card. Deck: 10 cards."}
    assert of(events, "compare_tied")[0] == {"event": "compare_tied", "player": "p1", "target": "p2",
                                            "text": "Baron: Ana and Bo tie, nobody is out."}
    assert of(events, "protection_ended")[0]["player"] == "p4"
    unseen = of(events, "unseen")[0]
    assert unseen["total"] == 4 and {k for k, n in unseen["cards"].items() if n} == {"guard", "priest", "handmaid", "prince"}
    won = of(events, "round_won")
    assert won[0] == {"event": "round_won", "round": 1, "winners": ["p1"], "reason": "card", "value": 5, "total": None,
                      "tied": [], "text": "5, the highest card: Ana wins round 1."}
    assert [(e["winners"], e["reason"]) for e in won[1:]] == [(["p3"], "last")] * 4
    assert of(events, "game_over")[0]["winner"] == "p3"
    final = of(events, "status")[-1]
    assert final["tokens"] == {"p1": 1, "p2": 0, "p3": 4, "p4": 0} and final["winner"] == "p3"
    assert not of(events, "error")


def test_tie_option_and_french_sentences_from_the_command_line(tmp_path):
    save = tmp_path / "ll.jsonl"
    events = play(["love-letter", "--lang", "fr", "--players", "3", "--tie", "none", "--save", str(save)],
                  ["état", "joue garde 2 prêtre", "éliminé 2", "suivant", "restantes"])
    assert events[0]["text"] == "3 joueurs, Love Letter. 5 jetons de faveur pour gagner."
    assert of(events, "player_out")[0]["text"] == ("2, Prêtre, face visible : joueur 2 sort de la manche. "
                                                   "Encore 2 joueurs en lice.")
    header = json.loads(save.read_text(encoding="utf-8").splitlines()[0])
    assert header["options"]["tie"] == "none"
    resumed = play(["love-letter", "--lang", "fr", "--resume", str(save)], ["état"])
    assert resumed[-1]["event"] == "status" and resumed[-1]["current_player"] == "p3" and resumed[-1]["in_round"] == ["p1", "p3"]


def test_cards_card_and_aid_sheet_know_love_letter():
    run = lambda *args: subprocess.run(COMPANION + list(args), capture_output=True, text=True, timeout=60)  # noqa: E731
    cards = run("cards", "love-letter", "--lang", "fr")
    assert cards.returncode == 0 and cards.stdout.splitlines()[:2] == ["Personnages : 16 cartes.", "1, Garde, 5 exemplaires"]
    card = run("card", "loveletter", "gravin", "--lang", "en")
    assert card.returncode == 0 and card.stdout.startswith("Countess") and "checks this duty only when" in card.stdout
    sheet = run("aid-sheet", "love-letter", "--format", "txt", "--lang", "fr")
    assert sheet.returncode == 0 and "Love Letter : aide de jeu" in sheet.stdout and "Princesse : valeur 8" in sheet.stdout

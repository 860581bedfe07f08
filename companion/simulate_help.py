"""The words of ``companion simulate`` and ``companion records`` that the CLI needs first: kept light, for a fast --help."""

from __future__ import annotations

from companion.marker import N_



BOTS = ("greedy", "planner")

CLI_HELP = {
    "simulate": N_("play many games with bots and print the win rates (Num-X)"),
    "games": N_("games per player count (default 2000)"),
    "bot": N_("the bot: greedy (the default) or planner"),
    "players": N_("the player counts to simulate (default: all)"),
    "seed": N_("the first seed (default 1); the same seed gives the same games"),
    "set": N_("a rules option, as NAME=VALUE (repeat it): mode=expert, lock=off…"),
    "readings": N_("compare every reading of the open points instead"),
    "workers": N_("processes to use (default: every core; never more than the cores)"),
    "json": N_("print the results as one JSON document, for scripts"),
    "speech": N_("say the progress aloud every 10 seconds at most: auto, speechd, tts… (default none)"),
    "records": N_("the records to beat: best score, games and wins, per mode and player count"),
}

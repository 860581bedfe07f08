"""The simulator: bots play whole Num-X games over seeded full-information deals, and the command around it.

Two paths play the same games seed for seed. The *rules-core path* here (`play_num_x`) is the reference:
the rules core stays the public table, the simulator owns the hidden part (the draw pile's order and every
hand) and every move goes through ``RULES.apply``. The *fast path* (``companion/simulation``) keeps the whole
game in small integers, proven equal to the core move for move by tests/test_num_x_fast.py; the command and
`table` use it (``runner``: worker processes, progress, Ctrl+C).

A result table gives, per player count, the win rate with its 95 % Wilson interval and the mean score
(Adversaire: the wins of each seat). Sentences are in the ``tools`` catalog (French in
``locale/fr/LC_MESSAGES/tools.po``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any


DOMAIN = "tools"
#: The win rates the Num-X rules text gives (cooperative; Expert at 4 and 5 players), in %.
NUM_X_TEXT_TABLE: Mapping[str, Mapping[int, float]] = {
    "coop": {2: 52.0, 3: 39.5, 4: 20.0, 5: 16.0},
    "expert": {4: 15.3, 5: 4.7},
}
#: Readings of the open points compared against the text's table (options over the defaults, which are the
#: game as printed: the box's action cards, more plays than the minimum allowed).
_PRINTED: dict[str, str] = {}
READINGS: Mapping[str, Mapping[str, str]] = {
    "printed": _PRINTED,  # the default: the game as printed (the reference's reading of every open point)
    "no-actions": {"actions": "off"},
    "exact": {"extra": "exact"},
    "no-actions-exact": {"actions": "off", "extra": "exact"},  # the calibrated reading: the closest to the table
    "no-lock": {"lock": "off"},
    "open-start": {"start": "open"},
    "open-start-no-actions": {"start": "open", "actions": "off"},
    "break-closes": {"breaks": "close"},
    "any-starter": {"starters": "any"},
}
from companion.simulate_help import BOTS as BOTS, CLI_HELP as CLI_HELP  # noqa: E402 - light: the CLI reads them first

if TYPE_CHECKING:
    from companion.simulation.num_x_bots import GameResult


# --------------------------------------------------------------------------- one game


_MODULE: list[Any] = []


def _num_x() -> Any:
    if not _MODULE:
        from companion.games import num_x

        _MODULE.append(num_x)
    return _MODULE[0]


_CARDS: list[Any] = []


def _cards() -> Any:
    if not _CARDS:
        from companion.cards import load

        nx = _num_x()
        _CARDS.append(load(nx.SPEC.data_file, nx.SPEC.deck_sizes, nx.SPEC.traits))
    return _CARDS[0]


Bot = Callable[[Any, list[str], random.Random], Any]


def play_num_x(options: Any, seed: int, bot: Bot, max_steps: int = 5000) -> GameResult:
    """One Num-X game: a seeded deal, ``bot`` choosing for every seat, the core applying (the fast path's record)."""
    from companion.games.base import seat_of
    from companion.simulation.num_x_bots import GameResult

    nx = _num_x()
    cards = _cards()
    rng = random.Random(seed)
    state = nx.RULES.new(options, cards)
    deck = [card_id for card_id, n in state.copies.items() for _ in range(n)]
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(n)] for n in state.hands]
    for _ in range(max_steps):
        if nx.RULES.outcome(state) is not None:
            break
        seat = state.current
        command = bot(state, hands[seat], rng)
        state, events = nx.RULES.apply(state, command)
        if isinstance(command, nx.Play):
            hands[seat].remove(command.card)
        for event in events:
            if isinstance(event, nx.ActionDraw) and event.drew:
                hands[seat].append(deck.pop())
            elif isinstance(event, nx.Refilled):
                hands[seat].extend(deck.pop() for _ in range(event.drew))
            elif isinstance(event, nx.PlayerEliminated):
                deck.extend(hands[seat])
                hands[seat].clear()
                rng.shuffle(deck)
        assert len(deck) == state.deck, "the simulator's draw pile left the core's count"
    result = nx.RULES.outcome(state)
    if result is None:
        raise RuntimeError(f"seed {seed}: no end after {max_steps} moves")
    won = result.kind.value in ("cooperative_win", "win")
    winners = tuple(seat_of(w, options.players) for w in result.winners)  # seats, as the fast path's record has them
    return GameResult(options.players, won, result.score or 0, state.total, state.turn, winners, result.reason.value)


# --------------------------------------------------------------------------- bots


_UNSEEN: dict[int, tuple[Any, dict[str | None, list[int]]]] = {}
_FAMILY_IDS = {family: [f"{family}-{value}" for value in range(17)] for family in ("red", "green", "blue", "yellow")}


def _unseen_prefix(state: Any, family: str | None) -> list[int]:
    """``p[v]``: cards of ``family`` (None: of every family) of value below ``v`` not yet seen (v = 0…17)."""
    used = state.used
    cached = _UNSEEN.get(id(used))
    if cached is None or cached[0] is not used:
        _UNSEEN.clear()
        cached = (used, {})
        _UNSEEN[id(used)] = cached
    tables = cached[1]
    found = tables.get(family)
    if found is not None:
        return found
    copies = state.copies
    prefix = [0] * 18
    for kind in ((family,) if family else ("red", "green", "blue", "yellow")):
        for value, card_id in enumerate(_FAMILY_IDS[kind]):
            if card_id in copies and not used.get(card_id):
                prefix[value + 1] += 1
    for value in range(1, 18):
        prefix[value] += prefix[value - 1]
    tables[family] = prefix
    return prefix


def _unseen_between(state: Any, family: str | None, low: int, high: int) -> int:
    """Cards not yet seen of ``family`` (any number card when None) strictly between ``low`` and ``high``."""
    if high - low <= 1:
        return 0
    prefix = _unseen_prefix(state, family)
    return prefix[min(high, 17)] - prefix[max(low + 1, 0)]


def cost(state: Any, command: Any) -> float:
    """How much room a move takes from the table (negative: it gives room back); lower is better."""
    nx = _num_x()
    if not isinstance(command, nx.Play):
        return math.inf
    card = state.cards[command.card]
    t = nx.traits(card)
    if t.action in ("simple", "passe"):
        return 2.5 if t.action == "simple" else 3.5
    pile = state.piles[command.pile - 1]
    family = pile.family if state.options.lock == "on" else None
    if t.action == "flip":
        up, down = pile.top(nx.UP), pile.top(nx.DOWN)
        gain = _unseen_between(state, family, down, up) if up > down else 0
        return -gain + 1.0
    if not pile.started:
        return 0.5
    direction = command.direction
    top = pile.top(direction)
    if t.action == "flash":
        branch = pile.branch(direction)
        below = branch[-2].value if len(branch) > 1 else (pile.start.value if pile.start else top)
        low, high = sorted((below, top))
        return -_unseen_between(state, family, low, high) + 1.0
    value = top if (t.action == "joker" and command.value is None) else (
        command.value if t.action == "joker" else card.value)
    rising = direction == nx.UP
    if (value > top) if rising else (value < top):
        low, high = (top, value) if rising else (value, top)
        skipped = _unseen_between(state, family, low, high)
        return float(skipped) + (0.2 if t.kind in ("shadow", "rainbow") else 0.0)
    # Back the other way: a ten, a break, a joker at ±10, an equal: room given back.
    low, high = (value, top) if rising else (top, value)
    is_ten = state.options.tens and value == (top - 10 if rising else top + 10)
    if t.kind in ("shadow", "rainbow") and value != top and not is_ten and state.options.breaks == "close":
        return 20.0  # a break that closes the branch: only when nothing else is left
    return -float(_unseen_between(state, family, low, high)) - 0.5


def _moves(state: Any, hand: Sequence[str]) -> list[Any]:
    nx = _num_x()
    return list(nx.moves_for(state, [state.cards[c] for c in hand]))


def greedy(state: Any, hand: list[str], rng: random.Random) -> Any:
    """The cheapest play until the required plays are made; then more only when they give room back."""
    nx = _num_x()
    moves = _moves(state, hand)
    scored = [(cost(state, m), i, m) for i, m in enumerate(moves) if isinstance(m, nx.Play)]
    if not scored:
        return nx.Next() if nx.Next() in moves else nx.Blocked()
    best_cost, _, best = min(scored)
    if state.plays_made < state.plays_required or best_cost <= (0.0 if state.deck > 0 else 1.0):
        return best
    return nx.Next()


def planner(state: Any, hand: list[str], rng: random.Random) -> Any:
    """Plans the turn: the best sequence of the plays still required (two plies), scored by the room it takes
    and by how well the cards left in hand fit afterwards (so it keeps a card 10 away, and breaks when it pays)."""
    nx = _num_x()
    moves = _moves(state, hand)
    plays = [m for m in moves if isinstance(m, nx.Play)]
    needed = state.plays_required - state.plays_made
    if not plays:
        return nx.Next() if nx.Next() in moves else nx.Blocked()

    def leftover(after: Any, rest: list[str]) -> float:
        scores = []
        for card_id in rest:
            options = [m for m in nx.moves_for(after, [after.cards[card_id]]) if isinstance(m, nx.Play)]
            scores.append(min((cost(after, m) for m in options), default=6.0))
        return sum(min(s, 6.0) for s in scores) / max(1, len(scores))

    def value_of(move: Any, depth: int, current: Any, rest: list[str]) -> float:
        step = cost(current, move)
        after, _ = nx.RULES.apply(current, move)
        remaining = [c for c in rest]
        remaining.remove(move.card)
        if nx.RULES.outcome(after) is not None:
            return step - (100.0 if nx.RULES.outcome(after).kind.value == "cooperative_win" else -100.0)
        if depth <= 1 or after.current != current.current or after.plays_made >= after.plays_required:
            return step + 0.4 * leftover(after, remaining)
        follow = [m for m in nx.moves_for(after, [after.cards[c] for c in remaining]) if isinstance(m, nx.Play)]
        if not follow:
            return step + 50.0
        best_next = min(follow, key=lambda m: cost(after, m))
        candidates = sorted(follow, key=lambda m: cost(after, m))[:4]
        if best_next not in candidates:
            candidates.append(best_next)
        return step + min(value_of(m, depth - 1, after, remaining) for m in candidates)

    if needed > 0:
        ranked = sorted(plays, key=lambda m: cost(state, m))[:6]
        return min(ranked, key=lambda m: value_of(m, min(needed, 2), state, list(hand)))
    best = min(plays, key=lambda m: cost(state, m))
    if cost(state, best) <= (0.0 if state.deck > 0 else 1.0):
        return best
    return nx.Next()


_BOTS: dict[str, Bot] = {"greedy": greedy, "planner": planner}


# --------------------------------------------------------------------------- many games


@dataclass(frozen=True)
class Row:
    """One player count: games, wins, the win rate and its 95 % interval, the mean score.

    Adversaire: ``seat_wins`` the games each seat won (alone or tied), ``ties`` the games won by several
    seats, ``finished`` the games a family reached 17; ``mean_score`` is the best family's cards.
    """

    players: int
    games: int
    wins: int
    mean_score: float
    total: int
    seat_wins: tuple[int, ...] = ()
    ties: int = 0
    finished: int = 0

    @property
    def rate(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def adversaire(self) -> bool:
        return bool(self.seat_wins)


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate, in %."""
    if games == 0:
        return (0.0, 100.0)
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (100.0 * max(0.0, centre - half), 100.0 * min(1.0, centre + half))


def row_of(players: int, results: Sequence[Any], adversaire: bool = False) -> Row:
    """The row of one player count's results (`GameResult` of either path)."""
    games = len(results)
    mean = sum(r.score for r in results) / games if games else 0.0
    total = results[0].total if results else 0
    if not adversaire:
        return Row(players, games, sum(r.won for r in results), mean, total)
    seats = tuple(sum(seat in r.winners for r in results) for seat in range(players))
    return Row(players, games, 0, mean, nx_family_cards(), seats, sum(len(r.winners) > 1 for r in results),
               sum(r.reason == "seventeen" for r in results))


def nx_family_cards() -> int:
    return int(_num_x().FAMILY_CARDS)


def run_core(values: Mapping[str, Any], games: int, bot: str = "greedy", seed: int = 1,
             workers: int | None = None) -> list[GameResult]:
    """The rules-core path (the reference the benchmark compares with): every move through ``RULES.apply``."""
    workers = workers or 1
    jobs = [(dict(values), seed + start, min(50, games - start), bot) for start in range(0, games, 50)]
    if workers == 1 or len(jobs) == 1:
        return [r for job in jobs for r in _core_chunk(job)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return [r for chunk in pool.map(_core_chunk, jobs) for r in chunk]


def _core_chunk(job: tuple[dict[str, Any], int, int, str]) -> list[GameResult]:
    values, first, count, bot_name = job
    options = _num_x().Options(**values)
    return [play_num_x(options, seed, _BOTS[bot_name]) for seed in range(first, first + count)]


def run(values: Mapping[str, Any], games: int, bot: str = "greedy", seed: int = 1,
        workers: int | None = None) -> list[Any]:
    """``games`` seeded games of one table on the fast path, in seed order (the same on any worker count)."""
    from companion.simulation import runner

    return runner.run([values], games, bot, seed, workers or 1).results[0]


def table(options: Mapping[str, Any], games: int, bot: str = "greedy", players: Iterable[int] = (2, 3, 4, 5),
          seed: int = 1, workers: int | None = None) -> list[Row]:
    """One row per player count (the fast path)."""
    from companion.simulation import runner

    counts = list(players)
    found = runner.run([{**options, "players": n} for n in counts], games, bot, seed, workers or 1)
    adversaire = options.get("mode") == "adversaire"
    return [row_of(n, results, adversaire) for n, results in zip(counts, found.results, strict=True)]


def distance(rows: Sequence[Row], mode: str = "coop") -> float:
    """How far a simulated table is from the text's: the root mean square gap in points of win rate."""
    target = NUM_X_TEXT_TABLE.get(mode, {})
    gaps = [row.rate - target[row.players] for row in rows if row.players in target and row.games]
    return math.sqrt(sum(g * g for g in gaps) / len(gaps)) if gaps else math.nan


# --------------------------------------------------------------------------- the command


def parse_settings(pairs: Sequence[str]) -> dict[str, str]:
    """``NAME=VALUE`` pairs, checked against Num-X's declared options.

    :raises ValueError: with the sentence's fields (``bad_setting``).
    """
    nx = _num_x()
    values: dict[str, str] = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        name = name.strip().replace("-", "_")
        spec = next((o for o in nx.SPEC.options if o.name == name and o.scope == "rules"), None)
        if spec is None or value not in spec.choices:
            raise ValueError(pair)
        values[name] = value
    return values


def _num(value: float, t: Any) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if t.lang == "fr" else text


def lines(rows: Sequence[Row], mode: str, t: Any, printed: bool = True) -> list[str]:
    """The table, one line per player count, beside the text's rate when it gives one.

    ``printed``: the games followed the rules as printed; else the text's rate is said to be the printed game's.
    """
    target = NUM_X_TEXT_TABLE.get(mode, {})
    out = []
    for row in rows:
        if not row.games:
            continue
        if row.adversaire:
            out.append(_adversaire_line(row, t))
            continue
        low, high = row.interval
        # Translators: how many games were simulated, starting a result line's second sentence ("1 game, mean
        # score…"); the form follows {count}.
        games = t.plural("{count} game", "{count} games", row.games)
        # Translators: {players} the players, counted or named ("3 players"); {rate} a number (a rate or a percentage);
        # {low} a number, the lowest; {high} a number, the highest; {score} a score, a number; {total} a number, the
        # total; {games} is "1 game" or "40 games", already in the plural it needs.
        text = t("{players} players: {rate} % won, 95 % interval {low} to {high}. {games}, mean score {score} of "
                 "{total}.", players=row.players, rate=_num(row.rate, t), low=_num(low, t), high=_num(high, t),
                 score=_num(row.mean_score, t), total=row.total, games=games)
        if row.players in target:
            rate = _num(target[row.players], t)
            # Translators: {rate} a number (a rate or a percentage).
            text += " " + (t("Rules text: {rate} %.", rate=rate) if printed
                           # Translators: {rate} a number (a rate or a percentage), the rules text's for the game as
                           # printed, said beside a game played with other options.
                           else t("Rules text, for the game as printed: {rate} %.", rate=rate))
        out.append(text)
    return out


def _adversaire_line(row: Row, t: Any) -> str:
    """Adversaire: who wins, seat by seat; how often it is shared; how often a family finishes."""
    seats = []
    for seat, wins in enumerate(row.seat_wins):
        low, high = wilson(wins, row.games)
        # Translators: one seat's part of an Adversaire line: "player 2 won 31.5 % (29.5 to 33.6)".
        seats.append(t("player {seat} won {rate} % ({low} to {high})", seat=seat + 1,
                       rate=_num(100.0 * wins / row.games, t), low=_num(low, t), high=_num(high, t)))
    return " ".join([
        # Translators: {players} the players, counted; {count} the games simulated (the plural follows it).
        t.plural("{players} players, adversaire, {count} game:", "{players} players, adversaire, {count} games:",
                 row.games, players=row.players),
        ", ".join(seats) + ".",
        # Translators: {ties} a percentage; {finished} a percentage; {score} a score, a number.
        t("Shared wins: {ties} %. A family reached 17 in {finished} %. Best score {score} of 17 on average.",
          ties=_num(100.0 * row.ties / row.games, t), finished=_num(100.0 * row.finished / row.games, t),
          score=_num(row.mean_score, t)),
    ])


def row_json(row: Row, mode: str) -> dict[str, Any]:
    """One row for ``--json`` (docs/num-x.*.md describes the fields)."""
    low, high = row.interval
    found: dict[str, Any] = {"players": row.players, "games": row.games, "mean_score": round(row.mean_score, 3),
                             "total": row.total}
    if row.adversaire:
        found["seats"] = [{"seat": s + 1, "wins": w, "rate": round(100.0 * w / row.games, 3),
                           "interval": [round(x, 3) for x in wilson(w, row.games)]}
                          for s, w in enumerate(row.seat_wins)]
        found["ties"], found["finished"] = row.ties, row.finished
        return found
    found.update(wins=row.wins, rate=round(row.rate, 3), interval=[round(low, 3), round(high, 3)],
                 rules_text=NUM_X_TEXT_TABLE.get(mode, {}).get(row.players))
    return found


def main(args: Any, write: Callable[[str], None], err: Callable[[str], None] | None = None) -> int:
    """``companion simulate num-x``: the table for the options given, or for every reading.

    Progress goes to standard error (a bar on a terminal; spoken at most every 10 s with ``--speech``);
    Ctrl+C stops within a second and prints the table of the games that finished (exit status 130).
    """
    import json
    import sys

    from companion.i18n import Translator
    from companion.simulation import runner

    t = Translator(args.lang, DOMAIN)
    say_err = err or (lambda line: print(line, file=sys.stderr))  # noqa: T201 - the CLI's own error stream
    plan = _plan(args, write, say_err, t)
    if isinstance(plan, int):
        return plan
    mode, players, workers, tables = plan
    every = [{**merged, "players": n} for merged, _ in tables for n in players]
    speaker = _speaker(getattr(args, "speech", "none"), args.lang, say_err, t)
    if speaker is False:
        return 2
    shown = _Progress(t, speaker)
    try:
        found = runner.run(every, args.games, args.bot, args.seed, workers, shown)
    finally:
        shown.close()
    report = _report(args, tables, players, mode, found.results, write, t)
    if args.json:
        write(json.dumps({"game": "num-x", "bot": args.bot, "seed": args.seed, "games": args.games, "mode": mode,
                          "workers": workers, "interrupted": found.interrupted, "done": found.done,
                          "seconds": round(found.seconds, 3), "cpu_seconds": round(found.cpu_seconds, 3),
                          "tables": report}, ensure_ascii=False))
    if found.interrupted:
        # Translators: {count} a number; the form follows {count}.
        say_err(t.plural("Stopped: {count} game finished, counted above.",
                         "Stopped: {count} games finished, counted above.", found.done))
        return 130
    return 0


Plan = tuple[str, list[int], int, list[tuple[dict[str, Any], str]]]


def _plan(args: Any, write: Callable[[str], None], say_err: Callable[[str], None], t: Any) -> Plan | int:
    """What to simulate: the mode, the player counts, the workers and each table's options with its reading's
    name; or the exit status after saying why the command cannot run."""
    from companion.simulation import runner

    if args.game not in ("num-x", "numx", "num_x"):
        write(t("Only Num-X has a simulator for now."))
        return 2
    try:
        values = parse_settings(args.set or [])
    except ValueError as error:
        # Translators: {pair} what was typed.
        write(t("{pair} is not a Num-X option: write NAME=VALUE, such as mode=expert or lock=off.", pair=error))
        return 2
    mode = values.get("mode", "coop")
    if mode == "adversaire":
        players = args.players or [2, 3, 4]
        if any(n > _num_x().ADVERSAIRE_MAX for n in players):
            write(t("5 players cannot be simulated in Adversaire: it is for 2 to 4 players."))
            return 2
    else:
        players = args.players or ([4, 5] if mode == "expert" else [2, 3, 4, 5])
    cores = runner.cores()
    workers = args.workers or cores
    if workers > cores:
        # Translators: {asked} a number; {count} a number; the form follows {count}.
        say_err(t.plural("{asked} workers asked, but this machine has {count} core: {count} used.",
                         "{asked} workers asked, but this machine has {count} cores: {count} used.", cores,
                         asked=workers))
        workers = cores
    readings = READINGS if args.readings else {"": {}}
    return mode, sorted(set(players)), workers, [({**reading, **values}, name) for name, reading in readings.items()]


def _report(args: Any, tables: list[tuple[dict[str, Any], str]], players: list[int], mode: str,
            results: list[list[Any]], write: Callable[[str], None], t: Any) -> list[dict[str, Any]]:
    """Writes each table's lines (unless ``--json``) and gives each table's rows for ``--json``."""
    report: list[dict[str, Any]] = []
    position = 0
    for merged, name in tables:
        rows = [row_of(n, results[position + i], mode == "adversaire") for i, n in enumerate(players)]
        position += len(players)
        report.append({"reading": name or None, "options": merged, "rows": [row_json(r, mode) for r in rows if r.games]})
        if args.json:
            continue
        if name:
            gap = _num(distance(rows, mode), t)
            # Translators: {name} a name (game, card, file or player); {options} options or choices, already joined;
            # {bot} a bot's name; {distance} a number with a decimal ("0.5"), which the form follows (French: singular
            # below 2, "0,5 point").
            write(t.plural_written("Reading {name} ({options}), bot {bot}: distance to the text {distance} point.",
                                   "Reading {name} ({options}), bot {bot}: distance to the text {distance} points.",
                                   gap, name=name, options=", ".join(f"{k}={v}" for k, v in merged.items()) or "-",
                                   bot=args.bot, distance=gap))
        for line in lines(rows, mode, t, printed=not set(merged) - {"mode"}):
            write(line)
    return report


def _speaker(spec: str, lang: str, say_err: Callable[[str], None], t: Any) -> Any:
    """The companion's voice for spoken progress (None when off; False when ``spec`` is not a speech mode)."""
    if not spec or spec == "none":
        return None
    from companion.speech import choose
    from companion.speech.choose import parse

    try:
        parse(spec, lang)
    except ValueError as error:
        say_err(str(error))
        return False
    speaker, sentence = choose(spec, lang)
    say_err(sentence)
    return speaker


class _Progress:
    """Games done, games a second and time left: a tqdm bar on standard error when it is a terminal (quiet
    otherwise), and the same said aloud at most every 10 seconds when the companion's voice is on."""

    SPOKEN_EVERY = 10.0

    def __init__(self, t: Any, speaker: Any = None, clock: Callable[[], float] | None = None) -> None:
        import sys
        import time

        from tqdm import tqdm

        self.t, self.speaker = t, speaker
        self.clock = clock or time.monotonic
        self.started = self.clock()
        self.last_said = self.started
        self.bar: Any = None
        self.terminal = sys.stderr.isatty()
        self._tqdm = tqdm

    def __call__(self, done: int, total: int) -> None:
        if self.terminal and self.bar is None:
            import sys

            # Translators: the unit after the count in the progress bar ("120 games").
            unit = " " + self.t("games")
            # Translators: the progress bar's label while games are simulated.
            self.bar = self._tqdm(total=total, file=sys.stderr, unit=unit, desc=self.t("Simulating"),
                                  leave=False, dynamic_ncols=True)
        if self.bar is not None:
            self.bar.update(done - self.bar.n)
        now = self.clock()
        if self.speaker is not None and now - self.last_said >= self.SPOKEN_EVERY and done < total:
            self.last_said = now
            self.speaker.say(self.sentence(done, total, now - self.started))

    def sentence(self, done: int, total: int, elapsed: float) -> str:
        rate = done / elapsed if elapsed > 0 else 0.0
        left = math.ceil((total - done) / rate) if rate > 0 else 0
        # Translators: {done} a number; {total} a number, the total (the plural follows it); {rate} a number, a rate;
        # {left} a number of seconds left.
        return str(self.t.plural("{done} of {total} game, {rate} a second, {left} s left.",
                                 "{done} of {total} games, {rate} a second, {left} s left.", total, done=done,
                                 total=total, rate=round(rate), left=left))

    def close(self) -> None:
        if self.bar is not None:
            self.bar.refresh()  # the last count, then the line is cleared for the table
            self.bar.close()
        if self.speaker is not None:
            self.speaker.close()


def with_players(options: Any, players: int) -> Any:
    import msgspec

    return msgspec.structs.replace(options, players=players)

"""Record the expert's knock choices with what each move truly scored, and fit the knock model.

``python benchmarks/knock_model.py record OPPONENT MATCHES [--seed S] [--jobs J] [--cards K]
--out FILE``

Plays the expert against OPPONENT as ``gin_engine.tournament`` does (classic, seeds ``S``..,
both seats, the same bot seeds). At each of the expert's discards where a knock is legal and
gin is not, it writes one JSON line: the knock's true points, and for each of the first ``K``
discards by hand score (``expert.discard_choice``) the choice's ``Position`` with that card
thrown instead (``decide.sampled_positions``, drawn with a copy of the bot's random stream, so
the very worlds the decision saw) and the true points of playing on with it. Each move's points
are found by playing the hand out for real from a copy of the match and of both bots (the true
stock and hands, the bots' own random streams: exactly what would follow). Then the expert makes
its own move and the match goes on. The expert decides by the committed weights, so after a
change to how it plays this records the choices its new weights must fit. Benchmark only: the
play-outs read hidden cards, offline.

``python benchmarks/knock_model.py fit FILE... [--ridge L] [--cards K] [--halves]``

Fits ``knock_model.features`` to the knock's points (on the position paired with the best
discard by hand score, as ``decide`` reads the knock) and, separately, to playing on's points
(on the rows of the first ``K`` cards), ridge regression with penalty ``L`` on every weight but
the constant; prints the weights as ``knock_model`` holds them and the points a choice scores
(the mean true points of the move chosen among the knock and the first ``K`` cards) when it
follows the fitted weights, the committed ones, and the better move every time (the ceiling).
``--halves``: fitted on the first half of the seeds and scored on the other, both ways.

Takes about 15 minutes for ``record eager 3000 --cards 4`` on both cores (``--jobs 2``); ``fit``
takes seconds.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import asdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin_engine.actions import Action, Discard, Knock  # noqa: E402
from gin_engine.ai import knock_model, make_bot  # noqa: E402
from gin_engine.ai.base import Bot  # noqa: E402
from gin_engine.ai.decide import PLAY_ON_CARDS, Reason, decide, sampled_positions  # noqa: E402
from gin_engine.ai.expert import discard_choice, read  # noqa: E402
from gin_engine.ai.knock_model import Position  # noqa: E402
from gin_engine.driver import play_hand  # noqa: E402
from gin_engine.hand import Phase  # noqa: E402
from gin_engine.match import Match  # noqa: E402
from gin_engine.ruleset import preset  # noqa: E402

RULES = preset("classic")
CARDS = 4
"""Play-on cards recorded at each choice (set by ``record --cards`` before the workers fork)."""


Row = tuple[int, float, list[tuple[Position, float]]]
"""A recorded choice: its match's seed, the knock's true points, and per play-on card (best by
hand score first) the position and playing on's true points."""


def _true_points(match: Match, bots: list[Bot], seat: int, action: Action) -> int:
    """The hand points ``seat`` truly scores after ``action`` (negative when the other seat
    scores): the hand played out by copies of the match and of both bots, so the true stock and
    hands and the bots' own random streams, exactly what would follow."""
    branch, players = copy.deepcopy((match, bots))
    branch.apply(seat, action)
    play_hand(branch, players)
    last = branch.results[-1]
    if last.scorer is None:
        return 0
    return last.points if last.scorer == seat else -last.points


def _record_choice(match: Match, bots: list[Bot], seat: int, lines: list[str],
                   seed: int) -> Action:
    """The expert's move; at a knock choice, the choice and the true outcomes added to
    ``lines``."""
    view = match.view(seat)
    bot = bots[seat]
    if view.phase is not Phase.DISCARD:
        return bot.choose(view)
    twin = random.Random()
    twin.setstate(bot.rng.getstate())
    decision = decide(view, bot.rng)  # as bot.choose would: the bot's stream moves on alike
    if decision.reason not in (Reason.KNOCK_NOW, Reason.PLAY_ON):
        return decision.action
    knock = next(e.action for e in decision.estimates if isinstance(e.action, Knock))
    reading = read(view)
    cards = [o.card for o in discard_choice(view, reading)[:CARDS]]
    positions = sampled_positions(view, reading, knock.card, cards, twin)
    lines.append(json.dumps({
        "seed": seed,
        "knock_points": _true_points(match, bots, seat, knock),
        "cards": [{**asdict(position), "points": _true_points(match, bots, seat, Discard(card))}
                  for card, position in zip(cards, positions, strict=True)],
    }))
    return decision.action


def record_match(job: tuple[int, int, str]) -> list[str]:
    seed, a_seat, opponent = job
    match = Match.new(RULES, random.Random(seed))
    bots = [make_bot("expert", random.Random(f"{seed}:0:{a_seat}"))] * 2
    bots[1 - a_seat] = make_bot(opponent, random.Random(f"{seed}:1:{a_seat}"))
    lines: list[str] = []
    while match.phase is not Phase.MATCH_OVER:
        turn = match.to_act
        assert turn is not None
        if turn == a_seat:
            action = _record_choice(match, bots, turn, lines, seed)
        else:
            action = bots[turn].choose(match.view(turn))
        match.apply(turn, action)
    return lines


def record(args: argparse.Namespace) -> None:
    global CARDS
    CARDS = args.cards
    jobs = [(args.seed + i, seat, args.opponent)
            for i in range((args.matches + 1) // 2) for seat in (0, 1)]
    with Pool(args.jobs) as pool, open(args.out, "w") as out:
        count = 0
        for lines in pool.imap(record_match, jobs, chunksize=4):
            for line in lines:
                out.write(line + "\n")
            count += len(lines)
    print(f"{count} knock choices of the expert vs {args.opponent} ({args.matches} matches,"
          f" seed {args.seed}, {args.cards} play-on cards) in {args.out}")


def load(paths: Sequence[str]) -> list[Row]:
    rows = []
    for path in paths:
        with open(path) as lines:
            for line in lines:
                data = json.loads(line)
                cards = []
                for card in data["cards"]:
                    points = card.pop("points")
                    cards.append((Position(**card), points))
                rows.append((data["seed"], data["knock_points"], cards))
    return rows


def ridge(xs: list[tuple[float, ...]], ys: list[float], penalty: float) -> list[float]:
    """Weights minimising squared error plus ``penalty`` times the squares of all weights but
    the first (the constant): the normal equations, solved by Gaussian elimination."""
    n = len(xs[0])
    a = [[sum(x[i] * x[j] for x in xs) for j in range(n)] for i in range(n)]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(n)]
    for i in range(1, n):
        a[i][i] += penalty
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for r in range(n):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * p for v, p in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] for i in range(n)]


def _dot(w: Sequence[float], x: Sequence[float]) -> float:
    return sum(a * b for a, b in zip(w, x, strict=True))


Weights = tuple[Sequence[float], Sequence[float]]


def fit_weights(rows: list[Row], penalty: float, cards: int) -> Weights:
    """Knock weights on the positions paired with the best discard by hand score; play-on
    weights on the rows of the first ``cards`` cards."""
    knock_x = [knock_model.features(plays[0][0]) for _, _, plays in rows]
    knock_w = ridge(knock_x, [knocked for _, knocked, _ in rows], penalty)
    play_x = [knock_model.features(p) for _, _, plays in rows for p, _ in plays[:cards]]
    play_y = [points for _, _, plays in rows for _, points in plays[:cards]]
    return knock_w, ridge(play_x, play_y, penalty)


def points_per_choice(rows: list[Row], weights: Weights, cards: int) -> float:
    """Mean true points of the move chosen as ``decide`` chooses: the knock (read with the first
    card) against the best of the first ``cards`` play-on cards; ties knock."""
    knock_w, play_w = weights
    total = 0.0
    for _, knocked, plays in rows:
        best, chosen = _dot(knock_w, knock_model.features(plays[0][0])), knocked
        for position, points in plays[:cards]:
            value = _dot(play_w, knock_model.features(position))
            if value > best:
                best, chosen = value, points
        total += chosen
    return total / len(rows)


def _ceiling(rows: list[Row], cards: int) -> float:
    best = [max(knocked, *(points for _, points in plays[:cards])) for _, knocked, plays in rows]
    return sum(best) / len(rows)


def _print_weights(weights: Weights) -> None:
    for name, w in zip(("KNOCK_WEIGHTS", "PLAY_ON_WEIGHTS"), weights, strict=True):
        print(f"{name} = (" + ", ".join(f"{x:.4f}" for x in w) + ")")


def fit(args: argparse.Namespace) -> None:
    rows = load(args.files)
    committed = (knock_model.KNOCK_WEIGHTS, knock_model.PLAY_ON_WEIGHTS)
    fitted = fit_weights(rows, args.ridge, args.cards)
    print(f"{len(rows)} choices, ridge {args.ridge}, {args.cards} play-on cards")
    _print_weights(fitted)
    print(f"fitted on: points a choice: these weights"
          f" {points_per_choice(rows, fitted, args.cards):.3f}, committed"
          f" ({PLAY_ON_CARDS} cards) {points_per_choice(rows, committed, PLAY_ON_CARDS):.3f},"
          f" ceiling {_ceiling(rows, args.cards):.3f}")
    if not args.halves:
        return
    seeds = sorted({seed for seed, _, _ in rows})
    cut = seeds[len(seeds) // 2]
    halves = [r for r in rows if r[0] < cut], [r for r in rows if r[0] >= cut]
    for cards in range(1, args.cards + 1):
        committed_halves = [points_per_choice(halves[1 - i], committed, cards) for i in (0, 1)]
        fitted_halves = [
            points_per_choice(halves[1 - i], fit_weights(halves[i], args.ridge, cards), cards)
            for i in (0, 1)
        ]
        print(f"{cards} cards, halves: committed {committed_halves[0]:.3f} /"
              f" {committed_halves[1]:.3f}, fitted on the other half {fitted_halves[0]:.3f} /"
              f" {fitted_halves[1]:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record")
    rec.add_argument("opponent")
    rec.add_argument("matches", type=int)
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--jobs", type=int, default=1)
    rec.add_argument("--cards", type=int, default=CARDS)
    rec.add_argument("--out", required=True)
    fits = commands.add_parser("fit")
    fits.add_argument("files", nargs="+")
    fits.add_argument("--ridge", type=float, default=10.0)
    fits.add_argument("--cards", type=int, default=CARDS)
    fits.add_argument("--halves", action="store_true")
    args = parser.parse_args()
    if args.command == "record":
        record(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()

"""Record the expert's knock choices with what each move truly scored, and fit the knock model.

``python benchmarks/knock_model.py record OPPONENT MATCHES [--seed S] [--jobs J]
[--sampled-means | --round8] --out FILE``

Plays the expert against OPPONENT as ``gin_engine.tournament`` does (classic, seeds ``S``..,
both seats, the same bot seeds). At each of the expert's discards where a knock is legal and
gin is not, it writes one JSON line: the choice's ``Position`` (``decide.sampled_position``,
drawn with a copy of the bot's random stream, so the very worlds the decision saw) and the hand
points of knocking and of playing on, each found by playing the hand out for real from a copy of
the match and of both bots (the true stock and hands, the bots' own random streams: exactly what
would follow). Then the expert makes its own move and the match goes on. ``--sampled-means``:
the expert decides by the sampled means, as it did before the model (the policy the committed
weights were fitted on until 2 Dec 2026); ``--round8``: the expert decides by the eighth round's
model (13 features, the weights kept here as ``ROUND8_*``: the policy the committed weights are
fitted on). Benchmark only: the play-outs read hidden cards, offline.

``python benchmarks/knock_model.py fit FILE... [--ridge L] [--check FILE...]``

Fits ``knock_model.features`` to the knock points and, separately, to the play-on points (ridge
regression, penalty ``L`` on every weight but the constant), prints the weights as
``knock_model`` holds them, and for each file set the points a choice scores when it follows
the sampled means, the fitted weights, the committed weights, and the better move every time
(the ceiling).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
from collections.abc import Sequence
from dataclasses import asdict
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gin_knock_oracle import worth  # noqa: E402

from gin_engine.actions import Action, Discard, Knock  # noqa: E402
from gin_engine.ai import knock_model, make_bot  # noqa: E402
from gin_engine.ai.base import Bot  # noqa: E402
from gin_engine.ai.decide import Reason, decide, sampled_position  # noqa: E402
from gin_engine.ai.expert import read  # noqa: E402
from gin_engine.ai.knock_model import Position  # noqa: E402
from gin_engine.hand import Phase  # noqa: E402
from gin_engine.match import Match  # noqa: E402
from gin_engine.ruleset import preset  # noqa: E402

RULES = preset("classic")
Row = tuple[Position, float, float]
"""A recorded choice: the position, the knock's true points, playing on's true points."""


def _record_choice(match: Match, bots: list[Bot], seat: int, lines: list[str]) -> Action:
    """The expert's move; at a knock choice, the choice and both true outcomes added to
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
    play_on = next(e.action for e in decision.estimates if isinstance(e.action, Discard))
    position = sampled_position(view, read(view), knock.card, play_on.card, twin)
    knocked = worth(match, bots, seat, knock)[1]
    played = worth(match, bots, seat, play_on)[1]
    lines.append(json.dumps({**asdict(position), "knock_points": knocked,
                             "play_on_points": played}))
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
            action = _record_choice(match, bots, turn, lines)
        else:
            action = bots[turn].choose(match.view(turn))
        match.apply(turn, action)
    return lines


def _by_sampled_means() -> None:
    """The expert before the model: the sampled means decide (set before the workers fork)."""
    knock_model.applies = lambda ruleset: False  # type: ignore[assignment]


ROUND8_KNOCK = (
    39.4287, 0.0438, 0.0978, 4.8195, -3.6019, -9.7630, -6.1636, -12.1568, 0.9672, 0.2541,
    1.7335, 2.7991, 0.6438,
)
ROUND8_PLAY_ON = (
    46.3070, -0.1336, 0.2811, -3.7047, -2.3579, -7.0743, -2.8715, -6.6925, -3.9847, -0.0253,
    3.2732, 0.5365, -2.3460,
)
"""The eighth round's model (main ``ee8bcbd`` to ``125156a``): the first 13 features only."""


def _by_round_eight() -> None:
    """The expert of the eighth round decides (the policy the committed weights were fitted on;
    set before the workers fork)."""

    def worth(p: Position) -> tuple[float, float]:
        f = knock_model.features(p)[:len(ROUND8_KNOCK)]
        return _dot(ROUND8_KNOCK, f), _dot(ROUND8_PLAY_ON, f)

    knock_model.worth = worth  # type: ignore[assignment]
    # it played on with the best discard by hand score (the module: ``ai.decide`` is the function)
    importlib.import_module("gin_engine.ai.decide").PLAY_ON_CARDS = 1


def record(args: argparse.Namespace) -> None:
    if args.sampled_means:
        _by_sampled_means()
    if args.round8:
        _by_round_eight()
    jobs = [(args.seed + i, seat, args.opponent)
            for i in range((args.matches + 1) // 2) for seat in (0, 1)]
    with Pool(args.jobs) as pool, open(args.out, "w") as out:
        count = 0
        for lines in pool.imap(record_match, jobs, chunksize=4):
            for line in lines:
                out.write(line + "\n")
            count += len(lines)
    print(f"{count} knock choices of the expert vs {args.opponent} ({args.matches} matches,"
          f" seed {args.seed}) in {args.out}")


def load(paths: Sequence[str]) -> list[Row]:
    rows = []
    for path in paths:
        with open(path) as lines:
            for line in lines:
                data = json.loads(line)
                knocked, played = data.pop("knock_points"), data.pop("play_on_points")
                rows.append((Position(**data), knocked, played))
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


def points_per_choice(rows: list[Row], knock_w: Sequence[float] | None,
                      play_w: Sequence[float] | None) -> float:
    """Mean true points of the move chosen (by the sampled means when no weights; ties knock)."""
    total = 0.0
    for position, knocked, played in rows:
        if knock_w is None or play_w is None:
            knocks = position.knock >= position.play_on
        else:
            f = knock_model.features(position)
            knocks = _dot(knock_w, f) >= _dot(play_w, f)
        total += knocked if knocks else played
    return total / len(rows)


def fit(args: argparse.Namespace) -> None:
    rows = load(args.files)
    xs = [knock_model.features(p) for p, _, _ in rows]
    knock_w = ridge(xs, [k for _, k, _ in rows], args.ridge)
    play_w = ridge(xs, [p for _, _, p in rows], args.ridge)
    print(f"{len(rows)} choices, ridge {args.ridge}")
    print("KNOCK_WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in knock_w) + ")")
    print("PLAY_ON_WEIGHTS = (" + ", ".join(f"{w:.4f}" for w in play_w) + ")")
    committed = (knock_model.KNOCK_WEIGHTS, knock_model.PLAY_ON_WEIGHTS)
    for name, part in (("fitted on", rows), ("check", load(args.check) if args.check else [])):
        if not part:
            continue
        best = sum(max(k, p) for _, k, p in part) / len(part)
        print(f"{name}: {len(part)} choices, points a choice: sampled means"
              f" {points_per_choice(part, None, None):.3f}, these weights"
              f" {points_per_choice(part, knock_w, play_w):.3f}, committed"
              f" {points_per_choice(part, *committed):.3f}, ceiling {best:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record")
    rec.add_argument("opponent")
    rec.add_argument("matches", type=int)
    rec.add_argument("--seed", type=int, default=1)
    rec.add_argument("--jobs", type=int, default=1)
    rec.add_argument("--sampled-means", action="store_true")
    rec.add_argument("--round8", action="store_true")
    rec.add_argument("--out", required=True)
    fits = commands.add_parser("fit")
    fits.add_argument("files", nargs="+")
    fits.add_argument("--ridge", type=float, default=10.0)
    fits.add_argument("--check", nargs="*", default=[])
    args = parser.parse_args()
    if args.command == "record":
        record(args)
    else:
        fit(args)


if __name__ == "__main__":
    main()

"""Three-player ICM push/fold: the solver's exploitability against a best response written here
from the deals up on a small game, and the properties the model must have."""

from __future__ import annotations

import itertools
import json

import numpy as np
import pytest
import typer
from typer.testing import CliRunner

import pokerlab as pl
from pokerlab.cli.support import new_app
from pokerlab.cli.tournament import PUSHFOLD_ICM_CONTEXT, pushfold_icm_command
from pokerlab.errors import InvalidArgumentError
from pokerlab.preflop import matrix
from pokerlab.preflop.results import CLASSES
from pokerlab.tournament import icm_pushfold as module
from pokerlab.tournament.pushfold import ClassTable

FEW = ["AA", "KK", "AKs", "T9s", "A5o", "72o"]


@pytest.fixture(scope="module")
def few() -> ClassTable:
    m = matrix(FEW)
    return ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns)


def prizes(final: list[float], start: list[float], payouts: list[float]) -> list[float]:
    """ICM of the stacks left; the busted below, the larger starting stack higher."""
    paid = payouts + [0.0] * (3 - len(payouts))
    alive = [p for p in range(3) if final[p] > 1e-9]
    out = [0.0] * 3
    for p, v in zip(alive, pl.tournament.icm([final[p] for p in alive], paid[:len(alive)])):
        out[p] = v
    busted = [p for p in range(3) if p not in alive]
    place = len(alive)
    for size in sorted({start[p] for p in busted}, reverse=True):
        group = [p for p in busted if start[p] == size]
        for p in group:
            out[p] = sum(paid[place:place + len(group)]) / len(group)
        place += len(group)
    return out


def after(start: list[float], posts: list[float], live: list[int], rank: dict[int, int]) -> list[float]:
    """Stacks after a showdown: every live player all in, side pots by levels."""
    put = list(posts)
    for p in live:
        put[p] = min(start[p], max(start[q] for q in live if q != p))
    final = [start[p] - put[p] for p in range(3)]
    low = 0.0
    for level in sorted(set(put)):
        pot = sum(min(x, level) - min(x, low) for x in put)
        eligible = [p for p in live if put[p] >= level]
        top = max(rank[p] for p in eligible)
        winners = [p for p in eligible if rank[p] == top]
        for p in winners:
            final[p] += pot / len(winners)
        low = level
    return final


def brute_force(table: ClassTable, stacks: list[float], payouts: list[float], blinds: list[float], ante: float,
                x: np.ndarray) -> tuple[list[float], list[float]]:
    """Each position's EV and best-response gain, walking every class triple and every path."""
    hands = table.hands
    n = len(hands)
    combos = np.array([{"s": 4, "o": 12}.get(h[-1], 6) for h in hands], dtype=float)
    w = combos / combos.sum()
    r = table.pairs / table.pairs.sum() / np.outer(w, w)
    assert table.ties is not None
    win = np.divide(table.equity - table.ties / 2, table.pairs, out=np.zeros((n, n)), where=table.pairs > 0)
    tie = np.divide(table.ties, table.pairs, out=np.zeros((n, n)), where=table.pairs > 0)
    posts = [ante, ante + blinds[0], ante + blinds[1]]

    def walk(winner: int) -> list[float]:
        final = [stacks[p] - posts[p] for p in range(3)]
        final[winner] += sum(posts)
        return prizes(final, stacks, payouts)

    def heads_up(a: int, b: int, ca: int, cb: int) -> np.ndarray:
        results = [(win[ca, cb], {a: 1, b: 0}), (tie[ca, cb], {a: 0, b: 0}),
                   (1 - win[ca, cb] - tie[ca, cb], {a: 0, b: 1})]
        out: np.ndarray = sum(p * np.array(prizes(after(stacks, posts, [a, b], rank), stacks, payouts))
                              for p, rank in results)
        return out

    def three_way(i: int, j: int, k: int) -> np.ndarray:
        key = (CLASSES.index(hands[i]) * 169 + CLASSES.index(hands[j])) * 169 + CLASSES.index(hands[k])
        at = module._SAMPLED["rows"][key]
        counts = module._SAMPLED["counts"][at] if at >= 0 else None
        total, value = 0.0, np.zeros(3)
        seen: set[int] = set()
        for ranks in itertools.product(range(3), repeat=3):
            signs = [int(np.sign(ranks[a] - ranks[b])) + 1 for a, b in ((0, 1), (0, 2), (1, 2))]
            code = 9 * signs[0] + 3 * signs[1] + signs[2]
            if code in seen:  # each finishing order once
                continue
            seen.add(code)
            if counts is not None and counts.sum() > 0:
                p = counts[code] / counts.sum()
            else:  # the stand-in: the three heads-up results as if independent
                p = 1.0
                for (a, b), s in zip(((i, j), (i, k), (j, k)), signs):
                    p *= (1 - win[a, b] - tie[a, b], tie[a, b], win[a, b])[s]
            total += p
            value += p * np.array(prizes(after(stacks, posts, [0, 1, 2], dict(enumerate(ranks))), stacks, payouts))
        return value / total

    z = sum(w[i] * w[j] * w[k] * r[i, j] * r[i, k] * r[j, k] for i in range(n) for j in range(n) for k in range(n))
    b, s, t, c, d, e = x
    # values[decision][class][action], each with the class's own chance
    values = np.zeros((6, n, 2))
    ev = np.zeros(3)
    for i, j, k in itertools.product(range(n), repeat=3):
        q = w[i] * w[j] * w[k] * r[i, j] * r[i, k] * r[j, k] / z
        if q == 0:
            continue
        ff, fpf, pff = (np.array(walk(p)) for p in (2, 1, 0))
        h3, h5, h6, e3 = heads_up(1, 2, j, k), heads_up(0, 2, i, k), heads_up(0, 1, i, j), three_way(i, j, k)
        node_pc = (1 - c[k]) * h6 + c[k] * e3
        node_pf = (1 - d[k]) * pff + d[k] * h5
        node_fp = (1 - e[k]) * fpf + e[k] * h3
        pushed = (1 - s[j]) * node_pf + s[j] * node_pc
        unopened = (1 - t[j]) * ff + t[j] * node_fp
        ev += q * ((1 - b[i]) * unopened + b[i] * pushed)
        values[0, i] += q * np.array([unopened[0], pushed[0]])
        values[1, j] += q * b[i] * np.array([node_pf[1], node_pc[1]])
        values[2, j] += q * (1 - b[i]) * np.array([ff[1], node_fp[1]])
        values[3, k] += q * b[i] * s[j] * np.array([h6[2], e3[2]])
        values[4, k] += q * b[i] * (1 - s[j]) * np.array([pff[2], h5[2]])
        values[5, k] += q * (1 - b[i]) * t[j] * np.array([fpf[2], h3[2]])
    gains = [0.0, 0.0, 0.0]
    for decision, owner in enumerate((0, 1, 1, 2, 2, 2)):
        played = (1 - x[decision]) * values[decision, :, 0] + x[decision] * values[decision, :, 1]
        gains[owner] += float((values[decision].max(axis=1) - played).sum())
    return ev.tolist(), gains


def frequencies(result: module.IcmPushFoldResult, table: ClassTable) -> np.ndarray:
    return np.array([[result.ranges[d][h] for h in table.hands] for d in module.DECISIONS])


@pytest.mark.parametrize(("stacks", "payouts", "blinds", "ante"), [
    ([10, 15, 25], [50, 30, 20], [0.5, 1], 0.0),
    ([4, 20, 6], [65, 35], [0.5, 1], 0.1),
    ([12, 12, 12], [1], [0.5, 1], 0.0),
])
def test_exploitability_by_a_separate_best_response(few: ClassTable, stacks: list[float], payouts: list[float],
                                                    blinds: list[float], ante: float) -> None:
    result = module.solve_icm_table(few, stacks, payouts, blinds, ante, tolerance=1e-5)
    ev, gains = brute_force(few, stacks, payouts, blinds, ante, frequencies(result, few))
    assert ev == pytest.approx(list(result.ev), abs=1e-9)
    assert gains == pytest.approx(list(result.gains), abs=1e-9)
    assert max(gains) == pytest.approx(result.exploitability, abs=1e-9)
    assert result.exploitability <= 1e-3 * sum(payouts)
    assert sum(result.ev) == pytest.approx(sum(payouts))
    assert result.ranges["button_push"]["AA"] == 1.0 and result.ranges["big_blind_call_two"]["AA"] == 1.0


def test_one_payout_is_chip_ev(few: ClassTable) -> None:
    # winner-take-all: prize equity is the chip share, so a player's EV is its expected chips
    stacks = [10.0, 15.0, 25.0]
    result = module.solve_icm_table(few, stacks, [100], [0.5, 1], tolerance=1e-5)
    pay = module._payoffs(np.array(stacks), np.array([100.0, 0, 0]), 0.5, 1.0, 0.0)
    for outcome in (pay.fold_fold, pay.push_fold_fold, *pay.heads_up.reshape(-1, 3)):
        assert outcome.sum() == pytest.approx(100)
    assert pay.fold_fold == pytest.approx([(10 - 0) * 2, (15 - 0.5) * 2, (25 + 0.5) * 2])
    # heads-up-like: facing one all-in, the big blind calls exactly where its chip EV says so
    assert result.ranges["big_blind_call_button"]["AA"] == 1.0
    assert result.ranges["big_blind_call_button"]["72o"] == 0.0


def test_a_class_triple_has_a_deal_exactly_when_no_rank_is_held_five_times() -> None:
    # the three-way sampler deals by rejection, which ends only for a triple that has a deal,
    # and leaves the others to their stand-in: the rule it goes by, against every combo
    cards, counts = module._combo_cards()
    n = len(CLASSES)
    combo_class = np.repeat(np.arange(n), counts)
    held = np.concatenate([cards[k, :counts[k]] for k in range(n)]).astype(np.int64)
    bits = (1 << held[:, 0]) | (1 << held[:, 1])
    apart = ((bits[:, None] & bits[None, :]) == 0).astype(np.float32)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    for i in range(n):  # the rule reads the classes as a set, so i <= j covers every triple
        a = combo_class == i
        for j in range(i, n):
            b = combo_class == j
            # each combo that shares no card with some pair of combos of i and j that share none
            beside = ((apart[a][:, b] @ apart[b]) > 0) & (apart[a] > 0)
            has_deal = np.logical_or.reduceat(beside.any(axis=0), starts)
            triples = np.stack([np.full(n, i), np.full(n, j), np.arange(n)], axis=1)
            assert (module._dealable(triples) == has_deal).all(), (CLASSES[i], CLASSES[j])


def test_big_stacks_push_wider_under_icm_pressure() -> None:
    m = matrix(["AA", "KK", "QQ", "AKs", "ATo", "K9s", "T9s", "87s", "A5o", "Q7o", "J4o", "72o"])
    table = ClassTable.from_counts(m.hands, m.wins, m.ties, m.showdowns)
    payouts = [50, 30, 20]

    def pushed(stacks: list[float]) -> float:
        r = module.solve_icm_table(table, stacks, payouts, [0.5, 1], tolerance=1e-5)
        combos = {h: {"s": 4, "o": 12}.get(h[-1], 6) for h in table.hands}
        return sum(f * combos[h] for h, f in r.ranges["button_push"].items())

    # the same 12 bb button against blinds that cover it, or that it covers
    assert pushed([40, 12, 12]) > pushed([12, 40, 40])


@pytest.mark.parametrize(("args", "message"), [
    (([10, 15], [50], [0.5, 1]), "stacks must be 3 numbers"),
    (([10, -1, 25], [50], [0.5, 1]), "stacks must be a finite number above 0"),
    (([10, 15, 25], [30, 50], [0.5, 1]), "payouts must run from first place down"),
    (([10, 15, 25], [50, 30, 20, 10], [0.5, 1]), "payouts must name 1 to 3 places"),
    (([10, 15, 25], [0], [0.5, 1]), "payouts must pay something"),
    (([10, 15, 25], [50], [0, 1]), "blinds must be a finite number above 0"),
    (([10, 15, 25], [50], [1]), "blinds must be 2 numbers"),
    (([10, 15, 25], [50], [2, 1]), "blinds must be the small blind, then a big blind"),
    (([10, 0.4, 25], [50], [0.5, 1]), "stacks must each be more than what the player posts"),
    ("10 15 25", "stacks must be a list of 3 numbers"),
])
def test_refuses_bad_input(args: object, message: str) -> None:
    if isinstance(args, str):
        call: tuple[object, ...] = (args, [50], [0.5, 1])
    else:
        call = args  # type: ignore[assignment]
    with pytest.raises(InvalidArgumentError, match=message):
        pl.tournament.pushfold_icm(*call)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="ante must be a finite number of at least 0"):
        pl.tournament.pushfold_icm([10, 15, 25], [50], [0.5, 1], -1)


def _app() -> typer.Typer:
    app = new_app("test")
    app.command("pushfold-icm", context_settings=PUSHFOLD_ICM_CONTEXT)(pushfold_icm_command)
    app.command("noop")(lambda: None)
    return app


def test_command_refuses_in_one_line() -> None:
    result = CliRunner().invoke(_app(), ["pushfold-icm", "--stacks", "10", "15", "--payouts", "50", "--blinds",
                                         "0.5", "1"])
    assert result.exit_code == 2
    assert result.output.strip() == "error: stacks must be 3 numbers (button, small blind, big blind), got 2"
    result = CliRunner().invoke(_app(), ["pushfold-icm", "--stacks", "10", "15", "25"])
    assert result.exit_code == 2 and "error: give --payouts" in result.output


@pytest.mark.slow
def test_full_game_and_command() -> None:
    result = pl.tournament.pushfold_icm([10, 15, 25], [50, 30, 20], [0.5, 1], seed=0)  # as the command
    assert result.exploitability <= 1e-3 * result.pool
    assert sum(result.ev) == pytest.approx(100)
    assert result.ranges["button_push"]["AA"] == 1.0 and result.ranges["button_push"]["72o"] == 0.0
    data = json.loads(json.dumps(result.to_dict()))
    assert set(data["ranges"]) == set(module.DECISIONS) and len(data["ranges"]["button_push"]) == 169
    out = CliRunner().invoke(_app(), ["pushfold-icm", "--stacks", "10", "15", "25", "--payouts", "50", "30",
                                      "20", "--blinds", "0.5", "1", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.stdout)["ev"]["button"] == pytest.approx(result.ev[0], abs=1e-9)


def test_the_command_is_registered_on_pokerlab() -> None:
    from pokerlab.cli.main import app as pokerlab_app

    result = CliRunner().invoke(pokerlab_app, ["pushfold-icm", "--stacks", "10", "15", "--payouts", "50", "30",
                                               "--blinds", "0.5", "1"])
    assert result.exit_code == 2 and result.output.strip().startswith("error: stacks")

"""Preflop tables: exact values, the shipped file, Dask runs equal local ones, resume, bad input."""

import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest
from typer.testing import CliRunner

from pokerlab.cli.main import app
from pokerlab.equity.api import equity
from pokerlab.errors import MissingDependencyError
from pokerlab.preflop import (
    CLASSES,
    PreflopTable,
    ResultsFolderError,
    SchedulerError,
    UnknownHandError,
    matrix,
    matrix_job,
    run_job,
    shipped_table,
    vs_random,
    vs_random_job,
)
from pokerlab.preflop.compute import SHOWDOWNS_PER_COMBO, class_seed, vs_random_table
from pokerlab.ranges.holdem import ORDER_FILE, STARTING_HANDS

runner = CliRunner()
# Classes from every part of the grid: pairs, suited, offsuit, strong and weak.
SLICE = ["AA", "KK", "AKs", "AKo", "T9s", "72o", "22", "J4o"]


@pytest.fixture(scope="module")
def exact_run():
    """The whole exact one-opponent job, run once: its integer chunks."""
    return run_job(vs_random_job(1))


@pytest.fixture(scope="module")
def client():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as c:
        yield c


class TestVersusOneRandomHand:
    def test_boards_up_to_suits(self):
        from pokerlab.preflop.kernels import canonical_boards

        boards, weights = canonical_boards()
        assert len(boards) == 134_459 and weights.sum() == 2_598_960
        assert sorted(set(weights.tolist())) == [4, 12, 24]  # class sizes 4!/|stabiliser|

    def test_published_figures(self, exact_run):
        table = vs_random_table(1, exact_run.results)
        assert round(table["AA"].equity * 100, 4) == 85.2037
        assert round(table["22"].equity * 100, 4) == 50.3340
        assert round(table["KK"].equity * 100, 4) == 82.3957

    def test_counts_match_the_equity_engine(self, exact_run):
        counts = np.sum(exact_run.results, axis=0)
        for hand, name in (("AsAh", "AA"), ("7d2c", "72o")):
            r = equity([hand, "random"]).players[0]
            assert r.wins + r.ties + r.losses == SHOWDOWNS_PER_COMBO
            assert counts[CLASSES.index(name)].tolist() == [STARTING_HANDS[name] * r.wins,
                                                             STARTING_HANDS[name] * r.ties]

    def test_mean_equity_is_one_half_exactly(self, exact_run):
        wins, ties = np.sum(exact_run.results, axis=0).sum(axis=0)
        assert 2 * wins + ties == 1326 * SHOWDOWNS_PER_COMBO  # in integers: the pot splits evenly
        assert shipped_table().mean_equity() == pytest.approx(0.5, abs=1e-12)

    def test_shipped_file_is_this_code_s_output(self, exact_run):
        assert vs_random_table(1, exact_run.results).to_csv() == ORDER_FILE.read_text()
        lines = ORDER_FILE.read_text().splitlines()
        assert lines[0] == "hand,combos,equity,win,tie" and len(lines) == 170
        assert [line.split(",")[0] for line in lines[1:]] == list(CLASSES)


class TestTable:
    def test_rows_and_ordering(self):
        table = shipped_table()
        row = table["AKs"]
        assert (row.hand, row.combos) == ("AKs", 4)
        assert row.win + row.tie + row.lose == pytest.approx(1)
        assert table["aks"] == row and [r.hand for r in table] == list(CLASSES)
        assert table.strongest(3) == ("AA", "KK", "QQ") and table.strongest()[-1] == "32o"
        assert table.grid()[0, 0] == table["AA"].equity and table.grid()[12, 11] == table["32o"].equity

    def test_csv_and_json_round_trip(self, tmp_path):
        table = shipped_table()
        table.to_csv(tmp_path / "t.csv")
        assert PreflopTable.from_csv(tmp_path / "t.csv") == table
        data = json.loads(table.to_json(tmp_path / "t.json"))
        assert data["order"] == "grid" and [r["hand"] for r in data["rows"]] == list(CLASSES)
        assert data["rows"][0]["equity"] == table["AA"].equity

    @pytest.mark.parametrize("name", ["AKx", "AK", "A", "", "AAs", "1Ks"])
    def test_unknown_class_names_it(self, name):
        with pytest.raises(UnknownHandError, match=repr(name).replace("[", r"\[")):
            shipped_table()[name]


@pytest.fixture(scope="module")
def sampled():
    return vs_random(2, stderr=0.01, seed=3)


class TestMonteCarlo:
    def test_two_opponents_within_the_stderr(self, sampled):
        table = sampled
        assert not table.exact and table.opponents == 2
        assert all(0 < row.stderr <= 0.01 for row in table)
        assert abs(table["AA"].equity - 0.7335) < 4 * table["AA"].stderr  # published 73.35%
        assert table.mean_equity() == pytest.approx(1 / 3, abs=0.003)

    def test_seeds(self):
        assert vs_random_job(2, seed=7).name == vs_random_job(2, seed=7).name
        assert vs_random_job(2, seed=None).name != vs_random_job(2, seed=None).name  # fresh each time
        assert vs_random_job(2).name != vs_random_job(2).name  # and None is the default
        seeds = [class_seed(seed, index) for seed in (0, 1, 2**63 - 1) for index in range(len(CLASSES))]
        assert len(set(seeds)) == len(seeds) and all(0 <= seed < 2**63 for seed in seeds)
        assert vs_random_job(2, stderr=None, seed=0) == vs_random_job(2, seed=0)  # None is the default standard error


class TestMatrix:
    def test_cells_match_the_equity_engine(self):
        m = matrix(["AA", "KK", "AKs", "72o"])
        assert m.hands == ("AA", "AKs", "KK", "72o")  # grid order
        r = equity(["AKs", "72o"]).players[0]  # ranges: every combo pair, exact
        assert (m.showdowns[1, 3], m.wins[1, 3], m.ties[1, 3]) == (r.wins + r.ties + r.losses, r.wins, r.ties)
        assert m.wins[3, 1] == r.losses and m["AKs", "72o"].win == r.win
        assert round(m["AA", "KK"].equity * 100, 3) == 81.946
        assert m["KK", "AA"].equity == pytest.approx(1 - m["AA", "KK"].equity)
        assert m["AA", "AA"].equity == 0.5

    def test_unknown_class(self):
        with pytest.raises(UnknownHandError, match="'ZZ'"):
            matrix(["AA", "ZZ"])
        with pytest.raises(UnknownHandError, match="not in this matrix"):
            matrix(["AA", "KK"])["AA", "QQ"]


class TestDask:
    def test_vs_random_slice_equals_local(self, client, exact_run):
        remote = run_job(vs_random_job(1), executor=client, only=range(3))
        assert all(np.array_equal(a, b) for a, b in zip(remote.results, exact_run.results[:3]))

    def test_sampled_table_equals_local(self, client, sampled):
        assert vs_random(2, stderr=0.01, seed=3, executor=client) == sampled

    def test_matrix_slice_equals_local(self, client):
        assert matrix(SLICE, executor=client) == matrix(SLICE)

    def test_unreachable_scheduler_fails_fast(self):
        with pytest.raises(SchedulerError, match="tcp://127.0.0.1:9"):
            vs_random(executor="tcp://127.0.0.1:9")


class TestRunOptions:
    def test_threads_change_nothing_but_the_speed(self, exact_run):
        for threads in (1, 2, 4096):
            run = run_job(vs_random_job(1), threads=threads, only=[5, 1])
            assert all(np.array_equal(a, exact_run.results[k]) for a, k in zip(run.results, (5, 1)))

    def test_progress_counts_chunks_in_ints(self, tmp_path):
        calls = []
        run_job(vs_random_job(1), results=tmp_path, only=range(3), progress=lambda *call: calls.append(call))
        assert calls == [(0, 3), (1, 3), (2, 3), (3, 3)]
        calls.clear()
        run_job(vs_random_job(1), results=tmp_path, only=range(4), progress=lambda *call: calls.append(call))
        assert calls == [(3, 4), (4, 4)]  # chunks found on disk count as done
        assert all(type(done) is int and type(total) is int for done, total in calls)

    def test_a_results_folder_that_is_a_file(self, tmp_path):
        (tmp_path / "file").write_text("")
        with pytest.raises(ResultsFolderError, match="is a file"):
            vs_random(results=tmp_path / "file")
        with pytest.raises(ResultsFolderError, match="cannot use .* as a results folder"):
            vs_random(results=tmp_path / "file" / "below")

    def test_a_damaged_chunk_or_record(self, tmp_path):
        job = vs_random_job(1)
        run_job(job, results=tmp_path, only=[0])
        (tmp_path / job.name / "chunk-00000.npy").write_bytes(b"not an array")
        with pytest.raises(ResultsFolderError, match="chunk-00000.npy.*delete it"):
            run_job(job, results=tmp_path, only=[0])
        (tmp_path / job.name / "job.json").write_text("{")
        with pytest.raises(ResultsFolderError, match="cannot use"):
            run_job(job, results=tmp_path, only=[0])

    def test_without_dask_a_cluster_says_which_extra(self, monkeypatch):
        monkeypatch.setitem(sys.modules, "distributed", None)  # as if it were not installed
        with pytest.raises(MissingDependencyError, match=r"install pokerlab\[dask\]"):
            vs_random(executor="tcp://127.0.0.1:9")
        assert matrix(["AA", "KK"])["AA", "KK"].showdowns > 0  # a local run needs no Dask

    def test_no_optional_module_is_imported(self):
        script = ("import sys, pokerlab.preflop, pokerlab.videopoker; "
                  "print(sorted({m.split('.')[0] for m in sys.modules} & "
                  "{'dask', 'distributed', 'fastapi', 'uvicorn', 'matplotlib'}))")
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
        assert out.strip() == "[]"


class TestResume:
    def test_interrupted_run_resumes_without_recomputing(self, tmp_path, exact_run):
        job = vs_random_job(1)
        chunks = range(6)

        def stop_after_three(done, total):
            if done == 3:
                raise KeyboardInterrupt

        with pytest.raises(KeyboardInterrupt):
            run_job(job, results=tmp_path, progress=stop_after_three, only=chunks)
        written = sorted(p.name for p in (tmp_path / job.name).glob("chunk-*.npy"))
        assert written == ["chunk-00000.npy", "chunk-00001.npy", "chunk-00002.npy"]
        stamps = {name: os.stat(tmp_path / job.name / name).st_mtime_ns for name in written}
        rerun = run_job(job, results=tmp_path, only=chunks)
        assert rerun.loaded == (0, 1, 2) and rerun.computed == (3, 4, 5)
        assert all(np.array_equal(a, b) for a, b in zip(rerun.results, exact_run.results[:6]))
        assert stamps == {name: os.stat(tmp_path / job.name / name).st_mtime_ns for name in written}
        assert not list((tmp_path / job.name).glob(".tmp-*"))  # no half-written file left

    def test_killed_process_loses_nothing_written(self, tmp_path, exact_run):
        folder = tmp_path / vs_random_job(1).name
        script = ("from pokerlab.preflop import run_job, vs_random_job; "
                  f"run_job(vs_random_job(1), results={str(tmp_path)!r}, only=range(8))")
        process = subprocess.Popen([sys.executable, "-c", script])
        try:
            while len(list(folder.glob("chunk-*.npy"))) < 2 and process.poll() is None:
                time.sleep(0.01)
        finally:
            process.send_signal(signal.SIGKILL)
            process.wait()
        done = len(list(folder.glob("chunk-*.npy")))
        assert 2 <= done < 8
        rerun = run_job(vs_random_job(1), results=tmp_path, only=range(8))
        assert rerun.loaded == tuple(range(done)) and rerun.computed == tuple(range(done, 8))
        assert all(np.array_equal(a, b) for a, b in zip(rerun.results, exact_run.results[:8]))

    def test_whole_matrix_rerun_reads_everything(self, tmp_path):
        first = matrix(SLICE, results=tmp_path)
        job = matrix_job(SLICE)
        again = run_job(job, results=tmp_path)
        assert again.computed == () and len(again.loaded) == len(job.tasks)
        assert matrix(SLICE, results=tmp_path) == first

    def test_folder_of_another_job_is_refused(self, tmp_path):
        job = matrix_job(SLICE)
        (tmp_path / job.name).mkdir()
        (tmp_path / job.name / "job.json").write_text('{"name": "something else"}')
        with pytest.raises(ResultsFolderError, match="different job"):
            run_job(job, results=tmp_path)


class TestCommandLine:
    def test_show(self):
        out = runner.invoke(app, ["preflop", "show", "AKs"]).output
        assert "67.0446%" in out and "8 of 169" in out
        data = json.loads(runner.invoke(app, ["preflop", "show", "72o", "--json"]).stdout)
        assert data["hand"] == "72o" and data["opponents"] == 1 and data["exact"]

    def test_chart_and_png(self, tmp_path):
        pytest.importorskip("matplotlib")
        result = runner.invoke(app, ["preflop", "chart", "--out", str(tmp_path / "chart.png")])
        assert result.exit_code == 0 and "85.2" in result.output and "32o" in result.output
        assert (tmp_path / "chart.png").read_bytes()[:4] == b"\x89PNG"

    def test_matrix_and_files(self, tmp_path):
        result = runner.invoke(app, ["preflop", "matrix", "--hands", "AA,KK", "--out", str(tmp_path / "m.csv"),
                                     "--results", str(tmp_path / "r")])
        assert result.exit_code == 0 and "81.95" in result.output
        assert (tmp_path / "m.csv").read_text().splitlines()[0] == "hand,villain,equity,win,tie,showdowns"

    @pytest.mark.parametrize("args, words", [
        (["preflop", "show", "AKx"], "unknown starting hand 'AKx'"),
        (["preflop", "vs-random", "--opponents", "10"], "opponents must be an int from 1 to 9"),
        (["preflop", "matrix", "--hands", "AA,QX"], "'QX'"),
    ])
    def test_bad_input_exits_2(self, args, words):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output

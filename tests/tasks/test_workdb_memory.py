"""The generator's connection under its memory limit: a query that runs out of memory beside another
runs again alone (so whether two heavy queries met does not decide a template's tasks), and one that
runs out of memory alone is a clear QueryFailed."""

from __future__ import annotations

import threading

import duckdb
import pytest

from ehr_tui.tasks import workdb
from ehr_tui.tasks.workdb import QueryFailed, Rows, WorkDb


def test_a_query_out_of_memory_alone_says_so(demo_db):
    with WorkDb(demo_db, memory_limit="256MB") as w:
        with pytest.raises(QueryFailed, match="out of memory under the memory limit.*raise --memory-limit"):
            w.query("SELECT length(string_agg(i::VARCHAR, ',')) FROM range(80000000) t(i)")
        assert w.retried_alone == 1
        assert w.query("SELECT 42").rows == [(42,)]  # the connection is still usable


def test_out_of_memory_beside_another_query_runs_again_once_that_one_is_done(demo_db, monkeypatch):
    first_running, release_first = threading.Event(), threading.Event()
    order: list[str] = []
    real = WorkDb._query

    def fake(self, sql, timeout_s, max_rows, by_item=False):
        if sql == "long":
            first_running.set()
            assert release_first.wait(30)
            order.append("long done")
            return Rows(["x"], [], [(1,)])
        if self._turns._active > 1:  # a second query while the long one runs: the limit is hit
            order.append("heavy out of memory")
            release_first.set()
            raise duckdb.OutOfMemoryException("could not allocate block")
        order.append("heavy alone")
        return real(self, "SELECT 7", timeout_s, max_rows)

    monkeypatch.setattr(workdb.WorkDb, "_query", fake)
    with WorkDb(demo_db) as w:
        out = {}
        t = threading.Thread(target=lambda: out.setdefault("long", w.query("long")))
        t.start()
        assert first_running.wait(30)
        assert w.query("heavy").rows == [(7,)]
        t.join(30)
        assert order == ["heavy out of memory", "long done", "heavy alone"]
        assert w.retried_alone == 1 and out["long"].rows == [(1,)]

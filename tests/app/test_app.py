"""The app shell: first launch, help, screen switching, the command palette and the CLI entry."""

from __future__ import annotations

import threading
import time

from ehr_tui import cli
from ehr_tui.app import SCREENS, EhrApp
from ehr_tui.screens.first_launch import FirstLaunchScreen
from ehr_tui.screens.help import HelpScreen
from ehr_tui.screens.tasks import TasksScreen
from ehr_tui.tasks.model import read_tasks
from ehr_tui.widgets.virtual_table import VirtualTable

from .conftest import SIZE, build_tiny_db, notices, screen_text, settle, until


async def test_first_launch_builds_the_database_with_progress_then_opens(tmp_path):
    seen: list[tuple[str, float]] = []
    gate = threading.Event()

    def build(progress):
        progress("creating tables", 0.25)
        gate.wait(300)  # the test opens it; the bound only stops a failed test from hanging
        path = build_tiny_db(tmp_path / "default.duckdb")
        progress("done", 1.0)
        return path

    app = EhrApp(None, build_default=build, show_timings=False)
    async with app.run_test(size=SIZE, message_hook=lambda m: seen.append(m)) as pilot:
        await until(pilot, lambda: isinstance(app.screen, FirstLaunchScreen)
                    and app.screen.query_one("ProgressBar").progress == 25, what="the first progress step")
        assert str(app.screen.query_one("#first-step").render()) == "creating tables"
        assert app.screen.query_one("ProgressBar").progress == 25
        await pilot.press("1")  # screens wait until the database exists
        assert isinstance(app.screen, FirstLaunchScreen)
        gate.set()
        await settle(pilot)
        assert isinstance(app.screen, TasksScreen)
        assert app.sandbox is not None and app.db_path == tmp_path / "default.duckdb"
        assert "synthetic MIMIC-IV" in app.sub_title


async def test_first_launch_failure_offers_a_retry(tmp_path):
    calls = []

    def build(progress):
        calls.append(1)
        if len(calls) == 1:
            raise OSError("disk full")
        return build_tiny_db(tmp_path / "default.duckdb")

    app = EhrApp(None, build_default=build, show_timings=False)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, FirstLaunchScreen)
        assert "disk full" in str(app.screen.query_one("#first-error").render())
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, TasksScreen)


async def test_help_lists_every_screen_with_cli_equivalents(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        help_text = app.screen.query_one("VerticalScroll")
        text = screen_text(app)
        assert text.index("Tasks screen") < text.index("Run gold")  # the screen you came from first
        assert "ehr-tui tasks generate --db FILE -o" in text
        for entry in SCREENS:
            help_text.scroll_to_widget(help_text.query("Static")[[e.mode for e in SCREENS].index(entry.mode)],
                                       animate=False)
            await pilot.pause()
            assert f"{entry.title} screen" in screen_text(app)
        await pilot.press("escape")
        assert isinstance(app.screen, TasksScreen)
        await pilot.press("slash", "f1")  # f1 opens help even while typing in the search box
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_number_keys_switch_screens(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for entry in SCREENS:
            await pilot.press(entry.key)
            await settle(pilot)
            assert app.current_mode == entry.mode
            # the focused widget of some screens takes printable keys: leave it
            await pilot.press("escape")


async def test_help_and_quit_stay_in_sight_on_every_screen_at_80_columns(make_app):
    """The footer lists ? Help and q Quit before a screen's own keys, which at 80 columns run off the edge."""
    from textual.widgets import Input, TextArea

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for entry in SCREENS:
            await pilot.press(entry.key)
            await settle(pilot)
            await pilot.press("escape")  # out of a text field, where ? and q are typed instead
            await settle(pilot)
            assert not isinstance(app.focused, (Input, TextArea)), entry.mode
            keys = [k for k in app.screen.query("FooterKey") if "-command-palette" not in k.classes]
            assert [k.action for k in keys[:2]] == ["help", "quit"], (entry.mode, [k.action for k in keys])
            assert all(k.region.right <= 80 and k.region.width > 0 for k in keys[:2]), entry.mode
            assert len(keys) > 2, entry.mode  # the screen's own keys follow


def test_cli_refuses_a_missing_database(tmp_path, capsys):
    assert cli.main(["--db", str(tmp_path / "none.duckdb")]) == 2
    assert "does not exist" in " ".join(capsys.readouterr().err.split())


def test_cli_refuses_a_missing_tasks_file(tiny_db, tmp_path, capsys):
    assert cli.main(["--db", str(tiny_db), "--tasks", str(tmp_path / "none.jsonl")]) == 2
    assert "does not exist" in " ".join(capsys.readouterr().err.split())


def test_cli_needs_a_terminal(tiny_db, capsys):
    assert cli.main(["--db", str(tiny_db)]) == 2  # pytest's stdin is not a terminal
    assert "interactive terminal" in " ".join(capsys.readouterr().err.split())


async def test_first_launch_with_the_real_synthetic_build():
    """`ehr-tui` on a fresh home: the synthetic database is built in a child process (here a small one),
    the app opens on it at once, and the first benchmark is generated in the background meanwhile."""
    from ehr_tui import paths
    from ehr_tui.screens.default_db_worker import build_in_child

    app = EhrApp(None, show_timings=False, build_default=lambda progress: build_in_child(progress, patients=40),
                 first_tasks=40)
    steps: list[str] = []
    counts: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        deadline = time.monotonic() + 600  # child processes, on however loaded a machine
        while not isinstance(app.screen, (FirstLaunchScreen, TasksScreen)) and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert isinstance(app.screen, FirstLaunchScreen)
        while isinstance(app.screen, FirstLaunchScreen) and time.monotonic() < deadline:
            steps.append(str(app.screen.query_one("#first-step").render()))
            await pilot.pause(0.1)
        # the first-launch screen is popped before the tasks mode comes up: the blank default screen
        # shows in between, for longer on a loaded machine
        while not isinstance(app.screen, TasksScreen) and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert isinstance(app.screen, TasksScreen)
        assert len(set(steps)) > 2  # progress arrived step by step
        assert not any("benchmark" in s for s in steps)  # the app does not wait for the tasks
        table = app.screen.query_one("#task-table", VirtualTable)
        while not table.row_count and time.monotonic() < deadline:
            counts.append(str(app.screen.query_one("#task-count").render()))
            await pilot.pause(0.1)
        await settle(pilot)
        assert app.db_path == paths.default_db() and app.db_path.exists()
        assert app.db_info.source == "synthetic" and len(app.db_info.row_counts) == 31
        assert any("first benchmark:" in c and " of 40 tasks" in c for c in counts), set(counts)
        first = read_tasks(paths.tasks_dir() / "tasks.jsonl")
        assert first.tasks and not first.errors
        assert table.row_count == len(first.tasks) and app.benchmark_status is None
        assert "is ready" in " ".join(notices(app))


async def test_quitting_during_the_first_benchmark_keeps_its_work_for_the_next_launch(tmp_path):
    """The background generation is a child process: quitting stops it at once (nothing left running)
    and the next launch goes on from its .partial file instead of starting over."""
    from ehr_tui import paths
    from ehr_tui.screens.default_db_worker import build_in_child

    build = lambda progress: build_in_child(progress, patients=40)  # noqa: E731
    app = EhrApp(None, show_timings=False, build_default=build, first_tasks=40)
    async with app.run_test(size=SIZE) as pilot:
        deadline = time.monotonic() + 600
        partial = paths.tasks_dir() / "tasks.jsonl.partial"
        # wait for finished work in the partial file (a header line, then one line per finished slice)
        while not (partial.exists() and len(partial.read_text().splitlines()) > 2) and time.monotonic() < deadline:
            await pilot.pause(0.1)
        proc = app._benchmark_proc
        assert proc is not None and proc.poll() is None and app.benchmark_status
    assert proc.wait(timeout=60) is not None  # stopped when the app closed
    assert partial.exists() and not (paths.tasks_dir() / "tasks.jsonl").exists()
    kept = len(partial.read_text().splitlines())

    again = EhrApp(None, show_timings=False, build_default=build, first_tasks=40)
    async with again.run_test(size=SIZE) as pilot:
        deadline = time.monotonic() + 600
        while again.benchmark_status is None and time.monotonic() < deadline:  # it starts again ...
            await pilot.pause(0.1)
        while again.benchmark_status is not None and time.monotonic() < deadline:
            await pilot.pause(0.1)
        await settle(pilot)
        assert isinstance(again.screen, TasksScreen)
        assert again.screen.query_one("#task-table", VirtualTable).row_count > 0
    assert (paths.tasks_dir() / "tasks.jsonl").exists() and not partial.exists()
    assert kept > 2  # ... from the work the first one had finished (generate_file's resume is tested there)


def test_cli_sql_is_the_consoles_command_line(tiny_db, capsys):
    import json

    assert cli.main(["sql", "--db", str(tiny_db), "--json", "--max-rows", "5",
                     "SELECT subject_id FROM mimiciv_hosp.patients ORDER BY 1"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rows"] == [[10000000 + i] for i in range(5)] and out["row_count"] == 40 and out["truncated"]
    assert cli.main(["sql", "--db", str(tiny_db), "DELETE FROM mimiciv_hosp.patients"]) == 1
    assert "DELETE statements are not allowed" in " ".join(capsys.readouterr().err.split())


async def test_m_opens_a_mask_file_on_the_masks_screen(make_app):
    from ehr_tui import paths
    from ehr_tui.screens.masks import MasksScreen
    from ehr_tui.xtf.masks import Thresholds, apply_rule, write_token_file

    from ..xtf.conftest import synthetic_examples

    exs = synthetic_examples()
    th = Thresholds(kn_min=0.2)
    (paths.home() / "xtf").mkdir()
    write_token_file(paths.home() / "xtf" / "syn.parquet", exs, "scores",
                     {"rule": "paper", "thresholds": th.to_dict()}, apply_rule(exs, "paper", th))
    app = make_app()
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await settle(pilot)
        tasks = app.screen
        await pilot.press("m")
        await pilot.pause()
        assert "xtf/syn.parquet" in screen_text(app)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MasksScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is tasks
        await pilot.press("m")
        await pilot.pause()
        app.screen.query_one("#picker-input").value = "/no/such/masks.parquet"
        await pilot.press("enter")
        assert any("does not exist" in m for m in notices(app, "error"))

"""Fine-tune: a form that launches `xtf train` as a background job, the list of jobs, and the selected
job followed live: loss curve, progress, tokens-kept ratio, throughput, log tail; cancel.

Jobs are ``xtf.jobs`` folders, so a job started here keeps running when the app quits and is
listed again (re-attached) on the next start; one started with `xtf train --background` shows up
here too. A worker polls the jobs folder once a second (it never touches widgets); the screen's
message handler updates the widgets and turns a job that failed into an error notification with
the excerpt of its log.

CLI equivalents: launching is `xtf train ... --background` (the form previews the exact command),
the list is `xtf jobs`, following `xtf jobs show ID -f`, cancelling `xtf jobs cancel ID`.

ctrl+e switches to the Experiments view (``experiments_view.py``): `xtf experiment` grids and
their results. The screen opens with the jobs list focused, so screen keys work at once; Esc
leaves a text field of the form.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Checkbox, ContentSwitcher, Input, Label, ProgressBar, Static

from .. import paths
from ..errors import UserError
from ..widgets.loss_chart import LossChart
from ..widgets.nav_bar import NavBar
from ..widgets.virtual_table import Column, VirtualTable
from ..xtf.jobs import ACTIVE, Follower, Job, list_jobs
from ..xtf.launch import launch_command, shell_line
from ..xtf.train_config import TrainConfig, config_to_args
from .base import Act, WorkbenchScreen, bindings
from .experiments_view import ExperimentsView
from .footer import WorkbenchFooter

POLL_EVERY_S = 1.0
_DEVICES: tuple[list[str], int] | None = None  # (descriptions, GPU count), probed once a session
LOG_LINES = 12

JOB_COLUMNS = [Column("job", 20), Column("name", None, min_width=10), Column("state", 9), Column("step", 11),
               Column("loss", 8, align="right"), Column("kept", 5, align="right"), Column("GPUs", 4, align="right")]
STATE_STYLES = {"queued": "yellow", "running": "bold cyan", "finished": "green", "failed": "bold red",
                "cancelled": "dim"}

# (input id, label, TrainConfig field or "nproc", placeholder)
FIELDS = (
    ("model", "model", "model", "folder saved with save_pretrained"),
    ("data", "data", "data", "SFT data file(s), comma-separated"),
    ("masks", "masks", "masks", "XTF masks .parquet (empty: plain SFT)"),
    ("output", "output", "output", "default: the job's own folder"),
    ("epochs", "epochs", "epochs", ""),
    ("max-steps", "max steps", "max_steps", "default: the epochs"),
    ("lr", "learning rate", "lr", ""),
    ("batch-size", "batch size", "batch_size", "per GPU"),
    ("grad-accum", "grad accum", "grad_accum", ""),
    ("max-len", "max length", "max_len", "default: the masks' length"),
    ("limit", "limit", "limit", "first N examples a file (as scored)"),
    ("nproc", "GPUs", "nproc", "processes on this machine"),
)
CHECKS = (("bf16", "bf16 autocast"), ("lora", "LoRA adapter"), ("gradient-checkpointing", "gradient checkpointing"))


def short_path(path: Path) -> str:
    """A path under the ehr-tui home folder relative to it (the jobs folder is there), else in full."""
    try:
        return str(path.relative_to(paths.home()))
    except ValueError:
        return str(path)


def last_step(records: list[dict]) -> dict | None:
    return next((r for r in reversed(records) if r.get("event") == "step"), None)


def job_cells(job: Job, last: dict | None) -> tuple:
    state = Text(job.state, style=STATE_STYLES.get(job.state, ""))
    return (job.id, job.name, state, f"{last['step']}/{last['total_steps']}" if last else "–",
            f"{last['loss']:.4f}" if last else "–", f"{100 * last['kept_ratio']:.0f}%" if last else "–",
            job.gpus)


class Check(Checkbox):
    """A checkbox that shows its state without colour: ▐X▌ ticked, ▐ ▌ not (a plain terminal shows both
    of Textual's alike)."""

    @property
    def BUTTON_INNER(self) -> str:  # noqa: N802 (Textual's name)
        return "X" if self.value else " "


FOOTER_LABELS = {"launch": "Launch", "cancel_job": "Cancel", "focus_jobs": "Jobs", "toggle_experiments": "Experiments",
                 "refresh": "Refresh"}


class FinetuneScreen(WorkbenchScreen):
    MODE = "finetune"
    ACTIONS = (
        Act("ctrl+s", "launch", "Launch the form's training (Experiments view: submit what is left)", key_display="^s", priority=True,
            cli="xtf train --model M --data D --masks F -o OUT --background ; xtf experiment DIR"),
        Act("ctrl+x", "cancel_job", "Cancel the selected job (Experiments view: the experiment's jobs)", key_display="^x", priority=True,
            cli="xtf jobs cancel ID ; xtf experiment DIR --cancel"),
        Act("ctrl+o", "focus_jobs", "Jobs list", key_display="^o", cli="xtf jobs"),
        Act("ctrl+e", "toggle_experiments", "Experiments view / training view", key_display="^e", priority=True,
            cli="xtf experiment DIR --status"),
        Act("ctrl+r", "refresh", "Refresh", key_display="^r", cli="xtf jobs show ID"),
        Act("escape", "leave_field", "Leave the text field", show=False),
    )
    # The footer shows short labels (it must fit 80 columns); help and the palette show the full text.
    BINDINGS = [dataclasses.replace(b, description=FOOTER_LABELS.get(b.action, b.description))
                for b in bindings(ACTIONS)]

    DEFAULT_CSS = """
    FinetuneScreen #ft-views { height: 1fr; }
    FinetuneScreen #ft-body { height: 1fr; }
    FinetuneScreen #ft-form { width: 45%; min-width: 36; max-width: 62; border: round $primary; padding: 0 1; }
    FinetuneScreen #ft-fields { grid-size: 2; grid-columns: 15 1fr; grid-rows: 1; height: auto; }
    FinetuneScreen #ft-form Checkbox { height: 1; border: none; padding: 0; }
    FinetuneScreen #ft-devices { color: $text-muted; margin-top: 1; }
    FinetuneScreen #ft-command { color: $success; margin-top: 1; }
    FinetuneScreen #ft-right { width: 1fr; }
    FinetuneScreen #ft-jobs { height: 8; border: round $secondary; }
    FinetuneScreen #ft-jobs:focus { border: round $accent; }
    FinetuneScreen #ft-job { height: auto; padding: 0 1; }
    FinetuneScreen #ft-progress { padding: 0 1; }
    FinetuneScreen #ft-loss { height: 12; padding: 0 1; }
    FinetuneScreen #ft-log { height: 1fr; border: round $secondary; padding: 0 1; }
    """

    class Polled(Message):
        def __init__(self, jobs: list[Job], last: dict[str, dict | None], followed: str | None,
                     records: list[dict], log: list[str]) -> None:
            super().__init__()
            self.jobs, self.last, self.followed, self.records, self.log = jobs, last, followed, records, log

    class Devices(Message):
        def __init__(self, devices: list[str], gpus: int) -> None:
            super().__init__()
            self.devices, self.gpus = devices, gpus

    class Submitted(Message):
        def __init__(self, job: Job | None, error: str | None = None) -> None:
            super().__init__()
            self.job, self.error = job, error

    def __init__(self, *, devices: list[str] | None = None, poll_every_s: float = POLL_EVERY_S) -> None:
        super().__init__()
        self.devices = devices  # None: detected (torch) in a worker
        self.poll_every_s = poll_every_s
        self.jobs: list[Job] = []
        self.last: dict[str, dict | None] = {}
        self.states: dict[str, str] = {}  # job id -> state seen at the last poll
        self.follower: Follower | None = None
        self._polling = False
        self._poll_again = False

    # --- layout -----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield NavBar(self.MODE)
        with ContentSwitcher(initial="ft-body", id="ft-views"):
            yield from self._training_view()  # the Experiments view is mounted on its first ctrl+e
        yield WorkbenchFooter(compact=True)

    def _training_view(self) -> ComposeResult:
        with Horizontal(id="ft-body"):
            with VerticalScroll(id="ft-form", can_focus=False):
                yield Label(Text("New training · ctrl+s launches it as a job", style="bold"))
                defaults = TrainConfig(model="", data=[], output="")
                with Grid(id="ft-fields"):  # label | field, no row containers: fewer widgets to style
                    for fid, label, attr, placeholder in FIELDS:
                        value = "1" if attr == "nproc" else getattr(defaults, attr)
                        yield Label(label, classes="field")
                        yield Input("" if value in (None, "", []) else str(value), id=f"ft-{fid}",
                                    placeholder=placeholder, compact=True)
                for cid, label in CHECKS:
                    yield Check(label, id=f"ft-{cid}", compact=True)
                yield Static(Text("devices: detecting…"), id="ft-devices")
                yield Static(Text(""), id="ft-command")
            with Vertical(id="ft-right"):
                yield VirtualTable(JOB_COLUMNS, [], id="ft-jobs",
                                   empty_text="no jobs yet: fill in the form and press ctrl+s")
                yield Static(Text("no job selected"), id="ft-job")
                yield ProgressBar(total=1, show_eta=False, id="ft-progress")
                yield LossChart(id="ft-loss")
                yield Static(Text(""), id="ft-log")

    def on_mount(self) -> None:
        if self.devices is None:
            self._detect_devices()
        else:
            self._show_devices(self.devices, 0)
        self._preview()
        # The jobs list, not a text field: the screen's and the app's keys work at once.
        self.query_one("#ft-jobs", VirtualTable).focus()
        self._poll()
        self.set_interval(self.poll_every_s, self._tick)

    def _tick(self) -> None:
        if self.experiments_shown:
            self.query_one(ExperimentsView).poll()
        else:
            self._poll()

    @property
    def experiments_shown(self) -> bool:
        return self.query_one("#ft-views", ContentSwitcher).current == "ft-experiments"

    async def action_toggle_experiments(self) -> None:
        switcher = self.query_one("#ft-views", ContentSwitcher)
        if self.experiments_shown:
            switcher.current = "ft-body"
            self.query_one("#ft-jobs", VirtualTable).focus()
            self._poll()
        else:
            if not switcher.query(ExperimentsView):
                await switcher.mount(ExperimentsView(id="ft-experiments"))
            switcher.current = "ft-experiments"
            view = self.query_one(ExperimentsView)
            view.focus_list()
            view.poll()

    def action_leave_field(self) -> None:
        if isinstance(self.focused, (Input, Checkbox)):
            self.query_one("#ft-jobs", VirtualTable).focus()

    # --- devices ----------------------------------------------------------------------------

    @work(thread=True, exclusive=True, group="ft-devices", exit_on_error=False)
    def _detect_devices(self) -> None:
        from ..xtf.launch import probe_devices

        global _DEVICES
        if _DEVICES is None:  # once a session: the machine's devices do not change
            _DEVICES = probe_devices()
        self.post_message(self.Devices(*_DEVICES))

    def on_finetune_screen_devices(self, message: Devices) -> None:
        self.devices = message.devices
        self._show_devices(message.devices, message.gpus)

    def _show_devices(self, devices: list[str], gpus: int) -> None:
        self.query_one("#ft-devices", Static).update(Text("devices: " + "; ".join(devices)))
        nproc = self.query_one("#ft-nproc", Input)
        if gpus > 1 and nproc.value == "1":
            nproc.placeholder = f"up to {gpus} on this machine"

    # --- the form ---------------------------------------------------------------------------

    def form_spec(self) -> tuple[TrainConfig, int]:
        """The form as a training config and a process count; a UserError names the bad field."""
        values = {fid: self.query_one(f"#ft-{fid}", Input).value.strip() for fid, *_ in FIELDS}
        checks = {cid: self.query_one(f"#ft-{cid}", Checkbox).value for cid, _ in CHECKS}

        def number(fid: str, kind, optional: bool = False):
            text = values[fid]
            if optional and not text:
                return None
            try:
                return kind(text)
            except ValueError:
                label = next(lbl for f, lbl, *_ in FIELDS if f == fid)
                raise UserError(f"{label} must be a {'whole ' if kind is int else ''}number (got {text!r})") from None

        if not values["model"]:
            raise UserError("give the model folder (saved with save_pretrained)")
        data = [d.strip() for d in values["data"].split(",") if d.strip()]
        if not data:
            raise UserError("give the SFT data file(s) the masks were made from")
        config = TrainConfig(
            model=values["model"], data=data, output=values["output"], masks=values["masks"] or None,
            epochs=number("epochs", int), max_steps=number("max-steps", int, True), lr=number("lr", float),
            batch_size=number("batch-size", int), grad_accum=number("grad-accum", int),
            max_len=number("max-len", int, True), limit=number("limit", int, True), bf16=checks["bf16"],
            lora=checks["lora"],
            gradient_checkpointing=checks["gradient-checkpointing"])
        nproc = number("nproc", int)
        if nproc < 1:
            raise UserError(f"GPUs must be at least 1 (got {nproc})")
        return config, nproc

    class MasksRead(Message):
        def __init__(self, path: str, limit: int | None) -> None:
            super().__init__()
            self.path, self.limit = path, limit

    @on(Input.Changed, "#ft-masks")
    def _masks_changed(self, event: Input.Changed) -> None:
        path = event.value.strip()
        if path and Path(path).expanduser().is_file():
            self._read_masks(path)

    @work(thread=True, exclusive=True, group="ft-masks", exit_on_error=False)
    def _read_masks(self, path: str) -> None:
        import json

        from ..xtf.masks import read_metadata

        try:
            settings = json.loads(read_metadata(path).get("xtf_settings", "{}"))
        except (UserError, ValueError):
            return
        self.post_message(self.MasksRead(path, settings.get("limit")))

    def on_finetune_screen_masks_read(self, message: MasksRead) -> None:
        """Masks scored with --limit N hold the first N examples only: train on those (the form says so)."""
        limit = self.query_one("#ft-limit", Input)
        if message.limit and not limit.value.strip() and self.query_one("#ft-masks", Input).value.strip() == message.path:
            limit.value = str(message.limit)
            self.notify(f"the masks were scored with --limit {message.limit}: limit set to {message.limit}",
                        markup=False)

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _preview(self) -> None:
        out = self.query_one("#ft-command", Static)
        try:
            config, nproc = self.form_spec()
        except UserError as e:
            out.update(Text(str(e), style="yellow"))
            return
        args = config_to_args(config)
        if not config.output:  # config_to_args leaves an empty output out
            args += ["--output", "JOB/out"]
        out.update(Text(shell_line(launch_command(args, nproc)) + "   (as a background job)"))

    def action_launch(self) -> None:
        if self.experiments_shown:
            self._submit_experiment(self.query_one(ExperimentsView).selected)
            return
        try:
            config, nproc = self.form_spec()
            config.validate()
        except UserError as e:
            self.notify(str(e), title="Not launched", severity="error", markup=False)
            return
        self._submit(config, nproc)

    @work(thread=True, exclusive=True, group="ft-submit", exit_on_error=False)
    def _submit(self, config: TrainConfig, nproc: int) -> None:
        from ..xtf.jobs import submit

        try:
            self.post_message(self.Submitted(submit(config, nproc_per_node=nproc)))
        except (UserError, OSError) as e:
            self.post_message(self.Submitted(None, str(e)))

    def on_finetune_screen_submitted(self, message: Submitted) -> None:
        if message.job is None:
            self.notify(message.error or "not launched", title="Not launched", severity="error", markup=False)
            return
        job = message.job
        self.notify(f"job {job.id} {job.state}: {shell_line(job.command)}", title="Training launched", markup=False)
        self.follower = Follower(job)
        self.states[job.id] = job.state
        self._poll()

    # --- following ----------------------------------------------------------------------------

    @property
    def selected(self) -> Job | None:
        i = self.query_one("#ft-jobs", VirtualTable).data_index
        return self.jobs[i] if i is not None and i < len(self.jobs) else None

    def _poll(self) -> None:
        # One poll at a time (a slow disk must not pile them up); a skipped one comes next tick.
        if self._polling:
            self._poll_again = True
            return
        self._polling = True
        self._poll_jobs(self.follower)

    def worker_failed(self, worker) -> None:
        if worker.group == "ft-poll":
            self._polling = False

    @work(thread=True, group="ft-poll", exit_on_error=False)
    def _poll_jobs(self, follower: Follower | None) -> None:
        jobs = list_jobs()
        last = {}
        for j in jobs:
            if follower is not None and j.id == follower.job.id:
                continue
            records, _ = j.metrics()
            last[j.id] = last_step(records)
        records, log, followed = [], [], None
        if follower is not None:
            try:
                job, _new = follower.poll()
            except UserError:
                job = None
            if job is not None:
                followed, records, log = job.id, list(follower.records), job.log_tail(LOG_LINES)
                last[job.id] = last_step(records)
        self.post_message(self.Polled(jobs, last, followed, records, log))

    def on_finetune_screen_polled(self, message: Polled) -> None:
        self._polling = False
        if self._poll_again:
            self._poll_again = False
            self.call_later(self._poll)
        table = self.query_one("#ft-jobs", VirtualTable)
        keep = self.follower.job.id if self.follower else (self.selected.id if self.selected else None)
        self.jobs, self.last = message.jobs, message.last
        table.set_data(JOB_COLUMNS, [job_cells(j, message.last.get(j.id)) for j in self.jobs])
        for i, j in enumerate(self.jobs):
            if j.id == keep:
                table.move_to_data_index(i)
        self._announce(message.jobs)
        current = self.selected
        if current is not None and (self.follower is None or self.follower.job.id != current.id):
            self.follower = Follower(current)  # follow what the cursor is on, from the start of its metrics
            self._poll()
        if message.followed is not None and current is not None and message.followed == current.id:
            self._show_job(current, message.records, message.log)
        elif current is None:
            self._show_job(None, [], [])

    def _announce(self, jobs: list[Job]) -> None:
        """A notification when a job seen running ends (a failure with its log excerpt)."""
        for j in jobs:
            before = self.states.get(j.id)
            self.states[j.id] = j.state
            if before is None or before not in ACTIVE or j.state in ACTIVE:
                continue
            if j.state == "failed":
                self.notify(f"{j.name}: {j.error or 'see its log'}\n(log: {j.log_path})", title="Training failed",
                            severity="error", timeout=20, markup=False)
            elif j.state == "finished":
                self.notify(f"{j.name}: model in {j.output / 'final'}", title="Training finished", markup=False)
            elif j.state == "cancelled":
                self.notify(f"{j.name} cancelled; its last checkpoint stays in {j.output}", severity="warning",
                            markup=False)

    def _show_job(self, job: Job | None, records: list[dict], log: list[str]) -> None:
        head = self.query_one("#ft-job", Static)
        bar = self.query_one("#ft-progress", ProgressBar)
        chart = self.query_one("#ft-loss", LossChart)
        if job is None:
            head.update(Text("no job selected"))
            chart.show([], [], "loss")
            self.query_one("#ft-log", Static).update("")
            return
        steps = [r for r in records if r.get("event") == "step"]
        start = next((r for r in reversed(records) if r.get("event") == "start"), None)
        last = steps[-1] if steps else None
        t = Text()
        t.append(f"{job.name} ", style="bold")
        t.append(job.state, style=STATE_STYLES.get(job.state, ""))
        t.append(f" · {job.gpus} process(es) · output {short_path(job.output)}\n")
        if start is not None:
            data = start.get("data") or {}
            t.append(f"{data.get('examples', 0)} examples on {start.get('device')}; tokens kept "
                     f"{100 * data.get('kept_ratio', 0):.1f}% of {data.get('response_tokens', 0):,} response tokens"
                     + (" (masks)" if start.get("masks") else " (plain SFT)"))
        if last is not None:
            eta = last.get("remaining_s")
            t.append(f"\nstep {last['step']}/{last['total_steps']} · loss {last['loss']:.4f} · lr {last['lr']:.2e} · "
                     f"kept {100 * last['kept_ratio']:.1f}% · {last['tokens_per_s']:,.0f} tok/s"
                     + (f" · {eta:.0f} s left" if eta is not None and job.active else ""))
            bar.update(total=last["total_steps"], progress=last["step"])
        else:
            bar.update(total=1, progress=0)
        if job.state == "failed" and job.error:
            t.append(f"\n{job.error}", style="red")
        head.update(t)
        chart.show([r["step"] for r in steps], [r["loss"] for r in steps], "loss",
                   empty="waiting for the first step…" if job.active else "no steps were recorded")
        self.query_one("#ft-log", Static).update(Text("\n".join(log)))

    @on(VirtualTable.CursorMoved, "#ft-jobs")
    def _moved(self, event: VirtualTable.CursorMoved) -> None:
        job = self.selected
        if job is not None and (self.follower is None or self.follower.job.id != job.id):
            self.follower = Follower(job)
            self._poll()

    # --- actions ------------------------------------------------------------------------------

    def action_refresh(self) -> None:
        self._poll()

    async def action_focus_jobs(self) -> None:
        if self.experiments_shown:
            await self.action_toggle_experiments()  # back to the training view, jobs list focused
        else:
            self.query_one("#ft-jobs", VirtualTable).focus()

    def action_cancel_job(self) -> None:
        if self.experiments_shown:
            self._cancel_experiment(self.query_one(ExperimentsView).selected)
            return
        job = self.selected
        if job is None or not job.active:
            self.notify("select a queued or running job to cancel", severity="warning")
            return
        self.notify(f"stopping {job.name}…")
        self._cancel(job)

    @work(thread=True, group="ft-experiment", exit_on_error=False)
    def _submit_experiment(self, folder: Path | None) -> None:
        from ..finetune import experiment as ex

        if folder is None:
            self.app.call_from_thread(self.notify, "no experiment selected: start one with xtf experiment CONFIG.toml",
                                      severity="warning")
            return
        new = ex.submit(ex.open_experiment(folder))
        self.app.call_from_thread(self.notify, f"{len(new)} job(s) submitted for {folder.name}"
                                  + ("" if new else ": every step is done or under way"), markup=False)
        self.app.call_from_thread(self.query_one(ExperimentsView).poll)

    @work(thread=True, group="ft-experiment", exit_on_error=False)
    def _cancel_experiment(self, folder: Path | None) -> None:
        from ..finetune import experiment as ex

        if folder is None:
            self.app.call_from_thread(self.notify, "no experiment selected", severity="warning")
            return
        n = ex.cancel(ex.open_experiment(folder))
        self.app.call_from_thread(self.notify, f"{n} job(s) of {folder.name} cancelled; ctrl+s resumes",
                                  severity="warning", markup=False)
        self.app.call_from_thread(self.query_one(ExperimentsView).poll)

    @work(thread=True, group="ft-cancel", exit_on_error=False)
    def _cancel(self, job: Job) -> None:
        from ..xtf.jobs import cancel

        cancel(job)
        self.app.call_from_thread(self._poll)


"""The results of an experiment: per model x dataset x condition, the benchmark's primary metric over
seeds (mean and 95% interval), its difference to plain SFT (paired by seed) and the masked fraction.

The interval is Student's t over the seeds that have finished: mean ± t(0.975, n-1) · s / √n (none
with one seed). The difference to plain SFT is taken seed by seed (same seed, same data order and
initialisation), so its interval is the paired one. When the experiment has several datasets, a
row per model and condition averages them (per seed, then over seeds). Written as results.json,
results.md, results.txt (a bar chart with the intervals, what the app shows) and results.svg.
"""

from __future__ import annotations

import json
import math
from html import escape
from pathlib import Path

from ..fileio import atomic_write
from .experiment_config import LABELS, Experiment

# Two-sided 95% critical values of Student's t, by degrees of freedom (1-30); 1.96 beyond.
_T95 = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
        2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
        2.045, 2.042)
ALL = "all datasets (mean)"


def t95(df: int) -> float:
    return _T95[df - 1] if 1 <= df <= len(_T95) else 1.96


def interval(values: list[float]) -> tuple[float, float | None]:
    """(mean, half-width of the 95% t interval; None for fewer than two values)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, None
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, t95(n - 1) * sd / math.sqrt(n)


def collect(exp: Experiment) -> dict[tuple, dict]:
    """(model, dataset, condition) -> {seed: (primary metric value, masked fraction)} of finished cells."""
    from .evaluate import RESULTS_FILE
    from .experiment import cell_dir

    out: dict[tuple, dict] = {}
    for cell in exp.cells():
        folder = cell_dir(exp, cell)
        res = folder / "eval" / RESULTS_FILE
        if not res.is_file():
            continue
        r = json.loads(res.read_text(encoding="utf-8"))
        if not r.get("complete"):
            continue
        masked = 0.0
        info = folder / "train" / "final" / "train_info.json"
        if info.is_file():
            masked = 1.0 - float((json.loads(info.read_text()).get("data") or {}).get("kept_ratio", 1.0))
        out.setdefault((cell.model, cell.dataset, cell.condition), {})[cell.seed] = (
            float(r["metrics"][r["primary_metric"]]), masked, r["primary_metric"])
    return out


def table(exp: Experiment) -> list[dict]:
    """The rows of the results table (see the module docstring)."""
    got = collect(exp)
    rows = []
    datasets = [d.name for d in exp.datasets] + ([ALL] if len(exp.datasets) > 1 else [])
    for model in exp.models:
        for ds in datasets:
            for cond in exp.conditions:
                if ds == ALL:
                    per = [got.get((model, d.name, cond), {}) for d in exp.datasets]
                    seeds = sorted(set.intersection(*(set(p) for p in per))) if all(per) else []
                    values = {s: sum(p[s][0] for p in per) / len(per) for s in seeds}
                    masked = {s: sum(p[s][1] for p in per) / len(per) for s in seeds}
                    metric = "mean of the primary metrics"
                    base = [got.get((model, d.name, "sft"), {}) for d in exp.datasets]
                    sft = {s: sum(b[s][0] for b in base) / len(base)
                           for s in set.intersection(*(set(b) for b in base))} if all(base) else {}
                else:
                    cellv = got.get((model, ds, cond), {})
                    values = {s: v[0] for s, v in cellv.items()}
                    masked = {s: v[1] for s, v in cellv.items()}
                    metric = next((v[2] for v in cellv.values()), None)
                    sft = {s: v[0] for s, v in got.get((model, ds, "sft"), {}).items()}
                row = {"model": model, "dataset": ds, "condition": cond, "label": LABELS[cond], "metric": metric,
                       "seeds": sorted(values), "values": [values[s] for s in sorted(values)],
                       "n": len(values), "of": len(exp.seeds)}
                if values:
                    row["mean"], row["ci95"] = interval(list(values.values()))
                    row["masked_fraction"] = sum(masked.values()) / len(masked)
                paired = [values[s] - sft[s] for s in sorted(values) if s in sft]
                if cond != "sft" and paired:
                    row["delta_vs_sft"], row["delta_ci95"] = interval(paired)
                rows.append(row)
    return rows


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def markdown(exp: Experiment, rows: list[dict]) -> str:
    lines = [f"# {exp.name}: XTF vs plain SFT", "",
             "Primary metric (%, mean over seeds ± 95% t interval), its paired difference to plain SFT, and the "
             "share of response tokens masked.", "",
             "| model | dataset | condition | metric | seeds | mean ± 95% CI | Δ vs SFT [95% CI] | masked |",
             "|---|---|---|---|---|---|---|---|"]
    for r in rows:
        mean = "–" if "mean" not in r else _pct(r["mean"]) + (f" ± {_pct(r['ci95'])}" if r["ci95"] is not None else "")
        if "delta_vs_sft" in r:
            d, h = r["delta_vs_sft"], r["delta_ci95"]
            delta = f"{100 * d:+.1f}" + (f" [{100 * (d - h):+.1f}, {100 * (d + h):+.1f}]" if h is not None else "")
        else:
            delta = "–"
        masked = f"{_pct(r.get('masked_fraction'))}%" if "masked_fraction" in r else "–"
        lines.append(f"| {Path(r['model']).name} | {r['dataset']} | {r['label']} | {r['metric'] or '–'} | "
                     f"{r['n']}/{r['of']} | {mean} | {delta} | {masked} |")
    return "\n".join(lines) + "\n"


def chart(rows: list[dict], width: int = 40) -> str:
    """Bars of the mean per condition with the interval marked (├──┤), one block per model x dataset."""
    out = []
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["model"], r["dataset"]), []).append(r)
    for (model, ds), rs in groups.items():
        out.append(f"{Path(model).name} · {ds}")
        for r in rs:
            label = f"  {r['label']:<24}"
            if "mean" not in r:
                out.append(f"{label} (not finished)")
                continue
            cells = [" "] * width
            fill = min(width, int(round(r["mean"] * width)))
            for i in range(fill):
                cells[i] = "█"
            if r["ci95"]:
                lo = max(0, min(width - 1, int(round((r["mean"] - r["ci95"]) * width))))
                hi = max(0, min(width - 1, int(round((r["mean"] + r["ci95"]) * width))))
                cells[lo], cells[hi] = "├", "┤"
                for i in range(lo + 1, hi):
                    cells[i] = "─" if i >= fill else "┼"
            ci = f" ± {_pct(r['ci95'])}" if r["ci95"] is not None else ""
            out.append(f"{label} {''.join(cells)} {_pct(r['mean'])}{ci}  (n={r['n']})")
        out.append("")
    return "\n".join(out)


def svg(exp: Experiment, rows: list[dict]) -> str:
    """A bar chart with 95% intervals, one panel per model x dataset (for a paper or a slide)."""
    groups: dict[tuple, list[dict]] = {}
    for r in rows:
        groups.setdefault((r["model"], r["dataset"]), []).append(r)
    bar, gap, left, top, panel_h = 22, 6, 190, 30, 0
    parts, y = [], top
    for (model, ds), rs in groups.items():
        parts.append(f'<text x="10" y="{y}" font-weight="bold">{escape(Path(model).name)} · {escape(ds)}</text>')
        y += 10
        for r in rs:
            parts.append(f'<text x="10" y="{y + bar - 7}">{escape(r["label"])}</text>')
            if "mean" in r:
                w = 400 * r["mean"]
                parts.append(f'<rect x="{left}" y="{y}" width="{w:.1f}" height="{bar}" fill="#3b528b"/>')
                if r["ci95"]:
                    # an interval past 0% or 100% is drawn to the axis's end, not through the label or off the image
                    a = left + 400 * max(0.0, r["mean"] - r["ci95"])
                    b = left + 400 * min(1.0, r["mean"] + r["ci95"])
                    mid = y + bar / 2
                    parts.append(f'<path d="M{a:.1f},{mid} H{b:.1f} M{a:.1f},{y + 4} V{y + bar - 4} '
                                 f'M{b:.1f},{y + 4} V{y + bar - 4}" stroke="#fde725" stroke-width="2"/>')
                parts.append(f'<text x="{left + 410}" y="{y + bar - 7}">{_pct(r["mean"])}%'
                             + (f' \u00b1 {_pct(r["ci95"])}' if r.get("ci95") else "") + '</text>')
            y += bar + gap
        y += 20
        panel_h = y
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="680" height="{panel_h + 10}" '
            f'font-family="sans-serif" font-size="13"><title>{escape(exp.name)}</title>{"".join(parts)}</svg>\n')


def write_report(exp: Experiment) -> list[dict]:
    """Write results.json / .md / .txt / .svg into the experiment folder; return the rows."""
    rows = table(exp)
    out = exp.output
    atomic_write(out / "results.json", json.dumps({"format_version": 1, "name": exp.name, "rows": rows},
                                                  indent=2) + "\n")
    atomic_write(out / "results.md", markdown(exp, rows))
    atomic_write(out / "results.txt", chart(rows))
    atomic_write(out / "results.svg", svg(exp, rows))
    return rows

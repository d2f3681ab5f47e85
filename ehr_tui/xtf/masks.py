"""Token scores -> noise flags -> keep/mask per token, and the columnar XTF token file.

The file (Parquet written through DuckDB, one row per example) holds, per token position of
``tokenize_example``: token ids, token texts, the response flag, the three scores (NULL outside
the response), the three "lacks" flags and the mask. Key-value metadata carry
``xtf_format_version``, ``xtf_kind`` (scores | masks), ``xtf_settings`` and ``xtf_summary`` (JSON).
``xtf score`` writes one with the paper's rule applied; ``xtf mask`` re-derives the mask with
another rule. A trainer joins rows to its tokenised examples by ``example_id`` and position
(``training_labels``).

Paper flags (per response token):
  lacks_ri: RI < Q1 - k*(Q3 - Q1) of that example's response tokens (k = ``ri_iqr_k``, 1.0);
  lacks_kn: KN < ``kn_min`` (0.05: the model already predicts the token with p > 0.95);
  lacks_tr: TR falls in class ``tr_noise_class`` (1, the second lowest) of a ``tr_classes``-class
            (3) multi-Otsu split of TR over all response tokens of the file.
"""

from __future__ import annotations

import json
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

import numpy as np

from ..errors import UserError
from .thresholds import multi_otsu

FORMAT_VERSION = 1
ATTRIBUTES = ("ri", "kn", "tr")
ATTRIBUTE_NAMES = {"ri": "reasoning importance", "kn": "knowledge novelty", "tr": "task relevance"}
KINDS = ("scores", "masks")


@dataclass
class ScoredExample:
    example_id: str
    source: str
    token_ids: np.ndarray  # int32, every position of the tokenised example
    tokens: list[str]
    is_response: np.ndarray  # bool
    ri: np.ndarray  # float32, NaN outside the response
    kn: np.ndarray
    tr: np.ndarray
    lacks_ri: np.ndarray | None = None  # bool, False outside the response
    lacks_kn: np.ndarray | None = None
    lacks_tr: np.ndarray | None = None
    masked: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.token_ids)

    def score(self, attr: str) -> np.ndarray:
        return getattr(self, attr)

    @property
    def n_response(self) -> int:
        return int(self.is_response.sum())


@dataclass
class Thresholds:
    """Parameters of the paper's per-attribute flags."""

    ri_iqr_k: float = 1.0
    kn_min: float = 0.05
    tr_classes: int = 3
    tr_noise_class: int = 1
    tr_band: tuple[float, float] | None = None  # fixed TR band instead of multi-Otsu (the TUI's live control)

    def __post_init__(self) -> None:
        if self.tr_classes < 2:
            raise UserError("--tr-classes must be at least 2")
        if not 0 <= self.tr_noise_class < self.tr_classes:
            raise UserError(f"--tr-noise-class must be between 0 and {self.tr_classes - 1} (the class index)")
        if self.ri_iqr_k < 0:
            raise UserError("--ri-iqr-k must be zero or positive")

    def to_dict(self) -> dict:
        return asdict(self)


# ---------------------------------------------------------------------------------------------
# Rules: how flags and scores combine into the mask


@dataclass
class Term:
    kind: str  # "paper" | "lacks" | "cmp"
    attr: str | None = None  # "lacks": ri/kn/tr; "cmp": ri/kn/tr, or "ranked" for a weighted sum
    weights: dict[str, float] = field(default_factory=dict)  # for "cmp"
    op: str = "<"
    threshold: float = 0.0
    percentile: bool = False


@dataclass
class Rule:
    text: str
    combine: str  # "|" (mask if any term holds) or "&" (all terms)
    terms: list[Term]


RULE_HELP = """\
A rule says which response tokens are masked (noise). Terms, joined by | (any) or & (all):
  paper           the paper's rule: lacks_ri | lacks_kn | lacks_tr (default)
  lacks_ri, lacks_kn, lacks_tr
                  one attribute's paper flag (its threshold options apply)
  ATTR < X        raw score below a value, e.g. kn<0.05; ATTR is ri, kn or tr; > works too
  ATTR < pN       below the N-th percentile of that score over the file's response tokens, e.g. ri<p10
  W*ATTR + ...    a weighted sum of percentile ranks (each score replaced by its rank among the
                  file's response tokens, 0..1, so scales match), e.g. "0.5*ri + 0.3*kn + 0.2*tr < p20"
Examples: --rule paper, --rule "lacks_kn | tr<p5", --rule "ri<p20 & kn<0.1"."""

_NUM = r"[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?"
_CMP = re.compile(rf"^(?P<lhs>.+?)(?P<op>[<>])\s*(?P<p>p?)(?P<num>{_NUM})$")
_WTERM = re.compile(rf"^(?P<w>{_NUM})\s*\*\s*(?P<attr>[a-z]+)$")


def parse_rule(text: str) -> Rule:
    """Parse a rule (see RULE_HELP); a bad rule is a UserError that says what is wrong."""
    src = text.strip()
    if not src:
        raise UserError("the rule is empty; see `xtf mask --help` for the rule syntax")
    ops = set(re.findall(r"[|&]", src))
    if len(ops) > 1:
        raise UserError(f"rule {text!r} mixes | and &; use one of them in a rule")
    combine = ops.pop() if ops else "|"
    terms = []
    for part in (p.strip() for p in src.split(combine)):
        if part == "paper":
            terms.append(Term("paper"))
        elif part in ("lacks_ri", "lacks_kn", "lacks_tr"):
            terms.append(Term("lacks", attr=part[-2:]))
        elif m := _CMP.match(part):
            lhs = m["lhs"].replace(" ", "")
            if lhs in ATTRIBUTES:
                weights, ranked = {lhs: 1.0}, False
            elif re.fullmatch(r"[a-z_]+", lhs):
                raise UserError(f"rule term {part!r}: unknown score {lhs!r}; use ri, kn or tr")
            elif "*" not in lhs:
                raise UserError(f"cannot read rule term {part!r}; see `xtf mask --help` for the rule syntax")
            else:
                weights, ranked = {}, True
                for w in lhs.split("+"):
                    wm = _WTERM.match(w)
                    if not wm or wm["attr"] not in ATTRIBUTES:
                        raise UserError(f"rule term {part!r}: write a weighted sum as W*ATTR + W*ATTR (ATTR: ri, kn, tr)")
                    weights[wm["attr"]] = weights.get(wm["attr"], 0.0) + float(wm["w"])
            pct = m["p"] == "p"
            value = float(m["num"])
            if pct and not 0 <= value <= 100:
                raise UserError(f"rule term {part!r}: a percentile must be between p0 and p100")
            terms.append(Term("cmp", attr="ranked" if ranked else lhs, weights=weights, op=m["op"],
                              threshold=value, percentile=pct))
        else:
            raise UserError(f"cannot read rule term {part!r}; see `xtf mask --help` for the rule syntax")
    return Rule(src, combine, terms)


# ---------------------------------------------------------------------------------------------
# Flat view of all response tokens: fast re-derivation for the CLI and the TUI's live control


class ScoreSet:
    """All response-token scores of a file as flat arrays, with what the flags need precomputed."""

    def __init__(self, examples: list[ScoredExample]):
        self.examples = examples
        sel = [np.flatnonzero(e.is_response) for e in examples]
        self.positions = sel
        self.counts = np.array([len(s) for s in sel], dtype=np.int64)
        self.offsets = np.concatenate([[0], np.cumsum(self.counts)])
        self.values = {
            a: np.concatenate([e.score(a)[s] for e, s in zip(examples, sel)]).astype(np.float64)
            if examples else np.zeros(0)
            for a in ATTRIBUTES
        }
        n = int(self.offsets[-1])
        # The IQR fence is Q1 - k*IQR per example; Q1 and IQR are fixed, so k can change cheaply.
        self._q1 = np.empty(n)
        self._iqr = np.empty(n)
        ri = self.values["ri"]
        for i in range(len(examples)):
            a, b = self.offsets[i], self.offsets[i + 1]
            if a == b:
                continue
            q1, q3 = np.percentile(ri[a:b], [25, 75])
            self._q1[a:b], self._iqr[a:b] = q1, q3 - q1
        self._ranks: dict[str, np.ndarray] = {}
        self._otsu: dict[int, list[float]] = {}

    @property
    def n(self) -> int:
        return int(self.offsets[-1])

    def tr_band(self, th: Thresholds) -> tuple[float, float] | None:
        """The TR band that lacks relevance: a fixed band, or class tr_noise_class of multi-Otsu."""
        if th.tr_band is not None:
            return th.tr_band
        if th.tr_classes not in self._otsu:
            self._otsu[th.tr_classes] = multi_otsu(self.values["tr"], th.tr_classes)
        cuts = self._otsu[th.tr_classes]
        if not cuts:
            return None
        edges = [-np.inf, *cuts, np.inf]
        return float(edges[th.tr_noise_class]), float(edges[th.tr_noise_class + 1])

    def lacks(self, th: Thresholds) -> dict[str, np.ndarray]:
        v = self.values
        band = self.tr_band(th)
        lacks_tr = (v["tr"] >= band[0]) & (v["tr"] < band[1]) if band else np.zeros(self.n, bool)
        return {
            "ri": v["ri"] < self._q1 - th.ri_iqr_k * self._iqr,
            "kn": v["kn"] < th.kn_min,
            "tr": lacks_tr,
        }

    def ri_fence(self, i: int, th: Thresholds) -> float:
        """Example i's RI fence, Q1 - k*IQR (NaN when it has no response tokens)."""
        a = self.offsets[i]
        return float(self._q1[a] - th.ri_iqr_k * self._iqr[a]) if self.counts[i] else float("nan")

    def rank(self, attr: str) -> np.ndarray:
        if attr not in self._ranks:
            x = self.values[attr]
            order = np.argsort(x, kind="stable")
            r = np.empty(len(x))
            r[order] = np.arange(len(x)) / max(len(x) - 1, 1)
            self._ranks[attr] = r
        return self._ranks[attr]

    def evaluate(self, rule: Rule, th: Thresholds) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        """(masked, lacks) over the flat response tokens."""
        lacks = self.lacks(th)
        results = []
        for t in rule.terms:
            if t.kind == "paper":
                results.append(lacks["ri"] | lacks["kn"] | lacks["tr"])
            elif t.kind == "lacks":
                results.append(lacks[t.attr])
            else:
                if t.attr == "ranked":
                    x = sum(w * self.rank(a) for a, w in t.weights.items())
                else:
                    x = self.values[t.attr]
                x = np.asarray(x, dtype=np.float64)
                thr = float(np.percentile(x, t.threshold)) if t.percentile and len(x) else t.threshold
                results.append(x < thr if t.op == "<" else x > thr)
        combine = np.logical_or if rule.combine == "|" else np.logical_and
        return combine.reduce(results), lacks  # parse_rule never yields a rule without terms

    def scatter(self, flat: np.ndarray, i: int) -> np.ndarray:
        """A flat response-token array back onto example i's full token positions (False elsewhere)."""
        out = np.zeros(len(self.examples[i]), dtype=bool)
        out[self.positions[i]] = flat[self.offsets[i] : self.offsets[i + 1]]
        return out

    def masked_fraction(self, masked: np.ndarray) -> float:
        return float(masked.mean()) if len(masked) else 0.0


def apply_rule(examples: list[ScoredExample], rule: Rule | str, th: Thresholds | None = None) -> dict:
    """Set lacks_* and masked on every example (in place); return the summary statistics."""
    rule = parse_rule(rule) if isinstance(rule, str) else rule
    th = th or Thresholds()
    ss = ScoreSet(examples)
    masked, lacks = ss.evaluate(rule, th)
    for i, e in enumerate(examples):
        e.lacks_ri, e.lacks_kn, e.lacks_tr = (ss.scatter(lacks[a], i) for a in ATTRIBUTES)
        e.masked = ss.scatter(masked, i)
    return summarize(ss, masked, lacks, ss.tr_band(th))


def apply_random(examples: list[ScoredExample], fraction: float, seed: int, th: Thresholds | None = None) -> dict:
    """The control of the paper's ablation: mask exactly round(fraction x N) of the N response tokens,
    chosen uniformly at random (seeded), whatever their scores; the lacks flags stay the paper's.
    Sets masked on every example (in place); returns the summary statistics."""
    import numpy as np

    if not 0 <= fraction <= 1:
        raise UserError(f"--random must be a fraction between 0 and 1 (got {fraction})")
    ss = ScoreSet(examples)
    _, lacks = ss.evaluate(parse_rule("paper"), th or Thresholds())
    masked = np.zeros(ss.n, dtype=bool)
    masked[np.random.default_rng(seed).choice(ss.n, size=int(round(fraction * ss.n)), replace=False)] = True
    for i, e in enumerate(examples):
        e.lacks_ri, e.lacks_kn, e.lacks_tr = (ss.scatter(lacks[a], i) for a in ATTRIBUTES)
        e.masked = ss.scatter(masked, i)
    return summarize(ss, masked, lacks, ss.tr_band(th or Thresholds()))


def summarize(ss: ScoreSet, masked: np.ndarray, lacks: dict[str, np.ndarray], band) -> dict:
    """Fractions masked overall and lacking each attribute, and the two classic masking bugs."""
    n_resp = ss.n
    starts, ends = ss.offsets[:-1], ss.offsets[1:]
    cum = np.concatenate([[0], np.cumsum(masked)])
    per_example = cum[ends] - cum[starts]
    has_resp = ss.counts > 0
    return {
        "examples": len(ss.examples),
        "tokens": int(sum(len(e) for e in ss.examples)),
        "response_tokens": n_resp,
        "masked_tokens": int(masked.sum()),
        "masked_fraction": ss.masked_fraction(masked),
        "lacks_fraction": {a: float(lacks[a].mean()) if n_resp else 0.0 for a in ATTRIBUTES},
        "examples_fully_masked": int(np.sum(has_resp & (per_example == ss.counts))),
        "examples_first_response_token_masked": int(masked[starts[has_resp]].sum()) if n_resp else 0,
        "tr_band": list(band) if band else None,
    }


def training_labels(input_ids: list[int], is_response: list[bool], scored: ScoredExample) -> list[int]:
    """Labels for masked-loss training: the token id where it is a kept response token, else -100.

    ``input_ids``/``is_response`` come from ``tokenize_example`` at training time; they must be the
    tokens the file was scored on (same tokenizer, template and max_length), else a UserError.
    """
    if len(input_ids) != len(scored) or not np.array_equal(np.asarray(input_ids), scored.token_ids):
        raise UserError(
            f"example {scored.example_id}: its tokens differ from those in the mask file; "
            "score again with the same model tokenizer and --max-length"
        )
    keep = np.asarray(is_response, dtype=bool) & ~scored.masked
    return [int(t) if k else -100 for t, k in zip(input_ids, keep)]


# ---------------------------------------------------------------------------------------------
# The file


@dataclass
class TokenFile:
    path: Path
    kind: str
    settings: dict
    summary: dict
    examples: list[ScoredExample]
    _by_id: dict[str, ScoredExample] | None = field(default=None, repr=False)

    def example(self, example_id: str) -> ScoredExample:
        """The example with this id (a trainer joins its tokenised examples to the file this way)."""
        if self._by_id is None:
            self._by_id = {e.example_id: e for e in self.examples}
        if example_id in self._by_id:
            return self._by_id[example_id]
        close = [e.example_id for e in self.examples if example_id in e.example_id][:5]
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        raise UserError(f"no example {example_id!r} in {self.path}{hint}")


def _list_array(parts: list[np.ndarray], pa_type, null_where: list[np.ndarray] | None = None):
    import pyarrow as pa

    offsets = np.concatenate([[0], np.cumsum([len(p) for p in parts])]).astype(np.int32)
    flat = np.concatenate(parts) if parts else np.zeros(0)
    mask = np.concatenate(null_where) if null_where is not None and parts else None
    values = pa.array(flat, type=pa_type, mask=mask)
    return pa.ListArray.from_arrays(pa.array(offsets), values)


def to_arrow(examples: list[ScoredExample]):
    import pyarrow as pa

    not_resp = [~e.is_response for e in examples]
    cols = {
        "example_id": pa.array([e.example_id for e in examples], pa.string()),
        "source": pa.array([e.source for e in examples], pa.string()),
        "n_tokens": pa.array([len(e) for e in examples], pa.int32()),
        "n_response": pa.array([e.n_response for e in examples], pa.int32()),
        "n_masked": pa.array([int(e.masked.sum()) for e in examples], pa.int32()),
        "token_ids": _list_array([e.token_ids for e in examples], pa.int32()),
        "tokens": pa.array([list(e.tokens) for e in examples], pa.list_(pa.string())),
        "is_response": _list_array([e.is_response for e in examples], pa.bool_()),
    }
    for a in ATTRIBUTES:
        cols[a] = _list_array([e.score(a).astype(np.float32) for e in examples], pa.float32(), not_resp)
    for name in ("lacks_ri", "lacks_kn", "lacks_tr", "masked"):
        cols[name] = _list_array([getattr(e, name) for e in examples], pa.bool_())
    return pa.table(cols)


def write_token_file(path: str | Path, examples: list[ScoredExample], kind: str, settings: dict, summary: dict) -> Path:
    """Write the token file atomically (temp file + rename): a crash never leaves half a file."""
    import duckdb

    if kind not in KINDS:
        raise ValueError(kind)
    if any(e.masked is None for e in examples):
        raise ValueError("apply_rule before writing: every example needs its mask")
    p = Path(path).expanduser()
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(f".{p.name}.tmp")
    table = to_arrow(examples)
    con = duckdb.connect()
    try:
        con.register("xtf_tokens", table)
        con.execute(
            f"COPY (SELECT * FROM xtf_tokens) TO '{_sql_path(tmp)}' (FORMAT parquet, COMPRESSION zstd, "
            "KV_METADATA {xtf_format_version: $v, xtf_kind: $k, xtf_settings: $s, xtf_summary: $m})",
            {"v": str(FORMAT_VERSION), "k": kind, "s": json.dumps(settings), "m": json.dumps(summary)},
        )
    finally:
        con.close()
    tmp.replace(p)
    return p


def _sql_path(p: Path) -> str:
    return str(p).replace("'", "''")


def read_metadata(path: str | Path) -> dict[str, str]:
    import duckdb

    p = Path(path).expanduser()
    if not p.is_file():
        raise UserError(f"no file at {p}; make one with `xtf score` or `xtf mask`")
    con = duckdb.connect()
    try:
        rows = con.execute("SELECT key, value FROM parquet_kv_metadata(?)", [str(p)]).fetchall()
    except duckdb.Error:
        raise UserError(f"{p} is not a Parquet file; give a file written by `xtf score` or `xtf mask`") from None
    finally:
        con.close()

    def text(x) -> str:
        return x.decode("utf-8") if isinstance(x, (bytes, bytearray)) else str(x)

    meta = {text(k): text(v) for k, v in rows}
    version = meta.get("xtf_format_version")
    if version is None:
        raise UserError(f"{p} is not an XTF token file (it has no xtf_format_version); make one with `xtf score`")
    if version != str(FORMAT_VERSION):
        raise UserError(
            f"{p} is an XTF token file of format version {version}; this ehr-tui reads version "
            f"{FORMAT_VERSION} only (score the data again, or use the ehr-tui that wrote it)"
        )
    return meta


def _split(list_col, counts_offsets, to_numpy=True):
    flat = list_col.combine_chunks()
    values = flat.flatten()
    arr = values.to_numpy(zero_copy_only=False) if to_numpy else values.to_pylist()
    offs = counts_offsets
    return [arr[offs[i] : offs[i + 1]] for i in range(len(offs) - 1)]


def read_token_file(path: str | Path, example_ids: list[str] | None = None) -> TokenFile:
    """Read a token file (all examples, or those in ``example_ids``), checking its format version."""
    import duckdb
    import pyarrow as pa

    p = Path(path).expanduser()
    meta = read_metadata(p)
    con = duckdb.connect()
    try:
        sql = f"SELECT * FROM read_parquet('{_sql_path(p)}')"
        if example_ids is not None:
            con.register("wanted", pa.table({"id": list(example_ids)}))
            sql += " WHERE example_id IN (SELECT id FROM wanted)"
        t = con.sql(sql).to_arrow_table()
    except duckdb.Error as e:
        raise UserError(f"cannot read {p}: {str(e).splitlines()[0]}") from None
    finally:
        con.close()
    missing = {"example_id", "token_ids", "is_response", "masked", *ATTRIBUTES} - set(t.column_names)
    if missing:
        raise UserError(f"{p} lacks the columns {', '.join(sorted(missing))}; is it an XTF token file?")
    counts = np.asarray(t.column("n_tokens").to_numpy(), dtype=np.int64)
    offs = np.concatenate([[0], np.cumsum(counts)])
    cols = {c: _split(t.column(c), offs) for c in ("token_ids", "is_response", *ATTRIBUTES,
                                                   "lacks_ri", "lacks_kn", "lacks_tr", "masked")}
    tokens = _split(t.column("tokens"), offs, to_numpy=False)
    examples = [
        ScoredExample(
            example_id=eid, source=src, token_ids=cols["token_ids"][i].astype(np.int32), tokens=tokens[i],
            is_response=cols["is_response"][i].astype(bool),
            ri=cols["ri"][i].astype(np.float32), kn=cols["kn"][i].astype(np.float32), tr=cols["tr"][i].astype(np.float32),
            lacks_ri=cols["lacks_ri"][i].astype(bool), lacks_kn=cols["lacks_kn"][i].astype(bool),
            lacks_tr=cols["lacks_tr"][i].astype(bool), masked=cols["masked"][i].astype(bool),
        )
        for i, (eid, src) in enumerate(zip(t.column("example_id").to_pylist(), t.column("source").to_pylist()))
    ]
    return TokenFile(p, meta.get("xtf_kind", "scores"), json.loads(meta.get("xtf_settings", "{}")),
                     json.loads(meta.get("xtf_summary", "{}")), examples)

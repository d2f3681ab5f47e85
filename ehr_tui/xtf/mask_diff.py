"""Which tokens two masks disagree on: two mask files, or two rules over one scores file.

Examples are matched by id and compared position by position (they must hold the same tokens,
i.e. come from the same tokenizer, template and max length). Per example: the response tokens
masked only by A, only by B, by both. Summary: those counts over all shared examples, the share
of response tokens on which A and B agree, the examples only one file has, and, by attribute,
how many of the tokens only A (only B) masks lack that attribute by A's (B's) own flags: which
attribute the disagreement comes from.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import UserError
from .masks import ATTRIBUTES, ScoredExample


@dataclass
class ExampleDiff:
    example_id: str
    only_a: np.ndarray  # bool over the example's token positions
    only_b: np.ndarray
    both: np.ndarray
    n_response: int

    @property
    def disagree(self) -> int:
        return int(self.only_a.sum() + self.only_b.sum())


@dataclass
class MaskDiff:
    name_a: str
    name_b: str
    examples: list[ExampleDiff]
    summary: dict

    def example(self, example_id: str) -> ExampleDiff:
        for e in self.examples:
            if e.example_id == example_id:
                return e
        raise UserError(f"no example {example_id!r} in both {self.name_a} and {self.name_b}")


def diff_examples(a: list[ScoredExample], b: list[ScoredExample], name_a: str = "A", name_b: str = "B") -> MaskDiff:
    """Compare the masks of two lists of scored examples (``masked`` and the lacks flags set)."""
    by_b = {e.example_id: e for e in b}
    ids_a = {e.example_id for e in a}
    diffs: list[ExampleDiff] = []
    by_attr = {side: {attr: 0 for attr in ATTRIBUTES} for side in ("only_a", "only_b")}
    for ea in a:
        eb = by_b.get(ea.example_id)
        if eb is None:
            continue
        if len(ea) != len(eb) or not np.array_equal(ea.token_ids, eb.token_ids):
            raise UserError(f"example {ea.example_id} holds other tokens in {name_b} than in {name_a}: they were "
                            "scored with another tokenizer or --max-length, so their masks cannot be compared")
        resp = ea.is_response
        ma, mb = ea.masked & resp, eb.masked & resp
        d = ExampleDiff(ea.example_id, ma & ~mb, mb & ~ma, ma & mb, int(resp.sum()))
        for attr in ATTRIBUTES:
            by_attr["only_a"][attr] += int((d.only_a & getattr(ea, f"lacks_{attr}")).sum())
            by_attr["only_b"][attr] += int((d.only_b & getattr(eb, f"lacks_{attr}")).sum())
        diffs.append(d)
    n_resp = sum(d.n_response for d in diffs)
    only_a = sum(int(d.only_a.sum()) for d in diffs)
    only_b = sum(int(d.only_b.sum()) for d in diffs)
    summary = {
        "examples_compared": len(diffs),
        "examples_only_in_a": sorted(ids_a - by_b.keys()),
        "examples_only_in_b": sorted(by_b.keys() - ids_a),
        "response_tokens": n_resp,
        "masked_a": sum(int(d.only_a.sum() + d.both.sum()) for d in diffs),
        "masked_b": sum(int(d.only_b.sum() + d.both.sum()) for d in diffs),
        "masked_both": sum(int(d.both.sum()) for d in diffs),
        "only_a": only_a,
        "only_b": only_b,
        "agree_fraction": 1 - (only_a + only_b) / n_resp if n_resp else 1.0,
        "examples_disagreeing": sum(1 for d in diffs if d.disagree),
        "lacking": by_attr,
    }
    return MaskDiff(name_a, name_b, diffs, summary)


def diff_files(path_a, path_b) -> MaskDiff:
    from .masks import read_token_file

    a, b = read_token_file(path_a), read_token_file(path_b)
    if not {e.example_id for e in a.examples} & {e.example_id for e in b.examples}:
        from ..errors import UserError

        raise UserError(f"{path_a} and {path_b} have no example in common, so no token can be compared: diff two "
                        "files scored from the same data (or two rules over one file with --rule A --rule B)")
    return diff_examples(a.examples, b.examples, str(a.path), str(b.path))


def diff_rules(path, rule_a: str, rule_b: str) -> MaskDiff:
    """Two rules over one scores file (with the file's thresholds)."""
    import copy

    from .masks import Thresholds, apply_rule, parse_rule, read_token_file

    ra, rb = parse_rule(rule_a), parse_rule(rule_b)
    f = read_token_file(path)
    stored = {k: v for k, v in (f.settings.get("thresholds") or {}).items() if k in Thresholds.__dataclass_fields__}
    th = Thresholds(**{**stored, "tr_band": tuple(stored["tr_band"]) if stored.get("tr_band") else None})
    other = copy.deepcopy(f.examples)
    apply_rule(f.examples, ra, th)
    apply_rule(other, rb, th)
    return diff_examples(f.examples, other, ra.text, rb.text)

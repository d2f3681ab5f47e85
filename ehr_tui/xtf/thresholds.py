"""Multi-Otsu thresholds: the split of task relevance into classes.

Multi-Otsu is written here on a histogram with numpy (exact dynamic programme over bin edges,
maximising the between-class variance as Otsu/Liao et al. define it) rather than taken from
scikit-image: that library would bring scipy, networkx, pillow, imageio and tifffile into the
project for one 1-D function of some twenty lines.
"""

from __future__ import annotations

import numpy as np


def multi_otsu(values: np.ndarray, classes: int = 3, bins: int = 256) -> list[float]:
    """Thresholds t_1 < ... < t_{classes-1} splitting ``values`` into ``classes`` classes.

    Class c holds the values v with t_c <= v < t_{c+1} (``np.digitize(v, thresholds)``). The
    split is scikit-image's (``threshold_multiotsu``), but each threshold is the lower edge of the
    first bin of the class above rather than the centre of the last bin below, so that no value of
    a bin is assigned to the other class. Returns [] when the data have fewer distinct values
    than classes (no split exists).
    """
    if classes < 2:
        raise ValueError("multi-Otsu needs at least 2 classes")
    v = np.asarray(values, dtype=np.float64)
    v = v[np.isfinite(v)]
    if np.unique(v).size < classes:
        return []
    hist, edges = np.histogram(v, bins=bins)
    centres = (edges[:-1] + edges[1:]) / 2
    p = hist / hist.sum()
    # Cumulative weight and first moment up to (and including) each bin, with a leading zero.
    w = np.concatenate([[0.0], np.cumsum(p)])
    m = np.concatenate([[0.0], np.cumsum(p * centres)])
    n = bins
    # score[i, j]: between-class term of a class spanning bins i..j-1 (i < j), i.e. m^2 / w.
    i_idx, j_idx = np.meshgrid(np.arange(n + 1), np.arange(n + 1), indexing="ij")
    dw = w[j_idx] - w[i_idx]
    dm = m[j_idx] - m[i_idx]
    with np.errstate(divide="ignore", invalid="ignore"):
        score = np.where((j_idx > i_idx) & (dw > 0), dm * dm / dw, np.where(j_idx > i_idx, 0.0, -np.inf))
    # best[c][j]: the best total for splitting bins 0..j-1 into c+1 classes; arg for backtracking.
    best = score[0].copy()
    args = []
    for _c in range(1, classes):
        cand = best[:, None] + score  # end previous classes at i, new class spans i..j-1
        arg = np.argmax(cand, axis=0)
        best = cand[arg, np.arange(n + 1)]
        args.append(arg)
    cuts = []
    j = n
    for arg in reversed(args):
        j = int(arg[j])
        cuts.append(j)
    cuts.reverse()  # bin indices where classes 1.. start
    return [float(edges[c]) for c in cuts]

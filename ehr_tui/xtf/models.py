"""Loading a local causal LM (a ``save_pretrained`` folder): the checks, the device and the dtype.

Scoring, training, evaluation and generation all load models here, so a missing or broken model
folder is the same one sentence everywhere, and is found before any data is read.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import UserError


def check_model_dir(path: str | Path, flag: str = "--model") -> Path:
    """The folder, if it holds a model saved with save_pretrained; else a UserError naming ``flag``."""
    p = Path(path).expanduser()
    if not (p / "config.json").is_file():
        raise UserError(f"no model at {p}: give {flag} a folder saved with save_pretrained (config.json, "
                        "weights, tokenizer); `xtf demo-model -o DIR` writes a tiny one to try the commands")
    return p


def pick_device(name: str):
    """auto: the GPU of this process (cuda:LOCAL_RANK under torchrun), else MPS, else CPU."""
    import torch

    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    if name in ("auto", "cuda") and torch.cuda.is_available():
        return torch.device("cuda", local_rank % torch.cuda.device_count())
    if name == "cuda" or name.startswith("cuda:"):
        if not torch.cuda.is_available():
            raise UserError(f"--device {name} was asked for but no CUDA GPU is available; use --device cpu")
        return torch.device(name)
    if name in ("auto", "mps") and getattr(torch.backends, "mps", None) and torch.backends.mps.is_available():
        return torch.device("mps")
    if name == "mps":
        raise UserError("--device mps was asked for but this machine has no Apple GPU; use --device cpu")
    return torch.device("cpu")


def pick_dtype(name: str, device):
    """auto: bfloat16 on a GPU that has it (else float16), float32 elsewhere."""
    import torch

    if name == "auto":
        if device.type == "cuda":
            return torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
        return torch.float32
    return getattr(torch, name)


def load_model_and_tokenizer(path: str | Path, device: str = "auto", dtype: str = "auto", attn: str | None = "eager"):
    """(model, tokenizer, device) from a local folder via from_pretrained; model in eval mode."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    p = check_model_dir(path)
    dev = pick_device(device)
    try:
        tokenizer = AutoTokenizer.from_pretrained(p)
        model = AutoModelForCausalLM.from_pretrained(p, dtype=pick_dtype(dtype, dev), attn_implementation=attn)
    except (OSError, ValueError) as e:
        raise UserError(f"cannot load the model at {p}: {str(e).splitlines()[0]}") from None
    model.to(dev).eval()
    return model, tokenizer, dev

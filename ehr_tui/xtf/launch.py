"""Processes and devices: the torchrun environment (Dist), device choice, and launch command lines
for this machine, several nodes, or a Slurm script.
"""

from __future__ import annotations

import os
import shlex
import sys
from dataclasses import dataclass

from ..errors import UserError


@dataclass
class Dist:
    world_size: int = 1
    rank: int = 0
    local_rank: int = 0

    @property
    def enabled(self) -> bool:
        return self.world_size > 1

    @property
    def main(self) -> bool:
        return self.rank == 0

    @classmethod
    def from_env(cls) -> "Dist":
        return cls(int(os.environ.get("WORLD_SIZE", "1")), int(os.environ.get("RANK", "0")),
                   int(os.environ.get("LOCAL_RANK", "0")))

    def barrier(self) -> None:
        if self.enabled:
            import torch.distributed as td

            td.barrier()

    def sum(self, values: list[float], device) -> list[float]:
        """Element-wise sum over ranks (float64)."""
        if not self.enabled:
            return list(values)
        import torch
        import torch.distributed as td

        t = torch.tensor(values, dtype=torch.float64, device=device)
        td.all_reduce(t)
        return t.tolist()


def pick_device(name: str, d: Dist):
    import torch

    if name in ("auto", "cuda") and torch.cuda.is_available():
        return torch.device("cuda", d.local_rank % torch.cuda.device_count())
    if name == "cuda" or name.startswith("cuda:"):
        if not torch.cuda.is_available():
            raise UserError(f"--device {name} was asked for but no CUDA GPU is available; use --device cpu")
        return torch.device(name)
    if name == "mps" or (name == "auto" and getattr(torch.backends, "mps", None) and torch.backends.mps.is_available()
                         and not d.enabled):
        return torch.device("mps")
    return torch.device("cpu")


def describe_devices() -> list[str]:
    """The compute devices this machine offers, for the app's form and `xtf train --help`."""
    import torch

    if torch.cuda.is_available():
        out = []
        for i in range(torch.cuda.device_count()):
            p = torch.cuda.get_device_properties(i)
            out.append(f"cuda:{i} {p.name} ({p.total_memory / 2**30:.0f} GiB)")
        return out
    return [f"cpu ({os.cpu_count() or 1} cores; no CUDA GPU)"]


def gpu_count() -> int:
    import torch

    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def probe_devices(timeout_s: float = 120.0) -> tuple[list[str], int]:
    """(describe_devices(), gpu_count()) asked of a child Python: the app never imports torch itself
    (seconds of import holding the GIL would freeze the screen, and CUDA would stay initialised)."""
    import json
    import subprocess

    code = ("import json; from ehr_tui.xtf.launch import describe_devices, gpu_count; "
            "print(json.dumps([describe_devices(), gpu_count()]))")
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=timeout_s)
        devices, gpus = json.loads(done.stdout.strip().splitlines()[-1])
        return list(devices), int(gpus)
    except (subprocess.TimeoutExpired, OSError, ValueError, IndexError):
        return ["unknown (could not ask torch: is it installed in this environment?)"], 0


def launch_command(args: list[str], nproc_per_node: int = 1, nnodes: int = 1, node_rank: int = 0,
                   master_addr: str = "127.0.0.1", master_port: int = 29500, python: str | None = None,
                   command: str = "train") -> list[str]:
    """The argv that runs ``xtf COMMAND ARGS`` in ``nproc_per_node`` processes on each of ``nnodes``
    nodes: ``python -m torch.distributed.run ...`` (what `torchrun` runs); a single process needs none."""
    if nproc_per_node < 1 or nnodes < 1:
        raise UserError("--nproc-per-node and --nnodes must be at least 1")
    if not 0 <= node_rank < nnodes:
        raise UserError(f"--node-rank must be between 0 and {nnodes - 1}")
    py = python or sys.executable
    if nproc_per_node == 1 and nnodes == 1:
        return [py, "-m", "xtf_cli.main", command, *args]
    run = [py, "-m", "torch.distributed.run", f"--nproc-per-node={nproc_per_node}"]
    if nnodes == 1:
        run.append("--standalone")
    else:
        run += [f"--nnodes={nnodes}", f"--node-rank={node_rank}", f"--master-addr={master_addr}",
                f"--master-port={master_port}"]
    return [*run, "-m", "xtf_cli.main", command, *args]


def shell_line(argv: list[str]) -> str:
    """The argv as one shell line, `python -m torch.distributed.run` written as `torchrun`."""
    parts = list(argv)
    if len(parts) > 2 and parts[1:3] == ["-m", "torch.distributed.run"]:
        parts = ["torchrun", *parts[3:]]
    elif len(parts) > 2 and parts[1:3] == ["-m", "xtf_cli.main"]:
        parts = ["xtf", *parts[3:]]
    return " ".join(shlex.quote(p) for p in parts)


# Expanded by each node's own shell (inside the single-quoted bash -c script), never by the batch
# shell: there SLURM_NODEID is 0, and every node would become rank 0.
_NODE_RANK = '--node-rank="$SLURM_NODEID"'
_MASTER = '--master-addr="$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)"'


def slurm_line(args: list[str], nproc_per_node: int, nnodes: int, master_port: int = 29500,
               command: str = "train") -> str:
    """One line for an sbatch script: srun starts one task per node, and each node's own shell
    (``bash -c '...'``) expands its node rank and the first node's host name before torchrun runs."""
    argv = launch_command(args, nproc_per_node, nnodes, 0, "MASTER", master_port, command=command)
    if nnodes == 1:
        return shell_line(argv)
    launcher, program = argv[3:argv.index("-m", 3)], argv[argv.index("-m", 3):]
    shell = {"--node-rank=0": _NODE_RANK, "--master-addr=MASTER": _MASTER}
    inner = " ".join(["torchrun", *(shell.get(p, shlex.quote(p)) for p in launcher),
                      *(shlex.quote(p) for p in program)])
    return f"srun --nodes={nnodes} --ntasks-per-node=1 bash -c {shlex.quote('exec ' + inner)}"

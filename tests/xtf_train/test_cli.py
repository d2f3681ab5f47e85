"""`xtf train` / `xtf jobs` from the command line, and real 2-process torchrun trainings (gloo on CPU)."""

from __future__ import annotations

import argparse
import os
import subprocess

import numpy as np
import pytest

from ehr_tui.xtf.train import TrainConfig, config_to_args, launch_command, read_metrics, slurm_line, train
from xtf_cli.main import main
from xtf_cli.train import config_from_args, register


def _parse(argv):
    parser = argparse.ArgumentParser()
    register(parser.add_subparsers(dest="command"))
    return parser.parse_args(["train", *argv])


def test_every_setting_survives_the_command_line(tiny_model, data_file, masks_file, tmp_path):
    c = TrainConfig(model=str(tiny_model), data=[str(data_file), str(data_file)], output=str(tmp_path),
                    masks=str(masks_file), epochs=3, max_steps=9, lr=1e-4, batch_size=2, grad_accum=4, max_len=128,
                    warmup_ratio=0.1, scheduler="linear", weight_decay=0.01, max_grad_norm=0.5, bf16=True,
                    gradient_checkpointing=True, lora=True, lora_r=8, lora_alpha=16, lora_dropout=0.1,
                    lora_targets="q_proj,v_proj", strategy="ddp", seed=3, log_every=2, save_every=5,
                    save_total_limit=1, device="cpu", limit=4, source="chat")
    assert config_from_args(_parse(config_to_args(c))) == c
    d = TrainConfig(model="m", data=["d"], output="o")
    assert config_to_args(d) == ["--model", "m", "--data", "d", "--output", "o"]


def test_launch_commands():
    assert launch_command(["--model", "m"], python="py") == ["py", "-m", "xtf_cli.main", "train", "--model", "m"]
    assert launch_command(["-x"], 4, python="py") == [
        "py", "-m", "torch.distributed.run", "--nproc-per-node=4", "--standalone", "-m", "xtf_cli.main", "train", "-x"]
    two = launch_command(["-x"], 8, 2, 1, "10.0.0.1", 29600, python="py")
    assert two[3:8] == ["--nproc-per-node=8", "--nnodes=2", "--node-rank=1", "--master-addr=10.0.0.1",
                        "--master-port=29600"]
    line = slurm_line(["--model", "m"], 8, 2)
    assert line.startswith("srun --nodes=2 --ntasks-per-node=1 torchrun --nproc-per-node=8 --nnodes=2 ")
    assert "--node-rank=$SLURM_NODEID" in line and "SLURM_JOB_NODELIST" in line


def test_print_command(tiny_model, data_file, tmp_path, capsys):
    base = ["train", "--model", str(tiny_model), "--data", str(data_file), "-o", str(tmp_path / "o")]
    assert main([*base, "--nproc-per-node", "2", "--print-command"]) == 0
    out = capsys.readouterr().out
    assert "torchrun --nproc-per-node=2 --standalone -m xtf_cli.main train --model" in out
    assert main([*base, "--nproc-per-node", "8", "--nnodes", "2", "--print-command"]) == 0
    assert "srun --nodes=2" in capsys.readouterr().out
    assert main([*base, "--print-command"]) == 0
    assert capsys.readouterr().out.startswith("xtf train --model")
    assert not (tmp_path / "o").exists()


def test_train_command(tiny_model, data_file, masks_file, tmp_path, capsys):
    out = tmp_path / "o"
    rc = main(["train", "--model", str(tiny_model), "--data", str(data_file), "--masks", str(masks_file), "-o",
               str(out), "--max-steps", "3", "--batch-size", "3", "--device", "cpu", "--save-every", "2"])
    assert rc == 0
    text = capsys.readouterr().out
    assert "step 3/3 loss" in text and "tok/s" in text and f"model in {out / 'final'}" in text
    assert (out / "checkpoint-2" / "model.safetensors").is_file()


@pytest.mark.parametrize("argv, message", [
    (["--model", "/nonexistent"], "error: no model at /nonexistent"),
    (["--batch-size", "0"], "error: --batch-size must be at least 1"),
    (["--nproc-per-node", "2", "--node-rank", "3", "--print-command"], "error: --node-rank must be between"),
])
def test_train_mistakes_are_one_sentence(tiny_model, data_file, tmp_path, capsys, argv, message):
    base = ["train", "--model", str(tiny_model), "--data", str(data_file), "-o", str(tmp_path / "o")]
    assert main([*base, *argv]) == 2
    err = capsys.readouterr().err
    assert message in " ".join(err.split()) and "Traceback" not in err


def test_jobs_command(capsys):
    assert main(["jobs"]) == 0
    assert "no jobs yet" in capsys.readouterr().out
    assert main(["jobs", "show", "nope"]) == 2
    assert "no job 'nope'" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("strategy", ["ddp", "fsdp"])
def test_torchrun_two_processes_match_one(config, tmp_path, strategy):
    """Two gloo processes with micro-batches of 2 train exactly like one process with batches of 4."""
    single = train(config(max_steps=3, batch_size=4, output=str(tmp_path / "one")))
    out = tmp_path / "two"
    args = config_to_args(config(max_steps=3, batch_size=2, output=str(out), strategy=strategy, save_every=2))
    env = {**os.environ, "OMP_NUM_THREADS": "1"}
    p = subprocess.run(launch_command(args, nproc_per_node=2), capture_output=True, text=True, timeout=600, env=env)
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-3000:]
    records, _ = read_metrics(out / "metrics.jsonl")
    assert records[0]["world_size"] == 2 and records[0]["strategy"] == strategy
    steps = [r for r in records if r["event"] == "step"]
    np.testing.assert_allclose([r["loss"] for r in steps], single.losses, rtol=1e-4)
    assert (out / "final" / "model.safetensors").is_file() and (out / "checkpoint-2" / "optimizer.pt").is_file()

"""Per-token training loss of a fine-tune, before (base model) and after, on a file's own tokens."""

from __future__ import annotations

import json
import shutil

import numpy as np
import pytest
import torch

from ehr_tui.errors import UserError
from ehr_tui.xtf.masks import read_token_file
from ehr_tui.xtf.token_loss import LossOverlay, base_model_of
from xtf_cli.main import main


def test_losses_before_and_after(finetuned, tiny_model, masks_file):
    assert base_model_of(finetuned).resolve() == tiny_model.resolve()
    f = read_token_file(masks_file)
    ex = f.examples[0]
    overlay = LossOverlay(finetuned, device="cpu", vocab_size=f.settings["tokenization"]["vocab_size"])
    loss = overlay.loss(ex)
    resp = ex.is_response
    assert np.isnan(loss.before[~resp]).all() and np.isfinite(loss.before[resp][1:]).all()
    # "before" is the base model's teacher-forced cross-entropy of exactly these token ids.
    with torch.inference_mode():
        logits = overlay.before(input_ids=torch.as_tensor(ex.token_ids[None, :].astype(np.int64))).logits[0]
    k = int(np.flatnonzero(resp)[1])
    ref = float(torch.nn.functional.cross_entropy(logits[k - 1][None].float(), torch.tensor([int(ex.token_ids[k])])))
    assert loss.before[k] == pytest.approx(ref, rel=1e-4)
    kept = resp & ~ex.masked
    assert np.nanmean(loss.after[kept]) < np.nanmean(loss.before[kept])  # trained on: learned
    v = loss.values("change")
    assert np.nanmin(v) >= 0 and np.nanmax(v) <= 1 and overlay.loss(ex) is loss  # cached


def test_inspect_with_a_finetune(finetuned, masks_file, capsys, tmp_path):
    assert main(["inspect", str(masks_file), "--finetune", str(finetuned), "--loss", "change"]) == 0
    out = capsys.readouterr().out
    assert "loss on kept tokens:" in out and "before ->" in out and "loss change (before - after)" in out
    plain = tmp_path / "plain"
    plain.mkdir()
    shutil.copy(finetuned / "config.json", plain / "config.json")
    with pytest.raises(UserError, match="does not say which model"):
        base_model_of(plain)
    (plain / "train_info.json").write_text(json.dumps({"base_model": str(tmp_path / "gone")}))
    with pytest.raises(UserError, match="base model"):
        base_model_of(plain)


async def test_the_masks_screen_overlays_the_training_loss(finetuned, masks_file):
    from textual.app import App

    from ehr_tui.screens.masks import MasksScreen
    from ehr_tui.widgets.token_heatmap import TokenHeatmap
    from tests.app.conftest import settle

    class ScreenApp(App):
        def on_mount(self) -> None:
            self.push_screen(MasksScreen(masks_file))

    app = ScreenApp()
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        await pilot.press("4")  # no fine-tune yet: asks for one
        await settle(pilot)
        await pilot.press(*str(finetuned), "enter")
        for _ in range(200):
            await settle(pilot)
            if screen.losses:
                break
            await pilot.pause(0.1)
        await settle(pilot)
        heatmap = screen.query_one(TokenHeatmap)
        legend_text = str(screen.query_one("#masks-legend").render())
        assert screen.loss_mode == "after" and heatmap.values is not None and "training loss after" in legend_text
        assert " → " in str(screen.query_one("#masks-token").render())
        for mode in ("before", "change", None):
            await pilot.press("4")
            assert screen.loss_mode == mode
        assert heatmap.values is None and "RI reasoning importance" in str(screen.query_one("#masks-legend").render())

"""The Masks screen inside a small test App (the main App wires it in later)."""

import dataclasses

import numpy as np
from rich.text import Text
from textual.app import App

from ehr_tui.screens.masks import MasksScreen, masks_output_path
from ehr_tui.widgets.token_heatmap import TokenHeatmap
from ehr_tui.xtf.masks import read_token_file
from ehr_tui.xtf.render import MASKED_STYLE, render_tokens

from .conftest import synthetic_examples


class ScreenApp(App):
    def __init__(self, path):
        super().__init__()
        self.path = path

    def on_mount(self) -> None:
        self.push_screen(MasksScreen(self.path))


def text_of(app, selector) -> str:
    return str(app.screen.query_one(selector).render())


async def ready(pilot):
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def test_navigation_attributes_and_live_threshold(synthetic_file):
    app = ScreenApp(synthetic_file)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        screen = app.screen
        heatmap = screen.query_one(TokenHeatmap)
        assert heatmap.example.example_id == "syn0"
        assert "example 1/2 · syn0" in text_of(app, "#masks-title")
        # The cursor starts on the first response token and shows its scores.
        first = int(np.flatnonzero(heatmap.example.is_response)[0])
        assert heatmap.cursor == first
        assert f"token {first} 'He'" in text_of(app, "#masks-token")
        await pilot.press("right", "right")
        assert heatmap.cursor == first + 2 and f"token {first + 2}" in text_of(app, "#masks-token")
        await pilot.press("end")
        assert "'<|im_end|>'" in text_of(app, "#masks-token")
        # Attributes switch with keys; the legend follows.
        await pilot.press("2")
        assert heatmap.attribute == "kn" and "KN knowledge novelty" in text_of(app, "#masks-legend")
        # Live threshold: KN threshold up -> more masked; the fraction shown follows and matches a re-derivation.
        before = screen.masked_flat.mean()
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
        assert screen.thresholds.kn_min == 0.23
        after = screen.masked_flat.mean()
        assert after >= before
        assert f"masked {after:.1%}" in text_of(app, "#masks-controls")
        await pilot.press("0")
        assert screen.thresholds.kn_min == 0.2 and screen.masked_flat.mean() == before
        # Example navigation wraps around.
        await pilot.press("n")
        assert heatmap.example.example_id == "syn1" and "example 2/2" in text_of(app, "#masks-title")
        await pilot.press("n")
        assert heatmap.example.example_id == "syn0"
        await pilot.press("p")
        assert heatmap.example.example_id == "syn1"


async def test_prompt_tokens_are_never_masked_live(synthetic_file):
    app = ScreenApp(synthetic_file)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        await pilot.press("3", *["right_square_bracket"] * 20, "1", *["right_square_bracket"] * 4)
        screen = app.screen
        heatmap = screen.query_one(TokenHeatmap)
        assert screen.thresholds.ri_iqr_k == 0.0
        assert heatmap.masked.any() and not heatmap.masked[~heatmap.example.is_response].any()


async def test_save_writes_masks_with_the_live_thresholds(synthetic_file):
    app = ScreenApp(synthetic_file)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        await pilot.press("2", "right_square_bracket", "ctrl+s")
        await ready(pilot)
        out = masks_output_path(synthetic_file)
        f = read_token_file(out)
        assert f.kind == "masks" and f.settings["thresholds"]["kn_min"] == 0.21
        shown = app.screen.masked_flat
        saved = np.concatenate([e.masked[e.is_response] for e in f.examples])
        np.testing.assert_array_equal(saved, shown)


async def test_unreadable_file_is_reported_not_raised(tmp_path):
    bad = tmp_path / "bad.parquet"
    bad.write_text("not parquet")
    app = ScreenApp(bad)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        assert "not a Parquet file" in text_of(app, "#masks-controls")
        await pilot.press("n", "right_square_bracket", "2")  # keys do nothing harmful without data


def test_render_marks_masked_and_prompt_tokens():
    ex = synthetic_examples()[0]
    ex.masked = ex.is_response & (np.arange(len(ex)) % 2 == 0)
    text: Text = render_tokens(ex, "tr")
    assert text.plain == "".join(ex.tokens).replace("\n", "↵\n")
    struck = {text.plain[s.start : s.end] for s in text.spans if MASKED_STYLE in str(s.style)}
    assert struck == {ex.tokens[i].replace("\n", "↵\n") for i in np.flatnonzero(ex.masked)}
    # Token text is data, never markup.
    ex.tokens[-1] = "[bold red]x[/]"
    assert render_tokens(ex, "ri").plain.endswith("[bold red]x[/]")


def test_masks_screen_snapshot(synthetic_file, snap_compare):
    async def run_before(pilot):
        await ready(pilot)
        await pilot.press("right", "right", "3")

    assert snap_compare(ScreenApp(synthetic_file), terminal_size=(100, 30), run_before=run_before)


async def test_masking_bugs_are_made_obvious(synthetic_file):
    app = ScreenApp(synthetic_file)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        screen = app.screen
        screen.thresholds = dataclasses.replace(screen.thresholds, kn_min=0.995)
        await pilot.press("2", "right_square_bracket")
        assert screen.thresholds.kn_min == 1.0
        assert "NOTHING LEFT TO TRAIN" in text_of(app, "#masks-title")
        assert "masked 100.0%" in text_of(app, "#masks-controls")


async def test_compare_with_another_mask_file(synthetic_file, tmp_path):
    from ehr_tui.xtf.masks import apply_rule, write_token_file

    f = read_token_file(synthetic_file)
    apply_rule(f.examples, "ri<p60")
    other = write_token_file(tmp_path / "other.parquet", f.examples, "masks", f.settings, {})
    app = ScreenApp(synthetic_file)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        screen = app.screen
        await pilot.press("d")
        await pilot.pause()
        await pilot.press(*str(other), "enter")
        await ready(pilot)
        heatmap = screen.query_one(TokenHeatmap)
        assert screen.compare is not None and heatmap.diff is not None
        only_here, only_there = heatmap.diff
        here = screen._example_masked()
        there = f.examples[0].masked
        np.testing.assert_array_equal(only_here, here & ~there)
        np.testing.assert_array_equal(only_there, there & ~here)
        title = text_of(app, "#masks-title")
        assert f"vs other.parquet: {int(only_here.sum())} only here, {int(only_there.sum())} only there" in title
        assert "masked only by other.parquet" in text_of(app, "#masks-legend")
        await pilot.press("d")
        assert screen.compare is None and heatmap.diff is None


async def test_a_file_with_no_example_in_common_is_not_compared(synthetic_file, tmp_path):
    import dataclasses

    from ehr_tui.xtf.masks import write_token_file

    f = read_token_file(synthetic_file)
    renamed = [dataclasses.replace(e, example_id=e.example_id + "-other") for e in f.examples]
    other = write_token_file(tmp_path / "other.parquet", renamed, "masks", f.settings, {})
    app = ScreenApp(synthetic_file)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        await pilot.press("d")
        await pilot.pause()
        await pilot.press(*str(other), "enter")
        await ready(pilot)
        import time

        deadline = time.monotonic() + 120  # the file is read in a worker: poll, do not guess how long it takes
        while time.monotonic() < deadline:
            if any("no example in common" in str(n.message) for n in app._notifications):
                break
            await pilot.pause(0.05)
        assert any("no example in common" in str(n.message) for n in app._notifications)
        assert app.screen.compare is None


async def test_a_random_control_file_shows_its_stored_mask(synthetic_file, tmp_path):
    from ehr_tui.xtf.masks import apply_random, write_token_file

    f = read_token_file(synthetic_file)
    apply_random(f.examples, 0.5, seed=3)
    path = write_token_file(tmp_path / "random.parquet", f.examples, "masks",
                            {**f.settings, "rule": "random:0.5:seed3"}, {})
    app = ScreenApp(path)
    async with app.run_test(size=(100, 32)) as pilot:
        await ready(pilot)
        screen = app.screen
        stored = np.concatenate([e.masked[e.is_response] for e in f.examples])
        np.testing.assert_array_equal(screen.masked_flat, stored)
        assert "random control" in text_of(app, "#masks-controls")

"""The `xtf` command: token-level noise filtering of fine-tuning data (a thin layer over ehr_tui.xtf)."""

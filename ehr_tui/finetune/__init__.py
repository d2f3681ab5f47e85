"""Evaluating fine-tuned models, and the XTF experiment (the paper's table as one command).

It sits above ``agent`` (EHR tasks are evaluated through the agent runner) and ``xtf`` (models,
generation, scoring, masks, training), and below the screens and the CLIs:

answers.py     each dataset's answer extraction and metric (GSM8K, PubMedQA-L), one place
humaneval.py   HumanEval programs, executed in the agent's confined Python worker
ehr_tasks.py   ehr-tui tasks through the agent runner: an endpoint, or a local folder served here
evaluate.py    `xtf eval`: batched generation, per-example predictions, results JSON (resumable)
experiment.py  `xtf experiment`: the grid of model x dataset x condition x seed as background jobs
report.py      the results table: mean and 95% interval over seeds, the difference to plain SFT
"""

"""XTF: explainable token-level noise filtering of fine-tuning data (arXiv 2602.14536).

data.py      SFT examples (one versioned format) from GSM8K, PubMedQA, HumanEval, chat JSONL, agent runs
tokenize.py  THE tokenisation (chat template, response-token flags) shared by scoring and training
scoring.py   the three token attributes from one eager forward pass; the resumable scoring job
masks.py     noise flags, mask rules, summary statistics, the Parquet token file
thresholds.py multi-Otsu; domains.py domain word lists; render.py rich heatmap/legend/histogram
tinymodel.py a tiny random causal LM + tokenizer for tests, benchmarks and demos without a model hub
train.py     masked-loss fine-tuning (labels -100 where masked), checkpoints, resume, torchrun (DDP/FSDP)
jobs.py      background training jobs (job_runner.py is their wrapper process): launch, follow, cancel
"""

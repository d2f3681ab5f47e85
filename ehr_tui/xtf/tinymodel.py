"""A tiny causal LM with random weights and a tokenizer trained on the spot.

No machine here reaches a model hub, so tests, benchmarks and demos build their own model: a small
Llama configuration, a byte-level BPE tokenizer trained on the given texts with a ChatML chat
template, both saved with ``save_pretrained`` so that the real loading code (``from_pretrained``)
is what gets exercised. ``xtf demo-model`` writes one for users without a model: useless for
accuracy (random weights), useful for trying every command on CPU.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

# ChatML, as used by many open chat models; the assistant turn ends with <|im_end|>; tool calls
# are written Hermes/Qwen style.
CHATML_TEMPLATE = (
    "{% for m in messages %}<|im_start|>{{ m['role'] }}\n{{ m['content'] }}"
    "{% if m['tool_calls'] is defined and m['tool_calls'] %}{% for c in m['tool_calls'] %}"
    "<tool_call>{\"name\": \"{{ c['function']['name'] }}\", \"arguments\": {{ c['function']['arguments'] }}}</tool_call>"
    "{% endfor %}{% endif %}<|im_end|>\n{% endfor %}"
    "{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)
SPECIAL_TOKENS = ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|pad|>", "<tool_call>", "</tool_call>"]


def build_tokenizer(texts: Iterable[str], vocab_size: int = 512):
    """A byte-level BPE tokenizer trained on ``texts``, wrapped for transformers."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.BPE())
    # trim_offsets=False: offsets cover the leading space of a word, so token texts tile the input.
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, trim_offsets=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        special_tokens=SPECIAL_TOKENS,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tok.train_from_iterator(list(texts), trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok,
        eos_token="<|im_end|>",
        pad_token="<|pad|>",
        bos_token="<|endoftext|>",
    )
    fast.chat_template = CHATML_TEMPLATE
    return fast


def build_tiny_model(
    out_dir: str | Path,
    texts: Iterable[str],
    *,
    vocab_size: int = 512,
    hidden_size: int = 64,
    layers: int = 2,
    heads: int = 4,
    kv_heads: int = 2,
    max_positions: int = 32768,  # rotary positions: only a limit (the agent's system prompt is long)
    seed: int = 0,
) -> Path:
    """Save a random-weight Llama-style causal LM and its tokenizer to ``out_dir``; return the folder."""
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tokenizer = build_tokenizer(texts, vocab_size=vocab_size)
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=hidden_size * 2,
        num_hidden_layers=layers,
        num_attention_heads=heads,
        num_key_value_heads=kv_heads,
        max_position_embeddings=max_positions,
        pad_token_id=tokenizer.pad_token_id,
        eos_token_id=tokenizer.eos_token_id,
        bos_token_id=tokenizer.bos_token_id,
        tie_word_embeddings=False,
    )
    torch.manual_seed(seed)
    model = LlamaForCausalLM(config)
    model.save_pretrained(out)
    tokenizer.save_pretrained(out)
    return out


def demo_corpus() -> list[str]:
    """Deterministic text for the tokenizer: arithmetic, code, clinical and SQL sentences, the answer
    formats of the benchmarks, and the words of the agent's prompts."""
    import random

    rng = random.Random(0)
    out = []
    for i in range(150):
        a, b = rng.randint(2, 90), rng.randint(2, 90)
        out.append(f"Tom has {a} apples and buys {b} more. He has {a} + {b} = {a + b} apples in total.\n#### {a + b}")
        out.append(f"def add_{i}(x, y):\n    return x + y * {a}\n")
        out.append(f"The patient received {a} mg of the drug; blood pressure fell by {b} percent in the trial. "
                   "Answer: yes")
        out.append(f"SELECT COUNT(*) FROM mimiciv_hosp.patients WHERE anchor_age > {a}; the answer is {b}.")
    out.append("Context: Question: Answer yes, no or maybe. Complete the body of this Python function.")
    out.append('<tool_call>{"name": "execute_sql", "arguments": {"query": "SELECT 1"}}</tool_call> submit_answer')
    return out


def build_demo_model(out_dir: str | Path) -> Path:
    """The tiny random model of ``xtf demo-model`` (a little larger than the tests' one)."""
    return build_tiny_model(out_dir, demo_corpus(), vocab_size=1000, hidden_size=64, layers=2)

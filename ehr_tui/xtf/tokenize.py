"""Tokenise SFT examples with the model's tokenizer and chat template: THE tokenisation of XTF.

Scoring and masked-loss training both call ``tokenize_example``, so the token positions in a mask
file are the positions the trainer sees: ``labels[i] = input_ids[i]`` where ``is_response[i]`` and
the mask keeps the token, else -100.

Response tokens are what the model generates in an assistant turn of the response part: the
message content and its end-of-turn token, not the role header the template puts before it. They
are found by rendering the conversation prefix with ``add_generation_prompt=True`` (everything up
to where the model starts writing) and the prefix including the message: the difference is the
span the model writes. The full conversation is tokenised once and every token overlapping such a
span is a response token, so a token that merges template glue with the first content characters
still counts (otherwise the first response token would silently never be trained).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from ..errors import UserError
from .data import SFTExample

# For base models whose tokenizer has no chat template.
PLAIN_CHAT_TEMPLATE = (
    "{% for m in messages %}"
    "{% if m['role'] == 'assistant' %}### Assistant:\n{{ m['content'] }}"
    "{% if m['tool_calls'] is defined and m['tool_calls'] %}{% for c in m['tool_calls'] %}"
    "\nCALL {{ c['function']['name'] }} {{ c['function']['arguments'] }}{% endfor %}{% endif %}"
    "{{ eos_token }}\n\n"
    "{% else %}### {{ m['role'] | capitalize }}:\n{{ m['content'] }}\n\n{% endif %}"
    "{% endfor %}"
    "{% if add_generation_prompt %}### Assistant:\n{% endif %}"
)


@dataclass
class TokenizedExample:
    example_id: str
    input_ids: list[int]
    is_response: list[bool]
    tokens: list[str]  # the text each token covers; concatenated they give the rendered conversation
    truncated: bool

    @property
    def n_response(self) -> int:
        return sum(self.is_response)


def chat_template_of(tokenizer) -> str:
    return getattr(tokenizer, "chat_template", None) or PLAIN_CHAT_TEMPLATE


def tokenization_settings(tokenizer, max_length: int | None) -> dict:
    """What decides the token positions; stored in mask files so a trainer can check it matches."""
    template = chat_template_of(tokenizer)
    return {
        "chat_template": "tokenizer" if getattr(tokenizer, "chat_template", None) else "plain (built-in)",
        "chat_template_sha256": hashlib.sha256(template.encode()).hexdigest()[:16],
        "vocab_size": len(tokenizer),
        "max_length": max_length,
    }


def _render(tokenizer, messages: list[dict], generation_prompt: bool) -> str:
    # An assistant message that only calls tools has content None; templates would print "None".
    messages = [m if m.get("content") is not None else {**m, "content": ""} for m in messages]
    return tokenizer.apply_chat_template(
        messages, chat_template=chat_template_of(tokenizer), tokenize=False, add_generation_prompt=generation_prompt
    )


def response_spans(tokenizer, example: SFTExample) -> tuple[str, list[tuple[int, int]]]:
    """The rendered conversation and the character spans the model writes (assistant turns of the response)."""
    msgs = example.messages
    full = _render(tokenizer, msgs, False)
    eos = getattr(tokenizer, "eos_token", None)
    spans = []
    for i in range(example.response_start, len(msgs)):
        if msgs[i]["role"] != "assistant":
            continue
        before = _render(tokenizer, msgs[:i], True)
        upto = _render(tokenizer, msgs[: i + 1], False)
        if not (full.startswith(upto) and upto.startswith(before)):
            raise UserError(
                f"example {example.id}: the chat template renders earlier turns differently once later turns "
                "follow, so response tokens cannot be located; use a model whose template keeps turns as written"
            )
        end = len(upto)
        written = upto[len(before):]
        for call in msgs[i].get("tool_calls") or []:
            if call.get("function", {}).get("name", "") not in written:
                raise UserError(
                    f"example {example.id}: the model's chat template does not write tool calls, so the agent's "
                    "tool calls would vanish from its training text; use a model whose template renders tool_calls"
                )
        # Template glue after the end-of-turn token (ChatML's newline) is not something the model writes.
        if eos and eos in written and written.rstrip().endswith(eos):
            end = len(before) + len(written.rstrip())
        spans.append((len(before), end))
    return full, spans


def tokenize_example(tokenizer, example: SFTExample, max_length: int | None = None) -> TokenizedExample:
    """Token ids, the response flag of each token and each token's text, for one SFT example.

    ``tokenizer`` must be a fast tokenizer (character offsets are needed). Sequences longer than
    ``max_length`` are cut at the end (``truncated``); callers skip examples left with no response.
    """
    if not getattr(tokenizer, "is_fast", False):
        raise UserError("XTF needs a fast tokenizer (tokenizer.json) to map tokens to characters; this model has none")
    full, spans = response_spans(tokenizer, example)
    enc = tokenizer(full, add_special_tokens=False, return_offsets_mapping=True)
    ids = list(enc["input_ids"])
    offsets = [tuple(o) for o in enc["offset_mapping"]]
    is_resp = [any(s < b and e > a for a, b in spans) for s, e in offsets]
    starts = [s for s, _ in offsets]
    if starts and starts[0] == 0 and all(x <= y for x, y in zip(starts, starts[1:])):
        tokens = [full[s:n] for s, n in zip(starts, starts[1:] + [len(full)])]
    else:
        tokens = [tokenizer.decode([t]) for t in ids]
    truncated = max_length is not None and len(ids) > max_length
    if truncated:
        ids, is_resp, tokens = ids[:max_length], is_resp[:max_length], tokens[:max_length]
    return TokenizedExample(example.id, ids, is_resp, tokens, truncated)

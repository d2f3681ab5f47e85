import pytest

from ehr_tui.errors import UserError
from ehr_tui.xtf.data import SFTExample
from ehr_tui.xtf.tokenize import PLAIN_CHAT_TEMPLATE, tokenization_settings, tokenize_example


def response_text(t):
    return "".join(tok for tok, r in zip(t.tokens, t.is_response) if r)


def test_response_tokens_are_what_the_model_writes(tokenizer, examples):
    t = tokenize_example(tokenizer, examples[0])
    assert len(t.input_ids) == len(t.is_response) == len(t.tokens)
    # Token texts tile the rendered conversation, so positions map back to text exactly.
    assert "".join(t.tokens) == tokenizer.apply_chat_template(examples[0].messages, tokenize=False)
    # The assistant content and its end-of-turn token; not the role header, not the trailing newline.
    assert response_text(t).endswith("He has 3 + 4 = 7 apples.\n#### 7<|im_end|>")
    assert "assistant" not in response_text(t)
    assert not t.is_response[-1] and t.tokens[-1] == "\n"
    # The prompt is never a response token.
    first = t.is_response.index(True)
    assert "Tom has 3 apples" in "".join(t.tokens[:first])
    assert not any(t.is_response[:first])


def test_only_assistant_turns_of_the_response_count(tokenizer, examples):
    ex = examples[5]  # system, user, assistant, tool, assistant; response from message 2
    t = tokenize_example(tokenizer, ex)
    text = response_text(t)
    assert "SELECT COUNT(*) FROM patients;<|im_end|>" in text
    assert "There are 100 patients.<|im_end|>" in text
    assert "100\n" not in text.replace("There are 100 patients", "")  # the tool result is context
    assert "You answer with SQL" not in text


def test_token_merging_glue_and_content_counts_as_response(tokenizer):
    # "\n" + "x" may merge into one token across the header/content boundary: it must be trained.
    ex = SFTExample("g", "chat", [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "\nTom"}], 1)
    t = tokenize_example(tokenizer, ex)
    assert response_text(t).endswith("Tom<|im_end|>")
    assert t.n_response >= 2


def test_truncation(tokenizer, examples):
    full = tokenize_example(tokenizer, examples[4])
    cut = tokenize_example(tokenizer, examples[4], max_length=len(full.input_ids) - 5)
    assert cut.truncated and not full.truncated
    assert cut.input_ids == full.input_ids[:-5] and cut.is_response == full.is_response[:-5]


def test_plain_template_for_tokenizers_without_one(tokenizer, examples):
    saved = tokenizer.chat_template
    tokenizer.chat_template = None
    try:
        t = tokenize_example(tokenizer, examples[0])
        assert tokenization_settings(tokenizer, 64)["chat_template"] == "plain (built-in)"
    finally:
        tokenizer.chat_template = saved
    assert "### Assistant:" in "".join(t.tokens)
    assert response_text(t).startswith("He has") and response_text(t).endswith("#### 7<|im_end|>")
    assert "Assistant" in PLAIN_CHAT_TEMPLATE


def test_templates_that_rewrite_history_are_refused(tokenizer, examples):
    saved = tokenizer.chat_template
    # Renders only the last message: earlier turns change once later ones follow.
    tokenizer.chat_template = "{{ messages[-1]['content'] }}{% if add_generation_prompt %}>{% endif %}"
    try:
        with pytest.raises(UserError, match="renders earlier turns differently"):
            tokenize_example(tokenizer, examples[0])
    finally:
        tokenizer.chat_template = saved

"""Abstention: an answer that declines to give a value is its own outcome, never a value.

``abstention(text)`` names the phrase that makes a submitted answer a refusal or non-answer
("I could not determine ...", "No idea", "No data available", "unknown", "N/A", an empty
answer), or returns None. It is checked before any value is read, so "No idea" is never the
boolean False and "could not determine, 0 results" never the number 0.

``nothing_found(text)`` is the narrower "the data has nothing" family ("no results were found",
"the query returned no rows"): an abstention on ordinary tasks, but on a task whose true answer
is empty (``Task.empty_answer``) it is that answer, as are "none", "there are none" and "[]"
(``says_empty``).
"""

from __future__ import annotations

import re

from .text import Folded, safe_lower

_I = r"(?:i|we|i'm|i am|we are|i've|we've)"
_CANT = (r"(?:do not|don't|dont|cannot|can't|cant|can not|could not|couldn't|was unable to|were unable to|"
         r"am unable to|are unable to|unable to|am not able to|was not able to|wasn't able to|have no way to|"
         r"did not manage to|failed to)")
_VERB = (r"(?:know|determine|find|tell|answer|compute|calculate|identify|retrieve|locate|access|say|confirm|"
         r"verify|provide|get|obtain|be sure|be certain|work out|establish|see|query|resolve|extract|execute|run|"
         r"complete|process|connect|perform|reach)")
_REFUSALS = [
    rf"\b{_I}\s+{_CANT}\s+{_VERB}\b",
    rf"\b(?:unable|impossible|not possible|no way)\s+to\s+{_VERB}\b",
    r"\b(?:cannot|can't|can not|could not|couldn't)\s+(?:be\s+)?(?:determined|answered|computed|calculated|found|"
    r"identified|established|retrieved|known|confirmed|verified)\b",
    r"\b(?:cannot|can't|can not)\s+(?:answer|determine|tell|say)\b",
    r"^\W*unknown(?:\s+\w+)?\W*$", r"\bno idea\b", r"\bnot (?:entirely )?(?:sure|certain)\b", r"\bunsure\b", r"\bi(?:'m| am) sorry\b",
    r"\bi apologi[sz]e\b", r"\bno (?:definitive |clear )?answer\b", r"\bunanswerable\b", r"\bundetermin(?:ed|able)\b",
    r"\binsufficient (?:data|information|evidence)\b", r"\bnot enough (?:data|information|evidence)\b",
    r"\bno (?:relevant |such |available |usable )?(?:data|information)\b",
    r"\b(?:data|information|value|answer|result|date|time)s? (?:is|are|was|were) (?:not available|unavailable|missing|"
    r"not present|not recorded|unknown|not known|not determinable)\b",
    r"\b(?:is|are|was|were) not (?:available|determinable|known) (?:in|from) the (?:data|database|records)\b",
    r"\bnot (?:available|determinable) (?:in|from) the (?:data|database|records)\b",
    # a failed tool call, and a value guessed in its place ("The query failed, so I will assume 0")
    r"\b(?:query|queries|sql|tool|database|connection|execution|code|request|call)\b[^.;!?]{0,40}?\b(?:failed|fails|"
    r"errored|timed out|crashed|did not run|didn't run|threw an error|raised an error|gave an error|returned an error|"
    r"stopped|was interrupted|interrupted|aborted|was killed|was cancelled|was canceled)\b|"
    r"\b(?:query|step|time|token|tool[- ]call) limit (?:was )?(?:reached|hit|exceeded)\b",
    r"\b(?:binder|parser|catalog|conversion|runtime|syntax|execution|internal) error\b",
    rf"\b{_I}(?:'ll| will| would| shall| must| have to)?\s+(?:just\s+)?(?:assume|guess)\b",
    r"\b(?:don't|do not|doesn't|does not|didn't|did not)\s+have\s+(?:enough\s+|sufficient\s+|any\s+)?(?:access|data|"
    r"information|evidence)\b",
    r"\bnot that (?:i|we) (?:can|could) (?:tell|see|find|determine)\b",
    r"\b(?:isn't|is not|wasn't|was not|aren't|are not|weren't|were not)\s+(?:enough|sufficient)\s+(?:data|information|"
    r"evidence)\b",
    r"\bnothing (?:i|we) (?:can|could) (?:determine|tell|say|confirm|verify)\b",
    # a stand-in or an error printed where the value should be ("Placeholder: 0", "Traceback ... 0")
    r"\b(?:placeholder|traceback|stack ?trace|exception|dummy (?:value|answer)|tbd|to be determined)\b",
    # an error message, missing access or a run that stopped short, and a value put in its place
    # ("Error: table not found. Answer: 0", "Without database access, I estimate 5", "I hit the step limit")
    r"(?:^|[.;:!?\n]\s*)error\s*:|\b(?:table|column|relation|file) (?:\S+ )?(?:not found|does not exist)\b",
    r"\bwithout (?:any )?(?:database |data |db |query |tool )?access\b|\bno (?:database |data |db |tool )?access\b",
    r"\b(?:hit|reached|ran out of|exceeded) (?:the |my )?(?:step|turn|tool[- ]call|time|token) (?:limit|budget)\b|"
    r"\bran out of (?:steps|turns|time)\b|\bbefore finishing\b|\bpartial result\b",
    # no finding at all ("No clue", "No conclusive evidence either way"), or a plan instead of an answer
    # ("Yes, I can help with that. Let me query ...", an answer that is only SQL)
    r"\bno clue\b|\bno (?:conclusive|clear|definite|firm) (?:evidence|answer|result)\b|\binconclusive\b|"
    r"\beither way\b",
    # a value printed beside the admission that there is none ("0 (unknown)", "unknown, 0", "Answer: unknown (0)",
    # "0 (could not compute)", "None (the table was empty due to an error)", "[] (tool error)")
    r"^\W*(?:(?:the\s+)?(?:final\s+)?answer(?:\s+is)?\s*[:=]?\s*)?(?:unknown|n/a|undetermined|not (?:known|"
    r"available|computed|computable|determined|calculated))\b",
    r"[(\[]\s*(?:unknown|n/a|undetermined|not (?:known|available|computed|computable|determined|calculated)|"
    r"(?:could not|couldn't|cannot|can't|unable to) (?:be )?(?:compute|computed|calculate|calculated|determine|"
    r"determined)|error|failed|failure|timed out|timeout)\s*[)\]]",
    r"\bdue to (?:an?\s+|the\s+)?(?:\w+\s+)?(?:error|failure|timeout|crash)\b|"
    r"\b(?:tool|query|sql|database|db|execution|runtime|python|sandbox)\s+(?:error|failure|timeout)\b",
    # a pointer to where the answer is, or a reason not to give it, instead of the answer
    r"\b(?:i|we|you) (?:would|will|'d|'ll) need to (?:query|check|look|access|run|search|consult)\b|"
    r"\b(?:answer|information|data) can be found in\b|\bprotected health information\b|"
    r"\b(?:cannot|can't|can not|may not) be (?:shared|disclosed|released|provided)\b",
    r"\b(?:i|we) can help\b|\blet me (?:query|check|look|run|search|find|see|verify)\b|"
    r"\b(?:i|we)(?:'ll| will) (?:now )?(?:query|check|look|run|search)\b",
]
# hints: a word of each refusal pattern above, in order (most come down to "not" / "n't")
_REFUSAL_RE = Folded("|".join(f"(?:{p})" for p in _REFUSALS), hints=(
    "not", "n't", "dont", "cant", "unable", "no way", "fail", "impossible", "unknown", "idea", "unsure", "sorry",
    "apologi", "answer", "undetermin", "insufficient", "data", "information", "unavailable", "missing", "error",
    "timed out", "crash", "assume", "guess", "nothing", "placeholder", "trace", "exception", "dummy", "tbd",
    "to be determined", "error", "not found", "does not exist", "access", "limit", "budget", "ran out",
    "before finishing", "partial result", "clue", "conclusive", "no clear", "no definite", "no firm", "either way",
    "can help", "let me", "n/a", "timeout", "not ", "computed", "need to", "found in", "protected", "cannot",
    "can't", "can not", "may not", "stopped", "interrupt", "abort", "killed", "cancel",
    "ll query", "ll check", "ll look", "ll run", "ll search", "ll now"))
_NOTHING = [
    r"\bno (?:matching |relevant )?(?:results?|rows?|records?|matches|entries|hits)\b(?! (?:of|for|showing|"
    r"indicating|that|with)\b)",
    r"\b(?:query|search|lookup|sql)\s+(?:returned|returns|gave|produced|yielded)\s+(?:no|zero|0|nothing|an empty|"
    r"empty)\b",
    r"\breturned (?:no (?:rows|results|records|data)|nothing|an empty (?:result|set|table))\b",
    r"\b(?:result|result set|output) (?:is|was) empty\b", r"\bempty (?:result|result set|set|table)\b",
    r"^\s*(?:0|zero) (?:rows|results|records)\b",
    r"\bnone (?:of them )?returned (?:any )?(?:results?|rows?|records?|data)\b",
]
_NOTHING_RE = Folded("|".join(f"(?:{p})" for p in _NOTHING), hints=(
    "result", "row", "record", "match", "entries", "hits", "query", "search", "lookup", "sql", "returned", "empty",
    "none"))
_LETTER = re.compile(r"[a-zA-Z]")
_NULL_WORDS = frozenset({"", "unknown", "n/a", "na", "n.a.", "null", "nan", "nil", "?", "-", "\u2014", "\u2013",
                         "not available", "not applicable", "not known", "undefined", "missing", "no answer",
                         "unavailable", "cannot say", "none found", "nothing found", "no result", "no results"})
_EMPTY_WORDS = frozenset({"none", "nothing", "empty", "[]", "{}", "()", "no", "none.", "zero", "0", "no one",
                          "nobody", "not any", "none at all", "empty set", "empty list", "there are none",
                          "there were none", "there is none", "there was none"})
_EMPTY_RE = re.compile(
    r"^\s*(?:none\b|nothing\b|no one\b|nobody\b|there (?:are|were|is|was) (?:no|none)\b|not any\b|no (?!idea)\w+|"
    r"(?:the )?(?:patient|they|he|she) (?:did not|didn't|does not|doesn't|had no|has no|received no|was not|"
    r"were not)\b)", re.I)


def _bare(text: str) -> str:
    return " ".join(text.strip().strip(".!*`\"' ").split()).casefold()


def abstention(text: str) -> str | None:
    """The phrase that makes ``text`` a refusal or non-answer, or None when it states something."""
    bare = _bare(text)
    if bare in _NULL_WORDS:
        return f"{text.strip()!r}" if text.strip() else "an empty answer"
    if text.isascii() and not _LETTER.search(text):
        return None  # every refusal and nothing-found pattern needs a word
    if not hinted(text):
        return None  # none of the words every refusal pattern needs: skip the long patterns
    m = _REFUSAL_RE.search(text)
    if m:
        return repr(m.group(0))
    m = _NOTHING_RE.search(text)
    if m:
        return repr(m.group(0))
    return None


# every match of a pattern in _REFUSALS and _NOTHING contains one of these or starts the text with a zero
# (checked by a test); the zero is a pattern of its own: as one alternative among the words, "^" made sre try
# every alternative at every position the slow way (twice the time of the two searches)
_HINT = Folded(r"not|n't|unable|impossible|no\b|idea|unsure|sorry|apologi|unanswerable|undetermin|insufficient|"
               r"unknown|unavailable|missing|return|empty|result|cannot|can\s|could|fail|"
               r"error|timed out|crash|did not run|didn't run|assume|guess|placeholder|trace|exception|dummy|tbd|"
               r"to be determined|access|limit|budget|ran out|before finishing|partial result|clue|conclusive|"
               r"either way|can help|let me|ll (?:now|query|check|look|run|search)|n/a|timeout|need to|found in|protected|stopped|interrupt|abort|killed|cancel")
_HINT_START = Folded(r"\s*(?:0|zero)\b")


def hinted(text: str) -> bool:
    """Whether ``text`` may be a refusal or a nothing-found (False: it is neither)."""
    low = safe_lower(text)
    return _HINT.search(text, low) is not None or _HINT_START.match(text, low) is not None


def nothing_found(text: str) -> bool:
    return _bare(text) in ("none found", "nothing found", "no result", "no results") or bool(_NOTHING_RE.search(text))


def says_empty(text: str) -> bool:
    """Whether ``text`` states that the answer is empty: "none", "no antibiotics were given", "[]"; not when it
    names an exception or goes on to state one ("None except vancomycin", "None. Vancomycin was given once")."""
    bare = _bare(text)
    if bare in _EMPTY_WORDS:
        return True
    if _EXCEPT.search(text):
        return False
    return nothing_found(text) or bool(_EMPTY_RE.match(text))


_GIVEN = (r"(?:was|were|is|are)\s+(?:\w+\s+){0,2}?(?:given|prescribed|administered|received|started|found|recorded|"
          r"ordered|billed|performed|coded)\b")
_EXCEPT = re.compile(rf"\b(?:except|excepting|besides|apart from|aside from|other than|save for|beyond)\b|"
                     # a none taken back ("There are no sepsis codes... Actually A419 appears")
                     r"(?:^|[.;!?]\s*|\.\.\.\s*)(?:actually|wait|correction|on (?:second|closer) (?:look|thought|inspection))\b|"
                     rf"(?:[.;]|\bbut\b)\s*\S.*\b{_GIVEN}|[(;]\s*(?:one|two|three|\d+|an?)\s+[a-z]|"
                     # "None, but the patient received one dose of vancomycin"; not "... received heparin (not ...)"
                     r"(?:\bbut\b|\b(?:al)?though\b|[(;])[^.;)]*?\b(?:received|got|did get)\b(?![^.;)]*\b(?:not|never|"
                     r"before|prior|previous|earlier|other|another)\b)|"
                     # "None (vancomycin was recorded as given)"; not "(... was given, not an antibiotic)" nor
                     # "(... given in the prior admission)"
                     r"\([^()]*?\b(?:was|were|is|are)\s+(?:(?!not\b|never\b)\w+\s+){0,2}?(?:given|administered|"
                     r"received|prescribed|performed|found)\b(?![^()]*\b(?:not|never|only|prior|previous|earlier|later|"
                     r"before|after|another|other|next)\b)", re.I)


def refusal(text: str) -> str | None:
    """Like ``abstention`` but without the "nothing found" family (for tasks whose answer is empty)."""
    bare = _bare(text)
    if bare in _NULL_WORDS - {"none found", "nothing found", "no result", "no results"}:
        return f"{text.strip()!r}" if text.strip() else "an empty answer"
    m = _REFUSAL_RE.search(text)
    return repr(m.group(0)) if m else None

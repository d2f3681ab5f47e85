"""What a number counts or measures (units, scale words, the thing counted), negations after the value, answers
put as questions, approximate days and revisions: each case once scored correct (or, for the right answers,
was never read)."""

from __future__ import annotations

import pytest

from ehr_tui.scoring import score_answer
from ehr_tui.scoring.units import clause_groups, counted_group, noun_after, question_units, spelled_value

from .test_corpus_adversarial import spec

Q_ADM = "How many admissions did patient 10000032 have?"
Q_ICU = "How many ICU stays did patient 10000032 have?"
Q_LOS = "What was the length of stay in days of admission 20000345, rounded to 2 decimals?"
Q_AGE = "How old was patient 10000032 at the first admission?"
Q_DAYS = "How many days did admission 20000345 last?"
Q_MOST = "Which drug was prescribed most often to patient 10001217?"
Q_LONGEST = "Which admission of patient 10000032 had the longest stay?"
Q_MEAN_M = "What is the mean length of stay in days of male patients, rounded to 2 decimals?"
Q_FIRST_ADMIT = "On which date was patient 10003400 first admitted?"
Q_ADM_2150 = "How many admissions did patient 10000032 have in 2150?"
Q_CHANGE = "By how much did the SpO2 of patient 10001217 change between the first and the last reading?"

CASES = [
    # a count carrying another unit, or scaled
    ("5 days", "number/count", 5, "wrong", Q_ADM),
    ("5 hours", "number/count", 5, "wrong", Q_ADM),
    ("50%", "number/count", 50, "wrong", Q_ADM),
    ("5 mg", "number/count", 5, "wrong", Q_ADM),
    ("5 days", "number/count", 5, "correct", Q_DAYS),
    ("65 years old", "number/count", 65, "correct", Q_AGE),
    ("5 thousand", "number/count", 5, "wrong", Q_ADM),
    ("5 thousand", "number/count", 5000, "correct", Q_ADM),
    ("1.2 million patients", "number/count", 1200000, "correct"),
    ("1.2 million patients", "number/count", 12, "wrong"),
    ("five hundred", "number/count", 5, "wrong"),
    ("five hundred", "number/count", 500, "correct"),
    ("twenty-one", "number/count", 21, "correct"),
    ("one thousand two hundred and five patients", "number/count", 1205, "correct"),
    ("five six", "number/count", 5, "wrong"),
    # a measurement in another unit of the family the question names
    ("5 hours", "number/measurement:2", 5, "wrong", Q_LOS),
    ("5.00 minutes", "number/measurement:2", 5, "wrong", Q_LOS),
    ("5.00 days", "number/measurement:2", 5, "correct", Q_LOS),
    ("5.00", "number/measurement:2", 5, "correct", Q_LOS),
    # the gold number labelled as a count of something else
    ("The patient had 3 admissions; the ICU stays were 5", "number/count", 5, "wrong", Q_ADM),
    ("The patient had 3 admissions; the ICU stays were 5", "number/count", 3, "correct", Q_ADM),
    ("5 ICU stays", "number/count", 5, "wrong", Q_ADM),
    ("5 ICU stays and 3 admissions", "number/count", 3, "correct", Q_ADM),
    ("5 admissions", "number/count", 5, "wrong", Q_ICU),
    ("5 ICU stays", "number/count", 5, "correct", Q_ICU),
    ("The patient had 5.", "number/count", 5, "correct", Q_ADM),
    ("The number of admissions for patient 10000032 is 5", "number/count", 5, "correct", Q_ADM),
    ("For patient 10000032: 5", "number/count", 5, "correct", Q_ADM),
    ("5 visits", "number/count", 5, "correct", Q_ADM),
    # negated after the value, revisions, answers put as questions
    ("5 is not the answer", "number/count", 5, "wrong", Q_ADM),
    ("5 isn't right", "number/count", 5, "wrong", Q_ADM),
    ("5 (revised: 6)", "number/count", 5, "wrong", Q_ADM),
    ("5 [updated to 6]", "number/count", 5, "wrong", Q_ADM),
    ("5. Wait, 6.", "number/count", 5, "wrong", Q_ADM),
    ("Edit: 5 was a typo", "number/count", 5, "wrong", Q_ADM),
    ("Yes?", "boolean/boolean", True, "wrong"),
    ("5?", "number/count", 5, "wrong", Q_ADM),
    ("Heparin?", "string/string", "Heparin", "wrong"),
    ("Yes. Would you like the doses as well?", "boolean/boolean", True, "correct"),
    ("5 admissions. Shall I list them?", "number/count", 5, "correct", Q_ADM),
    # an approximate day
    ("around 2150-01-01", "date/date", "2150-01-01", "wrong"),
    ("approximately 2150-01-01", "date/date", "2150-01-01", "wrong"),
    ("2150-01-01", "date/date", "2150-01-01", "correct"),
    ("Not on 2150-01-01", "date/date", "2150-01-01", "wrong"),
    ("It was not at 2150-01-01 10:15", "date/timestamp", "2150-01-01 10:15:00", "wrong"),
    # a second value in a remark; the opposite extreme of the one asked for
    ("Heparin (and Insulin)", "string/string", "Heparin", "wrong"),
    ("Heparin (tied with Insulin)", "string/string", "Heparin", "wrong"),
    ("Heparin (IV)", "string/string", "Heparin", "correct"),
    ("The least common drug was Heparin", "string/string", "Heparin", "wrong", Q_MOST),
    ("The most common drug was Heparin", "string/string", "Heparin", "correct", Q_MOST),
    ("The drug prescribed most often (at least 12 times) was Heparin", "string/string", "Heparin", "correct", Q_MOST),
    ("The shortest stay: admission 20000345", "number/identifier", 20000345, "wrong", Q_LONGEST),
    ("The longest stay: admission 20000345", "number/identifier", 20000345, "correct", Q_LONGEST),
    # another patient, statistic, sex, event or year than the question's
    ("Patient 10000033 had 5 admissions", "number/count", 5, "wrong", Q_ADM),
    ("Patient 10000032 had 5 admissions", "number/count", 5, "correct", Q_ADM),
    ("The median was 5.43", "number/measurement:2", 5.43, "wrong", Q_MEAN_M),
    ("The mean was 5.43", "number/measurement:2", 5.43, "correct", Q_MEAN_M),
    ("For females it was 5.43", "number/measurement:2", 5.43, "wrong", Q_MEAN_M),
    ("Male patients: 5.43 days", "number/measurement:2", 5.43, "correct", Q_MEAN_M),
    ("The discharge date was 2150-03-04", "date/date", "2150-03-04", "wrong", Q_FIRST_ADMIT),
    ("Admitted on 2150-03-04", "date/date", "2150-03-04", "correct", Q_FIRST_ADMIT),
    ("5 admissions, all discharged home", "number/count", 5, "correct", Q_ADM),
    ("In 2151 there were 5", "number/count", 5, "wrong", Q_ADM_2150),
    ("5 admissions in 2150 and 3 in 2151", "number/count", 5, "correct", Q_ADM_2150),
    # a change stated in words goes through every check, and is another quantity where a value is asked
    ("It increased by 5 admissions but the count is 7", "number/count", 5, "wrong", Q_ADM),
    ("The value was 7, an increase of 2", "number/count", 2, "wrong", Q_ADM),
    ("The value was 7, an increase of 2", "number/count", 7, "correct", Q_ADM),
    ("a decrease of 3.5 or 4", "number/measurement", -3.5, "wrong", Q_CHANGE),
    ("a decrease of 3.5 to 4.0", "number/measurement", -3.5, "wrong", Q_CHANGE),
    ("not a decrease of 3.5", "number/measurement", -3.5, "wrong", Q_CHANGE),
    ("a decrease of 3.5", "number/measurement", -3.5, "correct", Q_CHANGE),
    ("It dropped by 3.5, to 88", "number/measurement", -3.5, "correct", Q_CHANGE),
    # unlabelled table columns: another order only where a reader can tell the columns apart
    ("[[7, 12], [5, 3]]", "table/count,count", [[12, 7], [3, 5]], "wrong"),
    ("[[2150, 5], [2151, 3]]", "table/count,count", [[5, 2150], [3, 2151]], "wrong"),
    ("[[7, 5]]", "table/count,measurement", [[5, 7.0]], "wrong"),
    ("[[5, 7]]", "table/count,measurement", [[5, 7.0]], "correct"),
    ("[[7, 12], [12, 7]]", "table/count,count", [[12, 7], [7, 12]], "correct"),
    ("[[3, 20000345], [1, 20000346]]", "table/identifier,count", [[20000345, 3], [20000346, 1]], "correct"),
    ("MICU | 7\nSICU | 12", "table/string,count", [["MICU", 12], ["SICU", 7]], "wrong"),
    ('[{"n": "MICU", "unit": 12}]', "table/string,count", [["MICU", 12]], "correct"),
]


@pytest.mark.parametrize("case", CASES, ids=[f"{i}-{c[0][:30]}" for i, c in enumerate(CASES)])
def test_verdict(case):
    text, shape, gold, expected, *q = case
    v = score_answer(text, spec(shape, gold, q[0] if q else ""))
    assert v.outcome == expected, v


def test_helpers():
    assert counted_group(Q_ICU) == "icu" and counted_group(Q_ADM) == "admission"
    assert counted_group("What is the number of distinct patients with sepsis?") == "patient"
    assert noun_after(" ICU stays were") == "icu" and noun_after(" hospital stays") == "admission"
    assert noun_after(" stays") is None  # ICU or hospital: not judged
    assert clause_groups("the ICU stays were ") == {"icu"}
    assert clause_groups("The patient had ") == set()  # no "were / is / :" before the number
    assert question_units(Q_LOS) == {"time": {"day"}}
    assert spelled_value("ninety nine") == 99 and spelled_value("twenty twenty") is None
    assert spelled_value("one hundred") == 100 and spelled_value("hundred") is None

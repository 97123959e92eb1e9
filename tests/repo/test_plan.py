import json

import pytest

from codedebate.repo.plan import PlanError, parse_plan, validate_plan

GOOD = {"summary": "make tiers inclusive",
        "modifications": [{"file": "a.py", "function": "f", "instruction": "use >=", "rationale": "spec"},
                          {"file": "b.py", "function": "C.g", "instruction": "round", "rationale": "cents"}],
        "execution_order": [1, 0], "risks": ["other tiers"]}


def test_a_valid_plan_in_a_fenced_reply():
    plan = parse_plan("Plan:\n```json\n" + json.dumps(GOOD) + "\n```", files={"a.py", "b.py"})
    assert plan.summary == "make tiers inclusive"
    assert [m.function for m in plan.ordered()] == ["C.g", "f"]
    assert json.loads(plan.to_json())["execution_order"] == [1, 0]


def test_execution_order_and_risks_may_be_left_out():
    data = {k: v for k, v in GOOD.items() if k not in ("execution_order", "risks")}
    assert validate_plan(data).execution_order == (0, 1)


@pytest.mark.parametrize("change, error", [
    ({"summary": ""}, "summary: must be a non-empty string"),
    ({"modifications": []}, "modifications: must be a non-empty list"),
    ({"modifications": ["x"]}, "modifications[0]: must be an object"),
    ({"modifications": [{"file": "a.py", "function": "f", "instruction": "i"}]},
     "modifications[0].rationale: must be a non-empty string"),
    ({"execution_order": [0, 0]}, "execution_order: must name each of the 2 modifications once"),
    ({"execution_order": "first"}, "execution_order: must be a list of modification indexes"),
    ({"risks": "none"}, "risks: must be a list of strings"),
    ({"extra": 1}, "extra: unknown field"),
])
def test_schema_errors_name_the_field(change, error):
    with pytest.raises(PlanError) as info:
        validate_plan({**GOOD, **change})
    assert any(e.startswith(error) for e in info.value.errors), info.value.errors


def test_every_error_is_listed_at_once():
    with pytest.raises(PlanError) as info:
        validate_plan({"summary": 3, "modifications": [{"file": "a.py"}]})
    assert {"summary: must be a non-empty string", "modifications[0].function: must be a non-empty string",
            "modifications[0].instruction: must be a non-empty string"} <= set(info.value.errors)


def test_unknown_files_are_errors_when_the_repository_is_given():
    with pytest.raises(PlanError, match=r"modifications\[1\].file: 'b.py' is not a file of the repository"):
        validate_plan(GOOD, files={"a.py"})


@pytest.mark.parametrize("reply, error", [("no json here", "holds no JSON"), ("{'single': quotes}", "not valid JSON"),
                                          ("[1, 2]", "holds no JSON")])
def test_replies_without_a_json_object(reply, error):
    with pytest.raises(PlanError, match=error):
        parse_plan(reply)

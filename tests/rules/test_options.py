"""Optional rules and variants: which combinations the rulebook allows (26.0)."""

from __future__ import annotations

import pytest

from darkdec_qt.rules.core.errors import IllegalAction
from darkdec_qt.rules.core.options import OPTIONAL_RULES, VARIANTS, catalogue, check_choices


def test_catalogue_lists_every_variant_26_1_to_26_19():
    assert sorted(VARIANTS, key=lambda r: int(r.split(".")[1])) == [f"26.{i}" for i in range(1, 20)]


def test_catalogue_has_the_optional_rules_of_issue_7():
    for r in ("10.3", "12.3", "12.4", "8.6", "14", "15", "15.9", "7.1.7A", "13.5.1E", "10.8", "23", "24", "25"):
        assert r in OPTIONAL_RULES


def test_26_16B_requires_26_5():
    with pytest.raises(IllegalAction, match=r"26\.5"):
        check_choices(set(), {"26.16"})
    check_choices(set(), {"26.16", "26.5"})


def test_26_18B_requires_26_5_and_26_16():
    with pytest.raises(IllegalAction, match=r"26\.16"):
        check_choices(set(), {"26.18", "26.5"})
    check_choices(set(), {"26.18", "26.5", "26.16"})


def test_26_8A_small_solution_has_no_optional_forces():
    with pytest.raises(IllegalAction, match="cannot be combined"):
        check_choices(set(), {"26.8", "26.17"})


def test_unknown_and_unavailable_toggles_are_refused():
    with pytest.raises(IllegalAction, match="unknown variant"):
        check_choices(set(), {"26.99"})
    with pytest.raises(IllegalAction, match="not available in this scenario"):
        check_choices({"14"}, set(), allowed_optional=("15",))


def test_catalogue_is_json_ready():
    import json

    cat = catalogue()
    json.dumps(cat)
    assert len(cat["variants"]) == 19


def test_26_0_the_catalogue_gives_each_toggle_its_rule_name_requirements_exclusions_and_note():
    cat = catalogue()
    assert set(cat) == {"optional_rules", "variants"}
    for key, table in (("optional_rules", OPTIONAL_RULES), ("variants", VARIANTS)):
        assert cat[key] == [
            {"rule": t.rule, "name": t.name, "requires": list(t.requires), "forbids": list(t.forbids), "note": t.note}
            for t in table.values()
        ]
    by_rule = {d["rule"]: d for d in cat["variants"]}
    assert by_rule["26.16"]["requires"] == ["26.5"]
    assert "26.17" in by_rule["26.8"]["forbids"]
    optional = {d["rule"]: d for d in cat["optional_rules"]}
    assert optional["7.1.7A"]["note"] == "enemy units no more than three hexes away"


def test_26_0_a_toggle_the_scenario_does_not_offer_is_refused_under_its_own_rule():
    from darkdec_qt.rules.core.errors import MalformedCommand

    with pytest.raises(MalformedCommand) as exc:
        check_choices({"99.9"}, set())
    assert (str(exc.value), exc.value.rule) == ("unknown optional rule '99.9'", "")
    with pytest.raises(MalformedCommand) as exc:
        check_choices(set(), {"26.99"})
    assert (str(exc.value), exc.value.rule) == ("unknown variant '26.99'", "")
    name14, name265 = OPTIONAL_RULES["14"].name, VARIANTS["26.5"].name
    with pytest.raises(IllegalAction) as exc:
        check_choices({"14"}, set(), allowed_optional=("15",))
    assert exc.value.rule == "14"
    assert exc.value.reason == f"optional rule 14 ({name14}) is not available in this scenario"
    with pytest.raises(IllegalAction) as exc:
        check_choices(set(), {"26.5"}, allowed_variants=("26.1",))
    assert exc.value.rule == "26.5"
    assert exc.value.reason == f"variant 26.5 ({name265}) is not available in this scenario"
    check_choices({"14"}, {"26.5"}, allowed_optional=("14",), allowed_variants=("26.5",))


@pytest.mark.parametrize("optional, variants, rule, words", [
    ({"13.5.1E"}, set(), "13.5.1E", "Retreat full distance without a commander (13.5.1E) must be used with {15} (15)"),
    ({"14.6"}, set(), "14.6", "Historical reserve status (14.6) must be used with {14} (14)"),
    (set(), {"26.16"}, "26.16", "Hitler Commits Eastern Reserves (26.16) must be used with {26.5} (26.5)"),
    (set(), {"26.1", "26.2"}, "26.1", "The Allies Warned (26.1) cannot be combined with {26.2} (26.2)"),
    (set(), {"26.8", "26.17"}, "26.8", "The Small Solution (26.8) cannot be combined with {26.17} (26.17)"),
])
def test_26_0_a_combination_the_rulebook_forbids_names_both_toggles_and_the_rule(optional, variants, rule, words):
    names = {r: t.name for r, t in (OPTIONAL_RULES | VARIANTS).items()}
    with pytest.raises(IllegalAction) as exc:
        check_choices(optional, variants)
    assert exc.value.rule == rule
    for r, name in names.items():
        words = words.replace("{" + r + "}", name)
    assert exc.value.reason == words

"""The sampled mutation score's draw (packaging/mutation_sample.py) stays put while the code
changes: adding or removing mutants elsewhere keeps every drawn mutant that still exists."""

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[1] / "packaging" / "mutation_sample.py"


def load():
    spec = importlib.util.spec_from_file_location("mutation_sample", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_the_draw_keeps_its_mutants_when_others_come_and_go(monkeypatch):
    ms = load()
    population = {f"darkdec_qt.rules.m{i % 7}.x_f{i % 13}__mutmut_{i}": 1 for i in range(2000)}
    monkeypatch.setattr(ms, "results", lambda: population)
    drawn = ms.sample(40, 26)
    assert len(drawn) == 40 == len(set(drawn))
    assert ms.sample(40, 26) == drawn
    assert ms.sample(40, 27) != drawn
    # a function changes: its mutants go, new ones come; the rest of the draw stays
    gone = {n for n in population if ".x_f3__" in n}
    changed = {n: 1 for n in population if n not in gone} | {f"darkdec_qt.rules.m3.x_f3__mutmut_{i}b": 1 for i in range(200)}
    monkeypatch.setattr(ms, "results", lambda: changed)
    kept = set(ms.sample(40, 26))
    new = kept - set(population)
    # only the changed function's mutants leave or enter (random.sample over the list would
    # draw a new sample, keeping about one of the 40)
    assert len(kept & set(drawn)) >= 40 - len(gone & set(drawn)) - len(new)
    assert len(kept & set(drawn)) >= 30

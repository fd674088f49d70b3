#!/usr/bin/env python3
"""Prints the VowpalWabbit/estimators package's estimates for DSJSON files, the numbers EvaluateCorpusTest compares
`vw-binlog evaluate` to.

Usage: python3 tools/estimators_corpus_reference.py PATH/TO/estimators/src FILE.dsjson...
Each FILE is `vw-binlog convert`'s DSJSON of a CB log of the conformance corpus. The package is not part of this
project: give the path of its source (it needs numpy and scipy). See docs/TESTING.md.

The inputs are taken as docs/EVALUATION.md says: lines with _skipLearn are left out; p_log = p[0], the chosen action
is a[0], r = -_label_cost, p_drop = pdrop; every number is read as the binary32 value the log holds.
Policies: logged (p_pred = p_log), baseline1 (1 when a[0] is 1, else 0), uniform (1 / len(a)).
"""
import json
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
from estimators.bandits import ips, snips, gaussian, clopper_pearson, cressieread  # noqa: E402


def f32(x):
    return float(np.float32(x))


POLICIES = {
    "logged": lambda e: f32(e["p"][0]),
    "baseline1": lambda e: 1.0 if e["a"][0] == 1 else 0.0,
    "uniform": lambda e: 1.0 / len(e["a"]),
}


def main():
    for path in sys.argv[2:]:
        events = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
        events = [e for e in events if not e.get("_skipLearn", False)]
        wide = any(not 0 <= -f32(e["_label_cost"]) <= 1 for e in events)
        for name, policy in POLICIES.items():
            est = {"ips": ips.Estimator(), "snips": snips.Estimator(), "cressieread": cressieread.Estimator()}
            itv = {"gaussian": gaussian.Interval(), "cressieread": cressieread.Interval(empirical_r_bounds=True)}
            if not wide:  # with rewards outside [0, 1] the package's Clopper-Pearson depends on the order
                itv["clopper_pearson"] = clopper_pearson.Interval(empirical_r_bounds=True)
            for e in events:
                p_log, r, p_drop = f32(e["p"][0]), -f32(e["_label_cost"]), f32(e.get("pdrop", 0.0))
                p_pred = policy(e)
                for x in est.values():
                    x.add_example(p_log, r, p_pred)
                for x in itv.values():
                    x.add_example(p_log, r, p_pred, p_drop)
            file = path.rsplit("/", 1)[-1]
            for k, x in est.items():
                print(file, name, k, "value", repr(x.get()))
            for k, x in itv.items():
                lo, hi = x.get(0.05)
                print(file, name, k, "interval", repr(float(lo)), repr(float(hi)))


main()

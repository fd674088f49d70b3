#!/usr/bin/env python3
"""Prints the VowpalWabbit/estimators package's values for the inputs of EstimatorsReferenceTest (api tests).

Usage: python3 tools/estimators_reference.py PATH/TO/estimators/src
The package is not part of this project: give the path of its source (a checkout of VowpalWabbit/estimators; it
needs numpy and scipy). The cases below must stay the same as the test's; see docs/TESTING.md.
"""
import sys

sys.path.insert(0, sys.argv[1])
from estimators.bandits import ips, snips, gaussian, clopper_pearson, cressieread  # noqa: E402


def cases():
    # Each case: a name and a list of (p_log, r, p_pred, p_drop), in float64 as the Java test builds them.
    yield "hand", [(0.5, 1.0, 1.0, 0.0), (0.25, 0.0, 0.0, 0.0), (0.8, 1.0, 0.5, 0.2), (0.1, 0.5, 0.3, 0.0)]
    yield "one", [(0.4, 1.0, 1.0, 0.0)]
    yield "logged", [(0.2 + 0.1 * (i % 5), (i % 3) / 2, 0.2 + 0.1 * (i % 5), 0.0) for i in range(20)]
    yield "wide", [(0.5, -1.0, 1.0, 0.0), (0.5, 2.0, 0.0, 0.0), (0.25, 0.5, 0.5, 0.5), (1.0, 1.5, 1.0, 0.0)]
    yield "many", [(0.05 + (i % 19) / 20, (i % 7) / 6, (i % 4) / 3, (i % 5) / 10) for i in range(1000)]


def main():
    for name, events in cases():
        est = [ips.Estimator(), snips.Estimator(), cressieread.Estimator()]
        itv = [gaussian.Interval(), clopper_pearson.Interval(empirical_r_bounds=True),
               cressieread.Interval(empirical_r_bounds=True)]
        for p_log, r, p_pred, p_drop in events:
            for e in est:
                e.add_example(p_log, r, p_pred)
            for i in itv:
                i.add_example(p_log, r, p_pred, p_drop)
        values = [e.get() for e in est]
        intervals = [i.get(0.05) for i in itv]
        if name == "wide":
            intervals[1] = ("order-dependent", "")  # Clopper-Pearson scales each reward by the bounds known then
        print(name, "ips", repr(values[0]), "snips", repr(values[1]), "cressieread", repr(values[2]))
        for label, (lo, hi) in zip(("gaussian", "clopper_pearson", "cressieread"), intervals):
            print(name, label, repr(float(lo)) if lo != "order-dependent" else lo, repr(float(hi)) if hi != "" else hi)


main()

#!/usr/bin/env python3
"""Prints the VowpalWabbit/estimators package's confidence sequence (cs.Interval) for the inputs of
ConfidenceSequenceReferenceTest (api tests).

Usage: python3 tools/estimators_cs_reference.py PATH/TO/estimators/src
The package is not part of this project: give the path of its source (a checkout of VowpalWabbit/estimators; it
needs numpy and scipy). The cases below must stay the same as the test's; see docs/TESTING.md.
"""
import sys

sys.path.insert(0, sys.argv[1])
from estimators.bandits import cs  # noqa: E402


def cases():
    # Each case: a name, the bounds (None: from the data) and a list of (p_log, r, p_pred, p_drop), in log order.
    yield "hand", None, [(0.5, 1.0, 1.0, 0.0), (0.25, 0.0, 0.0, 0.0), (0.8, 1.0, 0.5, 0.2), (0.1, 0.5, 0.3, 0.0)]
    yield "logged", None, [(0.2 + 0.1 * (i % 5), (i % 3) / 2, 0.2 + 0.1 * (i % 5), 0.0) for i in range(200)]
    yield "wide", None, [(0.5, -1.0, 1.0, 0.0), (0.5, 2.0, 0.0, 0.0), (0.25, 0.5, 0.5, 0.5), (1.0, 1.5, 1.0, 0.0)] * 10
    yield "many", None, [(0.05 + (i % 19) / 20, (i % 7) / 6, (i % 4) / 3, (i % 5) / 10) for i in range(1000)]
    yield "fixed", (0.0, 2.0), [(0.05 + (i % 19) / 20, (i % 7) / 3, (i % 4) / 3, 0.0) for i in range(500)]


def main():
    for name, bounds, events in cases():
        for alpha in (0.05, 0.2):
            itv = cs.Interval(rmin=bounds[0], rmax=bounds[1]) if bounds else cs.Interval(empirical_r_bounds=True)
            for p_log, r, p_pred, p_drop in events:
                itv.add_example(p_log, r, p_pred, p_drop)
            lo, hi = itv.get(alpha)
            print(name, alpha, repr(float(lo)), repr(float(hi)))


main()

#!/usr/bin/env python3
"""Prints the VowpalWabbit/estimators package's estimates for DSJSON files, the numbers EvaluateCorpusTest compares
`vw-binlog evaluate` to.

Usage: python3 tools/estimators_corpus_reference.py PATH/TO/estimators/src FILE.dsjson...
Each FILE is `vw-binlog convert`'s DSJSON of a CB, CCB or slates log of the conformance corpus. The package is not part
of this project: give the path of its source (it needs numpy and scipy). See docs/TESTING.md.

The inputs are taken as docs/EVALUATION.md says: lines with _skipLearn are left out; p_log = p[0], the chosen action
is a[0], r = -_label_cost, p_drop = pdrop; every number is read as the binary32 value the log holds. CCB lines: the
same per slot of _outcomes; a slot's key is its _id, or its index when the _id is the line's EventId (VW's converter
writes the event id for a slot without one). Slates lines: p_log and the choice per slot of _outcomes, one reward.
Policies: logged (p_pred = p_log), baseline1 (CB: 1 when a[0] is 1; CCB: when slot k chose action k; slates: when a
slot chose its candidate 0), uniform (1 / len(a), per slot for CCB and slates).
"""
import json
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
from estimators.bandits import ips, snips, gaussian, clopper_pearson, cressieread  # noqa: E402
from estimators.ccb import first_slot, multislot  # noqa: E402
from estimators.slates import pseudo_inverse, gaussian as slates_gaussian  # noqa: E402



def f32(x):
    return float(np.float32(x))


POLICIES = {
    "logged": lambda e: f32(e["p"][0]),
    "baseline1": lambda e: 1.0 if e["a"][0] == 1 else 0.0,
    "uniform": lambda e: 1.0 / len(e["a"]),
}


def slot_pred(policy, kind, k, slot):
    if policy == "logged":
        return f32(slot["_p"][0])
    if policy == "baseline1":
        return 1.0 if slot["_a"][0] == (k if kind == "ccb" else 0) else 0.0
    return 1.0 / len(slot["_a"])


def ccb(path, events):
    file = path.rsplit("/", 1)[-1]
    for policy in ("logged", "baseline1", "uniform"):
        est = {"ips": first_slot.Estimator(ips.Estimator()), "snips": first_slot.Estimator(snips.Estimator()),
               "cressieread": first_slot.Estimator(cressieread.Estimator())}
        itv = {"gaussian": first_slot.Interval(gaussian.Interval()),
               "cressieread": first_slot.Interval(cressieread.Interval(empirical_r_bounds=True))}
        if not any(not 0 <= -f32(e["_outcomes"][0]["_label_cost"]) <= 1 for e in events):
            # with rewards outside [0, 1] the package's Clopper-Pearson depends on the order
            itv["clopper_pearson"] = first_slot.Interval(clopper_pearson.Interval(empirical_r_bounds=True))
        ms, msi = multislot.Estimator(), multislot.Interval(empirical_r_bounds=True)
        for e in events:
            slots = e["_outcomes"]
            ids = [str(k) if s["_id"] == e["EventId"] else s["_id"] for k, s in enumerate(slots)]
            p_logs = [f32(s["_p"][0]) for s in slots]
            rs = [-f32(s["_label_cost"]) for s in slots]
            p_preds = [slot_pred(policy, "ccb", k, s) for k, s in enumerate(slots)]
            p_drop = f32(e.get("pdrop", 0.0))
            for x in est.values():
                x.add_example(p_logs, rs, p_preds)
            for x in itv.values():
                x.add_example(p_logs, rs, p_preds, p_drop)
            ms.add_example(ids, p_logs, rs, p_preds)
            msi.add_example(ids, p_logs, rs, p_preds, p_drop)
        for k, x in est.items():
            print(file, policy, k, "first", "value", repr(x.get_r()[0]))
        for k, x in itv.items():
            lo, hi = x.get_r(0.05)[0]
            print(file, policy, k, "first", "interval", repr(float(lo)), repr(float(hi)))
        r, r_itv = ms.get_r(), msi.get_r(0.05)
        for slot in r:
            print(file, policy, "multislot", slot, "value", repr(r[slot]))
            print(file, policy, "multislot", slot, "interval", repr(float(r_itv[slot][0])), repr(float(r_itv[slot][1])))
        print(file, policy, "multislot", "-", "value", repr(ms.get_r_overall()))
        lo, hi = msi.get_r_overall(0.05)
        print(file, policy, "multislot", "-", "interval", repr(float(lo)), repr(float(hi)))


def slates(path, events):
    file = path.rsplit("/", 1)[-1]
    for policy in ("logged", "baseline1", "uniform"):
        pi, pg = pseudo_inverse.Estimator(), slates_gaussian.Interval()
        for e in events:
            slots = e["_outcomes"]
            p_logs = [f32(s["_p"][0]) for s in slots]
            p_preds = [slot_pred(policy, "slates", k, s) for k, s in enumerate(slots)]
            r = -f32(e["_label_cost"])
            pi.add_example(p_logs, r, p_preds)
            pg.add_example(p_logs, r, p_preds)
        print(file, policy, "pseudo_inverse", "-", "value", repr(pi.get()))
        lo, hi = pg.get(0.05)
        print(file, policy, "pseudo_inverse", "-", "interval", repr(float(lo)), repr(float(hi)))


def main():
    for path in sys.argv[2:]:
        events = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
        events = [e for e in events if not e.get("_skipLearn", False)]
        if events and "_outcomes" in events[0]:
            (ccb if "_label_cost" in events[0]["_outcomes"][0] else slates)(path, events)
            continue
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

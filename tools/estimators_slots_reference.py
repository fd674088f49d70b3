#!/usr/bin/env python3
"""Prints the VowpalWabbit/estimators package's CCB and slates values for the inputs of SlotEstimatorsReferenceTest
(api tests): its first-slot and multi-slot estimators on CCB decisions, its pseudo-inverse estimator and Gaussian
interval on slates decisions, for the policies logged, baseline1 and uniform.

Usage: python3 tools/estimators_slots_reference.py PATH/TO/estimators/src
The package is not part of this project: give the path of its source (a checkout of VowpalWabbit/estimators; it needs
numpy and scipy). The decisions below must stay the same as the test's; see docs/TESTING.md.
"""
import sys

sys.path.insert(0, sys.argv[1])
from estimators.bandits import ips, snips, gaussian, clopper_pearson, cressieread  # noqa: E402
from estimators.ccb import first_slot, multislot  # noqa: E402
from estimators.slates import pseudo_inverse, gaussian as slates_gaussian  # noqa: E402


def ccb_decisions():
    """(slot_ids, chosen, actions, p_logs, rewards, p_drop) of each CCB decision; every number exact in binary32."""
    for i in range(60):
        slots = 1 + i % 3
        ids = ["s%d" % k for k in range(slots)]
        chosen = [(i * 7 + k) % 4 for k in range(slots)]
        actions = [4 - k for k in range(slots)]
        p_logs = [(1 + (i + 2 * k) % 7) / 8 for k in range(slots)]
        rewards = [((i * 3 + k) % 5) / 4 for k in range(slots)]
        p_drop = (i % 4) / 4
        yield ids, chosen, actions, p_logs, rewards, p_drop


def slates_decisions():
    """(chosen, actions, p_logs, reward) of each slates decision; every number exact in binary32."""
    for i in range(40):
        slots = 1 + i % 3
        actions = [2 + k for k in range(slots)]
        chosen = [(i + k) % (2 + k) for k in range(slots)]
        p_logs = [(1 + (i + k) % 7) / 8 for k in range(slots)]
        yield chosen, actions, p_logs, (i % 5) / 4


def ccb_pred(policy, chosen, actions, p_logs):
    if policy == "logged":
        return list(p_logs)
    if policy == "baseline1":
        return [1.0 if chosen[k] == k else 0.0 for k in range(len(chosen))]
    return [1.0 / a for a in actions]


def slates_pred(policy, chosen, actions, p_logs):
    if policy == "logged":
        return list(p_logs)
    if policy == "baseline1":
        return [1.0 if c == 0 else 0.0 for c in chosen]
    return [1.0 / a for a in actions]


def show(*fields):
    print(" ".join(repr(float(f)) if isinstance(f, float) else str(f) for f in fields))


def main():
    for policy in ("logged", "baseline1", "uniform"):
        est = {"ips": first_slot.Estimator(ips.Estimator()), "snips": first_slot.Estimator(snips.Estimator()),
               "cressieread": first_slot.Estimator(cressieread.Estimator())}
        itv = {"gaussian": first_slot.Interval(gaussian.Interval()),
               "clopper_pearson": first_slot.Interval(clopper_pearson.Interval(empirical_r_bounds=True)),
               "cressieread": first_slot.Interval(cressieread.Interval(empirical_r_bounds=True))}
        ms = multislot.Estimator()
        msi = multislot.Interval(empirical_r_bounds=True)
        for ids, chosen, actions, p_logs, rewards, p_drop in ccb_decisions():
            p_preds = ccb_pred(policy, chosen, actions, p_logs)
            for e in est.values():
                e.add_example(p_logs, rewards, p_preds)
            for e in itv.values():
                e.add_example(p_logs, rewards, p_preds, p_drop)
            ms.add_example(ids, p_logs, rewards, p_preds)
            msi.add_example(ids, p_logs, rewards, p_preds, p_drop)
        for name, e in est.items():
            show("ccb", policy, name, "first", "value", e.get_r()[0])
        for name, e in itv.items():
            lo, hi = e.get_r(0.05)[0]
            show("ccb", policy, name, "first", "interval", lo, hi)
        r, r_itv = ms.get_r(), msi.get_r(0.05)
        for slot in r:
            show("ccb", policy, "multislot", slot, "value", r[slot])
            show("ccb", policy, "multislot", slot, "interval", r_itv[slot][0], r_itv[slot][1])
        show("ccb", policy, "multislot", "-", "value", ms.get_r_overall())
        lo, hi = msi.get_r_overall(0.05)
        show("ccb", policy, "multislot", "-", "interval", lo, hi)

        pi, pg = pseudo_inverse.Estimator(), slates_gaussian.Interval()
        for chosen, actions, p_logs, reward in slates_decisions():
            p_preds = slates_pred(policy, chosen, actions, p_logs)
            pi.add_example(p_logs, reward, p_preds)
            pg.add_example(p_logs, reward, p_preds)
        show("slates", policy, "pseudo_inverse", "-", "value", pi.get())
        lo, hi = pg.get(0.05)
        show("slates", policy, "pseudo_inverse", "-", "interval", lo, hi)


main()

#!/usr/bin/env python3
"""CPU seconds of a JVM command by group of threads: the Java main thread, the garbage collector's, the JIT's, others.

Runs the command and polls /proc/PID/task/*/stat every 50 ms (Linux); a thread's last reading before it ends counts,
so the last 50 ms of each thread may be missed. The Java launcher runs main() in a thread named "java" (the primordial
thread, also "java", only waits). Used for the joiner's speed in docs/PERFORMANCE.md, where whole-process CPU time is
dominated by the collector and the JIT on a short run.

Usage: benchmarks/thread-cpu.py LABEL java -Xmx256m -jar cli/target/vw-binlog.jar join ...
"""
import collections
import os
import subprocess
import sys
import time

label, command = sys.argv[1], sys.argv[2:]
process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
tick = os.sysconf("SC_CLK_TCK")
last = {}
while process.poll() is None:
    try:
        tasks = os.listdir("/proc/%d/task" % process.pid)
    except OSError:
        tasks = []
    for task in tasks:
        try:
            with open("/proc/%d/task/%s/stat" % (process.pid, task)) as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        last[task] = (name, (int(fields[11]) + int(fields[12])) / tick)  # utime + stime
    time.sleep(0.05)
groups = collections.Counter()
for name, seconds in last.values():
    if name == "java":
        groups["main"] += seconds
    elif "GC" in name or "G1" in name:
        groups["gc"] += seconds
    elif "Compiler" in name:
        groups["jit"] += seconds
    else:
        groups["other"] += seconds
print("%s: exit %d, CPU s: main %.2f, gc %.2f, jit %.2f, other %.2f, total %.2f" % (
    label, process.returncode, groups["main"], groups["gc"], groups["jit"], groups["other"], sum(groups.values())))

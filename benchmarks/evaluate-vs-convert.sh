#!/usr/bin/env bash
# Times `vw-binlog evaluate` with five policies against `vw-binlog convert` on the same synthetic CB log of
# GenerateLog (issue 14: evaluate may cost at most 1.2 times convert), as whole processes, with the same thread count
# for both: 1, then 2 (both commands' default on this 2-core machine kind is the available cores).
# Build first:  mvn -B -q -DskipTests package
# Usage: benchmarks/evaluate-vs-convert.sh [size in MiB, default 1024] (env: RUNS=1, THREADS="1 2", JAVA=java, DIR=/tmp)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-1024}
RUNS=${RUNS:-1}
THREADS=${THREADS:-1 2}
JAVA=${JAVA:-java}
DIR=${DIR:-/tmp}
JAR=cli/target/vw-binlog.jar
[ -f "$JAR" ] && [ -f benchmarks/target/benchmarks.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 2; }
log="$DIR/cb-${SIZE}m.log"
[ -f "$log" ] || java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$SIZE" "$log"
out="$DIR/vw-binlog-evaluate-timing.json"
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
seconds() { local start end; start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N); awk "BEGIN{printf \"%.2f\", $end - $start}"; }
cat "$log" > /dev/null # the page cache holds the log for both
for run in $(seq "$RUNS"); do
  for t in $THREADS; do
    echo "load before run $run, $t thread(s): $(cut -d' ' -f1-3 /proc/loadavg)"
    c=$(seconds "$JAVA" -jar "$JAR" convert "$log" -o "$out" --threads "$t" -q)
    rm -f "$out"
    e=$(seconds "$JAVA" -jar "$JAR" evaluate "$log" --policy logged,baseline1,baseline2,baseline3,uniform \
      --format json --window 1h --threads "$t")
    echo "run $run, --threads $t: convert ${c}s, evaluate (5 policies, 1h windows) ${e}s, ratio $(awk "BEGIN{printf \"%.2f\", $e / $c}")"
  done
done

#!/usr/bin/env bash
# The cost of a split of a large joined log (issue 21): on GenerateLog's CB log (4 GiB by default), the joined view's
# count() with the default splits and with 1 MiB splits (which must cost about the same: a split reads its own bytes,
# not the log from its start), and the dsjson column written as text on local[2] against `convert --threads 2`. Each
# query runs in a JVM of its own (SparkSplitTiming) under /usr/bin/time, which gives the process's CPU time and peak
# RSS; the load average is printed before each. First, the driver's plan of the log's 1 MiB splits (PlanTiming). The log is generated once under DIR (never in the repository).
# Usage: benchmarks/spark-splits.sh [size in MiB, default 4096]   (env: DIR=/tmp/vw-binlog-splits, JAVA=java,
#        MASTER=local[2], RUNS=1: each query's runs in its session, the first cold; with RUNS=2 the second is the
#        warm session's time, as a long-lived session runs its queries; QUERIES="count count1m write", or any of
#        SparkSplitTiming's queries: text and text1m (Spark's own text source on the same file, default and 1 MiB
#        splits) and empty1m (as many empty tasks as 1 MiB splits) measure what Spark's own per-task cost is here)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-4096}
DIR=${DIR:-/tmp/vw-binlog-splits}
JAVA=${JAVA:-java}
MASTER=${MASTER:-local[2]}
mkdir -p "$DIR"
. benchmarks/spark-common.sh
spark_build cli,benchmarks,spark
log="$DIR/cb-${SIZE}m.log"
[ -f "$log" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$SIZE" "$log"
out="$DIR/out"
environment
echo "log: $log, $(stat -c %s "$log") bytes"
# Runs a command under /usr/bin/time; prints its own report line(s), then wall, CPU and peak RSS.
measure() {
  local label=$1; shift
  local load; load=$(cut -d' ' -f1-3 /proc/loadavg)
  local report="$DIR/time.txt"
  /usr/bin/time -f "%e %U %S %M" -o "$report" "$@" 2>/dev/null | grep timed || true
  read -r wall user sys rss < "$report"
  awk -v l="$label" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" -v load="$load" \
    'BEGIN{printf "%s: wall %.2f s, CPU %.2f s (user %.2f, sys %.2f), peak RSS %.0f MiB, load before %s\n", l, w, u+s, u, s, r/1024, load}'
}
"$JAVA" -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.PlanTiming "$log" $((1 << 20))
measure "convert --threads 2" "$JAVA" -jar cli/target/vw-binlog.jar convert "$log" -o "$out.dsjson" --threads 2 -q
rm -f "$out.dsjson"
read -r -a queries <<< "${QUERIES:-count count1m write}"
for q in "${queries[@]}"; do
  # shellcheck disable=SC2086
  measure "spark $MASTER $q (whole process)" "$JAVA" $opts -cp "$cp" io.github.vwbinlog.spark.SparkSplitTiming "$q" \
    "$MASTER" "$out" "$log" "${RUNS:-1}"
  rm -rf "$out"
done

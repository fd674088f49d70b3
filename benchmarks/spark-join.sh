#!/usr/bin/env bash
# Times the cluster join (issue 21, VwBinlogJoin.join) on a pair of event files of GenerateEventFiles (N CB
# interactions, ~90% with an observation 0-120 s later; EUD 10m, the defaults) on local[1] and local[2], every row
# built (write.format("noop")), each timed after a warm-up run in the same session, with the bytes the shuffles wrote
# per event, the largest task's peak execution memory, the JVM's peak heap and the process's peak RSS; and the
# single-machine joiner (LogJoiner) on the same files in the same kind of JVM (SparkJoinTiming).
# Usage: benchmarks/spark-join.sh [interactions, default 1000000]
#   (env: DIR=/tmp/vw-binlog-spark-join, JAVA=java, HEAP=2g; DIR holds the generated files and Spark's local directory;
#   MASTERS="single local[1] local[2]", the JVMs to run; RUNS=2, a warm-up run then the timed one, or 1: one cold run,
#   for an input too large to join twice, as 10 M interactions on two cores; PIN=on: local[N] on N processors
#   only, benchmarks/spark-common.sh's `pin`)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
DIR=${DIR:-/tmp/vw-binlog-spark-join}
JAVA=${JAVA:-java}
HEAP=${HEAP:-2g}
. benchmarks/spark-common.sh
spark_build benchmarks,spark
event_files "$N"
environment
echo "input: $input; -Xmx$HEAP"
read -r -a masters <<< "${MASTERS:-single local[1] local[2]}"
for m in "${masters[@]}"; do
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
  pin "$m"
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e %U %S %M" -o "$DIR/time.txt" $prefix "$JAVA" -Xmx"$HEAP" $gc $opts -Djava.io.tmpdir="$DIR" -cp "$cp" \
    io.github.vwbinlog.spark.SparkJoinTiming "$m" "$in/interactions.fb" "$in/observations.fb" "$DIR/scratch" \
    "${RUNS:-2}" 2>/dev/null | grep -E "warm-up|timed|cold"
  read -r wall user sys rss < "$DIR/time.txt"
  awk -v m="$m" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" \
    'BEGIN{printf "%s, whole process: wall %.1f s, CPU %.1f s, peak RSS %.0f MiB\n", m, w, u+s, r/1024}'
  rm -rf "$DIR/scratch"
done

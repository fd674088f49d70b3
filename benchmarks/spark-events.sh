#!/usr/bin/env bash
# Times the Spark data source's events view (issue 21) on a pair of event files of GenerateEventFiles (N CB
# interactions, ~90% with an observation): count() with the default splits and with 1 MiB splits (which must cost
# about the same: a split reads its own bytes, not the file from its start), and a filter on a decoded column, on
# local[1] and local[2] (SparkEventsTiming: each query timed after a warm-up run of it in the same session).
# Usage: benchmarks/spark-events.sh [interactions, default 1000000]   (env: DIR=/tmp/vw-binlog-spark-events, JAVA=java)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
DIR=${DIR:-/tmp/vw-binlog-spark-events}
JAVA=${JAVA:-java}
. benchmarks/spark-common.sh
spark_build benchmarks,spark
event_files "$N"
environment
echo "input: $input"
for t in 1 2; do
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
  # shellcheck disable=SC2086
  "$JAVA" $opts -cp "$cp" io.github.vwbinlog.spark.SparkEventsTiming "local[$t]" "$in/interactions.fb" \
    "$in/observations.fb" 2>/dev/null | grep timed
done

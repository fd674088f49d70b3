#!/usr/bin/env bash
# Times writing the Spark data source's joined view back to joined logs (issue 21) against reading it, on the CB log
# of GenerateLog: count(), a full read of every column (Spark's noop sink) and the write (one log per task), on
# local[1] and local[2] (SparkWriteTiming: each query timed after a warm-up run of it in the same session). The written
# logs are checked to read back to as many rows.
# Usage: benchmarks/spark-write.sh [size in MiB, default 256]   (env: DIR=/tmp, JAVA=java; PIN=on: local[N] on N
#        processors only, benchmarks/spark-common.sh's `pin`)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-256}
DIR=${DIR:-/tmp}
JAVA=${JAVA:-java}
. benchmarks/spark-common.sh
spark_build benchmarks,spark
log="$DIR/cb-${SIZE}m.log"
[ -f "$log" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$SIZE" "$log"
out="$DIR/vw-binlog-spark-write-out"
environment
echo "== $log ($(stat -c %s "$log") bytes; load $(cut -d' ' -f1-3 /proc/loadavg))"
for t in 1 2; do
  pin "local[$t]"
  # shellcheck disable=SC2086
  $prefix "$JAVA" $gc $opts -cp "$cp" io.github.vwbinlog.spark.SparkWriteTiming "local[$t]" "$out" "$log" 2>/dev/null | grep timed
  echo "written: $(find "$out" -name '*.log' | wc -l) logs, $(du -sb "$out" | cut -f1) bytes"
done
rm -rf "$out"

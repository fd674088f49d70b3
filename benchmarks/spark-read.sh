#!/usr/bin/env bash
# Times the Spark data source (issue 13) against the CLI on the same CB log of GenerateLog: count() and writing the
# dsjson column as text on local[1] and local[2] (SparkTiming: each query timed after a warm-up run of it in the same
# session), and `convert --threads 1` and `--threads 2` as whole processes. Then the same on the log cut into 8 files
# (`split --parts 8`): one input split per file, so what two cores give Spark.
# Usage: benchmarks/spark-read.sh [size in MiB, default 1024]   (env: DIR=/tmp, JAVA=java)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-1024}
DIR=${DIR:-/tmp}
JAVA=${JAVA:-java}
. benchmarks/spark-common.sh
spark_build cli,benchmarks,spark
log="$DIR/cb-${SIZE}m.log"
[ -f "$log" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$SIZE" "$log"
parts="$DIR/cb-${SIZE}m-parts"
if [ ! -d "$parts" ]; then
  "$JAVA" -jar cli/target/vw-binlog.jar split "$log" --parts 8 --out-dir "$parts" -q
fi
out="$DIR/vw-binlog-spark-out"
environment
seconds() { local start end; start=$(date +%s.%N); "$@" > /dev/null; end=$(date +%s.%N); awk "BEGIN{printf \"%.2f\", $end - $start}"; }
for input in "$log" "$parts"; do
  echo "== $input (load $(cut -d' ' -f1-3 /proc/loadavg))"
  for t in 1 2; do
    if [ -f "$input" ]; then
      echo "convert --threads $t: $(seconds "$JAVA" -jar cli/target/vw-binlog.jar convert "$input" -o "$out.dsjson" --threads "$t" -q) s"
    else
      echo "convert --threads $t: $(seconds "$JAVA" -jar cli/target/vw-binlog.jar convert "$input" -o "$out.dsjson" --threads "$t" -q) s (8 files, one after the other)"
    fi
    rm -f "$out.dsjson"
    # shellcheck disable=SC2086
    "$JAVA" $opts -cp "$cp" io.github.vwbinlog.spark.SparkTiming "local[$t]" "$out" "$input" 2>/dev/null | grep timed
  done
done
rm -rf "$out"

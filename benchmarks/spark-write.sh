#!/usr/bin/env bash
# Times writing the Spark data source's joined view back to joined logs (issue 21) against reading it, on the CB log
# of GenerateLog: count(), a full read of every column (Spark's noop sink) and the write (one log per task), on
# local[1] and local[2] (SparkWriteTiming: each query timed after a warm-up run of it in the same session). The written
# logs are checked to read back to as many rows.
# Usage: benchmarks/spark-write.sh [size in MiB, default 256]   (env: DIR=/tmp, JAVA=java)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-256}
DIR=${DIR:-/tmp}
JAVA=${JAVA:-java}
mvn -B -q -o -pl benchmarks,spark -am -DskipTests package org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.outputFile="$PWD/spark/target/spark-cp.txt" -Dmdep.includeScope=test >/dev/null
log="$DIR/cb-${SIZE}m.log"
[ -f "$log" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$SIZE" "$log"
cp="spark/target/test-classes:spark/target/classes:$(cat spark/target/spark-cp.txt)"
opts=$(sed -n 's:.*<spark.jvm.options>\(.*\)</spark.jvm.options>.*:\1:p' spark/pom.xml)
out="$DIR/vw-binlog-spark-write-out"
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
echo "== $log ($(stat -c %s "$log") bytes; load $(cut -d' ' -f1-3 /proc/loadavg))"
for t in 1 2; do
  # shellcheck disable=SC2086
  "$JAVA" $opts -cp "$cp" io.github.vwbinlog.spark.SparkWriteTiming "local[$t]" "$out" "$log" 2>/dev/null | grep timed
  echo "written: $(find "$out" -name '*.log' | wc -l) logs, $(du -sb "$out" | cut -f1) bytes"
done
rm -rf "$out"

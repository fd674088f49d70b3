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
mvn -B -q -o -pl benchmarks,spark -am -DskipTests package org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.outputFile="$PWD/spark/target/spark-cp.txt" -Dmdep.includeScope=test >/dev/null
in="$DIR/$N"
[ -f "$in/observations.fb" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar \
  io.github.vwbinlog.benchmarks.GenerateEventFiles "$N" "$in" > /dev/null
cp="spark/target/test-classes:spark/target/classes:$(cat spark/target/spark-cp.txt)"
opts=$(sed -n 's:.*<spark.jvm.options>\(.*\)</spark.jvm.options>.*:\1:p' spark/pom.xml)
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
echo "input: $(du -b "$in/interactions.fb" "$in/observations.fb" | awk '{s+=$1} END {printf "%.0f MiB", s/1048576}')"
for t in 1 2; do
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
  # shellcheck disable=SC2086
  "$JAVA" $opts -cp "$cp" io.github.vwbinlog.spark.SparkEventsTiming "local[$t]" "$in/interactions.fb" \
    "$in/observations.fb" 2>/dev/null | grep timed
done

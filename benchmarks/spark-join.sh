#!/usr/bin/env bash
# Times the cluster join (issue 21, VwBinlogJoin.join) on a pair of event files of GenerateEventFiles (N CB
# interactions, ~90% with an observation 0-120 s later; EUD 10m, the defaults) on local[1] and local[2], every row
# built (write.format("noop")), each timed after a warm-up run in the same session, with the bytes the shuffles wrote
# per event, the largest task's peak execution memory, the JVM's peak heap and the process's peak RSS; and the
# single-machine joiner (LogJoiner) on the same files in the same kind of JVM (SparkJoinTiming).
# Usage: benchmarks/spark-join.sh [interactions, default 1000000]
#   (env: DIR=/tmp/vw-binlog-spark-join, JAVA=java, HEAP=2g; DIR holds the generated files and Spark's local directory;
#   MASTERS="single local[1] local[2]", the JVMs to run; RUNS=2, a warm-up run then the timed one, or 1: one cold run,
#   for an input too large to join twice, as 10 M interactions on two cores)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000000}
DIR=${DIR:-/tmp/vw-binlog-spark-join}
JAVA=${JAVA:-java}
HEAP=${HEAP:-2g}
mvn -B -q -o -pl benchmarks,spark -am -DskipTests package org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
  -Dmdep.outputFile="$PWD/spark/target/spark-cp.txt" -Dmdep.includeScope=test >/dev/null
in="$DIR/$N"
[ -f "$in/observations.fb" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar \
  io.github.vwbinlog.benchmarks.GenerateEventFiles "$N" "$in" > /dev/null
cp="spark/target/test-classes:spark/target/classes:$(cat spark/target/spark-cp.txt)"
opts=$(sed -n 's:.*<spark.jvm.options>\(.*\)</spark.jvm.options>.*:\1:p' spark/pom.xml)
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
echo "input: $(du -b "$in/interactions.fb" "$in/observations.fb" | awk '{s+=$1} END {printf "%.0f MiB", s/1048576}'); -Xmx$HEAP"
read -r -a masters <<< "${MASTERS:-single local[1] local[2]}"
for m in "${masters[@]}"; do
  echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
  # shellcheck disable=SC2086
  /usr/bin/time -f "%e %U %S %M" -o "$DIR/time.txt" "$JAVA" -Xmx"$HEAP" $opts -Djava.io.tmpdir="$DIR" -cp "$cp" \
    io.github.vwbinlog.spark.SparkJoinTiming "$m" "$in/interactions.fb" "$in/observations.fb" "$DIR/scratch" \
    "${RUNS:-2}" 2>/dev/null | grep -E "warm-up|timed|cold"
  read -r wall user sys rss < "$DIR/time.txt"
  awk -v m="$m" -v w="$wall" -v u="$user" -v s="$sys" -v r="$rss" \
    'BEGIN{printf "%s, whole process: wall %.1f s, CPU %.1f s, peak RSS %.0f MiB\n", m, w, u+s, r/1024}'
  rm -rf "$DIR/scratch"
done

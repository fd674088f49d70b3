#!/usr/bin/env bash
# The size of `vw-binlog evaluate --html` and the evaluation's peak heap for the logs of issue 22: a 256 MiB CB log
# with a message of 100 decisions every 30 seconds, evaluated with --window 1m (1,443 windows), and a 60 MiB CCB
# log whose every decision has new slot ids (54,700 decisions, about 164,000 slot ids). Peak heap: the largest heap
# occupancy before a collection in the JVM's GC log (-Xlog:gc) and the largest after one (what was still reachable),
# and the run repeated with a small -Xmx to show that it fits.
# Build first:  mvn -B -q -DskipTests package
# Usage: benchmarks/evaluate-report.sh (env: JAVA=java, DIR=/tmp, XMX=64m)
set -euo pipefail
cd "$(dirname "$0")/.."
JAVA=${JAVA:-java}
DIR=${DIR:-/tmp}
XMX=${XMX:-64m}
JAR=cli/target/vw-binlog.jar
[ -f "$JAR" ] && [ -f benchmarks/target/benchmarks.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 2; }
gen() { [ -f "$DIR/$4" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateEvaluationLog "$1" "$2" "$3" "$DIR/$4" > /dev/null; }
gen cb 256 30 cb-eval-256m.log
gen ccb-unique-slots 60 30 ccb-unique-60m.log
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
peak() { grep -o '[0-9]*M->' "$1" | sed 's/M->//' | sort -n | tail -1; }
live() { grep -o -- '->[0-9]*M' "$1" | sed 's/->//; s/M//' | sort -n | tail -1; }
for spec in "cb-eval-256m.log --window 1m" "ccb-unique-60m.log --window 1m" "ccb-unique-60m.log"; do
  set -- $spec
  log=$1; shift
  html="$DIR/report-$log.html"
  gclog="$DIR/gc-$log.txt"
  start=$(date +%s.%N)
  "$JAVA" -Xlog:gc:file="$gclog" -jar "$JAR" evaluate "$DIR/$log" "$@" --html "$html" > /dev/null
  end=$(date +%s.%N)
  small=ok
  "$JAVA" -Xmx"$XMX" -jar "$JAR" evaluate "$DIR/$log" "$@" --html "$DIR/small.html" > /dev/null 2>&1 || small=failed
  echo "$log $*: report $(stat -c %s "$html") bytes, peak heap $(peak "$gclog") MiB before a collection, $(live "$gclog") MiB after (default heap), with -Xmx$XMX: $small, $(awk "BEGIN{printf \"%.1f\", $end - $start}") s"
done

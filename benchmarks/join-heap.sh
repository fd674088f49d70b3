#!/usr/bin/env bash
# The joiner's memory bound and speed (issue 20): generates a pair of event files of N interactions with
# GenerateEventFiles (CB decisions at 200 per second of client time, ~500 bytes each, 90% with one outcome 0-120 s
# later), joins them with `vw-binlog join` in a JVM limited to -Xmx256m (EUD 10m, the defaults), and reports the wall
# and CPU time, the input bytes per CPU second, the largest heap after a garbage collection (from -Xlog:gc), and, for
# comparison, `convert --threads 1` of the joined output (bytes per CPU second).
# Build first:  mvn -B -q -DskipTests package
# Usage: benchmarks/join-heap.sh "1000000 5000000 10000000"   (env: DIR=/tmp/vw-binlog-join, JAVA=java, KEEP=0)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${1:-1000000}
DIR=${DIR:-/tmp/vw-binlog-join}
JAVA=${JAVA:-java}
JAR=cli/target/vw-binlog.jar
[ -f "$JAR" ] && [ -f benchmarks/target/benchmarks.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 2; }
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
cpu() { awk '{print $1 + $2}' "$1"; }
for n in $SIZES; do
  in="$DIR/$n"
  [ -f "$in/observations.fb" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar \
    io.github.vwbinlog.benchmarks.GenerateEventFiles "$n" "$in" > /dev/null
  bytes=$(( $(stat -c %s "$in/interactions.fb") + $(stat -c %s "$in/observations.fb") ))
  out="$in/joined.log"
  rm -f "$out"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  /usr/bin/time -f "%U %S %e %M" -o "$in/time.txt" "$JAVA" -Xmx256m -Xlog:gc:file="$in/gc.log" -jar "$JAR" join \
    --interactions "$in/interactions.fb" --observations "$in/observations.fb" -o "$out" 2> "$in/summary.txt"
  heap=$(grep -o '[0-9]*M->[0-9]*M' "$in/gc.log" | awk -F'->' '{v=$2; sub("M","",v); if (v+0>m) m=v+0} END {print m}')
  read -r user sys wall rss < "$in/time.txt"
  /usr/bin/time -f "%U %S %e" -o "$in/ctime.txt" "$JAVA" -jar "$JAR" convert "$out" -o /dev/null --threads 1 -q
  read -r cuser csys cwall < "$in/ctime.txt"
  obytes=$(stat -c %s "$out")
  awk -v n="$n" -v b="$bytes" -v u="$user" -v s="$sys" -v w="$wall" -v h="$heap" -v r="$rss" -v ob="$obytes" \
    -v cu="$cuser" -v cs="$csys" -v cw="$cwall" 'BEGIN {
      printf "%d interactions: input %.0f MB, join %.1f s wall, %.1f s CPU (%.0f MB/CPU s), max heap after GC %d MiB, RSS %.0f MiB; convert --threads 1 of the %.0f MB output: %.1f s wall, %.1f s CPU (%.0f MB/CPU s)\n",
        n, b/1e6, w, u+s, b/1e6/(u+s), h, r/1024, ob/1e6, cw, cu+cs, ob/1e6/(cu+cs) }'
  head -1 "$in/summary.txt"
  [ "${KEEP:-0}" = 1 ] || rm -f "$out"
done

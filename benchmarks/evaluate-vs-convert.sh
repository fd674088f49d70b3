#!/usr/bin/env bash
# Times `vw-binlog evaluate` with five policies against `vw-binlog convert` on the same synthetic CB log of
# GenerateLog (issue 14: evaluate may cost at most 1.2 times convert), as whole processes, with the same thread count
# for both: 1, then 2 (both commands' default on this 2-core machine kind is the available cores).
# Build first:  mvn -B -q -DskipTests package
# With PREDICTIONS=3 (issue 22: at most 1.3 times convert) evaluate also reads three VW predictions files, one line per
# learnable event (made here from the count `stats` gives), as three more policies: five policies and three models.
# With JARS="a.jar b.jar" (default: the build's cli/target/vw-binlog.jar) each run times convert with the first jar,
# then evaluate with each jar in turn, in the same minutes: the code before a change and after it, side by side.
# Each line gives the load average before it (the machine may be shared: compare CPU times there).
# Usage: benchmarks/evaluate-vs-convert.sh [size in MiB, default 1024]
#        (env: RUNS=1, THREADS="1 2", JAVA=java, DIR=/tmp, PREDICTIONS=0, JARS=cli/target/vw-binlog.jar)
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-1024}
RUNS=${RUNS:-1}
THREADS=${THREADS:-1 2}
JAVA=${JAVA:-java}
DIR=${DIR:-/tmp}
JARS=${JARS:-cli/target/vw-binlog.jar}
read -r JAR _ <<< "$JARS"
[ -f "$JAR" ] && [ -f benchmarks/target/benchmarks.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 2; }
log="$DIR/cb-${SIZE}m.log"
[ -f "$log" ] || java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$SIZE" "$log"
out="$DIR/vw-binlog-evaluate-timing.json"
PREDICTIONS=${PREDICTIONS:-0}
policies=logged,baseline1,baseline2,baseline3,uniform
extra=()
if [ "$PREDICTIONS" -gt 0 ]; then
  learnable=$("$JAVA" -jar "$JAR" stats "$log" | awk '$1 == "learnable" {print $2}')
  for k in $(seq "$PREDICTIONS"); do
    pred="$DIR/cb-${SIZE}m.model$k.pred"
    [ -f "$pred" ] || awk -v n="$learnable" -v k="$k" 'BEGIN { for (i = 0; i < n; i++) { a = (i + k) % 3;
      printf "%d:0.8,%d:0.1,%d:0.1\n", a, (a + 1) % 3, (a + 2) % 3 } }' > "$pred"
    policies="$policies,model$k"
    extra+=(--predictions "model$k=$pred")
  done
fi
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); commit: $(git rev-parse --short HEAD); $(date -u)"
# Wall seconds, then CPU seconds (user + system: steadier than wall time when other processes share the cores).
seconds() {
  local start end cpu
  start=$(date +%s.%N)
  /usr/bin/time -f "%U %S" -o "$DIR/vw-binlog-cpu.txt" "$@" > /dev/null
  end=$(date +%s.%N)
  cpu=$(awk '{printf "%.2f", $1 + $2}' "$DIR/vw-binlog-cpu.txt")
  awk "BEGIN{printf \"%.2f %s\\n\", $end - $start, $cpu}"
}
cat "$log" > /dev/null # the page cache holds the log for both
for run in $(seq "$RUNS"); do
  for t in $THREADS; do
    echo "load before run $run, $t thread(s): $(cut -d' ' -f1-3 /proc/loadavg)"
    read -r c ccpu < <(seconds "$JAVA" -jar "$JAR" convert "$log" -o "$out" --threads "$t" -q)
    rm -f "$out"
    echo "run $run, --threads $t: convert ${c}s (CPU ${ccpu}s)"
    for jar in $JARS; do
      load=$(cut -d' ' -f1 /proc/loadavg)
      read -r e ecpu < <(seconds "$JAVA" -jar "$jar" evaluate "$log" --policy "$policies" "${extra[@]}" \
        --format json --window 1h --threads "$t")
      echo "  $jar (load $load): evaluate (5 policies + $PREDICTIONS predictions, 1h windows) ${e}s (CPU ${ecpu}s)," \
        "ratio $(awk "BEGIN{printf \"%.2f\", $e / $c}") (CPU $(awk "BEGIN{printf \"%.2f\", $ecpu / $ccpu}"))"
    done
  done
done

#!/usr/bin/env bash
# Issue 23's target for `convert --format parquet`: at most 1.5 times the time of `convert` to DSJSON on a 1 GiB CB
# log, and a file smaller than the DSJSON. Times whole processes (JVM start included) in rounds that alternate the
# commands, so that runs made in the same minute are compared on a shared machine: in each round DSJSON then Parquet
# with this build's jar, then Parquet with BASE.jar when given (an earlier build, e.g. main's, for a before/after in
# the same series). Each run records wall, user and system time (/usr/bin/time) and the load average before it; the
# summary gives the medians, Parquet's wall and CPU (user + system) over DSJSON's, and the file sizes.
# Build first:  mvn -B -q -DskipTests package
# Usage: benchmarks/parquet-vs-dsjson.sh [BASE.jar]  (env: SIZE=1024 MiB, ROUNDS=5, THREADS= (convert's default),
#        JAVA=java, DIR=/tmp; the log is generated in $DIR when missing, never in the repository)
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=${1:-}
SIZE=${SIZE:-1024}
ROUNDS=${ROUNDS:-5}
JAVA=${JAVA:-java}
DIR=${DIR:-/tmp}
THREADS=${THREADS:-}
JAR=cli/target/vw-binlog.jar
[ -f "$JAR" ] && [ -f benchmarks/target/benchmarks.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 2; }
[ -z "$BASE" ] || [ -f "$BASE" ] || { echo "no such jar: $BASE" >&2; exit 2; }
[ -x /usr/bin/time ] || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }
log="$DIR/cb-${SIZE}m.log"
[ -f "$log" ] || "$JAVA" -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$SIZE" "$log"
json="$DIR/vw-binlog-pq-bench.json"
pq="$DIR/vw-binlog-pq-bench.parquet"
pqbase="$DIR/vw-binlog-pq-bench-base.parquet"
opts=(-q)
[ -z "$THREADS" ] || opts+=(--threads "$THREADS")
results="benchmarks/target/parquet-vs-dsjson-$(date -u +%Y%m%dT%H%M%S).tsv"
mkdir -p benchmarks/target
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); $(date -u); commit $(git rev-parse --short HEAD)"
echo "log: $log ($(stat -L -c %s "$log") bytes); threads: ${THREADS:-default}; base: ${BASE:-none}"
printf 'round\tcommand\twall_s\tuser_s\tsys_s\tload1\n' | tee "$results"

run() { # name, output, jar, convert arguments...
  local name=$1 out=$2 jar=$3
  shift 3
  rm -f "$out"
  local load t
  load=$(cut -d' ' -f1 /proc/loadavg)
  t=$( { /usr/bin/time -f '%e %U %S' "$JAVA" -jar "$jar" convert "$@" "$log" -o "$out" "${opts[@]}" >/dev/null; } 2>&1 \
    | tail -1)
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$round" "$name" ${t} "$load" | tee -a "$results"
}

# A warm-up of each command reads the log into the page cache and the jars' classes into the OS cache.
round=0
run dsjson "$json" "$JAR"
run parquet "$pq" "$JAR" --format parquet
[ -z "$BASE" ] || run parquet-base "$pqbase" "$BASE" --format parquet
for round in $(seq 1 "$ROUNDS"); do
  run dsjson "$json" "$JAR"
  run parquet "$pq" "$JAR" --format parquet
  [ -z "$BASE" ] || run parquet-base "$pqbase" "$BASE" --format parquet
done

echo
echo "medians of rounds 1-$ROUNDS (warm-up excluded):"
awk -F'\t' 'NR > 1 && $1 > 0 { w[$2] = w[$2] " " $3; c[$2] = c[$2] " " ($4 + $5); l[$2] = l[$2] " " $6 }
  function median(s,   a, n, i, j, t) { n = split(s, a, " "); for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
      if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
  END { for (k in w) { mw[k] = median(w[k]); mc[k] = median(c[k]);
      printf "  %-13s wall %6.2f s   CPU (user+sys) %6.2f s   load %s\n", k, mw[k], mc[k], median(l[k]) }
    printf "  parquet / dsjson: wall %.2f, CPU %.2f (issue 23 asks wall <= 1.5)\n", mw["parquet"] / mw["dsjson"],
      mc["parquet"] / mc["dsjson"]
    if ("parquet-base" in mw) printf "  parquet-base / dsjson: wall %.2f, CPU %.2f; parquet / parquet-base: wall %.2f, CPU %.2f\n",
      mw["parquet-base"] / mw["dsjson"], mc["parquet-base"] / mc["dsjson"], mw["parquet"] / mw["parquet-base"],
      mc["parquet"] / mc["parquet-base"] }' "$results"
echo "  sizes: DSJSON $(stat -c %s "$json") bytes, Parquet $(stat -c %s "$pq") bytes$( [ -z "$BASE" ] || echo ", Parquet (base) $(stat -c %s "$pqbase") bytes")"
[ "$(stat -c %s "$pq")" -lt "$(stat -c %s "$json")" ] || echo "  the Parquet file is NOT smaller than the DSJSON"
echo "runs: $results"
rm -f "$json" "$pq" "$pqbase"

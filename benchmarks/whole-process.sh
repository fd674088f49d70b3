#!/usr/bin/env bash
# Times `vw-binlog convert` as whole processes (JVM start included) with hyperfine, one and two threads, on the
# synthetic CB logs of GenerateLog, writing a new output file each run. The numbers of docs/PERFORMANCE.md.
# Build first:  mvn -B -q -DskipTests package
# Usage: benchmarks/whole-process.sh [sizes in MiB, default "256 1024"] (env: RUNS=5, JAVA=java, DIR=/tmp)
# Installs hyperfine with apt when it is missing. Needs about 2.1 times each size free in $DIR.
set -euo pipefail
cd "$(dirname "$0")/.."
SIZES=${1:-256 1024}
RUNS=${RUNS:-5}
JAVA=${JAVA:-java}
DIR=${DIR:-/tmp}
JAR=cli/target/vw-binlog.jar
[ -f "$JAR" ] && [ -f benchmarks/target/benchmarks.jar ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 2; }
command -v hyperfine >/dev/null || { apt-get update -qq && apt-get install -y -qq hyperfine >/dev/null; }
echo "JDK: $("$JAVA" -version 2>&1 | head -1); cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u)"
for size in $SIZES; do
  log="$DIR/cb-${size}m.log"
  [ -f "$log" ] || java -cp benchmarks/target/benchmarks.jar io.github.vwbinlog.benchmarks.GenerateLog "$size" "$log"
  out="$DIR/vw-binlog-timing.json"
  # Start each series from the same kernel state: other big files in the page cache (earlier logs and outputs) made
  # the kernel reclaim memory during the runs, which added up to 1 s of system time per GiB to some series and not
  # to others. hyperfine's warm-up run then reads the log into the cache.
  sync
  if [ -w /proc/sys/vm/drop_caches ]; then echo 3 > /proc/sys/vm/drop_caches; fi
  hyperfine -N -w 1 -r "$RUNS" --prepare "rm -f $out" --export-json "benchmarks/target/whole-process-${size}m-$("$JAVA" -version 2>&1 | head -1 | cut -d\" -f2).json" \
    -n "${size} MiB, --threads 1" "$JAVA -jar $JAR convert $log -o $out --threads 1 -q" \
    -n "${size} MiB, --threads 2" "$JAVA -jar $JAR convert $log -o $out --threads 2 -q"
  rm -f "$out"
done

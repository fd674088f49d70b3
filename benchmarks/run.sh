#!/usr/bin/env bash
# Runs the JMH benchmarks with settings that give stable numbers on a 2-core machine: one fork, one benchmark
# thread, 3 warm-up and 5 measured iterations, -prof gc for the bytes allocated per operation. Build first:
#   mvn -B -q -DskipTests package
# Usage: benchmarks/run.sh [quick|full] [extra JMH arguments...]
#   quick (default): the matrix docs/PERFORMANCE.md reports (about 25 minutes)
#   full: every parameter combination of every benchmark (several hours)
# Results go to benchmarks/target/jmh-*.txt (human-readable) and benchmarks/target/jmh-*.json.
set -euo pipefail
cd "$(dirname "$0")/.."
JAR=benchmarks/target/benchmarks.jar
[ -f "$JAR" ] || { echo "build first: mvn -B -q -DskipTests package" >&2; exit 2; }
MODE=${1:-quick}
shift || true
COMMON=(-f 1 -t 1 -wi 3 -i 5 -prof gc "$@")
run() { # name, then JMH arguments
  local name=$1; shift
  echo "== $name" >&2
  java -jar "$JAR" "$@" "${COMMON[@]}" -rf json -rff "benchmarks/target/jmh-$name.json" \
    | tee "benchmarks/target/jmh-$name.txt"
}
echo "JDK: $(java -version 2>&1 | head -1); cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u)" >&2
if [ "$MODE" = full ]; then
  run all -w 2 -r 2
  exit 0
fi
run framing 'FramingBenchmark' -w 2 -r 2
run numbers 'NumberBenchmark' -w 1 -r 1
run decode 'EventDecodeBenchmark.fastPath' -w 2 -r 2
run decode-records 'EventDecodeBenchmark.records' -p zstd=false -p dedup=false -w 2 -r 2
run join 'JoinBenchmark' -p zstd=false -p dedup=false -w 2 -r 2
run convert 'ConvertBenchmark.toSink' -p zstd=false -p dedup=false -w 3 -r 3
run convert-zstd-dedup 'ConvertBenchmark.toSink' -p kind=CB -p threads=1 -w 3 -r 3
run convert-file 'ConvertBenchmark.toFile' -p kind=CB -p zstd=false -p dedup=false -w 3 -r 3

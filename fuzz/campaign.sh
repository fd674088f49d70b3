#!/usr/bin/env bash
# A long fuzzing campaign (docs/ROBUSTNESS.md): fuzzes one target at a time, niced, keeping going past findings.
#   fuzz/campaign.sh reader 1500 converter 2400 decoder 1200     # target seconds, ...
#   CAMPAIGN_ARGS=-Djazzer.internal.arg.2=-max_len=16384 fuzz/campaign.sh reader 900   # more libFuzzer flags
# Run from the project root. Logs go to fuzz/target/campaign-<target>.log; findings to fuzz/target/crash-*; the
# executions are the "Done N runs" lines of the logs.
set -euo pipefail
cd "$(dirname "$0")/.."
while [ $# -ge 2 ]; do
  target=$1 seconds=$2
  shift 2
  skips=()
  for t in reader converter decoder; do
    [ "$t" = "$target" ] || skips+=("-Dfuzz.$t.skip=true")
  done
  log="fuzz/target/campaign-$target.log"
  mkdir -p fuzz/target
  echo "== $target for $seconds s: $log"
  nice -n 15 mvn -B -pl fuzz -am test -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
    -Dfuzz.seconds="$seconds" -Djazzer.keep_going=1000 "${skips[@]}" ${CAMPAIGN_ARGS:-} >"$log" 2>&1 || true
  grep -E '^Done [0-9]+ runs' "$log" || echo "no Done line: see $log"
done

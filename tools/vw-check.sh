#!/usr/bin/env bash
# Checks vw-binlog against a real VW (developers only; not part of CI, which cannot build VW).
#
# Usage: tools/vw-check.sh VW_BINARY [REF2JSON] [WORK_DIR]
#   VW_BINARY  vw built with the binary parser (../shared/tools/build-vw-reference.sh builds it)
#   REF2JSON   VW's converter wrapper from the same script (ref2json PROBLEM INPUT OUTPUT); default: beside VW_BINARY
#   WORK_DIR   where the logs, DSJSON and models go (default: a new temporary directory, kept)
#
# For each log of tools/vw-check/VwCheckLogs.java (written by the project's BinaryLogWriter: every problem type, pdrop,
# deferred actions, apprentice mode, zstd, dedup, CCB slot ids, multistep), it
#   (a) converts the log with vw-binlog (default features) and with VW's converter, and compares the bytes;
#   (b) trains VW on the binary log (vw --binary_parser) and on vw-binlog's --for-training DSJSON (vw --dsjson) with
#       the same options, and compares the two model files, then the readable models.
# It prints one line per case and check, and exits 1 if a check differs other than the known training differences
# (reported as "known"; docs/DIFFERENCES.md, "Training", says why).
set -uo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
vw=$(readlink -f "${1:?usage: tools/vw-check.sh VW_BINARY [REF2JSON] [WORK_DIR]}")
ref2json=$(readlink -f "${2:-$(dirname "$vw")/ref2json}")
work=${3:-$(mktemp -d -t vw-check.XXXXXX)}
mkdir -p "$work"; work=$(cd "$work" && pwd)

jar=$here/cli/target/vw-binlog.jar
if [[ ! -f $jar || -n $(find "$here/api/src" "$here/core/src/main" "$here/cli/src/main" -newer "$jar" -print -quit) ]]; then
  echo "building $jar" >&2
  (cd "$here" && mvn -B -q -pl cli -am package -DskipTests) || exit 2
fi

java -cp "$jar" "$here/tools/vw-check/VwCheckLogs.java" "$work/logs" || exit 2

# VW's learner options per problem type (those of ref2json), and the binary parser's own for multistep.
options() {
  case $1 in
    cb) echo "--cb_explore_adf";;
    ccb) echo "--ccb_explore_adf";;
    slates) echo "--ccb_explore_adf --slates";;
    ca) echo "--cats 4 --min_value 1 --max_value 100 --bandwidth 1";;
    multistep) echo "--cb_explore_adf";;
  esac
}

# Logs that cannot train the same (docs/DIFFERENCES.md): slates weights, infinite weights, mismatched slot sizes.
known_train=" slates-pdrop ccb-pdrop1 ccb-sizes slates-sizes "
failed=0
report() {  # CASE CHECK RESULT [DETAIL]
  local result=$3
  if [[ $result != equal && $2 == train && $known_train == *" $1 "* ]]; then result="known:$result"; fi
  printf '%-22s %-9s %-15s %s\n' "$1" "$2" "$result" "${4:-}"
  [[ $result == equal || $result == known:* ]] || failed=1
}

printf '%-22s %-9s %-15s %s\n' case check result detail
for log in "$work"/logs/*.fb; do
  name=$(basename "$log" .fb)
  problem=${name%%-*}
  opts=$(options "$problem")
  binary_opts=$opts; join=()
  if [[ $problem == multistep ]]; then binary_opts="$opts --multistep"; join=(--multistep); fi
  d=$work/$name; mkdir -p "$d"

  # (a) conversion: vw-binlog's default output against VW's converter
  java -jar "$jar" convert -q "${join[@]}" "$log" -o "$d/vw-binlog.dsjson" 2>"$d/vw-binlog.err"
  "$ref2json" "$problem" "$log" "$d/vw.dsjson" >"$d/ref2json.out" 2>&1
  if cmp -s "$d/vw-binlog.dsjson" "$d/vw.dsjson"; then
    report "$name" convert equal "$(wc -l <"$d/vw.dsjson") lines"
  else
    report "$name" convert DIFFERENT "$(diff <(cat "$d/vw-binlog.dsjson") <(cat "$d/vw.dsjson") | grep -c '^[<>]') lines differ"
  fi

  # (b) training: the binary log against vw-binlog's --for-training DSJSON, same learner options
  java -jar "$jar" convert -q --for-training "${join[@]}" "$log" -o "$d/training.dsjson" 2>"$d/training.err"
  "$vw" --quiet --binary_parser -d "$log" $binary_opts -f "$d/binary.model" --readable_model "$d/binary.readable" \
    >"$d/binary.out" 2>&1
  "$vw" --quiet --dsjson -d "$d/training.dsjson" $opts -f "$d/dsjson.model" --readable_model "$d/dsjson.readable" \
    >"$d/dsjson.out" 2>&1
  if [[ ! -s $d/binary.model || ! -s $d/dsjson.model ]]; then
    report "$name" train FAILED "a model is missing: see $d/binary.out, $d/dsjson.out"
  elif cmp -s "$d/binary.model" "$d/dsjson.model"; then
    report "$name" train equal "$(stat -c %s "$d/binary.model") bytes"
  elif cmp -s "$d/binary.readable" "$d/dsjson.readable"; then
    report "$name" train READABLE "model files differ, readable models equal"
  else
    report "$name" train DIFFERENT "$(diff "$d/binary.readable" "$d/dsjson.readable" | grep -c '^[<>]') readable lines differ"
  fi
done
echo "work directory: $work"
exit $failed

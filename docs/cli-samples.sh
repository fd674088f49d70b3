#!/usr/bin/env bash
# Regenerates the output in the ```console blocks of docs/CLI.md by running the commands they show with the built
# jar, so that every sample is what vw-binlog really prints.
#
#   docs/cli-samples.sh           rewrite docs/CLI.md in place
#   docs/cli-samples.sh --check   change nothing; show a diff and exit 1 if docs/CLI.md differs from what the jar prints
#
# In a block, each line starting with "$ " is a command; the lines after it, up to the next command or the end of the
# block, are its output (standard output and error merged) and are replaced. Commands run in a scratch directory
# holding links to the corpus logs (../shared/conformance/files/{valid,invalid}_joined_logs) under their own names,
# a directory hourly/ of two logs and a directory events/ of rlclientlib event files (core's test resources);
# "vw-binlog" is a wrapper for java -jar cli/target/vw-binlog.jar.
# Environment: VWBINLOG_JAR (default cli/target/vw-binlog.jar), VWBINLOG_SHARED (default ../shared), JAVA (java).
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
jar=${VWBINLOG_JAR:-$root/cli/target/vw-binlog.jar}
case $jar in /*) ;; *) jar=$PWD/$jar ;; esac
shared=${VWBINLOG_SHARED:-$root/../shared}
java=${JAVA:-java}
doc=$root/docs/CLI.md
check=false
[ "${1:-}" = "--check" ] && check=true

[ -f "$jar" ] || { echo "cli-samples: $jar not found: build it with mvn -B -q -DskipTests package" >&2; exit 2; }
files=$shared/conformance/files
[ -d "$files" ] || { echo "cli-samples: corpus not found at $files (set VWBINLOG_SHARED)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin" "$work/run/hourly"
printf '#!/bin/sh\nexec "%s" -jar "%s" "$@"\n' "$java" "$jar" > "$work/bin/vw-binlog"
chmod +x "$work/bin/vw-binlog"
for f in "$files"/valid_joined_logs/* "$files"/invalid_joined_logs/*; do
  ln -s "$f" "$work/run/$(basename "$f")"
done
# event files rlclientlib wrote, for join, inspect and validate (their README says how they were made)
cp -r "$root/core/src/test/resources/rlclientlib" "$work/run/events"
cp "$files/valid_joined_logs/ccb_simple.log" "$work/run/hourly/2021-06-09T12.log"
cp "$files/valid_joined_logs/cb_simple.log" "$work/run/hourly/2021-06-09T13.log"

out=$work/CLI.md
: > "$out"
in_block=false
while IFS= read -r line || [ -n "$line" ]; do
  if ! $in_block; then
    printf '%s\n' "$line" >> "$out"
    [ "$line" = '```console' ] && in_block=true
    continue
  fi
  if [ "$line" = '```' ]; then
    printf '%s\n' "$line" >> "$out"
    in_block=false
  elif [[ $line == '$ '* ]]; then
    printf '%s\n' "$line" >> "$out"
    # a fixed width, so that picocli's help wraps the same everywhere; the scratch directory is the same for all
    # commands of the file, so that one can use what an earlier one wrote
    result=$(cd "$work/run" && PATH="$work/bin:$PATH" COLUMNS=120 bash -c "${line#\$ }" 2>&1) || true
    [ -n "$result" ] && printf '%s\n' "$result" >> "$out"
  fi
  # any other line of a block is the previous output: dropped
done < "$doc"

if $check; then
  if ! diff -u "$doc" "$out"; then
    echo "cli-samples: docs/CLI.md differs from what the jar prints: run docs/cli-samples.sh" >&2
    exit 1
  fi
else
  cp "$out" "$doc"
fi

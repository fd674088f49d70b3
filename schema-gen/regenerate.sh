#!/usr/bin/env bash
# Regenerates schema-gen/src/main/java from schema-gen/src/main/fbs: flatc's classes, and the slot constants and the
# verifier's walk (io.github.vwbinlog.schema.Slots and TableWalk) written by src/generator/java/SchemaGenerator.java.
#   schema-gen/regenerate.sh          rewrite the generated sources
#   schema-gen/regenerate.sh --check  fail if the committed sources differ from what flatc generates
# flatc must be the version that matches flatbuffers-java in the root pom (2.0.8; docs/SCHEMA.md).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
want="2.0.8"

if ! command -v flatc >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y -qq flatbuffers-compiler >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq flatbuffers-compiler >/dev/null; }
  else
    echo "regenerate.sh: flatc $want is not installed (Debian: apt-get install flatbuffers-compiler)" >&2
    exit 2
  fi
fi
have="$(flatc --version | awk '{print $3}')"
if [ "$have" != "$want" ]; then
  echo "regenerate.sh: flatc is $have, the runtime is flatbuffers-java $want; they must match" >&2
  exit 2
fi

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
flatc --java -o "$out" "$here"/src/main/fbs/*.fbs
gen="reinforcement_learning/messages/flatbuff/v2"
# The slot constants of every table, for the hand-written readers, and the verifier's walk over every table (our own
# generator; a single-file Java program).
ours="io/github/vwbinlog/schema"
java "$here/src/generator/java/SchemaGenerator.java" "$here/src/main/fbs" "$out/$ours"

if [ "${1:-}" = "--check" ]; then
  if ! diff -r "$out/$gen" "$here/src/main/java/$gen" || ! diff -r "$out/$ours" "$here/src/main/java/$ours"; then
    echo "regenerate.sh: the committed generated sources are stale; run schema-gen/regenerate.sh" >&2
    exit 1
  fi
  echo "regenerate.sh: generated sources are up to date"
else
  rm -rf "$here/src/main/java/$gen"
  rm -rf "$here/src/main/java/$ours"
  mkdir -p "$here/src/main/java/$gen" "$here/src/main/java/$ours"
  cp "$out/$gen"/*.java "$here/src/main/java/$gen/"
  cp "$out/$ours"/*.java "$here/src/main/java/$ours/"
  echo "regenerate.sh: wrote $(ls "$here/src/main/java/$gen" | wc -l) flatc files and $(ls "$here/src/main/java/$ours" | wc -l) of ours"
fi

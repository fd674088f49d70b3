#!/usr/bin/env bash
# Checks that our generator (src/generator/java/SchemaGenerator.java, which the build runs to write the schema's Java
# into target/generated-sources) writes for src/main/fbs exactly the classes flatc writes: it runs flatc --java into one
# temporary folder and our generator into another, and diffs them. Exit 0 when they are the same, 1 (with the diff)
# when they differ, 2 when flatc is missing or not the version that matches flatbuffers-java in the root pom (2.0.8;
# docs/SCHEMA.md). Run by .ci/run; as root on Debian or Ubuntu it installs flatc with apt-get when it is missing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
want="2.0.8"

if ! command -v flatc >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get install -y -qq flatbuffers-compiler >/dev/null 2>&1 \
      || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq flatbuffers-compiler >/dev/null; }
  else
    echo "check-flatc.sh: flatc $want is not installed (Debian: apt-get install flatbuffers-compiler)" >&2
    exit 2
  fi
fi
have="$(flatc --version | awk '{print $3}')"
if [ "$have" != "$want" ]; then
  echo "check-flatc.sh: flatc is $have, the runtime is flatbuffers-java $want; they must match" >&2
  exit 2
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
flatc --java -o "$tmp/flatc" "$here"/src/main/fbs/*.fbs
java "$here/src/generator/java/SchemaGenerator.java" "$here/src/main/fbs" "$tmp/ours"
# flatc writes only the namespace's folder; ours also holds io/github/vwbinlog/schema (Slots, TableWalk), which flatc
# has no counterpart of.
ns="reinforcement_learning"
if ! diff -r "$tmp/flatc/$ns" "$tmp/ours/$ns"; then
  echo "check-flatc.sh: SchemaGenerator.java does not write what flatc $want writes for src/main/fbs (diff above:" \
    "< flatc, > ours); teach the generator the new construct" >&2
  exit 1
fi
echo "check-flatc.sh: SchemaGenerator.java writes what flatc $want writes ($(find "$tmp/flatc" -name '*.java' | wc -l) files)"

#!/usr/bin/env bash
# Runs commands in turn, round after round (one run of each command a round, each round starting one command later),
# and prints each command's median wall and CPU time and, for every command after the first, its time against the
# first one's: per round and the ratio of the medians. On a host whose speed drifts, only figures measured in turn
# compare: a drift then moves every command of a round alike. The numbers of docs/PERFORMANCE.md's "in turn" tables.
# Usage: benchmarks/in-turn.sh ROUNDS NAME=COMMAND NAME=COMMAND...   (env: PREPARE, a command run before each run)
# Example, the launcher against VW's converter, 256 MiB, one thread (VW's is ../shared/tools/build-vw-reference.sh's):
#   PREPARE='rm -f a.json b.json' benchmarks/in-turn.sh 10 \
#     'vw=ref2json cb cb-256m.log b.json' \
#     'launcher=cli/target/vw-binlog convert -q --threads 1 cb-256m.log -o a.json'
# Each command runs under bash -c with its output to /dev/null; a command that fails stops the series (exit 1).
set -euo pipefail
(( $# >= 2 )) && [[ $1 =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 ROUNDS NAME=COMMAND..." >&2; exit 2; }
rounds=$1
shift
names=() commands=()
for spec in "$@"; do
  [[ $spec == ?*=?* ]] || { echo "in-turn.sh: not NAME=COMMAND: $spec" >&2; exit 2; }
  names+=("${spec%%=*}")
  commands+=("${spec#*=}")
done
times=$(mktemp)
clock=$(mktemp)
trap 'rm -f "$times" "$clock"' EXIT
# The children's user and system time so far, in seconds, from bash's times builtin, into $children. times must run
# in this shell, not in a $(...) subshell, whose children are not this shell's.
children() {
  times > "$clock"
  children=$(awk 'NR == 2 { split($1, u, /m|s/); split($2, s, /m|s/); print u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
    "$clock")
}
echo "cores: $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u)"
for ((r = 1; r <= rounds; r++)); do
  # Each round starts one command later than the one before, so that every command takes every place of a round
  # equally often and any cost of a place is shared: in three series of 2026-11-27 that ran one command first and
  # third, the first place was 1-10% slower (per-round medians 1.07, 1.01, 1.08; about the spread of a series here).
  for ((k = 0; k < ${#commands[@]}; k++)); do
    i=$(( (k + r - 1) % ${#commands[@]} ))
    if [[ -n ${PREPARE:-} ]]; then bash -c "$PREPARE"; fi
    children
    before=$children
    start=$(date +%s%N)
    if ! bash -c "${commands[$i]}" > /dev/null; then
      echo "in-turn.sh: ${names[$i]} failed in round $r" >&2
      exit 1
    fi
    end=$(date +%s%N)
    children
    echo "$r ${names[$i]} $(( (end - start) / 1000000 )) $before $children" >> "$times"
  done
done
echo "load: $(cut -d' ' -f1-3 /proc/loadavg); $(date -u)"
awk -v first="${names[0]}" '
  function median(a, n,   i, j, t) {
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
  }
  {
    round = $1; name = $2; wall = $3 / 1000; cpu = $5 - $4
    if (!(name in count)) order[++names] = name
    n = ++count[name]; walls[name, n] = wall; cpus[name, n] = cpu; byRound[name, round] = wall; rounds = round
  }
  END {
    for (k = 1; k <= names; k++) {
      name = order[k]; n = count[name]
      for (i = 1; i <= n; i++) { w[i] = walls[name, i]; c[i] = cpus[name, i] }
      med[name] = median(w, n)
      printf "%-12s wall median %.3f s   CPU median %.3f s   (%d runs)\n", name, med[name], median(c, n), n
    }
    for (k = 2; k <= names; k++) {
      name = order[k]; line = ""
      for (r = 1; r <= rounds; r++) { ratio[r] = byRound[first, r] / byRound[name, r]; line = line sprintf(" %.2f", ratio[r]) }
      printf "%s / %s per round:%s; median %.2f; ratio of the medians %.2f\n", first, name, line, median(ratio, rounds),
        med[first] / med[name]
    }
  }' "$times"

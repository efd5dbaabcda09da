#!/usr/bin/env bash
# The driver of `make bench`: runs every bench/parts/*.sh part in order, or the parts named as
# arguments (`bash bench/run_bench.sh 40-topography`). Timings are medians of several runs;
# ratios are measured within one run. Never asserts a speed.
set -u
cd "$(dirname "$0")/.."
export SW4LITE_ROOT=$PWD
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
mkdir -p bench-output
# One thread per rank unless a part says otherwise (the solver part runs 1 x 2): with Hydra,
# which binds nothing, OpenMP would start a thread per core in every rank.
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}

# Seconds of the time loop in a run's output file $1, from the line
# "   Execution time, solver phase [H hours ][M minutes ]S seconds".
loop_seconds() {
  grep -a 'Execution time, solver phase' "$1" | tail -n 1 | awk '{
    s = 0
    for (i = 1; i < NF; ++i) {
      if ($(i+1) ~ /^hour/) s += 3600 * $i
      else if ($(i+1) ~ /^minute/) s += 60 * $i
      else if ($(i+1) ~ /^second/) s += $i
    }
    printf "%.4f\n", s }'
}
# M point-updates/s from a run's output file $1, line "Figure of merit: X grid-point updates/s (...)".
fom_mups() {
  grep -a '^Figure of merit:' "$1" | tail -n 1 | awk '{ printf "%.3f\n", $4 / 1e6 }'
}
# The row of "$1" (rows of numbers, one a line) whose column $2 is the median (the lower middle
# one for an even count).
median_row() {
  local n; n=$(printf '%s' "$1" | grep -c .)
  printf '%s' "$1" | sort -g -k"$2","$2" | sed -n "$(( (n + 1) / 2 ))p"
}
parts=(bench/parts/*.sh)
if [ $# -gt 0 ]; then parts=(); for n in "$@"; do parts+=("bench/parts/$n.sh"); done; fi
for f in "${parts[@]}"; do
  [ -f "$f" ] || { echo "run_bench: no part $f"; continue; }
  # shellcheck source=/dev/null
  source "$f"
done

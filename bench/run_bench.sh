#!/usr/bin/env bash
# The driver of `make bench`: runs every bench/*.sh part in order. Timings are medians of
# several runs; ratios are measured within one run. Never asserts a speed.
set -u
cd "$(dirname "$0")/.."
export SW4LITE_ROOT=$PWD
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
mkdir -p bench-output
for f in bench/parts/*.sh; do
  [ -f "$f" ] || continue
  # shellcheck source=/dev/null
  source "$f"
done

#!/usr/bin/env bash
# include_layers.sh: every header includes only headers of its own layer or a lower one, and
# every header below the drivers compiles alone among the headers its layer may use.
#
#   test/e2e/include_layers.sh [ROOT]       (exit 0: pass; 77: no C++ compiler; else: fail)
#   test/e2e/include_layers.sh --self-test  on a copy of the headers with an upward include
#                                           and a header of no layer, expects both failures
#
# Why built so: a header that includes one above it drags the layers above in with it (DG took
# the whole FD solver through norms.hpp, a time function the whole parser), and nothing shows
# it until someone tries to take the lower piece alone. The layers are a table in DESIGN.md,
# "Layers" (one row a layer, lowest first; a `folder/` entry places the folder's files that no
# row names), so the document and this check cannot drift apart. The check reads it, gives
# every header of the program (test/ and bench/ excluded) its layer, and fails when
#   - a header has no layer, or the table names a file that is not there;
#   - a header's `#include "..."` names a header of a higher layer (or none that exists);
#   - a header below the drivers' layer (the top row) does not compile alone: it is copied into
#     an empty directory with the headers of its layer and the ones below, and nothing else,
#     and `#include`d by itself (-fsyntax-only). A part of a larger header (its opening says
#     "include X, not this") is compiled through that header instead. The drivers' headers are
#     parts of sw4lite.cpp, which the build compiles.
# The compiler is ${MPICXX:-mpicxx} when there is one (halo.hpp and the runtime sit low and
# need <mpi.h>), else ${CXX:-c++}, without OpenMP.
set -u
self=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1

if [ "${1:-}" = --self-test ]; then  # the layers' part only: no compiles (SW4LITE_LAYERS_COMPILE=0)
  copy=$(mktemp -d "${TMPDIR:-/tmp}/sw4lite-include-layers-self.XXXXXX") || exit 1
  trap 'rm -rf "$copy"' EXIT
  { git ls-files --cached --others --exclude-standard -- '*.hpp' 2>/dev/null || find . -name '*.hpp'; } | grep -v -E '^(\./)?(test|bench|build)/' |
    while read -r f; do mkdir -p "$copy/$(dirname "$f")" && cp "$f" "$copy/$f"; done
  cp DESIGN.md "$copy/" || exit 1
  printf '#include "subdomain.hpp"\n' >>"$copy/material.hpp"  # the upward include this check was written for
  printf '#pragma once\n' >"$copy/unplaced.hpp"
  out=$(SW4LITE_LAYERS_COMPILE=0 bash "$self" "$copy" 2>&1)
  rc=$?
  printf '%s\n' "$out" | sed 's/^/  | /'
  if [ $rc -ne 0 ] && printf '%s\n' "$out" | grep -q 'material.hpp:[0-9]* (layer 4, physics) includes subdomain.hpp' &&
    printf '%s\n' "$out" | grep -q 'unplaced.hpp has no layer'; then
    echo "include_layers --self-test: pass (both problems found)"
    exit 0
  fi
  echo "include_layers --self-test: FAIL: the check missed a problem on the copy"
  exit 1
fi
if [ -n "${1:-}" ]; then cd "$1" || exit 1; fi  # ROOT: another tree (the self-test's copy)
cxx=${MPICXX:-mpicxx}
command -v "$cxx" >/dev/null 2>&1 || cxx=${CXX:-c++}
command -v "$cxx" >/dev/null 2>&1 || { echo "include_layers: no C++ compiler ($cxx)"; exit 77; }

# The table: "LEVEL NAME ENTRY" per entry, in the order of the rows.
table=$(awk '
  /^## / { inside = ($0 == "## Layers") ; next }
  inside && /^\| *[0-9]+ *\|/ {
    n = split($0, f, "|"); level = f[2]; name = f[3]; gsub(/ /, "", level); gsub(/^ +| +$/, "", name)
    s = f[4]
    while (match(s, /`[^`]+`/)) { print level, name, substr(s, RSTART + 1, RLENGTH - 2); s = substr(s, RSTART + RLENGTH) }
  }' DESIGN.md)
[ -n "$table" ] || { echo "include_layers: FAIL: DESIGN.md has no table under \"## Layers\""; exit 1; }
top=$(printf '%s\n' "$table" | awk '{ if ($1 > m) m = $1 } END { print m }')

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  headers=$(git ls-files --cached --others --exclude-standard -- '*.hpp')
else
  headers=$(find . -name '*.hpp' ! -path './.git/*' | sed 's|^\./||')
fi
headers=$(printf '%s\n' "$headers" | grep -v -E '^(test|bench|build|shared)/' | sort -u)

bad=0
fail() { echo "include_layers: FAIL: $*"; bad=$((bad + 1)); }

declare -A level name
while read -r l n e; do
  case $e in
    */) [ -d "$e" ] || fail "DESIGN.md, \"Layers\": no folder $e" ;;
    *) [ -f "$e" ] || fail "DESIGN.md, \"Layers\": no file $e" ;;
  esac
  level[$e]=$l
  name[$l]=$n
done <<<"$table"
for h in $headers; do
  if [ -z "${level[$h]:-}" ]; then
    d=${h%/*}/
    if [ "$d" != "$h/" ] && [ -n "${level[$d]:-}" ]; then level[$h]=${level[$d]}; else fail "$h has no layer (DESIGN.md, \"Layers\")"; fi
  fi
done

# What each header includes.
for h in $headers; do
  [ -n "${level[$h]:-}" ] || continue
  while IFS=: read -r no inc; do
    if [ -z "${level[$inc]:-}" ]; then
      [ -f "$inc" ] || fail "$h:$no includes \"$inc\", which is not a header of the repository"
      continue
    fi
    [ "${level[$inc]}" -le "${level[$h]}" ] ||
      fail "$h:$no (layer ${level[$h]}, ${name[${level[$h]}]}) includes $inc (layer ${level[$inc]}, ${name[${level[$inc]}]})"
  done < <(grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$h" | sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1:\2/')
done

# Each header below the drivers, alone with what its layer may use: one directory a layer,
# the compiles two at a time (${JOBS:-2}), each one's errors in its own log.
dir=$(mktemp -d "${TMPDIR:-/tmp}/sw4lite-include-layers.XXXXXX") || exit 1
trap 'rm -rf "$dir"' EXIT
jobs=()
for l in $(printf '%s\n' "$table" | awk '{ print $1 }' | sort -n -u); do
  [ "$l" -lt "$top" ] && [ "${SW4LITE_LAYERS_COMPILE:-1}" != 0 ] || continue
  for h in $headers; do
    [ "${level[$h]:-0}" -le "$l" ] || continue
    mkdir -p "$dir/$l/$(dirname "$h")" && cp "$h" "$dir/$l/$h" || exit 1
  done
  for h in $headers; do
    [ "${level[$h]:-}" = "$l" ] || continue
    head -n 12 "$h" | grep -q 'include [^ ]*, not this' && continue  # a part: its header compiles it
    jobs+=("$l" "$h")
  done
done
compile_alone() {  # LAYER HEADER: exit status of the compiler, its words in DIR/LAYER/HEADER.log
  local u=$1.${2//\//_}
  printf '#include "%s"\n' "$2" >"$dir/$u.cpp"
  "$cxx" -std=c++17 -fsyntax-only -DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX -I"$dir/$1" "$dir/$u.cpp" >"$dir/$u.log" 2>&1 ||
    touch "$dir/$u.failed"
}
export -f compile_alone
export dir cxx
[ ${#jobs[@]} -eq 0 ] || printf '%s\0' "${jobs[@]}" | xargs -0 -n 2 -P "${JOBS:-2}" bash -c 'compile_alone "$@"' _
compiled=$((${#jobs[@]} / 2))
for ((n = 0; n < ${#jobs[@]}; n += 2)); do
  l=${jobs[n]} h=${jobs[n + 1]} u=${jobs[n]}.${jobs[n + 1]//\//_}
  [ -e "$dir/$u.failed" ] &&
    fail "$h (layer $l, ${name[$l]}) does not compile alone with the layers up to its own: $(grep -m 1 -E ': (fatal )?error' "$dir/$u.log")"
done

nh=$(printf '%s\n' "$headers" | wc -l)
if [ "$bad" -gt 0 ]; then
  echo "include_layers: FAIL: $bad problems ($nh headers, $compiled compiled alone; $cxx)"
  exit 1
fi
echo "include_layers: pass: $nh headers in $top layers include none above their own; $compiled compiled alone ($cxx)"

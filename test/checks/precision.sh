# precision.sh: what the build's precision changes, in either build (precision.hpp;
# docs/user-guide.md, "Single precision"; sourced by test/run_tests.sh). The build tree's precision is build/precision
# (the Makefile writes it): the set-up line of both binaries must name it, a checkpoint of the
# other precision is refused naming both and files from before value_bytes read as double
# (test_precision, with float_bits' orders and the receivers' digits), and make refuses a
# PRECISION that is neither with one line naming the allowed values.
gtest_check unit-precision 1 60 build/test_precision --gtest_color=no
pr_dir=$PWD/test-output/precision
rm -rf "$pr_dir" && mkdir -p "$pr_dir"
for pr_bin in sw4lite sw4lite-onesided; do
  cmd_check "precision-setup-line-$pr_bin" 120 bash -c 'want=$(cat "$1/build/precision") &&
    case $want in single|double) ;; *) echo "build/precision holds \"$want\""; exit 1 ;; esac &&
    cd "$2" && "$1/tools/mpirun.sh" 1 "$1/$3" "$1/test/ci/small.in" >stdout 2>&1 || { tail -n 20 stdout; exit 1; }
    line=$(grep -a "^Running on " stdout); echo "$line"
    [ "$(grep -ac "^Running on .*, $want precision" stdout)" -eq 1 ]' _ "$PWD" "$pr_dir" "$pr_bin"
done
# make -n parses the Makefile, so the $(error) fires before anything is built or the stamp is
# rewritten (the build tree keeps its precision, checked after).
# (Without the calling make's MAKEFLAGS: under make test they add directory and jobserver lines.)
cmd_check precision-make-refuses-foo 60 bash -c 'before=$(cat build/precision)
  out=$(env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -n PRECISION=foo 2>&1); rc=$?; echo "$out"
  [ $rc -ne 0 ] && [ "$(echo "$out" | wc -l)" -eq 1 ] &&
  echo "$out" | grep -q "PRECISION=foo is not a precision (allowed: single, double)" &&
  [ "$(cat build/precision)" = "$before" ]'

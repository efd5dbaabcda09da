#!/usr/bin/env bash
# stop_files_same.sh: a run that the solution check stops leaves the same files, byte for
# byte, in both binaries and on any number of ranks.
#
#   test/e2e/stop_files_same.sh WORKDIR DECK
#
# Runs DECK with sw4lite and sw4lite-onesided on 1 and 2 ranks (STOP_NPS). Each run must exit
# with status 1 and one line on stderr, the same line in every run; the files the runs wrote
# (the receivers' files due before the stop, by writeEvery) must be the same set in every run,
# at least one, each identical to the two-sided 1-rank run's. Built with fast math (the set-up
# line says so), the files must hold as many samples and the lines agree but for the point
# named, as in nan_check.sh. Why: the one-sided binary's partitions run ahead of one another
# between the steps where its ranks agree on the check, so its receivers' files are written
# only at such steps (onesided/onesided_run.hpp). Written as soon as it fell due, inside a
# segment, a file would come before the growth test could stop the run and hold samples of
# the blow-up that the two-sided run never writes.
set -u
[ $# -ge 2 ] || { echo "usage: $0 WORKDIR DECK" >&2; exit 2; }
work=$1 deck=$2
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
. "$(dirname "$0")/stop_helpers.sh"
case $deck in /*) ;; *) deck=$PWD/$deck ;; esac
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}  # the receivers' headers
rm -rf "$work" && mkdir -p "$work" || exit 2
ok=1 first=
for bin in sw4lite sw4lite-onesided; do
  for np in ${STOP_NPS:-1 2}; do
    d=$work/$bin-np$np
    stop_run "$d" "$np" "$bin" "$deck" stop_files_same
    (cd "$d/run" && find . -type f | sort) >"$d/files"
    echo "  $(wc -l <"$d/files") files"
    if [ -z "$first" ]; then
      first=$d
      [ -s "$d/files" ] || { echo "FAILED: no file written before the stop (the deck should write some)"; ok=0; }
      continue
    fi
    same_stop_line "$first" "$d" || { echo "FAILED: another line than $(basename "$first")'s"; ok=0; }
    cmp -s "$first/files" "$d/files" ||
      { echo "FAILED: other files than $(basename "$first")'s:"; diff "$first/files" "$d/files"; ok=0; continue; }
    while IFS= read -r f; do
      if fast_math "$d"; then
        # Sums may be reassociated per cut and binary (docs/user-guide.md, "Fast floating point"): the
        # same samples, not the same last digits (lines of text, bytes of SAC).
        case $f in *.txt) n1=$(wc -l <"$first/run/$f") n2=$(wc -l <"$d/run/$f") ;;
          *) n1=$(wc -c <"$first/run/$f") n2=$(wc -c <"$d/run/$f") ;; esac
        [ "$n1" = "$n2" ] || { echo "FAILED: $f holds other samples than $(basename "$first")'s"; ok=0; }
      else
        cmp -s "$first/run/$f" "$d/run/$f" || { echo "FAILED: $f differs from $(basename "$first")'s"; ok=0; }
      fi
    done <"$d/files"
  done
done
[ $ok -eq 1 ]

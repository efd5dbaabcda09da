#!/usr/bin/env bash
# bad_deck.sh: an input error, end to end: one line, exit status 1, nothing written.
#
#   test/e2e/bad_deck.sh NP DECK WORKDIR
#
# DECK holds exactly one mistake, on the line that carries the comment "# BAD: TEXT". The
# program must stop before the first step with exit status 1 on every rank, print exactly one
# line on stderr over all ranks together, of the form "DECK:LINE: ..." with LINE the marked
# line and TEXT somewhere in it, and leave nothing behind (no output directory, no file).
#
# Why built so: the deck is copied into an empty WORKDIR/run and run there by its bare name, so
# the expected prefix is known exactly and anything the program creates shows up as a new
# entry in that directory. Each rank's stderr goes to a file of its own (rank_stderr.sh),
# because the launcher writes its own paragraphs to stderr when a rank exits non-zero.
set -u
[ $# -eq 3 ] || { echo "usage: $0 NP DECK WORKDIR" >&2; exit 2; }
np=$1 deck=$2 work=$3
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
case $deck in /*) ;; *) deck=$root/$deck ;; esac
name=$(basename "$deck")
line=$(grep -n '# BAD:' "$deck" | head -n 1 | cut -d: -f1)
text=$(grep '# BAD:' "$deck" | head -n 1 | sed 's/.*# BAD: *//')
[ -n "$line" ] && [ -n "$text" ] || { echo "bad_deck: $deck has no '# BAD: TEXT' line" >&2; exit 2; }

rm -rf "$work" && mkdir -p "$work/run" "$work/err" || exit 2
cp "$deck" "$work/run/$name"
cd "$work/run" || exit 2
"$root/tools/mpirun.sh" "$np" bash "$root/test/e2e/rank_stderr.sh" "$work/err" "$root/sw4lite" "$name" \
  >"$work/stdout" 2>"$work/launcher-stderr"
rc=$?
cat "$work"/err/stderr.* >"$work/stderr" 2>/dev/null

echo "bad_deck: $name on $np rank(s): exit $rc; stderr:"; cat "$work/stderr"
ok=1
[ $rc -eq 1 ] || { echo "FAILED: exit status $rc (expected 1)"; ok=0; }
nlines=$(wc -l <"$work/stderr")
[ "$nlines" -eq 1 ] || { echo "FAILED: $nlines lines on stderr (expected exactly 1)"; ok=0; }
first=$(head -n 1 "$work/stderr")
case $first in
  "$name:$line: "*) ;;
  *) echo "FAILED: stderr does not start with '$name:$line: '"; ok=0 ;;
esac
case $first in
  *"$text"*) ;;
  *) echo "FAILED: the message does not mention '$text'"; ok=0 ;;
esac
left=$(ls -A | grep -vFx "$name")
[ -z "$left" ] || { echo "FAILED: the run left files behind: $left"; ok=0; }
[ $ok -eq 1 ] || { echo "---- stdout"; cat "$work/stdout"; exit 1; }
exit 0

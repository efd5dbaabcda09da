#!/usr/bin/env bash
# checkpoint_bad.sh: a bad checkpoint stops the restart before the first step, with one line
# that names the checkpoint file and what is wrong, exit status 1 on every rank, and no output
# file touched.
#
#   test/e2e/checkpoint_bad.sh KILLDIR CHECKPOINT WORKDIR
#
# From the killed run in KILLDIR (checkpoint_kill.sh) and its checkpoint CHECKPOINT, each case
# gets a copy of KILLDIR in WORKDIR/CASE, spoils the checkpoint one way and restarts on 2 ranks:
#   truncated   the last 100 bytes cut off           "truncated"
#   flipped     one byte of the fields inverted      "corrupted: U" ("Um" or "U")
#   version     the format version set to 2          "format version 2"
#   otherdeck   the deck's first block changed       "written for another deck"
#   missing     a name that is not there             "cannot open it"
#   fifo        a FIFO in its place                  "cannot open it (it is a FIFO, not a regular file)"
# The line must read "restart.in:LINE: restart: FILE: ..." with LINE the restart line and FILE
# the checkpoint as the deck names it; the output directory (names, sizes, contents, times)
# must be the same before and after. Each restart gets 60 s: opening a FIFO once waited for a
# writer forever, rank 0 in fopen and the others in its broadcast.
set -u
[ $# -eq 3 ] || { echo "usage: $0 KILLDIR CHECKPOINT WORKDIR" >&2; exit 2; }
killdir=$1 ck=$2 work=$3
root=${SW4LITE_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
rm -rf "$work" && mkdir -p "$work" || exit 2
snapshot() { (cd "$1" && find . -type f -printf '%p %s %T@\n' | sort && find . -type f -exec md5sum {} + | sort); }
ok=1
for kind in truncated flipped version otherdeck missing fifo; do
  d=$work/$kind
  cp -r "$killdir" "$d"
  cd "$d" || exit 2
  file=$(find . -name "$ck" | head -n 1); file=${file#./}
  out=$(dirname "$file")
  bytes=$(stat -c %s "$file")
  case $kind in
    truncated) truncate -s $((bytes - 100)) "$file"; expect="truncated" ;;
    flipped) byte=$(od -An -tu1 -j $((bytes / 2)) -N1 "$file" | tr -d ' ')
             printf "\\x$(printf %02x $((byte ^ 255)))" | dd of="$file" bs=1 seek=$((bytes / 2)) conv=notrunc 2>/dev/null
             expect="corrupted: U" ;;
    version) printf '\x02' | dd of="$file" bs=1 seek=8 conv=notrunc 2>/dev/null; expect="format version 2" ;;
    otherdeck) sed -i '0,/^block /s/^block vp=\([0-9.]*\)/block vp=\1.5/' deck.in; expect="written for another deck" ;;
    missing) file=$out/no-such.sw4checkpoint; expect="cannot open it" ;;
    fifo) rm -f "$file" && mkfifo "$file" || exit 2; expect="cannot open it (it is a FIFO, not a regular file)" ;;
  esac
  { cat deck.in; echo "restart file=$file"; } >restart.in
  line=$(wc -l <restart.in)
  snapshot "$out" >before
  mkdir -p err
  timeout -k 5 60 "$root/tools/mpirun.sh" 2 bash "$root/test/e2e/rank_exit.sh" err "$root/${SW4LITE_BIN:-sw4lite}" restart.in \
    >stdout 2>launcher-stderr
  rc=$?
  cat err/stderr.* >stderr 2>/dev/null
  snapshot "$out" >after
  echo "checkpoint_bad: $kind: rank exit statuses $(cat err/exit.* 2>/dev/null | tr '\n' ' '); stderr:"; cat stderr
  bad() { echo "FAILED ($kind): $*"; ok=0; }
  [ $rc -eq 0 ] || bad "the launcher's exit status $rc (rank_exit.sh exits 0)"
  [ "$(cat err/exit.* | sort -u)" = 1 ] || bad "rank exit statuses: $(cat err/exit.* | tr '\n' ' ') (expected 1 on every rank)"
  [ "$(ls err/exit.* | wc -l)" -eq 2 ] || bad "not every rank reported"
  [ "$(wc -l <stderr)" -eq 1 ] || bad "$(wc -l <stderr) lines on stderr (expected exactly 1)"
  case $(head -n 1 stderr) in
    "restart.in:$line: restart: $file: "*"$expect"*) ;;
    *) bad "the line is not 'restart.in:$line: restart: $file: ...$expect...'" ;;
  esac
  cmp -s before after || { bad "the output directory changed"; diff before after | head; }
  grep -q '^Time step' stdout && bad "a step was taken"
done
[ $ok -eq 1 ] || exit 1
exit 0

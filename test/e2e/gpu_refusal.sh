#!/usr/bin/env bash
# gpu_refusal.sh: the CUDA build's driver refuses a deck it cannot run yet in one line.
#
#   test/e2e/gpu_refusal.sh DECK TEXT
#
# Runs build/sw4lite_gpuhost (the CUDA build's driver on the host backend) on DECK as one rank
# in an empty directory and passes when it exits 1, prints exactly one line on stderr that
# contains TEXT, and writes no file. Why built so: a user of ./sw4lite-cuda must learn at once
# which binary runs the deck, not after a setup or with half of its outputs written.
set -u
[ $# -eq 2 ] || { echo "usage: $0 DECK TEXT" >&2; exit 2; }
root=$(cd "$(dirname "$0")/../.." && pwd)
deck=$1 text=$2
case $deck in /*) ;; *) deck=$root/$deck ;; esac
work=$(mktemp -d) && cd "$work" || exit 2
trap 'rm -rf "$work"' EXIT
# a singleton run (no launcher), so that stderr holds the program's lines only
"$root/build/sw4lite_gpuhost" "$deck" >stdout 2>stderr
rc=$?
lines=$(grep -c . stderr)
files=$(find . -mindepth 1 ! -name stdout ! -name stderr | wc -l)
echo "gpu_refusal: exit $rc, $lines line(s) on stderr, $files file(s) written"
cat stderr
[ $rc -eq 1 ] || { echo "FAILED: exit $rc (expected 1)"; exit 1; }
[ "$lines" -eq 1 ] || { echo "FAILED: $lines lines on stderr (expected 1)"; exit 1; }
grep -qF -- "$text" stderr || { echo "FAILED: stderr does not say: $text"; exit 1; }
[ "$files" -eq 0 ] || { echo "FAILED: files were written"; find . -type f; exit 1; }
echo "gpu_refusal: refused as expected"

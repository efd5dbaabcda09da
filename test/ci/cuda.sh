#!/usr/bin/env bash
# cuda.sh: CI's part g: `make GPU=cuda WERROR=1` builds ./sw4lite-cuda (and its single build),
# and the binary, run where no GPU is, stops with one line naming what is missing.
#
# Why built so: CI's machine has nvcc but no GPU, so what it can hold the CUDA build to is that
# nvcc compiles every header as CUDA without a warning (host and device code), that it links,
# and that a user without a GPU learns so in one line per rank with exit status 1, before a
# file is written. The numbers of the device step are held on the host backend by
# test/checks/gpu.sh, and on a GPU by tools/gpu_check.sh. Where nvcc is missing the part says
# so and counts as skipped; where a GPU is present, the run must instead succeed.
set -u
cd "$(dirname "$0")/../.." || exit 2
nvcc=${NVCC:-$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null)}
if [ -z "$nvcc" ]; then
  echo "SKIP  cuda (no nvcc on PATH nor in /usr/local/cuda/bin)"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
fi
p=0 f=0
pass() { p=$((p + 1)); echo "PASS  $1"; }
fail() { f=$((f + 1)); echo "FAIL  $1"; }
jobs=$(nproc 2>/dev/null || echo 2)
if make --no-print-directory -j"$jobs" GPU=cuda WERROR=1 NVCC="$nvcc" info sw4lite-cuda build/sw4lite-cuda-single; then
  pass cuda-build
else
  fail cuda-build
  echo "$p passed, $f failed"
  exit 1
fi
gpu_here=0
command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L 2>/dev/null | grep -q GPU && gpu_here=1
for np in 1 2; do
  for bin in sw4lite-cuda build/sw4lite-cuda-single; do
    name=cuda-no-gpu-np$np-$(basename "$bin")
    work=$(mktemp -d)
    # one rank as a singleton (stderr: the program's lines only), two through the launcher
    # (whose own lines about the exit status are not counted)
    if [ "$np" -eq 1 ]; then
      (cd "$work" && timeout 120 "$OLDPWD/$bin" "$OLDPWD/test/e2e/halo-pointsource.in" >stdout 2>stderr)
    else
      (cd "$work" && timeout 120 "$OLDPWD/tools/mpirun.sh" "$np" "$OLDPWD/$bin" "$OLDPWD/test/e2e/halo-pointsource.in" >stdout 2>stderr)
    fi
    rc=$?
    lines=$(grep -c '^sw4lite' "$work/stderr")
    [ "$np" -eq 1 ] && lines=$(grep -c . "$work/stderr")
    files=$(find "$work" -mindepth 1 ! -name stdout ! -name stderr | wc -l)
    echo "cuda: $bin on $np rank(s): exit $rc, $lines line(s) on stderr, $files file(s)"
    sed 's/^/  | /' "$work/stderr"
    if [ $gpu_here -eq 1 ]; then
      [ $rc -eq 0 ] && pass "$name (a GPU is here: the run succeeded)" || fail "$name (a GPU is here, exit $rc)"
    elif [ $rc -eq 1 ] && [ "$lines" -eq "$np" ] && [ "$files" -eq 0 ] &&
         [ "$(grep -c 'sw4lite-cuda: rank [0-9]*: no CUDA device' "$work/stderr")" -eq "$np" ]; then
      pass "$name"
    else
      fail "$name (expected exit 1, one 'no CUDA device' line per rank, nothing written)"
    fi
    rm -rf "$work"
  done
done
echo "$p passed, $f failed"
[ $f -eq 0 ]

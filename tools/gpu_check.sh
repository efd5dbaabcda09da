#!/usr/bin/env bash
# gpu_check.sh: the CUDA build checked and timed on a machine with an NVIDIA GPU, in one call
# (issue 31; docs/benchmarks.md, "GPU", has what it printed).
#
#   bash tools/gpu_check.sh [OUTDIR]       (OUTDIR: where the logs go; default build/gpu-check)
#
# Why built so: a GPU machine may be lent for minutes, so everything it must show runs from one
# prepared script, builds included, and every step prints PASS or FAIL with its figure:
#   1. builds ./sw4lite-cuda (double), build/sw4lite-cuda-single and the CPU ./sw4lite in
#      parallel, with the machine's MPI or, where it has none, the one tools/gpu_mpi.sh carried
#      in (gpu-mpi/env.sh);
#   2. runs inputs/pointsource.in with four receivers added near the source on 1 and 2 ranks
#      (two ranks share the GPU): the error norms against the published SW4lite values, the
#      receivers of 1 and 2 ranks byte for byte, and against the CPU build's to 1e-12 of each
#      receiver's maximum; the single build's norms to 1e-4;
#   3. times a large grid (NPTS^3 points, default 401, 24 steps) in double and single and
#      prints grid-point updates per second, the bytes and flops a point-step moves and does
#      (as counted by ncu on the device step's kernels where ncu runs, else the model of
#      docs/benchmarks.md), and the fractions of the H200's 4.8 TB/s and 34 TFLOP/s (FP64);
#   4. where ncu runs, each kernel's share of the time, bytes and flops (where the time goes).
# On the workplace's device machine: carry gpu-mpi (bash tools/gpu_mpi.sh makes it here) and run
# `bash tools/gpu_check.sh $OUT/gpu-check`, about 6 minutes.
# The last line is "N passed, N failed". For a dry run of the script itself on a machine without
# a GPU: GPU_CHECK_DRY=1 uses the host backend (build/sw4lite_gpuhost, both precisions' places)
# and skips the CUDA builds; NPTS= and STEPS= shrink the large grid.
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:-build/gpu-check}
mkdir -p "$out"
out=$(cd "$out" && pwd)
npts=${NPTS:-401}
steps=${STEPS:-24}
p=0 f=0
pass() { p=$((p + 1)); echo "PASS  $*"; }
fail() { f=$((f + 1)); echo "FAIL  $*"; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 SOURCE_DATE_EPOCH=1700000000
export PATH=$PATH:/usr/local/cuda/bin

echo "== machine"
nvidia-smi -L 2>&1 | head -4
nvcc --version 2>&1 | tail -2
echo "cores: $(nproc)"

# ---- 1. builds
if ! command -v mpicxx >/dev/null 2>&1 && [ -f gpu-mpi/env.sh ]; then
  # shellcheck disable=SC1091
  source gpu-mpi/env.sh
  mpicxx_cmd=$PWD/gpu-mpi/bin/mpicxx
else
  mpicxx_cmd=mpicxx
fi
command -v "$mpicxx_cmd" >/dev/null 2>&1 || { echo "FAIL  no MPI compiler (mpicxx, or gpu-mpi/ from tools/gpu_mpi.sh)"; echo "0 passed, 1 failed"; exit 1; }
export MPIRUN_KIND=${MPIRUN_KIND:-}
t0=$SECONDS
cuda=sw4lite-cuda cuda_single=build/sw4lite-cuda-single targets="sw4lite-cuda build/sw4lite-cuda-single sw4lite"
if [ "${GPU_CHECK_DRY:-0}" = 1 ]; then
  cuda=build/sw4lite_gpuhost cuda_single=build/sw4lite_gpuhost targets="build/sw4lite_gpuhost sw4lite"
fi
# shellcheck disable=SC2086
if make --no-print-directory -j"$(nproc)" GPU=cuda MPICXX="$mpicxx_cmd" $targets >"$out/build.log" 2>&1; then
  pass "build: sw4lite-cuda, sw4lite-cuda-single, sw4lite in $((SECONDS - t0)) s"
else
  fail "build (log $out/build.log)"; tail -n 30 "$out/build.log"
  echo "$p passed, $f failed"; exit 1
fi

# ---- 2. pointsource on 1 and 2 ranks
published='Errors at time 0.6 Linf = 0.569416 L2 = 0.0245361 norm of solution = 3.7439'
deck=$out/pointsource.in
{ cat inputs/pointsource.in
  # within 0.6 of the source (4, 4, 1.34), where the pulse is by t = 0.6
  echo "rec x=4.0 y=4.0 z=0.9 file=above usgsformat=1"
  echo "rec x=4.3 y=3.8 z=1.2 file=near usgsformat=1"
  echo "rec x=3.6 y=4.3 z=1.7 file=below usgsformat=1 variables=velocity"
  echo "rec x=4.2 y=4.2 z=1.5 file=beside usgsformat=1 variables=div"
} >"$deck"
runs() {  # runs NAME NP BINARY: the deck in $out/NAME
  mkdir -p "$out/$1" && (cd "$out/$1" && OMP_NUM_THREADS=${OMP:-4} timeout 300 "$OLDPWD/tools/mpirun.sh" "$2" "$OLDPWD/$3" "$deck" >stdout 2>stderr)
  local rc=$?
  echo "   $3 on $2 rank(s): exit $rc; $(grep -a '^Errors at time' "$out/$1/stdout" | tail -n 1)"
  grep -a 'Figure of merit' "$out/$1/stdout" | sed 's/^/   /'
  [ $rc -eq 0 ] || { tail -n 5 "$out/$1/stdout" "$out/$1/stderr"; }
  return $rc
}
OMP=1 runs cpu "$(( $(nproc) > 8 ? 8 : $(nproc) ))" sw4lite || fail "the CPU build's run"
for np in 1 2; do
  if runs cuda-np$np "$np" "$cuda"; then
    grep -Fxq -- "$published" "$out/cuda-np$np/stdout" && pass "pointsource norms on $np rank(s) = published" ||
      fail "pointsource norms on $np rank(s) differ from the published: $published"
  else fail "sw4lite-cuda on $np rank(s)"; fi
done
res=pointsource-h0p04
bash test/e2e/same_files.sh "$out/cuda-np1/$res" "$out/cuda-np2/$res" >/dev/null &&
  pass "receivers and PointSourceErr.txt of 1 and 2 ranks byte for byte" || fail "1 and 2 ranks differ"
bash test/e2e/close_files.sh "$out/cpu/$res" "$out/cuda-np1/$res" 1e-12 5 | tail -n 1
bash test/e2e/close_files.sh "$out/cpu/$res" "$out/cuda-np1/$res" 1e-12 5 >/dev/null &&
  pass "receivers within 1e-12 of the CPU build's" || fail "receivers differ from the CPU build's by more than 1e-12"
if runs cuda-single 1 "$cuda_single"; then
  grep -a '^Errors at time' "$out/cuda-single/stdout" | tail -n 1 | awk '{ a = $7 / 0.569416 - 1; b = $10 / 0.0245361 - 1
       c = $15 / 3.7439 - 1; exit !(a * a < 1e-8 && b * b < 1e-8 && c * c < 1e-8) }' &&
    pass "single build's norms within 1e-4 of the published" || fail "single build's norms"
else fail "sw4lite-cuda-single"; fi

# ---- 3. a large grid, double and single
h=$(awk -v n="$npts" 'BEGIN { printf "%.10g", 8.0 / (n - 1) }')
big=$out/large.in
cat >"$big" <<DECK
fileio path=large-out
grid x=8 y=8 z=8 h=$h
time steps=$steps
block vp=2 vs=1 rho=1
supergrid gp=20
source x=4 y=4 z=2 Mxx=1 Myy=1 Mzz=1 Mxy=0 Mxz=0 Myz=0 t0=0.2 freq=5 type=Gaussian
rec x=4 y=4.5 z=0 file=surface usgsformat=1
developer reporttiming=1
DECK
for prec in double single; do
  bin=$cuda; [ $prec = single ] && bin=$cuda_single
  mkdir -p "$out/large-$prec"
  (cd "$out/large-$prec" && timeout 300 "$OLDPWD/tools/mpirun.sh" 1 "$OLDPWD/$bin" "$big" >stdout 2>stderr)
  rc=$?
  fom=$(sed -n 's/^Figure of merit: \([0-9.e+]*\) grid-point updates.*/\1/p' "$out/large-$prec/stdout")
  if [ $rc -eq 0 ] && [ -n "$fom" ]; then
    pass "large $prec: ${npts}^3 points, $steps steps: $fom grid-point updates/s"
    eval "fom_$prec=$fom"
  else
    fail "large $prec: exit $rc"; tail -n 8 "$out/large-$prec/stdout" "$out/large-$prec/stderr"
  fi
done
# Where ncu runs: every kernel of 3 steps on a 201^3 grid, its DRAM bytes, FP64 operations and
# time, summed per kernel kind (the gpu:: function that launched it) and per point-step.
bytes=300 flops=1750 src="the model of docs/benchmarks.md, GPU"
if command -v ncu >/dev/null 2>&1; then
  sed -e "s/^time .*/time steps=3/" -e "s/h=$h/h=0.04/" "$big" >"$out/ncu.in"
  (cd "$out" && timeout 300 ncu --csv --metrics \
     gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,smsp__sass_thread_inst_executed_op_dadd_pred_on.sum,smsp__sass_thread_inst_executed_op_dmul_pred_on.sum,smsp__sass_thread_inst_executed_op_dfma_pred_on.sum \
     "$OLDPWD/$cuda" "$out/ncu.in" >ncu.csv 2>ncu.err)
  if grep -q dram__bytes "$out/ncu.csv" 2>/dev/null; then
    python3 - "$out/ncu.csv" 201 3 <<'PY' | tee "$out/ncu-summary.txt"
import csv, re, sys, collections
path, n, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rows = [r for r in csv.reader(open(path)) if len(r) > 5]
head = rows[0]
ki, mi, vi = head.index("Kernel Name"), head.index("Metric Name"), head.index("Metric Value")
per = collections.defaultdict(lambda: collections.defaultdict(float))
for r in rows[1:]:
    m = re.search(r"gpu::(\w+)\(", r[ki])
    kind = m.group(1) if m else r[ki][:40]
    try:
        v = float(r[vi].replace(",", ""))
    except ValueError:
        continue
    name = r[mi]
    if "dram__bytes" in name: per[kind]["bytes"] += v
    elif "time" in name: per[kind]["time"] += v
    elif "dfma" in name: per[kind]["flops"] += 2 * v
    else: per[kind]["flops"] += v
pts = float(n) ** 3 * steps
T = sum(k["time"] for k in per.values()) or 1
for kind, k in sorted(per.items(), key=lambda x: -x[1]["time"]):
    print("   %-24s %5.1f%% of the time, %6.1f bytes and %7.1f flops a point-step" % (kind, 100 * k["time"] / T, k["bytes"] / pts, k["flops"] / pts))
print("NCU %.1f %.1f" % (sum(k["bytes"] for k in per.values()) / pts, sum(k["flops"] for k in per.values()) / pts))
PY
    read -r _ bytes flops < <(grep '^NCU' "$out/ncu-summary.txt")
    src="ncu: every kernel of 3 steps of 201^3 points"
  else
    echo "   ncu did not measure (see $out/ncu.err): $(tail -n 2 "$out/ncu.err" 2>/dev/null | tr '\n' ' ')"
  fi
fi
for prec in double single; do
  v=$(eval echo "\${fom_$prec:-}")
  [ -n "$v" ] || continue
  awk -v u="$v" -v b="$bytes" -v fl="$flops" -v prec=$prec -v src="$src" 'BEGIN {
    bb = prec == "single" ? b / 2 : b
    printf "%s: %.3g G point-updates/s; %.0f bytes and %.0f flops a point-step (%s): %.1f%% of 4.8 TB/s, %.1f%% of 34 TFLOP/s FP64\n",
      prec, u / 1e9, bb, fl, src, 100 * u * bb / 4.8e12, 100 * u * fl / 34e12 }'
done
[ -n "${fom_double:-}" ] && [ -n "${fom_single:-}" ] &&
  awk -v d="$fom_double" -v s="$fom_single" 'BEGIN { printf "single / double: %.2f\n", s / d }'
echo "$p passed, $f failed"
[ $f -eq 0 ]

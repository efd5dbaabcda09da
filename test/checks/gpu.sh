# gpu.sh: the CUDA build's driver and device step, run on the host backend
# (build/sw4lite_gpuhost; gpu/device.hpp), against ./sw4lite (sourced by test/run_tests.sh).
#
# Why built so: a GPU is not on every machine that tests this code, but everything of the CUDA
# build except the launch shapes is plain C++ that a host compiler builds: the driver
# (gpu/gpu_run.hpp), the device piece, the halos packed and unpacked by launches, the look's
# atomics, the receivers' batches, and the point formulas the kernels call (stencil_point.hpp,
# free_surface_ghosts, damp_point). So the host backend runs the CUDA build's whole step and is
# held to two things: the same bytes on 1 and 2 ranks (every point is computed by the same
# formula whoever owns it), and ./sw4lite's receivers to 1e-12 of each receiver's largest value
# (1e-5 in the single build): the point formula of L_h sums the flux form's terms as the tuned
# kernel does, but where a compiler contracts a multiply and an add into one FMA differs between
# the two, so the last bits may differ. The decks: every source and receiver kind
# (layered-identity: free surface, super-grid layers, a Discrete time function, six receiver
# modes, USGS and SAC), a topography deck (both grids: the curvilinear operator, the curved
# free surface, the injection, receivers of every mode in both) and a testpointsource deck (its
# error norms, PointSourceErr.txt). make check runs this file (make test does not: its unit
# tests of the same code are in kernels.sh); QUICK=1: the layered and topography decks. The CUDA binary itself is
# built and run where no GPU is by CI's part g (test/ci/cuda.sh); on a GPU by tools/gpu_check.sh.
gp_dir=$PWD/test-output/gpu
rm -rf "$gp_dir" && mkdir -p "$gp_dir"
cp inputs/discrete-pulse.txt "$gp_dir/"
sed 's/^time t=.*/time t=0.45/' inputs/layered-identity.in >"$gp_dir/layered.in"
gp_rel=1e-12
[ "$(cat build/precision 2>/dev/null)" = single ] && gp_rel=1e-5
sed 's/^time t=.*/time t=0.35/' inputs/topography.in >"$gp_dir/topography.in"
gp_decks="$gp_dir/layered.in $gp_dir/topography.in test/e2e/halo-pointsource.in"
quick && gp_decks="$gp_dir/layered.in $gp_dir/topography.in"
for gp_deck in $gp_decks; do
  gp_name=$(basename "$gp_deck" .in)
  gp_res=$(sed -n 's/^fileio .*path=\([^ ]*\).*/\1/p' "$gp_deck")
  gp_res=${gp_res%/}
  cmd_check "gpu-$gp_name-cpu" 120 bash test/e2e/run_deck.sh 1 "$gp_deck" "$gp_dir/$gp_name-cpu"
  for gp_np in 1 2; do
    cmd_check "gpu-$gp_name-host-np$gp_np" 180 env SW4LITE_BIN=build/sw4lite_gpuhost \
      bash test/e2e/run_deck.sh "$gp_np" "$gp_deck" "$gp_dir/$gp_name-np$gp_np"
  done
  cmd_check "gpu-$gp_name-same-ranks" 30 bash test/e2e/same_files.sh \
    "$gp_dir/$gp_name-np1/$gp_res" "$gp_dir/$gp_name-np2/$gp_res"
  cmd_check "gpu-$gp_name-close-to-cpu" 30 bash test/e2e/close_files.sh \
    "$gp_dir/$gp_name-cpu/$gp_res" "$gp_dir/$gp_name-np1/$gp_res" "$gp_rel"
done
# What the CUDA build refuses, in one line and exit 1, before anything is written.
cmd_check gpu-refuses-dg 60 bash test/e2e/gpu_refusal.sh test/reference/dg/sm-q1.in "dgalerkin (the DG solver) is not in the CUDA build yet"
cmd_check gpu-refuses-twilight 60 bash test/e2e/gpu_refusal.sh test/reference/sw4/twilight/flat-twi-1.in "twilight (its data are host functions) is not in the CUDA build yet"

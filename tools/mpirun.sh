#!/usr/bin/env bash
# mpirun with the settings the tests and scripts need everywhere: Open MPI as root, more ranks
# than cores. Usage: tools/mpirun.sh NP PROGRAM [ARGS...]
#
# MPIRUN="..." picks the launcher (default mpirun): Open MPI's mpirun, or MPICH's
# mpirun.mpich / mpiexec.mpich (Hydra). Every test and bench script launches through here, so
# that one variable switches them all. Open MPI refuses root and more ranks than cores unless
# told; it is told by OMPI_* variables, which other MPIs ignore. Options only one MPI knows go
# on the command line only when `$MPIRUN --version` names that MPI (MPIRUN_KIND caches it).
np=$1; shift
launcher=${MPIRUN:-mpirun}
if [ -z "${MPIRUN_KIND:-}" ]; then
  v=$($launcher --version 2>&1 | head -n 5)
  case $v in
    *"Open MPI"* | *OpenRTE*) MPIRUN_KIND=openmpi ;;
    *HYDRA*) MPIRUN_KIND=hydra ;;
    *) MPIRUN_KIND=other ;;
  esac
  export MPIRUN_KIND
fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# When a rank exits non-zero, Open MPI 4.1's mpirun signals the others, then waits this many
# seconds before SIGKILL, the full wait even when all have ended: 2 s added to every run that
# stops with an error (measured: 2.34 s against 0.33 s for a deck refused at parsing), which
# the tests do hundreds of times. The ranks have ended or die of SIGTERM, so nothing is lost.
export OMPI_MCA_odls_base_sigkill_timeout=${OMPI_MCA_odls_base_sigkill_timeout:-0}
opts=()
[ "$MPIRUN_KIND" = openmpi ] && opts+=(--oversubscribe)
# Open MPI binds each rank to one core when there are at most two ranks: its OpenMP threads
# would then share that core. With threads, ranks are left unbound (Hydra binds nothing).
[ "$MPIRUN_KIND" = openmpi ] && [ "${OMP_NUM_THREADS:-1}" != 1 ] && opts+=(--bind-to none)
# shellcheck disable=SC2086
exec $launcher "${opts[@]}" -np "$np" "$@"

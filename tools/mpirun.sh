#!/usr/bin/env bash
# mpirun with the settings the tests and scripts need everywhere: Open MPI as root, more ranks
# than cores. Usage: tools/mpirun.sh NP PROGRAM [ARGS...]   (MPIRUN="..." overrides the launcher)
np=$1; shift
if [ -n "${MPIRUN:-}" ]; then exec $MPIRUN -np "$np" "$@"; fi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
exec mpirun -np "$np" "$@"

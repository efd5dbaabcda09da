#!/usr/bin/env bash
# rank_stderr.sh: run a program as one MPI rank with its stderr in a file of that rank's own.
#
#   mpirun -np P test/e2e/rank_stderr.sh DIR PROGRAM [ARGS...]   ->  DIR/stderr.<rank>
#
# Why built so: the launcher adds its own paragraphs to stderr when a rank exits non-zero
# (Open MPI's "Primary job terminated normally, but 1 process returned a non-zero exit
# code..."), so the launcher's stderr cannot show what the program itself wrote. Redirecting
# inside each rank separates the two, and also shows which rank wrote what. The rank comes
# from the variable the launcher sets (Open MPI, PMIx, MPICH/Hydra); exec keeps the exit status.
set -u
dir=$1; shift
rank=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${PMI_RANK:-${MPI_LOCALRANKID:-x$$}}}}
exec "$@" 2>"$dir/stderr.$rank"

#!/usr/bin/env bash
# rank_exit.sh: run a program as one MPI rank with its stderr and exit status in files of that
# rank's own (rank_stderr.sh, plus the status).
#
#   mpirun -np P test/e2e/rank_exit.sh DIR PROGRAM [ARGS...]  ->  DIR/stderr.<rank>, DIR/exit.<rank>
#
# Why built so: the launcher reports one exit status for the job, and Open MPI kills the other
# ranks as soon as one exits non-zero, before they could say how they ended; a check that every
# rank stops with status 1 needs each rank's own. So the status goes to the file and this
# wrapper itself exits 0: the launcher lets every rank finish.
set -u
dir=$1; shift
rank=${OMPI_COMM_WORLD_RANK:-${PMIX_RANK:-${PMI_RANK:-${MPI_LOCALRANKID:-x$$}}}}
"$@" 2>"$dir/stderr.$rank"
echo "$?" >"$dir/exit.$rank"
exit 0

// halo/shmem_start.hpp: OpenSHMEM beside MPI in ./sw4lite-shmem (make SHMEM=1): started after
// MPI_Init, ended by shmem_finalize, and the one thing that lets Open MPI 4.1.4 end at all.
// In the other builds both calls are MPI's alone.
//
// Why built so: the shmem binary is ./sw4lite with one halo model more (halo/halo_shmem.hpp),
// so it stays an MPI program (the Cartesian communicator, the checkpoint's MPI-IO, the other six
// models) and starts OpenSHMEM on top: Open MPI's OpenSHMEM is built on its MPI, shmem_init
// after MPI_Init_thread finds MPI running and uses it, and PE numbers are MPI_COMM_WORLD ranks.
// The order of the ending is Open MPI's, found by trying: shmem_finalize finalizes MPI too, so
// MPI_Finalize after it aborts the run ("called after MPI_FINALIZE was invoked"), and MPI_Finalize
// before it crashes; hence shmem_finalize alone, and MPI_Finalize only if MPI is still running.
//
// The crash (docs/user-guide.md, "Halo models"): with Debian's Open MPI 4.1.4 and UCX 1.13, a
// program that calls only shmem_init and shmem_finalize dies of SIGSEGV in shmem_finalize under
// oshrun or mpirun, whatever the sshmem component. gdb: shmem_finalize -> ompi_mpi_finalize ->
// ompi_osc_base_finalize -> osc/rdma's free -> opal_mem_hooks_release_hook -> an address
// inside libmca_common_ucx.so.40, no longer mapped. That library came in as a dependency of the
// spml/ucx plugin, registered a memory-release hook with Open MPI's memory patcher, and was
// unloaded (LD_DEBUG=files: "destroying link map") when shmem_finalize closed spml/ucx, its hook
// still registered; the next free() calls into the hole (the pattern of open-mpi/ompi PR 10758
// for osc/ucx). Three ways out were found, each ending every run tried with status 0:
// `--mca memory ^patcher` (no hooks called from free), `--mca osc ^rdma` (no free in that
// path) and keeping the library loaded (LD_PRELOAD of it). The last changes no component, so
// it is taken here, from inside: dlopen with RTLD_NOLOAD | RTLD_NODELETE on the loaded library
// marks it never to be unloaded, and does nothing where it is not loaded (another MPI, a fixed
// Open MPI with another library name).
#pragma once

#include <mpi.h>

#ifdef SW4LITE_SHMEM
#include <dlfcn.h>
#include <shmem.h>
#endif

namespace sw4 {

// After MPI_Init_thread on every rank: OpenSHMEM's start in the shmem build, else nothing.
inline void start_shmem() {
#ifdef SW4LITE_SHMEM
  shmem_init();
  // Keeps the plugin's helper library mapped until exit (the crash above); its handle is left open.
  (void)dlopen("libmca_common_ucx.so.40", RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
#endif
}

// The end of every rank's run, every MPI and OpenSHMEM object freed: shmem_finalize (which ends
// MPI too) in the shmem build, then MPI_Finalize where MPI still runs.
inline void finalize_parallel() {
#ifdef SW4LITE_SHMEM
  shmem_finalize();
#endif
  int done = 0;
  MPI_Finalized(&done);
  if (!done) MPI_Finalize();
}

}  // namespace sw4

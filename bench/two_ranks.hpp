// two_ranks.hpp: MPI started for a benchmark that measures a pair of ranks (bench_runtime.cpp,
// runtime_path.cpp): with any other rank count there is no pair to measure, so it says so.
#pragma once

#include <mpi.h>

#include <cstdio>

// MPI_Init and this rank's number; false (MPI finalized, one line from rank 0) unless the run
// has exactly two ranks.
inline bool start_two_ranks(int* argc, char*** argv, const char* name, int& me) {
  MPI_Init(argc, argv);
  int np = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  if (np == 2) return true;
  if (me == 0) std::fprintf(stderr, "%s: run on exactly 2 ranks\n", name);
  MPI_Finalize();
  return false;
}

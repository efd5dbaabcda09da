// mpi_gtest_main.hpp: main() for GoogleTest binaries that run under mpirun.
// Every rank runs every test; only rank 0 prints; the exit status is non-zero when a test
// failed on any rank, so a failure on rank 3 is not lost.
#pragma once
#include <gtest/gtest.h>
#include <mpi.h>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  ::testing::InitGoogleTest(&argc, argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank != 0) {
    auto& listeners = ::testing::UnitTest::GetInstance()->listeners();
    delete listeners.Release(listeners.default_result_printer());
  }
  int local = RUN_ALL_TESTS(), any = 0;
  MPI_Allreduce(&local, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (rank == 0 && any != local) printf("[  FAILED  ] 1 test failed on another rank\n");
  MPI_Finalize();
  return any;
}

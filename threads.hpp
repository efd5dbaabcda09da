// threads.hpp: OpenMP threads inside a rank, and nothing when the compiler has no OpenMP.
//
// Why built so: a cluster node with many cores wants a few ranks with many threads each, so
// the loops over grid points (the operator, the damping, the boundary planes, U'') share out
// their work among OMP_NUM_THREADS threads. Only MPI's main thread ever calls MPI: threads
// live inside a kernel call and are gone when it returns (one-sided mode: handlers stay
// single-threaded; a handler's kernels are threaded).
//
// Same bits on any thread count: a thread count changes who computes a point, never how. The
// work is cut into pieces whose arithmetic does not depend on the cut (tiles of the operator,
// whole planes or rows elsewhere), no loop sums across points, and the solution check's look
// takes a maximum and a minimum index, which do not depend on the order. Built with OPENMP=0 (or a compiler
// without OpenMP) the pragmas vanish and the functions below say one thread.
#pragma once

#ifdef _OPENMP
#include <omp.h>
#endif

// SW4_OMP(parallel for schedule(static)) is `#pragma omp parallel for schedule(static)`, or
// nothing without OpenMP (a bare #pragma omp would warn under -Wall there).
#define SW4_PRAGMA(x) _Pragma(#x)
#ifdef _OPENMP
#define SW4_OMP(x) SW4_PRAGMA(omp x)
#else
#define SW4_OMP(x)
#endif

namespace sw4 {

// Threads a parallel region started here will have (OMP_NUM_THREADS), 1 without OpenMP.
inline int max_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

// Threads of the next parallel regions (the tests try several counts in one process).
inline void set_max_threads(int n) {
#ifdef _OPENMP
  omp_set_num_threads(n);
#else
  (void)n;
#endif
}

// This thread's number inside a parallel region (0 outside one).
inline int thread_id() {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
}

}  // namespace sw4

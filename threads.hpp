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

#include <algorithm>

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

// The tiles of the columns i0..i1, j0..j1 of an operator (stencil_interior.hpp's and
// topography/stencil_curvilinear.hpp's): pieces of at most max_cols columns by about
// rows_for(columns of a tile) rows, each length shared evenly so that no tile is a sliver.
// Tiles are independent (each has its own flux buffers and writes its own points), so they
// are shared out among the threads; with T threads the number of tiles is made a multiple of
// T where there are rows enough, so that every thread gets the same share. scratch(rows) runs
// once per thread, before its tiles, with the tallest tile's height, and returns that
// thread's buffers; fn(buffers, ib, ie, jb, je) runs once per tile. The cut never changes a
// bit: a flux is computed by the one loop of its kind wherever its tile starts.
template <class Rows, class Scratch, class F>
void for_each_tile(int i0, int i1, int j0, int j1, int max_cols, Rows&& rows_for,
                   Scratch&& scratch, F&& fn) {
  const int ni = i1 - i0 + 1, nj = j1 - j0 + 1;
  const int pi = (ni + max_cols - 1) / max_cols;
  const int li = ni / pi, ri = ni % pi;  // length, longer ones
  const int rows = rows_for(li + (ri > 0));
  const int threads = max_threads();
  int pj = (nj + rows - 1) / rows;
  while (threads > 1 && (pi * pj) % threads != 0 && pj < nj) ++pj;
  const int lj = nj / pj, rj = nj % pj;
  SW4_OMP(parallel num_threads(threads))
  {
    auto& sc = scratch(lj + (rj > 0));
    SW4_OMP(for schedule(static))
    for (int n = 0; n < pi * pj; ++n) {
      const int m = n % pi, q = n / pi;  // tile (m, q): column piece m, row piece q
      const int ib = i0 + m * li + std::min(m, ri), jb = j0 + q * lj + std::min(q, rj);
      fn(sc, ib, ib + li + (m < ri) - 1, jb, jb + lj + (q < rj) - 1);
    }
  }
}

}  // namespace sw4

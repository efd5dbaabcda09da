// halo/agree.hpp: the reductions by which all ranks agree on what a run computed (the solution
// check's verdict, the time step, the end of run's norms and timings): MPI_Allreduce over
// MPI_COMM_WORLD, or, when the run's halos are OpenSHMEM's (halo=shmem, ./sw4lite-shmem),
// OpenSHMEM's reductions over all PEs.
//
// Why built so: the model is a whole programming model, not only a way of moving planes, so a
// run under it agrees by its collectives too (the ones large machines run in the network), and
// the driver asks for an agreement without knowing whose it gets (agree, below; the switch is
// set once, after the deck is read). The library is Open MPI 4.1's OpenSHMEM 1.4: no teams yet,
// so the reductions are the *_to_all ones over the active set of every PE (PE numbers are
// MPI_COMM_WORLD ranks: halo/shmem_start.hpp). Their arguments must be symmetric, so the values
// travel through one scratch block on the symmetric heap, grown collectively when a reduction
// is longer than any before (every rank reduces the same number of values, so every PE grows
// it alike). A pSync array may be used again once every PE has left the reduction that used it
// last; two arrays in turn give that without a barrier, since a PE leaves reduction n + 1 only
// after every PE has entered it, hence left n. Maxima, minima and the sums of integers (the
// exact sums' limbs, the source counts) are exact in any order, so the bits do not move; only
// the timing table's sum of doubles may round otherwise.
#pragma once

#include <mpi.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <type_traits>

#ifdef SW4LITE_SHMEM
#include <shmem.h>
#endif

namespace sw4 {

// Whether the run's reductions are OpenSHMEM's (only the shmem build can say yes).
inline bool& agree_by_shmem() {
  static bool on = false;
  return on;
}

#ifdef SW4LITE_SHMEM
namespace shmem_detail {

// The symmetric scratch of the reductions: source, target and work array of `cap` 8-byte values
// each, then the two pSync arrays, all in one block of the symmetric heap.
struct Scratch {
  int cap = 0;
  long* words = nullptr;
  long* psync[2] = {nullptr, nullptr};
  int turn = 0;
};
inline Scratch& scratch(int n) {
  static Scratch s;
  if (n > s.cap) {  // collective: every PE asks for the same n
    if (s.words) shmem_free(s.words);
    s.cap = n < 64 ? 64 : n;
    const std::size_t words = 3 * std::size_t(s.cap) + 2 + 2 * SHMEM_REDUCE_SYNC_SIZE;
    s.words = static_cast<long*>(shmem_malloc(sizeof(long) * words));
    if (!s.words) throw std::runtime_error("the symmetric heap has no room for a reduction (SHMEM_SYMMETRIC_SIZE)");
    s.psync[0] = s.words + 3 * std::size_t(s.cap) + 2;
    s.psync[1] = s.psync[0] + SHMEM_REDUCE_SYNC_SIZE;
    for (int i = 0; i < 2 * SHMEM_REDUCE_SYNC_SIZE; ++i) s.psync[0][i] = SHMEM_SYNC_VALUE;
    shmem_barrier_all();  // every PE's pSync holds SHMEM_SYNC_VALUE before any PE uses it
  }
  return s;
}

template <class T, class F>
void to_all(T* v, int n, F reduce) {
  Scratch& s = scratch(n);
  T* src = reinterpret_cast<T*>(s.words);
  T* dst = src + s.cap;
  T* wrk = dst + s.cap;  // n / 2 + 1 values at least (SHMEM_REDUCE_MIN_WRKDATA_SIZE is 1 here)
  std::memcpy(src, v, sizeof(T) * std::size_t(n));
  reduce(dst, src, n, 0, 0, shmem_n_pes(), wrk, s.psync[s.turn]);
  s.turn ^= 1;
  std::memcpy(v, dst, sizeof(T) * std::size_t(n));
}

}  // namespace shmem_detail
#endif

// v[0..n) := the op (MPI_MAX, MPI_MIN or MPI_SUM) over all ranks of each rank's v, in place;
// T is double or a 64-bit integer. Collective over all ranks.
template <class T>
void agree(T* v, int n, MPI_Op op) {
  static_assert(std::is_same<T, double>::value || (std::is_integral<T>::value && sizeof(T) == 8),
                "agree: double or a 64-bit integer");
  constexpr bool is_double = std::is_same<T, double>::value;
#ifdef SW4LITE_SHMEM
  if (agree_by_shmem() && n > 0) {
    if constexpr (is_double) {
      shmem_detail::to_all(v, n, op == MPI_MAX ? shmem_double_max_to_all
                                 : op == MPI_MIN ? shmem_double_min_to_all : shmem_double_sum_to_all);
    } else {
      long* w = reinterpret_cast<long*>(v);  // the same 64 bits
      shmem_detail::to_all(w, n, op == MPI_MAX ? shmem_long_max_to_all
                                 : op == MPI_MIN ? shmem_long_min_to_all : shmem_long_sum_to_all);
    }
    return;
  }
#endif
  MPI_Allreduce(MPI_IN_PLACE, v, n, is_double ? MPI_DOUBLE : MPI_INT64_T, op, MPI_COMM_WORLD);
}

}  // namespace sw4

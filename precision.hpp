// precision.hpp: the one type of a field's value, `Real` (docs/user-guide.md, "Single
// precision").
//
// Why built so: vendors test a proxy in both precisions, and co-design studies weigh the halved
// memory traffic of single precision against its accuracy, so `make PRECISION=single` builds
// everything that holds or computes a field value (the solution, the material and metric
// arrays, every kernel, the halos and packed partitions, the images' data, the receivers'
// samples) in float, from this one alias; nothing else in the code names float or double for
// a field's value. What stays double in both builds (the time and the step, norms, the time
// functions, the source weights, the set-up's numbers) and why: NUMERICS.md section 24.
#pragma once

#include <cstdint>
#if defined(SW4LITE_SINGLE) && (defined(__SSE__) || defined(__x86_64__))
#include <immintrin.h>
#endif

namespace sw4 {

#ifdef SW4LITE_SINGLE
using Real = float;
constexpr const char* kPrecision = "single";
#else
using Real = double;
constexpr const char* kPrecision = "double";
#endif

// The single build flushes subnormal floats to zero and reads them as zero (FTZ and DAZ on
// x86, FZ on AArch64; elsewhere nothing), in the calling thread. Why: the wave's tail falls
// below FLT_MIN (1.2e-38) over most of the grid long before it is gone, and every operation on
// a subnormal costs ~100 cycles on x86: measured on inputs/pointsource.in, the single build's
// time loop took 1.05x the double build's with subnormals, 0.5x without. Values that small are
// 30 orders of magnitude below the solution; the arithmetic stays the same on every point of
// every cut, so the bits do not depend on ranks or threads. The double build leaves the
// hardware as it is (a double's tail reaches 2.2e-308 only in runs that long). true: flushed.
inline bool flush_subnormals() {
#ifdef SW4LITE_SINGLE
#if defined(__SSE__) || defined(__x86_64__)
  _mm_setcsr(_mm_getcsr() | 0x8040);  // FTZ (bit 15) and DAZ (bit 6) of MXCSR
  return true;
#elif defined(__aarch64__)
  std::uint64_t fpcr = 0;
  __asm__ __volatile__("mrs %0, fpcr" : "=r"(fpcr));
  __asm__ __volatile__("msr fpcr, %0" : : "r"(fpcr | (std::uint64_t(1) << 24)));  // FZ
  return true;
#endif
#endif
  return false;
}

}  // namespace sw4

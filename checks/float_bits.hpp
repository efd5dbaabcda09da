// float_bits.hpp: what a double or a float is (NaN, infinite, how large) read from its bits, so no
// compiler flag can remove the answer (docs/user-guide.md, "Fast floating point").
//
// Why built so: Intel's icpx and other vendor compilers enable fast floating point by default,
// and GCC's and Clang's -ffast-math (or -Ofast) let the compiler assume that no value is NaN or
// infinite. Under that assumption `!(fabs(x) <= bound)`, `std::isnan(x)`, `std::isinf(x)` and
// `x != x` may all be folded to false, and a run that blew up went on to exit 0 with `-nan` in
// its receiver files (measured: `developer cfl=1e100` built with -O3 -ffast-math). Integer
// arithmetic is not touched by those flags. For a double x, the IEEE 754 bits with the sign bit
// cleared, read as a signed 64-bit integer, are non-negative and ordered as |x| is: every finite
// value is below the bits of infinity (0x7ff0000000000000) and every NaN above them. So one
// integer comparison against the bits of a finite bound says "NaN, infinite or beyond the
// bound", and an integer maximum over a field is the largest |u|, NaN above everything. The
// bits are read with memcpy (the defined way; compilers turn it into a plain load, and a loop
// of them vectorizes: Subdomain::look).
#pragma once

#include <cfloat>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "precision.hpp"

namespace sw4 {

constexpr std::int64_t kAbsMask = INT64_MAX;                 // every bit but the sign
constexpr std::int64_t kInfBits = 0x7ff0000000000000LL;      // |x| bits of an infinity
constexpr std::int64_t kMaxFiniteBits = kInfBits - 1;        // DBL_MAX

// The bits of |x|: ordered as |x|, NaN above infinity above every finite value.
inline std::int64_t abs_bits(double x) {
  std::int64_t b;
  std::memcpy(&b, &x, sizeof b);
  return b & kAbsMask;
}
// The non-negative double whose bits are b (abs_bits' inverse for |x|).
inline double from_bits(std::int64_t b) {
  double x;
  std::memcpy(&x, &b, sizeof x);
  return x;
}
inline bool is_nan_bits(std::int64_t b) { return b > kInfBits; }
inline bool is_inf_bits(std::int64_t b) { return b == kInfBits; }
inline bool finite_bits(double x) { return abs_bits(x) < kInfBits; }

// The same order for a field's value (Real, float in the single build): its bits with the sign
// cleared as a signed integer of its width. widen_bits maps them to the bits of the same |x| as
// a double (exact), NaN to a NaN's bits; narrow_bits maps the bits of a finite double bound to
// those of the largest Real not above it, so that |x| > bound reads the same in either width.
using RealBits = std::conditional_t<sizeof(Real) == 4, std::int32_t, std::int64_t>;
constexpr RealBits kRealAbsMask = std::numeric_limits<RealBits>::max();
constexpr RealBits kRealInfBits = sizeof(Real) == 4 ? RealBits(0x7f800000) : RealBits(kInfBits);
inline RealBits real_abs_bits(Real x) {
  RealBits b;
  std::memcpy(&b, &x, sizeof b);
  return b & kRealAbsMask;
}
inline std::int64_t widen_bits(RealBits b) {
  if (b > kRealInfBits) return kInfBits + 1;
  Real x;
  std::memcpy(&x, &b, sizeof x);
  return abs_bits(double(x));
}
inline RealBits narrow_bits(std::int64_t b) {
  if (b >= abs_bits(double(std::numeric_limits<Real>::max()))) return kRealInfBits - 1;
  const double d = from_bits(b);
  const RealBits r = real_abs_bits(Real(d));
  return widen_bits(r) > b ? r - 1 : r;
}

// GCC and Clang define __FAST_MATH__ under -ffast-math and -Ofast: the compiler may then
// reassociate sums, so the bitwise identity across ranks, threads and binaries holds only to
// the last digits, and values below DBL_MIN read as zero (docs/user-guide.md, "Fast floating
// point").
#ifdef __FAST_MATH__
constexpr bool kFastMath = true;
#else
constexpr bool kFastMath = false;
#endif

}  // namespace sw4

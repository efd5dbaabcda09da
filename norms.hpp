// norms.hpp: the parts of an error norm (NUMERICS.md 7.3), the L2 sum kept exact.
//
// Why built so: the L2 norm is a sum over the whole grid, and a floating-point sum depends on
// its order, hence on how the grid is cut. The contract is bitwise-identical output on any
// decomposition, so the squares are added into a fixed-point accumulator that is exact: every
// double is a 53-bit integer times a power of two, spread over 32-bit limbs held in 64-bit
// integers. Integer sums (also across ranks, with MPI_SUM on the limbs) do not depend on order,
// and the one rounding at the end is a function of the exact sum alone. Max norms need no such
// care. No MPI here: the driver reduces the parts. Both solvers use these sums, so this file
// knows neither's grid (DESIGN.md, "Layers"): the FD piece's testpointsource norms are in
// subdomain_norms.hpp, DG's in dg/dg_problem.hpp.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>

#include "checks/float_bits.hpp"

namespace sw4 {

class ExactSum {
 public:
  static constexpr int kLimbs = 72;  // 2^-1074 .. 2^1130 in 32-bit steps
  std::array<int64_t, kLimbs> limb{};

  void add(double x) {
    if (x == 0 || !finite_bits(x)) return;  // by the bits: fast math folds isfinite (float_bits.hpp)
    int e;
    const double f = std::frexp(std::fabs(x), &e);  // |x| = f 2^e, f in [0.5, 1)
    uint64_t m = static_cast<uint64_t>(std::ldexp(f, 53));
    int pos = e - 53 + 1074;  // bit position of m's lowest bit above 2^-1074
    if (pos < 0) {            // subnormal range: drop bits below 2^-1074 (they are zero)
      m >>= -pos;
      pos = 0;
    }
    const int L = pos / 32, s = pos % 32;
    const int64_t sign = x < 0 ? -1 : 1;
    const uint64_t lo = m & 0xffffffffu, hi = m >> 32;
    const uint64_t a = lo << s, b = hi << s;  // both fit: 32+31 and 21+31 bits
    limb[L] += sign * int64_t(a & 0xffffffffu);
    limb[L + 1] += sign * int64_t(a >> 32);
    limb[L + 1] += sign * int64_t(b & 0xffffffffu);
    limb[L + 2] += sign * int64_t(b >> 32);
    if (++adds_ == (1 << 24)) normalize();
  }
  // Carries move up so that every limb but the top one is in [0, 2^32).
  void normalize() {
    for (int i = 0; i + 1 < kLimbs; ++i) {
      const int64_t carry = limb[i] >> 32;  // floor division (arithmetic shift)
      limb[i] -= carry * (int64_t(1) << 32);
      limb[i + 1] += carry;
    }
    adds_ = 0;
  }
  double value() {
    normalize();
    if (limb[kLimbs - 1] < 0) {  // a negative total: after the carries it is held as a negative
      ExactSum neg;              // top limb over non-negative ones, which the sum below misreads
      for (int i = 0; i < kLimbs; ++i) neg.limb[i] = -limb[i];
      return -neg.value();
    }
    int top = kLimbs - 1;
    while (top > 0 && limb[top] == 0) --top;
    double v = 0;
    for (int i = std::max(0, top - 3); i <= top; ++i)
      v += std::ldexp(double(limb[i]), 32 * i - 1074);
    return v;
  }

 private:
  int adds_ = 0;
};

// One piece's part of a set of norms: max |U - U_exact|, max U_exact (at least 0), and the exact
// sum of the weighted squares (U - U_exact)^2.
struct ErrorNorm {
  double linf = 0, solmax = 0;
  ExactSum l2sum;
};
// The norms a run prints (verify/verify_errors.hpp): over the grid (testpointsource's set S of
// NUMERICS 7.3, or a test problem's points) and, for testpointsource with receivers, over their
// samples.
struct ErrorParts : ErrorNorm {
  ErrorNorm at_receivers;
  ErrorNorm memory;  // twilight with attenuation: the memory variable against SW4's exact one
};

}  // namespace sw4

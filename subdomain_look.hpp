// subdomain_look.hpp: Subdomain::look, the solution check's one pass over U (part of
// subdomain.hpp: include subdomain.hpp, not this; docs/user-guide.md, "The solution check").
//
// Why built so: the check needs, at the steps the run looks at, the largest |u| of the piece
// (the growth test of solution_growth.hpp, and the |u| the stop line names), the first point
// that holds it (the point a growth stop names), and whether any value is NaN, infinite or
// beyond the bound. All three come from the bits of the values (float_bits.hpp), which no
// fast-math flag can fold away, in one pass: each row's largest bits by an integer maximum the
// compiler vectorizes, and only a row that reaches the best so far is searched for the first
// point holding it. A second pass, only when something is beyond the bound, finds the first
// such point. Points are ordered by point_key, the same on any cut; threads share the planes
// and their answers are merged by maximum and minimum, so the result is the same on any number
// of threads. Measured on rank 0's half of inputs/pointsource.in (docs/benchmarks.md, "The
// solution check's cost"): 2.8 ms against a
// step's 200 ms (the pass it replaced, a test of !(|u| <= bound), took 3.3 ms), on the steps
// the check looks at only (every 10th by default).
#pragma once

#include <climits>
#include <cstdint>
#include <cstring>

#include "checks/float_bits.hpp"
#include "threads.hpp"

namespace sw4 {

namespace detail {

// The largest |u| bits of n values: an integer maximum, vectorized.
inline RealBits row_max_bits(const Real* row, int n) {
  RealBits m = 0;
  for (int i = 0; i < n; ++i) {
    RealBits b;
    std::memcpy(&b, row + i, sizeof b);
    b &= kRealAbsMask;
    m = b > m ? b : m;
  }
  return m;
}

// The largest |u| bits over the owned box `o` of field f and the smallest key that holds it;
// `above` as for point_key.
inline void look_max(const GridCfg& g, const Field& f, const Box& o, int above,
                     std::int64_t& bits, long& key) {
  bits = -1;
  key = LONG_MAX;
  const int n = o.ie - o.ib + 1;
  if (n <= 0 || o.je < o.jb || o.ke < o.kb) return;
  SW4_OMP(parallel) {
    RealBits tb = -1;
    long tk = LONG_MAX;
    SW4_OMP(for schedule(static) nowait)
    for (int k = o.kb; k <= o.ke; ++k)
      for (int j = o.jb; j <= o.je; ++j)
        for (int c = 0; c < 3; ++c) {
          const Real* row = f[c].data() + f[c].index(o.ib, j, k);
          const RealBits m = row_max_bits(row, n);
          // a tie in a later row (k, j) cannot have a smaller key: no search
          if (m < tb || (m == tb && point_key(g, o.ib, j, k, 0, above) > tk)) continue;
          int i = 0;
          while (real_abs_bits(row[i]) != m) ++i;
          const long kk = point_key(g, o.ib + i, j, k, c, above);
          if (m > tb || kk < tk) {
            tb = m;
            tk = kk;
          }
        }
    const std::int64_t wb = tb < 0 ? -1 : widen_bits(tb);  // widening keeps the order
    SW4_OMP(critical(sw4_look)) {
      if (wb > bits || (wb == bits && tk < key)) {
        bits = wb;
        key = tk;
      }
    }
  }
}

// The smallest key whose |u| bits are above `bound` (LONG_MAX: none).
inline long look_first_above(const GridCfg& g, const Field& f, const Box& o, int above,
                             RealBits bound) {
  long key = LONG_MAX;
  SW4_OMP(parallel for schedule(static) reduction(min : key))
  for (int k = o.kb; k <= o.ke; ++k)
    for (int j = o.jb; j <= o.je; ++j)
      for (int i = o.ib; i <= o.ie; ++i)
        for (int c = 0; c < 3; ++c)
          if (real_abs_bits(f[c](i, j, k)) > bound) key = std::min(key, point_key(g, i, j, k, c, above));
  return key;
}

}  // namespace detail

// One pass over each grid's owned points, grid 1's planes first (they come first in key order):
// each row's largest |u| bits by the vectorized integer maximum, the row searched for its first
// point only when it reaches the best so far (the cost of reading U once). Only when the
// largest is beyond the bound, a second pass for the smallest key beyond it, the same whichever
// thread finds it (a minimum).
inline Subdomain::Look Subdomain::look(std::int64_t bound) const {
  Look r;
  std::int64_t b0 = -1, b1 = -1;
  long k0 = LONG_MAX, k1 = LONG_MAX;
  const int above = topo ? top.nc + 2 * kGhost : 0;  // grid 1's planes come first in key order
  if (topo) detail::look_max(grid, top.u, top.owned, 0, b1, k1);
  detail::look_max(grid, u, owned, above, b0, k0);
  if (b1 > b0 || (b1 == b0 && k1 < k0)) {
    b0 = b1;
    k0 = k1;
  }
  if (b0 < 0) return r;  // owns no point
  r.bits = b0;
  r.max_key = k0;
  if (b0 > bound) {
    const RealBits rb = narrow_bits(bound);  // |u| > bound as the field's values read it
    long key = topo ? detail::look_first_above(grid, top.u, top.owned, 0, rb) : LONG_MAX;
    const bool curved = key != LONG_MAX;
    if (!curved) key = detail::look_first_above(grid, u, owned, above, rb);
    const PointOfKey p = point_of_key(grid, key);
    r.bad_key = key;
    r.bad_bits = widen_bits(real_abs_bits(curved ? top.u[p.c](p.i, p.j, p.k) : u[p.c](p.i, p.j, p.k - above)));
  }
  return r;
}

}  // namespace sw4

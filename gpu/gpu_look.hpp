// gpu/gpu_look.hpp: the solution check's look at U on the device (subdomain_look.hpp's
// Subdomain::look, the same answer to the bit).
//
// Why built so: the look must find what the CPU build finds (the largest |u| as integer bits,
// the first point in point_key order that holds it, the first point beyond the bound), or the
// stop lines of the two builds would differ. Integer maxima and minima do not depend on the
// order in which the device's threads reach them, so three passes of 64-bit atomics over the
// owned points give exactly the host's numbers: the largest bits, the smallest key holding
// them, and when those are beyond the bound the smallest key beyond it. Four integers come back.
#pragma once

#include <climits>
#include <cstring>

#include "checks/float_bits.hpp"
#include "gpu/gpu_piece.hpp"

namespace sw4 {
namespace gpu {

SW4_HD inline unsigned long long abs_bits_at(const Real* f, long q) {
  RealBits b;
  memcpy(&b, f + q, sizeof b);
  constexpr RealBits mask = kRealAbsMask;
  return static_cast<unsigned long long>(b & mask);
}

// The look's three passes over one grid's owned points: the largest |u| bits into *red; the
// smallest key whose bits are `bits` (==) or above them (>) into *red. `above` as for
// point_key. (Free functions: a CUDA lambda may not live in another lambda.)
inline void look_largest(const DeviceGrid& g, unsigned long long* red) {
  const CPtr3 u = cptrs(g.u);
  const Layout L = g.L;
  for_box(g.owned, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long q = L.index(i, j, k);
    for (int c = 0; c < 3; ++c) atomic_max(red, abs_bits_at(u.c[c], q));
  });
}
inline void look_first(const DeviceGrid& g, int nx, int ny, int above, unsigned long long bits,
                       bool beyond, unsigned long long* red) {
  const CPtr3 u = cptrs(g.u);
  const Layout L = g.L;
  for_box(g.owned, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long q = L.index(i, j, k);
    for (int c = 0; c < 3; ++c) {
      const unsigned long long b = abs_bits_at(u.c[c], q);
      if (beyond ? b > bits : b == bits)
        atomic_min(red, static_cast<unsigned long long>(key_of(nx, ny, i, j, k, c, above)));
    }
  });
}

class DeviceLook {
 public:
  DeviceLook() : red_(4) {}

  // Both grids' owned points (grid 1's keys come first, as point_key's `above` orders them).
  Subdomain::Look look(const DevicePiece& d, std::int64_t bound) {
    Subdomain::Look r;
    if (d.g0.owned.size() == 0) return r;
    const int above = d.topo ? d.g1.nc + 2 * kGhost : 0, nx = d.grid.nx, ny = d.grid.ny;
    unsigned long long init[4] = {0, ULLONG_MAX, ULLONG_MAX, 0};
    red_.upload(init, 4);
    unsigned long long* red = red_.data();
    look_largest(d.g0, red);
    if (d.topo) look_largest(d.g1, red);
    unsigned long long top = 0;
    red_.download(&top, 1);  // waits for the launches
    look_first(d.g0, nx, ny, above, top, false, red + 1);
    if (d.topo) look_first(d.g1, nx, ny, 0, top, false, red + 1);
    const std::int64_t wide = widen_bits(static_cast<RealBits>(top));
    if (wide > bound) {
      const unsigned long long rb = static_cast<unsigned long long>(narrow_bits(bound));
      look_first(d.g0, nx, ny, above, rb, true, red + 2);
      if (d.topo) look_first(d.g1, nx, ny, 0, rb, true, red + 2);
    }
    unsigned long long got[4];
    red_.download(got, 4);
    r.bits = wide;
    r.max_key = long(got[1]);
    if (wide > bound && got[2] != ULLONG_MAX) {
      r.bad_key = long(got[2]);
      PointOfKey p = point_of_key(d.grid, r.bad_key);
      const bool curved = d.topo && p.k <= d.g1.nc + kGhost;
      if (d.topo && !curved) p.k -= above;
      const DeviceGrid& g = curved ? d.g1 : d.g0;
      Real v = 0;
      g.u.c[p.c].download(&v, 1, std::size_t(g.L.index(p.i, p.j, p.k)));
      r.bad_bits = widen_bits(real_abs_bits(v));
    }
    return r;
  }

 private:
  Buffer<unsigned long long> red_;
};

}  // namespace gpu
}  // namespace sw4

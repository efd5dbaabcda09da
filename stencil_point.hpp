// stencil_point.hpp: L_h at one grid point, as the tuned kernel computes it, callable from the
// host and from a GPU kernel (NUMERICS.md 3.1-3.3).
//
// Why built so: a GPU kernel gives each thread one point, so it cannot keep the tuned kernel's
// flux buffers (stencil_interior.hpp: rows, rings of rows and planes, per-thread scratch). It
// needs L_h as a formula of the point alone, and for the GPU build to be checked on any machine
// that formula must be the same code on the host: `make test` runs it here against the tuned
// kernel (test_stencil_point), nvcc compiles the same bodies as device code. So the bodies are
// the tuned kernel's flux form, point by point: each flux the tuned kernel keeps in a buffer
// (the mixed fluxes Fx, Fy, Fz at offsets -2..2, G1 at 0 and +1, G2 at 0 and +2 along each
// direction) is computed here from the same expression with the same helpers (d4, avg_c1,
// avg_c2, pure, delta), and the fluxes are combined in the order of Tile::points. The numbers
// then agree with the tuned kernel to rounding; they are not always the same bits, since a
// compiler that contracts a*b+c into a fused multiply-add (g++ does by default) may fuse across
// what the tuned kernel stores to memory and reloads. The price is the recomputation the
// tuned kernel avoids (each flux ~5 times): the GPU pays it in arithmetic instead of memory.
//
// Device code: the bodies read raw pointers and strides only (LhView), no containers, no
// exceptions, nothing of Array3 but its layout. The SBP tables (sbp.hpp) are namespace-scope
// constexpr arrays, which device code cannot index, so every entry the surface rows use is a
// compile-time constant (Bope, Acof, Ghcof below, the row K a template parameter), and the
// zero entries vanish at compile time as in stencil_surface.hpp.
#pragma once

#include <type_traits>
#include <utility>

#include "stencil.hpp"

namespace sw4 {
namespace point {

using kernel::avg_c1;
using kernel::avg_c2;
using kernel::d4;
using kernel::delta;
using kernel::pure;

// What the point bodies read. q, the linear index of (i, j, k), is the same in u, mu and la
// (one layout: i stride 1, j stride sj, k stride sk); strx[i] is the stretching at global
// index i (Array1::at(0)), likewise stry[j], strz[k].
struct LhView {
  const Real* u[3];
  const Real* mu;
  const Real* la;
  const Real* strx;
  const Real* stry;
  const Real* strz;
  long sj, sk;
};

// The view of a field and its medium (host only: it reads the arrays' layout once).
inline LhView view_of(const Field& u, const Medium& md) {
  return {{u[0].data(), u[1].data(), u[2].data()}, md.mu->data(), md.la->data(),
          md.strx->at(0), md.stry->at(0), md.strz->at(0), u[0].sj, u[0].sk};
}

// The three components of one flux at one point.
struct Flux {
  Real c[3];
};

// ---------------------------------------------------------------------------------------------
// The SBP entries as compile-time constants (the initialisers run in the compiler, on the
// host tables; device code sees only the values).
template <int K, int Q>
struct Bope {
  static constexpr Real v = sbp::bope[K][Q];
};
template <int K, int Q, int M>
struct Acof {
  static constexpr Real v = sbp::acof[K][Q][M];
};
template <int K>
struct Ghcof {
  static constexpr Real v = sbp::ghcof[K];
};
// Whether row K of acof has a nonzero entry at q (only those levels enter the pure z term).
template <int K, int Q>
struct AcofUsed {
  static constexpr bool v = [] {
    for (int m = 0; m < 8; ++m)
      if (sbp::acof[K][Q][m] != 0) return true;
    return false;
  }();
};

using Eight = std::make_integer_sequence<int, 8>;
// f(integral_constant<int, m>) for m = 0..7, in order.
template <class F, int... M>
SW4_HD SW4_INLINE void for_each_level(F&& f, std::integer_sequence<int, M...>) {
  (f(std::integral_constant<int, M>{}), ...);
}
// sum_q bope[K][q] f(q) over the nonzero entries, from -0.0 (the exact identity of +), as
// stencil_surface.hpp's bope_dot sums it.
template <int K, class F, int... Q>
SW4_HD SW4_INLINE Real bope_sum(const F& f, std::integer_sequence<int, Q...>) {
  return (Real(-0.0) + ... + (Bope<K, Q>::v != 0 ? Bope<K, Q>::v * f(Q) : Real(-0.0)));
}
// sum_m acof[K][Q][m] c(m), likewise (stencil_surface.hpp's acof_dot).
template <int K, int Q, class C, int... M>
SW4_HD SW4_INLINE Real acof_sum(const C& c, std::integer_sequence<int, M...>) {
  return (Real(-0.0) + ... + (Acof<K, Q, M>::v != 0 ? Acof<K, Q, M>::v * c(M) : Real(-0.0)));
}

// ---------------------------------------------------------------------------------------------
// The inner z difference of the mixed terms, in the units of d4: centred in the interior, the
// one-sided D^b of row k = K + 1 in a free-surface row (12 sum_m bope[K][m] f at level m + 1).
struct DzCentred {
  long sk;
  SW4_HD SW4_INLINE Real operator()(const Real* f, long q) const { return d4(f, q, sk); }
};
template <int K>
struct DzOneSided {
  long sk;
  SW4_HD SW4_INLINE Real operator()(const Real* f, long q) const {
    return 12 * bope_sum<K>([&](int m) { return f[q + (m - K) * sk]; }, Eight{});
  }
};

// ---------------------------------------------------------------------------------------------
// The fluxes at one point q (stencil_interior.hpp's essay names them): the expressions of
// Tile::x_row, Tile::y_row, Tile::fz_row, g1_line and g2_line, one point at a time.

// Fx1 = la (s^y Dy v + s^z Dz w), Fx2 = mu Dy u, Fx3 = mu Dz u (syj: the row's s^y, szk the
// plane's s^z, 1 in a free-surface row).
template <class Dz>
SW4_HD SW4_INLINE Flux fx(const LhView& v, long q, Real syj, Real szk, const Dz& dz) {
  const Real *u = v.u[0], *w = v.u[2];
  return {{v.la[q] * (syj * d4(v.u[1], q, v.sj) + szk * dz(w, q)), v.mu[q] * d4(u, q, v.sj),
           v.mu[q] * dz(u, q)}};
}
// Fy1 = mu Dx v, Fy2 = la (s^x Dx u + s^z Dz w), Fy3 = mu Dz v (sxi: the column's s^x).
template <class Dz>
SW4_HD SW4_INLINE Flux fy(const LhView& v, long q, Real sxi, Real szk, const Dz& dz) {
  const Real* vv = v.u[1];
  return {{v.mu[q] * d4(vv, q, 1), v.la[q] * (sxi * d4(v.u[0], q, 1) + szk * dz(v.u[2], q)),
           v.mu[q] * dz(vv, q)}};
}
// Fz1 = mu Dx w, Fz2 = mu Dy w, Fz3 = la (s^x Dx u + s^y Dy v).
SW4_HD SW4_INLINE Flux fz(const LhView& v, long q, Real sxi, Real syj) {
  const Real* w = v.u[2];
  return {{v.mu[q] * d4(w, q, 1), v.mu[q] * d4(w, q, v.sj),
           v.la[q] * (sxi * d4(v.u[0], q, 1) + syj * d4(v.u[1], q, v.sj))}};
}
// G2 = C1 (q_{-2} - q_0) and G1 = C2 (q_{-1} - q_0) of the three components along stride s,
// st the stretching at the point's index along that direction D (st[o] at offset o); the
// component along D takes 2 mu + la.
template <int D>
SW4_HD SW4_INLINE Flux g2(const LhView& v, long q, long s, const Real* st) {
  const Real m = avg_c1(v.mu[q - 2 * s] * st[-2], v.mu[q - s] * st[-1], v.mu[q] * st[0]);
  const Real l = avg_c1(v.la[q - 2 * s] * st[-2], v.la[q - s] * st[-1], v.la[q] * st[0]);
  const Real big = 2 * m + l;
  const Real* const* f = v.u;
  return {{(D == 0 ? big : m) * (f[0][q - 2 * s] - f[0][q]),
           (D == 1 ? big : m) * (f[1][q - 2 * s] - f[1][q]),
           (D == 2 ? big : m) * (f[2][q - 2 * s] - f[2][q])}};
}
template <int D>
SW4_HD SW4_INLINE Flux g1(const LhView& v, long q, long s, const Real* st) {
  const Real m = avg_c2(v.mu[q - 2 * s] * st[-2], v.mu[q - s] * st[-1], v.mu[q] * st[0],
                        v.mu[q + s] * st[1]);
  const Real l = avg_c2(v.la[q - 2 * s] * st[-2], v.la[q - s] * st[-1], v.la[q] * st[0],
                        v.la[q + s] * st[1]);
  const Real big = 2 * m + l;
  const Real* const* f = v.u;
  return {{(D == 0 ? big : m) * (f[0][q - s] - f[0][q]),
           (D == 1 ? big : m) * (f[1][q - s] - f[1][q]),
           (D == 2 ? big : m) * (f[2][q - s] - f[2][q])}};
}

// ---------------------------------------------------------------------------------------------
// The x and y terms of point (i, j) and the sum of Tile::points, given the z terms: zp[c] the
// pure one (finished), zm[c] the mixed one's outer z difference (times s^z for c = 0, 1 where
// the row has stretching). szk is the plane's s^z inside the mixed fluxes, szc the one outside
// component 3's mixed terms (both strz[k] in the interior, 1 in a free-surface row).
template <class Dz>
SW4_HD SW4_INLINE void lh_xy(const LhView& v, long q, int i, int j, Real szk, Real szc,
                             const Dz& dz, const Real zp[3], const Real zm[3], Real cof,
                             Real r[3]) {
  const long sj = v.sj;
  const Real sxc = v.strx[i], syc = v.stry[j];
  // x: Fx at i-2, i-1, i+1, i+2; G1 at i, i+1; G2 at i, i+2
  const Flux fxm2 = fx(v, q - 2, syc, szk, dz), fxm1 = fx(v, q - 1, syc, szk, dz),
             fxp1 = fx(v, q + 1, syc, szk, dz), fxp2 = fx(v, q + 2, syc, szk, dz);
  const Flux g1x0 = g1<0>(v, q, 1, v.strx + i), g1x1 = g1<0>(v, q + 1, 1, v.strx + i + 1);
  const Flux g2x0 = g2<0>(v, q, 1, v.strx + i), g2x2 = g2<0>(v, q + 2, 1, v.strx + i + 2);
  // y: the same at j-2..j+2
  const Flux fym2 = fy(v, q - 2 * sj, sxc, szk, dz), fym1 = fy(v, q - sj, sxc, szk, dz),
             fyp1 = fy(v, q + sj, sxc, szk, dz), fyp2 = fy(v, q + 2 * sj, sxc, szk, dz);
  const Flux g1y0 = g1<1>(v, q, sj, v.stry + j), g1y1 = g1<1>(v, q + sj, sj, v.stry + j + 1);
  const Flux g2y0 = g2<1>(v, q, sj, v.stry + j), g2y2 = g2<1>(v, q + 2 * sj, sj, v.stry + j + 2);

  const Real i6 = 1.0 / 6, i144 = 1.0 / 144;
  Real pr[3], dx[3], dy[3];  // pure terms, outer x and y differences of the mixed fluxes
  for (int c = 0; c < 3; ++c) {
    pr[c] = i6 * (sxc * pure(g2x0.c[c], g1x0.c[c], g1x1.c[c], g2x2.c[c]) +
                  syc * pure(g2y0.c[c], g1y0.c[c], g1y1.c[c], g2y2.c[c])) +
            zp[c];
    dx[c] = delta(fxm2.c[c], fxm1.c[c], fxp1.c[c], fxp2.c[c]);
    dy[c] = delta(fym2.c[c], fym1.c[c], fyp1.c[c], fyp2.c[c]);
  }
  r[0] = cof * (pr[0] + i144 * sxc * (dx[0] + syc * dy[0] + zm[0]));
  r[1] = cof * (pr[1] + i144 * syc * (sxc * dx[1] + dy[1] + zm[1]));
  r[2] = cof * (pr[2] + i144 * szc * (sxc * dx[2] + syc * dy[2] + zm[2]));
}

// L_h(u) / h^2 (cof = 1/h^2) at an interior point (i, j, k): any k >= 1 without a free
// surface, k >= 7 with one. The z terms of rhs4_interior_tile: G2 at k, k+2, G1 at k, k+1,
// Fz at k-2, k-1, k+1, k+2.
SW4_HD SW4_INLINE void lh_interior(const LhView& v, long q, int i, int j, int k, Real cof,
                                   Real r[3]) {
  const long sk = v.sk;
  const Real szc = v.strz[k], pz = Real(1.0 / 6) * szc;
  const Real *sxi = v.strx + i, *syj = v.stry + j, *szk = v.strz + k;
  const Flux g2z0 = g2<2>(v, q, sk, szk), g2z2 = g2<2>(v, q + 2 * sk, sk, szk + 2);
  const Flux g1z0 = g1<2>(v, q, sk, szk), g1z1 = g1<2>(v, q + sk, sk, szk + 1);
  const Flux fzm2 = fz(v, q - 2 * sk, *sxi, *syj), fzm1 = fz(v, q - sk, *sxi, *syj),
             fzp1 = fz(v, q + sk, *sxi, *syj), fzp2 = fz(v, q + 2 * sk, *sxi, *syj);
  Real zp[3], zm[3];
  for (int c = 0; c < 3; ++c) {
    zp[c] = pz * pure(g2z0.c[c], g1z0.c[c], g1z1.c[c], g2z2.c[c]);
    zm[c] = delta(fzm2.c[c], fzm1.c[c], fzp1.c[c], fzp2.c[c]);
  }
  zm[0] *= szc;
  zm[1] *= szc;
  lh_xy(v, q, i, j, szc, szc, DzCentred{sk}, zp, zm, cof, r);
}

// L_h(u) / h^2 at (i, j, K + 1), a free-surface row (K = 0..5; NUMERICS 3.3): the z terms of
// rhs4_surface_plane, no z stretching.
template <int K>
SW4_HD SW4_INLINE void lh_surface(const LhView& v, long q, int i, int j, Real cof, Real r[3]) {
  static_assert(0 <= K && K < 6, "the free-surface rows are k = 1..6");
  const long sk = v.sk, c1 = q - K * sk;  // c1: (i, j, 1)
  const Real *mu = v.mu, *la = v.la;
  const Real* const* f = v.u;
  // The pure z term: (mu u_z)_z, (mu v_z)_z, ((2 mu + la) w_z)_z with the closure's
  // coefficients, sum_q (sum_m acof[K][q][m] c_m) f_q (+ ghcof c_1 f_0 in row 1).
  auto mu_at = [&](int m) { return mu[c1 + m * sk]; };
  auto l2m_at = [&](int m) { return 2 * mu[c1 + m * sk] + la[c1 + m * sk]; };
  Real zp[3] = {0, 0, 0};
  for_each_level(
      [&](auto level) {
        constexpr int Q = decltype(level)::value;
        if constexpr (AcofUsed<K, Q>::v) {
          const Real mc = acof_sum<K, Q>(mu_at, Eight{});
          zp[0] += mc * f[0][c1 + Q * sk];
          zp[1] += mc * f[1][c1 + Q * sk];
          zp[2] += acof_sum<K, Q>(l2m_at, Eight{}) * f[2][c1 + Q * sk];
        }
      },
      Eight{});
  if constexpr (K == 0) {
    constexpr Real gh = Ghcof<0>::v;
    zp[0] += gh * mu[c1] * f[0][c1 - sk];
    zp[1] += gh * mu[c1] * f[1][c1 - sk];
    zp[2] += gh * (2 * mu[c1] + la[c1]) * f[2][c1 - sk];
  }
  // The outer z difference of the mixed terms: 12 sum_q bope[K][q] Fz at level q + 1.
  const Real sxi = v.strx[i], syj = v.stry[j];
  Real zm[3] = {Real(-0.0), Real(-0.0), Real(-0.0)};
  for_each_level(
      [&](auto level) {
        constexpr int Q = decltype(level)::value;
        if constexpr (Bope<K, Q>::v != 0) {
          const Flux F = fz(v, c1 + Q * sk, sxi, syj);
          for (int c = 0; c < 3; ++c) zm[c] += Bope<K, Q>::v * F.c[c];
        }
      },
      Eight{});
  for (int c = 0; c < 3; ++c) zm[c] *= 12;
  lh_xy(v, q, i, j, Real(1.0), Real(1.0), DzOneSided<K>{sk}, zp, zm, cof, r);
}

// L_h(u) / h^2 at (i, j, k) with the formula rhs4 uses there.
SW4_HD SW4_INLINE void lh_at(const LhView& v, long q, int i, int j, int k, bool free_surface_top,
                             Real cof, Real r[3]) {
  if (free_surface_top && k <= 6) {
    switch (k) {
      case 1: return lh_surface<0>(v, q, i, j, cof, r);
      case 2: return lh_surface<1>(v, q, i, j, cof, r);
      case 3: return lh_surface<2>(v, q, i, j, cof, r);
      case 4: return lh_surface<3>(v, q, i, j, cof, r);
      case 5: return lh_surface<4>(v, q, i, j, cof, r);
      default: return lh_surface<5>(v, q, i, j, cof, r);
    }
  }
  lh_interior(v, q, i, j, k, cof, r);
}

// r consumed at q as `mode` says (stencil.hpp's Update): kernel::store, the tuned kernel's.
template <Update mode>
SW4_HD SW4_INLINE void update(const Target& t, long q, const Real r[3]) {
  kernel::store<mode>(t.out, t.u, t.um, t.rho, t.factor, q, r[0], r[1], r[2]);
}

// One point of rhs4<mode>: L_h at (i, j, k), consumed at q.
template <Update mode>
SW4_HD SW4_INLINE void rhs4_at(const LhView& v, const Target& t, long q, int i, int j, int k,
                               bool free_surface_top, Real cof) {
  Real r[3];
  lh_at(v, q, i, j, k, free_surface_top, cof, r);
  update<mode>(t, q, r);
}

}  // namespace point
}  // namespace sw4

// topography/stencil_curvilinear_point.hpp: the curvilinear L_h of grid 1 at one point, as the
// tuned kernel computes it, callable from the host and from a GPU kernel (NUMERICS 16.2, 16.3).
//
// Why built so: stencil_point.hpp did this for the Cartesian operator, and its essay holds here
// unchanged. A GPU thread has one point and none of the tuned kernel's bundles and rings
// (stencil_curvilinear.hpp: x bundles, y tile-planes, z and beta rings, the closure's planes
// 1..8), so it needs L_h as a formula of the point alone; and for the GPU build to be checked
// on a machine without a GPU that formula must be the same code on the host, which `make test`
// holds to the tuned kernel (test_stencil_curvilinear_point) while nvcc compiles it as device
// code. So each quantity the tuned kernel keeps in a buffer is computed here by the same
// expression, at the point it belongs to:
//   FX at i-2, i-1, i+1, i+2 and FY at j-2, j-1, j+1, j+2 (Tile::x_row, Tile::y_plane, with
//   the one-sided D_k of row K in the closure rows);
//   G1 at i, i+1 and G2 at i, i+2 along x, likewise along y (Tile::g_lines), from the
//   coefficients mu m1^2, la m1^2 of their own points;
//   in the interior, beta = B(n, n) at k-2..k+2, G2 at k, k+2, G1 at k, k+1 (Tile::gz_row) and
//   FZ at k-2, k-1, k+1, k+2 (Tile::beta_fz_row); in closure row K, beta at planes 1..8 in
//   the acof sums and FZ at planes 1..8 in the bope sum (top_row);
// and they are combined as Tile::points combines them. The results agree with the tuned kernel
// to rounding, not always to the bit: a compiler that contracts a*b + c into a fused
// multiply-add may fuse across what the tuned kernel stores and reloads (stencil_point.hpp).
// The price is recomputation (a flux ~4 times, beta 5 times in the interior): the GPU pays it
// in arithmetic instead of memory traffic.
//
// The result r is the tuned kernel's: (1/J) times the flux differences, no 1/h^2 (the scaling
// lives in J and the metric), consumed by kernel::store<mode> exactly as Tile::points consumes
// it, so point::update<mode> (stencil_point.hpp) is the update here too.
//
// Device code: the bodies read raw pointers and strides (CurvView) and nothing else; the SBP
// entries are stencil_point.hpp's compile-time constants (Bope, Acof, Ghcof), the row K a
// template parameter, so the zero entries fold away as in the tuned kernel's bope_dot and
// acof_dot, summed in the same order from the same -0.0.
#pragma once

#include "stencil_point.hpp"
#include "topography/stencil_curvilinear.hpp"

namespace sw4 {
namespace curv_point {

using kernel::avg_c1;
using kernel::avg_c2;
using kernel::pure;
using point::Acof;
using point::AcofUsed;
using point::Bope;
using point::Eight;
using point::Flux;
using point::Ghcof;
using point::for_each_level;

// What the point bodies read. q, the linear index of (i, j, k), is the same in u, mu, la, J and
// m1..m4 (one layout: i stride 1, j stride sj, k stride sk, as rhs_curvilinear requires);
// strx[i] is s^x at global index i (Array1::at(0)), likewise stry[j]. Grid 1 has no s^z.
struct CurvView {
  const Real* u[3];
  const Real* mu;
  const Real* la;
  const Real* J;
  const Real* m1;
  const Real* m2;
  const Real* m3;
  const Real* m4;
  const Real* strx;
  const Real* stry;
  long sj, sk;
};

// The view of a field and its medium (host only: it reads the arrays' layout once).
inline CurvView view_of(const Field& u, const CurvMedium& md) {
  const Metric& m = *md.met;
  return {{u[0].data(), u[1].data(), u[2].data()},
          md.mu->data(), md.la->data(), m.J.data(), m.m1.data(), m.m2.data(), m.m3.data(),
          m.m4.data(), md.strx->at(0), md.stry->at(0), u[0].sj, u[0].sk};
}

// The six distinct entries of beta = B(n, n) at one point: beta_11, 22, 33, 12, 13, 23.
struct Beta {
  Real e[6];
};

// ---------------------------------------------------------------------------------------------
// Differences: NUMERICS 16.1's centred D (curv::D, curv::Dv), and D_k of plane K + 1 (curv::Dk):
// centred in the interior (K < 0), sum_m bope[K][m] f(plane m + 1) in a closure row.
SW4_HD SW4_INLINE Real D(const Real* f, long q, long s) {
  return curv::kTwoThirds * (f[q + s] - f[q - s]) - curv::kTwelfth * (f[q + 2 * s] - f[q - 2 * s]);
}
SW4_HD SW4_INLINE Real Dv(Real m2, Real m1, Real p1, Real p2) {
  return curv::kTwoThirds * (p1 - m1) - curv::kTwelfth * (p2 - m2);
}
template <int K>
SW4_HD SW4_INLINE Real Dk(const Real* f, long q, long sk) {
  if constexpr (K < 0) {
    return D(f, q, sk);
  } else {
    return point::bope_sum<K>([&](int m) { return f[q + (m - K) * sk]; }, Eight{});
  }
}

// ---------------------------------------------------------------------------------------------
// The fluxes at one point q (stencil_curvilinear.hpp's essay writes them out). sxt, syj: the
// stretching of the point's own column and row.

// FX (Tile::x_row).
template <int K>
SW4_HD SW4_INLINE Flux fx(const CurvView& v, long q, Real sxt, Real syj) {
  const Real m1q = v.m1[q], mt = m1q * syj, mq = v.mu[q], lq = v.la[q];
  const Real b1 = mt * D(v.u[0], q, v.sj), b2 = mt * D(v.u[1], q, v.sj);
  const Real c1 = Dk<K>(v.u[0], q, v.sk), c2 = Dk<K>(v.u[1], q, v.sk),
             c3 = Dk<K>(v.u[2], q, v.sk);
  const Real n1 = sxt * v.m2[q], n2 = syj * v.m3[q], n3 = v.m4[q];
  const Real nc = n1 * c1 + n2 * c2 + n3 * c3;
  return {{m1q * (lq * (b2 + nc) + 2 * mq * (n1 * c1)), m1q * (mq * (b1 + n1 * c2 + n2 * c1)),
           m1q * (mq * (n1 * c3 + n3 * c1))}};
}
// FY (Tile::y_plane).
template <int K>
SW4_HD SW4_INLINE Flux fy(const CurvView& v, long q, Real sxt, Real syj) {
  const Real m1q = v.m1[q], ms = m1q * sxt, mq = v.mu[q], lq = v.la[q];
  const Real a1 = ms * D(v.u[0], q, 1), a2 = ms * D(v.u[1], q, 1);
  const Real c1 = Dk<K>(v.u[0], q, v.sk), c2 = Dk<K>(v.u[1], q, v.sk),
             c3 = Dk<K>(v.u[2], q, v.sk);
  const Real n1 = sxt * v.m2[q], n2 = syj * v.m3[q], n3 = v.m4[q];
  const Real nc = n1 * c1 + n2 * c2 + n3 * c3;
  return {{m1q * (mq * (a2 + n2 * c1 + n1 * c2)), m1q * (lq * (a1 + nc) + 2 * mq * (n2 * c2)),
           m1q * (mq * (n2 * c3 + n3 * c2))}};
}
// FZ (Tile::beta_fz_row's flux half).
SW4_HD SW4_INLINE Flux fz(const CurvView& v, long q, Real sxt, Real syj) {
  const Real n1 = sxt * v.m2[q], n2 = syj * v.m3[q], n3 = v.m4[q];
  const Real mq = v.mu[q], lq = v.la[q];
  const Real ms = v.m1[q] * sxt, mt = v.m1[q] * syj;
  const Real *u = v.u[0], *vv = v.u[1], *w = v.u[2];
  const Real a1 = ms * D(u, q, 1), a2 = ms * D(vv, q, 1), a3 = ms * D(w, q, 1);
  const Real b1 = mt * D(u, q, v.sj), b2 = mt * D(vv, q, v.sj), b3 = mt * D(w, q, v.sj);
  const Real ls = lq * (a1 + b2), ab = a2 + b1;
  return {{ls * n1 + mq * (2 * n1 * a1 + n2 * ab + n3 * a3),
           ls * n2 + mq * (n1 * ab + 2 * n2 * b2 + n3 * b3), ls * n3 + mq * (n1 * a3 + n2 * b3)}};
}
// beta (Tile::beta_fz_row's other half).
SW4_HD SW4_INLINE Beta beta_at(const CurvView& v, long q, Real sxt, Real syj) {
  const Real n1 = sxt * v.m2[q], n2 = syj * v.m3[q], n3 = v.m4[q];
  const Real mq = v.mu[q], lq = v.la[q], lm = lq + mq, nn = mq * (n1 * n1 + n2 * n2 + n3 * n3);
  return {{nn + lm * (n1 * n1), nn + lm * (n2 * n2), nn + lm * (n3 * n3), lm * (n1 * n2),
           lm * (n1 * n3), lm * (n2 * n3)}};
}

// G1 and G2 along stride s (1: x, sj: y) at q (Tile::g_lines): the coefficients mu m1^2 and
// la m1^2 of the points at offsets -2..1 times their stretching st[o]; Dir's component takes
// 2 mu + la.
SW4_HD SW4_INLINE Real coef(const Real* c, const Real* m1, long p) { return c[p] * (m1[p] * m1[p]); }
template <int Dir>
SW4_HD SW4_INLINE Flux g1(const CurvView& v, long q, long s, const Real* st) {
  const Real *mu = v.mu, *la = v.la, *m1 = v.m1;
  const Real m = avg_c2(coef(mu, m1, q - 2 * s) * st[-2], coef(mu, m1, q - s) * st[-1],
                        coef(mu, m1, q) * st[0], coef(mu, m1, q + s) * st[1]);
  const Real l = avg_c2(coef(la, m1, q - 2 * s) * st[-2], coef(la, m1, q - s) * st[-1],
                        coef(la, m1, q) * st[0], coef(la, m1, q + s) * st[1]);
  const Real big = 2 * m + l;
  const Real* const* f = v.u;
  return {{(Dir == 0 ? big : m) * (f[0][q - s] - f[0][q]),
           (Dir == 1 ? big : m) * (f[1][q - s] - f[1][q]), m * (f[2][q - s] - f[2][q])}};
}
template <int Dir>
SW4_HD SW4_INLINE Flux g2(const CurvView& v, long q, long s, const Real* st) {
  const Real *mu = v.mu, *la = v.la, *m1 = v.m1;
  const Real m = avg_c1(coef(mu, m1, q - 2 * s) * st[-2], coef(mu, m1, q - s) * st[-1],
                        coef(mu, m1, q) * st[0]);
  const Real l = avg_c1(coef(la, m1, q - 2 * s) * st[-2], coef(la, m1, q - s) * st[-1],
                        coef(la, m1, q) * st[0]);
  const Real big = 2 * m + l;
  const Real* const* f = v.u;
  return {{(Dir == 0 ? big : m) * (f[0][q - 2 * s] - f[0][q]),
           (Dir == 1 ? big : m) * (f[1][q - 2 * s] - f[1][q]), m * (f[2][q - 2 * s] - f[2][q])}};
}

// G1 and G2 along k at q (Tile::gz_row) from beta at k-2..k+1, C the averages of each entry.
SW4_HD SW4_INLINE Flux gz_from(const CurvView& v, long q, long back, const Real C[6]) {
  const Real* const* f = v.u;
  const Real d1 = f[0][q - back] - f[0][q], d2 = f[1][q - back] - f[1][q],
             d3 = f[2][q - back] - f[2][q];
  return {{C[0] * d1 + C[3] * d2 + C[4] * d3, C[3] * d1 + C[1] * d2 + C[5] * d3,
           C[4] * d1 + C[5] * d2 + C[2] * d3}};
}
SW4_HD SW4_INLINE Flux g1z(const CurvView& v, long q, const Beta& bm2, const Beta& bm1,
                           const Beta& b00, const Beta& bp1) {
  Real C[6];
  for (int e = 0; e < 6; ++e) C[e] = avg_c2(bm2.e[e], bm1.e[e], b00.e[e], bp1.e[e]);
  return gz_from(v, q, v.sk, C);
}
SW4_HD SW4_INLINE Flux g2z(const CurvView& v, long q, const Beta& bm2, const Beta& bm1,
                           const Beta& b00) {
  Real C[6];
  for (int e = 0; e < 6; ++e) C[e] = avg_c1(bm2.e[e], bm1.e[e], b00.e[e]);
  return gz_from(v, q, 2 * v.sk, C);
}

// ---------------------------------------------------------------------------------------------
// The x and y terms of point (i, j) and the sum of Tile::points, given the z terms: pz the
// pure one (finished), mz the mixed one D_k(FZ). K: the row's D_k inside FX and FY.
template <int K>
SW4_HD SW4_INLINE void lh_xy(const CurvView& v, long q, int i, int j, const Real pz[3],
                             const Real mz[3], Real r[3]) {
  const long sj = v.sj;
  const Real *sx = v.strx, *sy = v.stry;
  const Real sxt = sx[i], syj = sy[j], iJ = 1 / v.J[q];
  // x: FX at i-2, i-1, i+1, i+2; G1 at i, i+1; G2 at i, i+2
  const Flux fxm2 = fx<K>(v, q - 2, sx[i - 2], syj), fxm1 = fx<K>(v, q - 1, sx[i - 1], syj),
             fxp1 = fx<K>(v, q + 1, sx[i + 1], syj), fxp2 = fx<K>(v, q + 2, sx[i + 2], syj);
  const Flux g1x0 = g1<0>(v, q, 1, sx + i), g1x1 = g1<0>(v, q + 1, 1, sx + i + 1);
  const Flux g2x0 = g2<0>(v, q, 1, sx + i), g2x2 = g2<0>(v, q + 2, 1, sx + i + 2);
  // y: the same at j-2..j+2
  const Flux fym2 = fy<K>(v, q - 2 * sj, sxt, sy[j - 2]), fym1 = fy<K>(v, q - sj, sxt, sy[j - 1]),
             fyp1 = fy<K>(v, q + sj, sxt, sy[j + 1]), fyp2 = fy<K>(v, q + 2 * sj, sxt, sy[j + 2]);
  const Flux g1y0 = g1<1>(v, q, sj, sy + j), g1y1 = g1<1>(v, q + sj, sj, sy + j + 1);
  const Flux g2y0 = g2<1>(v, q, sj, sy + j), g2y2 = g2<1>(v, q + 2 * sj, sj, sy + j + 2);
  for (int c = 0; c < 3; ++c) {
    const Real px = pure(g2x0.c[c], g1x0.c[c], g1x1.c[c], g2x2.c[c]);
    const Real py = pure(g2y0.c[c], g1y0.c[c], g1y1.c[c], g2y2.c[c]);
    const Real dx = Dv(fxm2.c[c], fxm1.c[c], fxp1.c[c], fxp2.c[c]);
    const Real dy = Dv(fym2.c[c], fym1.c[c], fyp1.c[c], fyp2.c[c]);
    r[c] = iJ * (curv::kSixth * (sxt * px + syj * py) + pz[c] + (sxt * dx + syj * dy + mz[c]));
  }
}

// L_h(u) at an interior point (i, j, k), k >= 7 (curv::interior's z terms).
SW4_HD SW4_INLINE void lh_interior(const CurvView& v, long q, int i, int j, Real r[3]) {
  const long sk = v.sk;
  const Real sxt = v.strx[i], syj = v.stry[j];
  const Beta bm2 = beta_at(v, q - 2 * sk, sxt, syj), bm1 = beta_at(v, q - sk, sxt, syj),
             b00 = beta_at(v, q, sxt, syj), bp1 = beta_at(v, q + sk, sxt, syj),
             bp2 = beta_at(v, q + 2 * sk, sxt, syj);
  const Flux g2z0 = g2z(v, q, bm2, bm1, b00), g2z2 = g2z(v, q + 2 * sk, b00, bp1, bp2);
  const Flux g1z0 = g1z(v, q, bm2, bm1, b00, bp1), g1z1 = g1z(v, q + sk, bm1, b00, bp1, bp2);
  const Flux fzm2 = fz(v, q - 2 * sk, sxt, syj), fzm1 = fz(v, q - sk, sxt, syj),
             fzp1 = fz(v, q + sk, sxt, syj), fzp2 = fz(v, q + 2 * sk, sxt, syj);
  Real pz[3], mz[3];
  for (int c = 0; c < 3; ++c) {
    pz[c] = curv::kSixth * pure(g2z0.c[c], g1z0.c[c], g1z1.c[c], g2z2.c[c]);
    mz[c] = Dv(fzm2.c[c], fzm1.c[c], fzp1.c[c], fzp2.c[c]);
  }
  lh_xy<-1>(v, q, i, j, pz, mz, r);
}

// L_h(u) at (i, j, K + 1), a closure row (K = 0..5; curv::top_row's z terms): the pure term
// sum_q (sum_m acof[K][q][m] beta(m)) u(q) (+ ghcof beta(1) u(0) in row 1), the mixed one
// sum_q bope[K][q] FZ(q), both over planes 1..8.
template <int K>
SW4_HD SW4_INLINE void lh_top(const CurvView& v, long q, int i, int j, Real r[3]) {
  static_assert(0 <= K && K < 6, "the closure rows are k = 1..6");
  const long sk = v.sk, q1 = q - K * sk;  // q1: (i, j, 1)
  const Real sxt = v.strx[i], syj = v.stry[j];
  const Real *u = v.u[0], *vv = v.u[1], *w = v.u[2];
  Beta b[8];  // beta at planes 1..8 (the levels no acof entry of row K reads fold away)
  for_each_level([&](auto m) { b[decltype(m)::value] = beta_at(v, q1 + m * sk, sxt, syj); },
                 Eight{});
  Real z0 = 0, z1 = 0, z2 = 0;
  for_each_level(
      [&](auto level) {
        constexpr int Q = decltype(level)::value;
        if constexpr (AcofUsed<K, Q>::v) {
          auto at = [&](int e) {
            return point::acof_sum<K, Q>([&](int m) { return b[m].e[e]; }, Eight{});
          };
          const Real a11 = at(0), a22 = at(1), a33 = at(2), a12 = at(3), a13 = at(4), a23 = at(5);
          const long p = q1 + Q * sk;  // plane Q + 1
          z0 += a11 * u[p] + a12 * vv[p] + a13 * w[p];
          z1 += a12 * u[p] + a22 * vv[p] + a23 * w[p];
          z2 += a13 * u[p] + a23 * vv[p] + a33 * w[p];
        }
      },
      Eight{});
  if constexpr (K == 0) {  // the ghost plane k = 0, with beta of plane 1
    const Real* b1 = b[0].e;
    constexpr Real g = Ghcof<0>::v;
    const long q0 = q1 - sk;
    z0 += g * (b1[0] * u[q0] + b1[3] * vv[q0] + b1[4] * w[q0]);
    z1 += g * (b1[3] * u[q0] + b1[1] * vv[q0] + b1[5] * w[q0]);
    z2 += g * (b1[4] * u[q0] + b1[5] * vv[q0] + b1[2] * w[q0]);
  }
  const Real pz[3] = {z0, z1, z2};
  Real mz[3] = {Real(-0.0), Real(-0.0), Real(-0.0)};  // bope_dot's sum, in its order
  for_each_level(
      [&](auto level) {
        constexpr int Q = decltype(level)::value;
        if constexpr (Bope<K, Q>::v != 0) {
          const Flux F = fz(v, q1 + Q * sk, sxt, syj);
          for (int c = 0; c < 3; ++c) mz[c] += Bope<K, Q>::v * F.c[c];
        }
      },
      Eight{});
  lh_xy<K>(v, q, i, j, pz, mz, r);
}

// L_h(u) at (i, j, k), k >= 1, with the formula rhs_curvilinear uses there: the closure in
// rows 1..6, the interior formula below.
SW4_HD SW4_INLINE void lh_at(const CurvView& v, long q, int i, int j, int k, Real r[3]) {
  switch (k) {
    case 1: return lh_top<0>(v, q, i, j, r);
    case 2: return lh_top<1>(v, q, i, j, r);
    case 3: return lh_top<2>(v, q, i, j, r);
    case 4: return lh_top<3>(v, q, i, j, r);
    case 5: return lh_top<4>(v, q, i, j, r);
    case 6: return lh_top<5>(v, q, i, j, r);
    default: return lh_interior(v, q, i, j, r);
  }
}

// One point of rhs_curvilinear<mode>: L_h at (i, j, k), consumed at q as Tile::points does
// (kernel::store through point::update: r / rho times factor in the predictor and corrector).
template <Update mode>
SW4_HD SW4_INLINE void rhs_at(const CurvView& v, const Target& t, long q, int i, int j, int k) {
  Real r[3];
  lh_at(v, q, i, j, k, r);
  point::update<mode>(t, q, r);
}

}  // namespace curv_point
}  // namespace sw4

// stencil_curvilinear.hpp: the elastic operator L_h on the curvilinear grid 1 (NUMERICS 16),
// the hot loop of a topography run. The plain form, term by term, is
// stencil_curvilinear_reference.hpp: read that first.
//
// Why built so. NUMERICS 16.2 writes L_h u as (1/J) times nine terms T_ab, an outer difference
// along a of a pairing B(a, b) applied to an inner difference along b. Grouped by the outer
// direction they are differences of fluxes that depend on one grid point alone:
//
//   (L_h u) J = s^x_i P_i + s^y_j P_j + P_k            (pure terms T_ii, T_jj, T_kk)
//             + s^x_i D_i(FX) + s^y_j D_j(FY) + D_k(FZ) (mixed terms)
//
//   FX = B(a^_x, a_y) D_j u + B(a^_x, n) D_k u   (T_ij + T_ik)
//   FY = B(a^_y, a_x) D_i u + B(a^_y, n) D_k u   (T_ji + T_jk)
//   FZ = B(n, a_x) D_i u + B(n, a_y) D_j u       (T_ki + T_kj)
//
// every vector taken with the stretching of the point the flux belongs to (which is why the
// stretching inside n of T_ik, T_jk is the outer point's, NUMERICS 16.2). Written out
// (NUMERICS 16.2's table), with a = m1 s^x D_i u, b = m1 s^y D_j u, c = D_k u:
//
//   FX = m1 ( la (b_2 + n.c) + 2 mu n_1 c_1,  mu (b_1 + n_1 c_2 + n_2 c_1),  mu (n_1 c_3 + n_3 c_1) )
//   FY = m1 ( mu (a_2 + n_2 c_1 + n_1 c_2),  la (a_1 + n.c) + 2 mu n_2 c_2,  mu (n_2 c_3 + n_3 c_2) )
//   FZ = la (a_1 + b_2) n + mu ( 2 n_1 a_1 + n_2 (a_2 + b_1) + n_3 a_3,
//                                n_1 (a_2 + b_1) + 2 n_2 b_2 + n_3 b_3,  n_1 a_3 + n_2 b_3 ).
//
// The pure terms are the Cartesian kernel's G fluxes (stencil_interior.hpp's essay): along i
// with the coefficients mu m1^2 s^x, la m1^2 s^x, along j likewise, and along k
//   G1_c(k) = sum_d C2[beta_cd](k) (u_d(k-1) - u_d(k)),  G2_c(k) = sum_d C1[beta_cd](k) (u_d(k-2) - u_d(k))
// with beta = B(n, n) (six distinct entries), so P_k = (G2(k) + G1(k) - G1(k+1) - G2(k+2))/6,
// term by term the products of NUMERICS 16.2's P[beta_cd].
//
// Each flux is computed once per point by the one loop of its kind and kept where its
// consumers find it: x fluxes in a row bundle, y fluxes in a tile-plane of row bundles, z
// fluxes and beta in rings of tile-planes, as the kernel marches up in k. A bundle holds its
// lines at the fixed distance kL (and a tile-plane its rows at a fixed multiple of it), so
// the point loop reaches everything from a few pointers at constant offsets. All loops run
// over i with unit stride and vectorise. A tile is at most kMaxCols columns by a few rows
// (about kTilePoints points), so the rings stay in a core's cache: on 65 x 65 planes 7 rows
// ran fastest of tiles of 200 to 4096 points (a whole plane about 20% slower), and tiles of
// 17 to 33 columns 15-40% slower than whole rows (their vector loops are too short). The y
// fluxes of rows j0-2, j0-1, j1+1, j1+2 are computed by both tiles that need them.
//
// Same bits on any decomposition and thread count: a flux or beta at a point depends on that
// point alone and is computed by one loop whichever tile it falls in, so cutting the box, or
// sharing the tiles among threads, changes who computes a point but not how (the tests cut
// the box at several places and compare with ==).
//
// The six rows under the surface (NUMERICS 16.3) are stencil_curvilinear_top.hpp.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <vector>

#include "grid.hpp"
#include "stencil.hpp"
#include "threads.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// What the curvilinear L_h needs, over the grid-1 piece's array box (the box of u).
struct CurvMedium {
  const Array3* mu;
  const Array3* la;
  const Metric* met;   // J, m1..m4 (topography.hpp)
  const Array1* strx;  // super-grid stretching s^x_i, s^y_j (none in k)
  const Array1* stry;
};

namespace curv {

constexpr int kL = 144;              // doubles per line of a bundle
constexpr int kC0 = 8;               // column i0 of a tile sits at position kC0 of a line
constexpr int kMaxCols = kL - 16;    // columns of a tile (the x fluxes reach 2 each side)
constexpr Real kTwoThirds = 2.0 / 3, kTwelfth = 1.0 / 12, kSixth = 1.0 / 6;

// NUMERICS 16.1's centred undivided difference D of f at q along stride s.
SW4_INLINE Real D(const Real* f, long q, long s) {
  return kTwoThirds * (f[q + s] - f[q - s]) - kTwelfth * (f[q + 2 * s] - f[q - 2 * s]);
}
// D from the values at offsets -2, -1, 1, 2.
SW4_INLINE Real Dv(Real m2, Real m1, Real p1, Real p2) {
  return kTwoThirds * (p1 - m1) - kTwelfth * (p2 - m2);
}
// D_k at q of plane k: centred in the interior (K < 0), sum_m bope[K][m] f(plane m+1) in the
// closure row k = K + 1 (NUMERICS 16.3).
template <int K>
SW4_INLINE Real Dk(const Real* f, long q, long sk) {
  if constexpr (K < 0) {
    return D(f, q, sk);
  } else {
    return kernel::bope_dot<K>([&](int m) SW4_INLINE_LAMBDA { return f[q + (m - K) * sk]; },
                               kernel::Eight{});
  }
}

// Lines of the bundles. A z bundle (one row of one plane): FZ, G1, G2 of the three
// components; the closure's planes 1..8 keep FZ and beta instead. A beta bundle: beta_11,
// beta_22, beta_33, beta_12, beta_13, beta_23. The x and y bundles: F, G1, G2 and the
// unstretched coefficients mu m1^2, la m1^2.
enum Line { kF = 0, kG1 = 3 * kL, kG2 = 6 * kL, kCmu = 9 * kL, kCla = 10 * kL };
constexpr int kZLines = 9, kBetaLines = 6, kXYLines = 11, kTopLines = 9;
constexpr int kTopBeta = 3 * kL;  // beta's lines in a closure plane's bundle
constexpr int kZRing = 5, kBetaRing = 4;

// One thread's buffers for tiles of at most kMaxCols columns by `nt` rows. Tile-planes hold
// rows j0-2 .. j1+2 (row r = j - j0 + 2), each row a bundle of `lines` lines.
struct CurvScratch {
  int nt = -1;
  long rows = 0;
  std::vector<Real> v;
  long tplane(int lines) const { return rows * lines * kL; }
  void size_for(int nt_) {
    if (nt_ <= nt) return;  // grow only: a smaller tile uses the same layout
    nt = nt_;
    rows = nt + 4;
    const long n = kZRing * tplane(kZLines) + kBetaRing * tplane(kBetaLines) +
                   tplane(kXYLines) + 8 * tplane(kTopLines) + kXYLines * kL;
    v.assign(std::size_t(n) + 8, 0.0);
  }
  static int ring(int k, int n) { return ((k % n) + n) % n; }
  // Line starts 64-byte aligned (kL is a multiple of 8), as stencil_interior.hpp's bundles:
  // the vector loads at a tile's own columns do not straddle cache lines.
  Real* start() {
    const auto mis = reinterpret_cast<std::uintptr_t>(v.data()) % 64;
    return v.data() + (64 - mis) % 64 / sizeof(Real) + kC0;
  }
  Real* z(int k) { return start() + ring(k, kZRing) * tplane(kZLines); }
  Real* beta(int k) {
    return start() + kZRing * tplane(kZLines) + ring(k, kBetaRing) * tplane(kBetaLines);
  }
  Real* y() { return start() + kZRing * tplane(kZLines) + kBetaRing * tplane(kBetaLines); }
  Real* top(int m) { return y() + tplane(kXYLines) + (m - 1) * tplane(kTopLines); }  // m = 1..8
  Real* x() { return y() + tplane(kXYLines) + 8 * tplane(kTopLines); }
};

// One tile: columns i0..i1, rows j0..j1; the flux loops and the point loop.
struct Tile {
  const Field& uf;
  const CurvMedium& md;
  CurvScratch& sc;
  int i0, i1, j0, j1;
  int ni = i1 - i0 + 1;
  const Real* u = uf[0].data();
  const Real* v = uf[1].data();
  const Real* w = uf[2].data();
  const Real* mu = md.mu->data();
  const Real* la = md.la->data();
  const Real* J = md.met->J.data();
  const Real* m1 = md.met->m1.data();
  const Real* m2 = md.met->m2.data();
  const Real* m3 = md.met->m3.data();
  const Real* m4 = md.met->m4.data();
  long sj = uf[0].sj, sk = uf[0].sk;
  const Real* sx = md.strx->at(i0);  // sx[t]: s^x at column i0 + t

  long g(int j, int k) const { return uf[0].index(i0, j, k); }  // array index of (i0, j, k)
  static long row(int j0_, int j, int lines) { return long(j - j0_ + 2) * lines * kL; }
  Real sy(int j) const { return (*md.stry)(j); }

  // beta = B(n, n) (lines e kL of bundle b, e = 0..5: beta_11, 22, 33, 12, 13, 23) and FZ
  // (lines 0..2 of bundle f) at row j of plane k: one loop, as they share n and the material.
  void beta_fz_row(int j, int k, Real* b, Real* f) const {
    const long g0 = g(j, k);
    const Real syj = sy(j);
    SW4_IVDEP
    for (int t = 0; t < ni; ++t) {
      const long q = g0 + t;
      const Real n1 = sx[t] * m2[q], n2 = syj * m3[q], n3 = m4[q];
      const Real mq = mu[q], lq = la[q], lm = lq + mq, nn = mq * (n1 * n1 + n2 * n2 + n3 * n3);
      b[t] = nn + lm * (n1 * n1);
      b[kL + t] = nn + lm * (n2 * n2);
      b[2 * kL + t] = nn + lm * (n3 * n3);
      b[3 * kL + t] = lm * (n1 * n2);
      b[4 * kL + t] = lm * (n1 * n3);
      b[5 * kL + t] = lm * (n2 * n3);
      const Real ms = m1[q] * sx[t], mt = m1[q] * syj;
      const Real a1 = ms * D(u, q, 1), a2 = ms * D(v, q, 1), a3 = ms * D(w, q, 1);
      const Real b1 = mt * D(u, q, sj), b2 = mt * D(v, q, sj), b3 = mt * D(w, q, sj);
      const Real ls = lq * (a1 + b2), ab = a2 + b1;
      f[t] = ls * n1 + mq * (2 * n1 * a1 + n2 * ab + n3 * a3);
      f[kL + t] = ls * n2 + mq * (n1 * ab + 2 * n2 * b2 + n3 * b3);
      f[2 * kL + t] = ls * n3 + mq * (n1 * a3 + n2 * b3);
    }
  }
  // G2 (Back = 2) or G1 (Back = 1) of plane k at row j into z bundle zb, from the beta bundles
  // of planes k-2..k (G2) or k-2..k+1 (G1, bp1) at that row: the same sum, over the average
  // of NUMERICS 3.1 that belongs to each (C1 for G2, C2 for G1), of differences back Back planes.
  template <int Back>
  void gz_row(int j, int k, Real* zb, const Real* bm2, const Real* bm1, const Real* b00,
              const Real* bp1) const {
    static_assert(Back == 1 || Back == 2, "G1 or G2");
    const long g0 = g(j, k);
    const int off = Back == 2 ? kG2 : kG1;
    SW4_IVDEP
    for (int t = 0; t < ni; ++t) {
      const long q = g0 + t;
      Real C[6];
      for (int e = 0; e < 6; ++e) {
        const int n = e * kL + t;
        if constexpr (Back == 2) C[e] = kernel::avg_c1(bm2[n], bm1[n], b00[n]);
        else C[e] = kernel::avg_c2(bm2[n], bm1[n], b00[n], bp1[n]);
      }
      const long b = Back * sk;
      const Real d1 = u[q - b] - u[q], d2 = v[q - b] - v[q], d3 = w[q - b] - w[q];
      zb[off + t] = C[0] * d1 + C[3] * d2 + C[4] * d3;
      zb[off + kL + t] = C[3] * d1 + C[1] * d2 + C[5] * d3;
      zb[off + 2 * kL + t] = C[4] * d1 + C[5] * d2 + C[2] * d3;
    }
  }

  // G1 and G2 along a line of stride s (1: x, sj: y) into bundle b, columns [0, n1) and
  // [0, n2), from the coefficient lines (mu m1^2, la m1^2) of the bundles at offsets -2..1
  // (distance `ls` apart in the buffer) and the stretching st[o] at offset o. D is the
  // direction, whose component takes 2 mu + la.
  template <int Dir>
  SW4_INLINE void g_lines(long g0, long s, Real* b, long ls, const Real* st, int n1,
                          int n2) const {
    // along x the stretching varies with the column, along y with the row only
    auto S = [st](int t, int o) SW4_INLINE_LAMBDA { return Dir == 0 ? st[t + o] : st[o]; };
    SW4_IVDEP
    for (int t = 0; t < n1; ++t) {
      const long q = g0 + t;
      const Real* cm = b + kCmu + t;
      const Real* cl = b + kCla + t;
      const Real sm2 = S(t, -2), sm1 = S(t, -1), s0 = S(t, 0), sp1 = S(t, 1);
      const Real m = kernel::avg_c2(cm[-2 * ls] * sm2, cm[-ls] * sm1, cm[0] * s0, cm[ls] * sp1);
      const Real l = kernel::avg_c2(cl[-2 * ls] * sm2, cl[-ls] * sm1, cl[0] * s0, cl[ls] * sp1);
      const Real big = 2 * m + l;
      b[kG1 + t] = (Dir == 0 ? big : m) * (u[q - s] - u[q]);
      b[kG1 + kL + t] = (Dir == 1 ? big : m) * (v[q - s] - v[q]);
      b[kG1 + 2 * kL + t] = m * (w[q - s] - w[q]);
    }
    SW4_IVDEP
    for (int t = 0; t < n2; ++t) {
      const long q = g0 + t;
      const Real* cm = b + kCmu + t;
      const Real* cl = b + kCla + t;
      const Real sm2 = S(t, -2), sm1 = S(t, -1), s0 = S(t, 0);
      const Real m = kernel::avg_c1(cm[-2 * ls] * sm2, cm[-ls] * sm1, cm[0] * s0);
      const Real l = kernel::avg_c1(cl[-2 * ls] * sm2, cl[-ls] * sm1, cl[0] * s0);
      const Real big = 2 * m + l;
      b[kG2 + t] = (Dir == 0 ? big : m) * (u[q - 2 * s] - u[q]);
      b[kG2 + kL + t] = (Dir == 1 ? big : m) * (v[q - 2 * s] - v[q]);
      b[kG2 + 2 * kL + t] = m * (w[q - 2 * s] - w[q]);
    }
  }

  // The x bundle of row (j, k): FX and the coefficients at columns -2..ni+1, then G1 (to ni)
  // and G2 (to ni+1).
  template <int K>
  void x_row(int j, int k) const {
    Real* b = sc.x();
    const long g0 = g(j, k);
    const Real syj = sy(j);
    SW4_IVDEP
    for (int t = -2; t < ni + 2; ++t) {
      const long q = g0 + t;
      const Real m1q = m1[q], mt = m1q * syj, mq = mu[q], lq = la[q];
      const Real b1 = mt * D(u, q, sj), b2 = mt * D(v, q, sj);
      const Real c1 = Dk<K>(u, q, sk), c2 = Dk<K>(v, q, sk), c3 = Dk<K>(w, q, sk);
      const Real n1 = sx[t] * m2[q], n2 = syj * m3[q], n3 = m4[q];
      const Real nc = n1 * c1 + n2 * c2 + n3 * c3;
      b[kF + t] = m1q * (lq * (b2 + nc) + 2 * mq * (n1 * c1));
      b[kF + kL + t] = m1q * (mq * (b1 + n1 * c2 + n2 * c1));
      b[kF + 2 * kL + t] = m1q * (mq * (n1 * c3 + n3 * c1));
      b[kCmu + t] = mq * (m1q * m1q);
      b[kCla + t] = lq * (m1q * m1q);
    }
    g_lines<0>(g0, 1, b, 1, sx, ni + 1, ni + 2);
  }

  // The y tile-plane of plane k: FY and the coefficients at rows j0-2..j1+2, then G1 (rows
  // j0..j1+1) and G2 (rows j0..j1+2).
  template <int K>
  void y_plane(int k) const {
    Real* yb = sc.y();
    for (int j = j0 - 2; j <= j1 + 2; ++j) {
      Real* b = yb + row(j0, j, kXYLines);
      const long g0 = g(j, k);
      const Real syj = sy(j);
      SW4_IVDEP
      for (int t = 0; t < ni; ++t) {
        const long q = g0 + t;
        const Real m1q = m1[q], ms = m1q * sx[t], mq = mu[q], lq = la[q];
        const Real a1 = ms * D(u, q, 1), a2 = ms * D(v, q, 1);
        const Real c1 = Dk<K>(u, q, sk), c2 = Dk<K>(v, q, sk), c3 = Dk<K>(w, q, sk);
        const Real n1 = sx[t] * m2[q], n2 = syj * m3[q], n3 = m4[q];
        const Real nc = n1 * c1 + n2 * c2 + n3 * c3;
        b[kF + t] = m1q * (mq * (a2 + n2 * c1 + n1 * c2));
        b[kF + kL + t] = m1q * (lq * (a1 + nc) + 2 * mq * (n2 * c2));
        b[kF + 2 * kL + t] = m1q * (mq * (n2 * c3 + n3 * c2));
        b[kCmu + t] = mq * (m1q * m1q);
        b[kCla + t] = lq * (m1q * m1q);
      }
    }
    const long ls = kXYLines * kL;
    for (int j = j0; j <= j1 + 2; ++j) {
      Real* b = yb + row(j0, j, kXYLines);
      const Real* st = md.stry->at(j);
      g_lines<1>(g(j, k), sj, b, ls, st, j <= j1 + 1 ? ni : 0, ni);
    }
  }

  // The points of row (j, k), once the x bundle, the y tile-plane and the z terms are in
  // place: zt(t, pz, mz) gives point t's pure z term (finished) and mixed z term D_k(FZ).
  template <Update mode, class Zt>
  void points(int j, int k, const Target& tg, Zt&& zt) const {
    constexpr long R = kXYLines * kL;  // the next row of the y tile-plane
    const Real* xb = sc.x();
    const Real* yb = sc.y() + row(j0, j, kXYLines);
    const Real syj = sy(j);
    const long g0 = g(j, k);
    Real* const* out = tg.out;
    const Real* const* tu = tg.u;
    const Real* const* tum = tg.um;
    const Real* rho = tg.rho;
    const Real factor = tg.factor;
    SW4_IVDEP
    for (int t = 0; t < ni; ++t) {
      const long q = g0 + t;
      const Real sxt = sx[t], iJ = 1 / J[q];
      Real pz[3], mz[3], r[3];
      zt(t, pz, mz);
      for (int c = 0; c < 3; ++c) {
        const int g1 = kG1 + c * kL + t, g2 = kG2 + c * kL + t, f = kF + c * kL + t;
        const Real px = kernel::pure(xb[g2], xb[g1], xb[g1 + 1], xb[g2 + 2]);
        const Real py = kernel::pure(yb[g2], yb[g1], yb[g1 + R], yb[g2 + 2 * R]);
        const Real dx = Dv(xb[f - 2], xb[f - 1], xb[f + 1], xb[f + 2]);
        const Real dy = Dv(yb[f - 2 * R], yb[f - R], yb[f + R], yb[f + 2 * R]);
        r[c] = iJ * (kSixth * (sxt * px + syj * py) + pz[c] + (sxt * dx + syj * dy + mz[c]));
      }
      kernel::store<mode>(out, tu, tum, rho, factor, q, r[0], r[1], r[2]);
    }
  }
};

// The interior rows k0..k1 (k0 >= 7) of one tile: the rings are filled for k0, then each step
// k adds beta, FZ and G2 of plane k+2 and G1 of plane k+1 (what step k needs at most: FZ at
// k-2..k+2, G2 at k, k+2, G1 at k, k+1), reading u, the metric and the material up to k+2.
template <Update mode>
void interior(const Tile& tl, int k0, int k1, const Target& tg) {
  CurvScratch& sc = tl.sc;
  const int j0 = tl.j0, j1 = tl.j1;
  auto at = [&](Real* p, int j, int lines) { return p + Tile::row(j0, j, lines); };
  auto plane_beta_fz = [&](int kk) {
    for (int j = j0; j <= j1; ++j) {
      tl.beta_fz_row(j, kk, at(sc.beta(kk), j, kBetaLines), at(sc.z(kk), j, kZLines));
    }
  };
  auto plane_g2 = [&](int kk) {
    for (int j = j0; j <= j1; ++j)
      tl.gz_row<2>(j, kk, at(sc.z(kk), j, kZLines), at(sc.beta(kk - 2), j, kBetaLines),
                   at(sc.beta(kk - 1), j, kBetaLines), at(sc.beta(kk), j, kBetaLines), nullptr);
  };
  auto plane_g1 = [&](int kk) {
    for (int j = j0; j <= j1; ++j)
      tl.gz_row<1>(j, kk, at(sc.z(kk), j, kZLines), at(sc.beta(kk - 2), j, kBetaLines),
                   at(sc.beta(kk - 1), j, kBetaLines), at(sc.beta(kk), j, kBetaLines),
                   at(sc.beta(kk + 1), j, kBetaLines));
  };
  for (int kk = k0 - 2; kk <= k0 + 1; ++kk) plane_beta_fz(kk);
  plane_g2(k0);
  plane_g2(k0 + 1);
  plane_g1(k0);
  for (int k = k0; k <= k1; ++k) {
    plane_beta_fz(k + 2);
    plane_g2(k + 2);
    plane_g1(k + 1);
    tl.y_plane<-1>(k);
    for (int j = j0; j <= j1; ++j) {
      tl.x_row<-1>(j, k);
      const Real* zm2 = at(sc.z(k - 2), j, kZLines);
      const Real* zm1 = at(sc.z(k - 1), j, kZLines);
      const Real* z00 = at(sc.z(k), j, kZLines);
      const Real* zp1 = at(sc.z(k + 1), j, kZLines);
      const Real* zp2 = at(sc.z(k + 2), j, kZLines);
      tl.points<mode>(j, k, tg, [&](int t, Real pz[3], Real mz[3]) SW4_INLINE_LAMBDA {
        for (int c = 0; c < 3; ++c) {
          const int g1 = kG1 + c * kL + t, g2 = kG2 + c * kL + t, f = kF + c * kL + t;
          pz[c] = kSixth * kernel::pure(z00[g2], z00[g1], zp1[g1], zp2[g2]);
          mz[c] = Dv(zm2[f], zm1[f], zp1[f], zp2[f]);
        }
      });
    }
  }
}

// Rows of a tile: about kTilePoints points a tile-plane, 4 to 32 rows (the essay says why).
constexpr int kTilePoints = 512;

// One thread's buffers, grown for tiles of `rows` rows and kept between calls.
inline CurvScratch& thread_scratch(int rows) {
  static thread_local CurvScratch sc;
  sc.size_for(rows);
  return sc;
}

}  // namespace curv
}  // namespace sw4

#include "topography/stencil_curvilinear_top.hpp"

namespace sw4 {

// L_h(u) of NUMERICS 16 at every point of `eval`: rows k = 1..6 by the closure (NUMERICS
// 16.3), rows k >= 7 by the interior formula (NUMERICS 16.2); eval.kb >= 1 (a run gives 1).
// The result r at a point is the full (1/J)[...] value (no 1/h^2: the scaling is in J and the
// metric), consumed as Target and Update say (stencil.hpp):
//   Store: out = r;  Predictor: out = 2u - um + factor r/rho;  Corrector: out += factor r/rho.
// Reads u at k = 0 (row 1 only), up to k = max(8, eval.ke + 2), and up to 2 columns and rows
// outside eval; the material and metric at k = 1 .. max(8, eval.ke + 2). u, the material and
// the metric live on one box (their arrays' layout is u's); the target arrays too.
template <Update mode>
void rhs_curvilinear(const Field& u, const CurvMedium& md, const Box& eval, const Target& tg) {
  if (eval.size() == 0) return;
  assert(eval.kb >= 1 && eval.ni() > 0);
  assert(md.mu->box.size() == u[0].box.size() && md.met->J.box.size() == u[0].box.size());
  // threads.hpp's tiles: at most kMaxCols columns by about kTilePoints points, 4 to 32 rows.
  const auto rows_for = [](int cols) { return std::clamp(curv::kTilePoints / cols, 4, 32); };
  for_each_tile(eval.ib, eval.ie, eval.jb, eval.je, curv::kMaxCols, rows_for, curv::thread_scratch,
                [&](curv::CurvScratch& sc, int ib, int ie, int jb, int je) {
                  const curv::Tile tl{u, md, sc, ib, ie, jb, je};
                  if (eval.kb <= 6) curv::top_rows<mode>(tl, eval.kb, std::min(eval.ke, 6), tg);
                  if (eval.ke >= 7) curv::interior<mode>(tl, std::max(eval.kb, 7), eval.ke, tg);
                });
}

}  // namespace sw4

// stencil_interior.hpp: L_h as differences of fluxes (NUMERICS.md 3.1, 3.2), the hot loop.
//
// Part of stencil.hpp, which includes it (include stencil.hpp, not this). The plain form of
// the same operator, point by point, is stencil_reference.hpp: read that first.
//
// Why built so: evaluated from scratch at every point, the operator costs ~400 flops a point,
// most of them recomputing the same products at the neighbours. Every term is a difference of
// "fluxes" (a coefficient times a first difference), and each flux is computed once per point
// and kept where the difference that consumes it will find it:
//
// Mixed terms (3.2): nine fluxes Fx_c, Fy_c, Fz_c, the flux of component c under the outer
// difference along x, y or z:
//   comp 1: s^x [ dx(Fx1) + s^y dy(Fy1) + s^z dz(Fz1) ]   Fx1 = la (s^y Dy v + s^z Dz w), Fy1 = mu Dx v, Fz1 = mu Dx w
//   comp 2: s^y [ s^x dx(Fx2) + dy(Fy2) + s^z dz(Fz2) ]   Fx2 = mu Dy u, Fy2 = la (s^x Dx u + s^z Dz w), Fz2 = mu Dy w
//   comp 3: s^z [ s^x dx(Fx3) + s^y dy(Fy3) + dz(Fz3) ]   Fx3 = mu Dz u, Fy3 = mu Dz v, Fz3 = la (s^x Dx u + s^y Dy v)
// (D and d the undivided 4th-order differences, the result carries 1/144; the stretching
// factors may move inside because the outer difference along x keeps j and k fixed, etc.)
//
// Pure terms (3.1): C3 and C4 of a point are C2 and C1 of its successors (C3(i) = C2(i+1),
// C4(i) = C1(i+2), the same sums of the same numbers), so with
//   G1(i) = C2(i) (q_{i-1} - q_i),   G2(i) = C1(i) (q_{i-2} - q_i)
// the averaged form C1 (q_{i-2}-q_i) + C2 (q_{i-1}-q_i) + C3 (q_{i+1}-q_i) + C4 (q_{i+2}-q_i) is
//   G2(i) + G1(i) - G1(i+1) - G2(i+2),
// term by term the same products. Six such fluxes per direction (G1 and G2 of u, v, w; the
// coefficient is 2 mu + la for the component along the direction).
//
// Where the fluxes live: x fluxes in a row buffer, y fluxes in a ring of rows, z fluxes in a
// ring of planes; the kernel marches up in k and, inside a plane, along j, computing at each
// step the fluxes of the line or plane that has just come into reach. The ring of planes
// covers a tile of rows, not a whole plane, so that it and the five planes of the solution it
// is computed from stay in cache (without tiles the kernel is twice slower on 201 x 201
// planes); tiles repeat the y fluxes of their four edge rows. The fluxes of a row or plane
// are kept in a "bundle" of nine lines at fixed distances, so that the point loop reaches them
// from a few pointers. All loops run over i with unit stride and vectorise. Measured and not
// kept: one loop for the mixed fluxes, G1 and G2 of a line (fewer loads, but slower: too many
// live pointers), and the point loop split in two (no gain).
//
// Same bits on any decomposition: a flux depends on its grid point alone, and every flux of a
// kind is computed by the one loop of that kind, whichever tile or piece of the grid it falls
// in. That matters: with FMA contraction (g++'s default), a second loop computing "the same"
// expression, say G2 alone instead of beside G1, may round differently. test_kernels checks
// the property on pieces cut at many places.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "threads.hpp"

namespace sw4 {

// Scratch buffers of one tile of at most kLine - 8 columns by nt rows (one per thread).
struct TileScratch {
  static constexpr int kLine = 264;  // doubles per line (columns -4 .. kLine - 5)
  // Lines of a bundle: the three mixed fluxes, G1 and G2 of u, v, w; the row bundle has the
  // three results after them.
  static constexpr int kMixed = 0, kG1 = 3, kG2 = 6, kResult = 9, kBundle = 9 * kLine;
  static constexpr int kRing = 5;  // the mixed fluxes are needed at offsets -2..2

  int nt = 0;
  std::vector<Real> row;     // x: one bundle and the result lines
  std::vector<Real> rows;    // y: a ring of five row bundles
  std::vector<Real> planes;  // z: a ring of five plane bundles (nt rows each)
  void size_for(int nt_) {
    if (nt_ == nt) return;
    nt = nt_;
    row.assign(std::size_t(kBundle + 3 * kLine) + 8, 0.0);
    rows.assign(std::size_t(kRing) * kBundle + 8, 0.0);
    planes.assign(std::size_t(kRing) * nt * kBundle + 8, 0.0);
  }
  static int ring(int n) { return ((n % kRing) + kRing) % kRing; }
  // Column 0 of every line 32-byte aligned (kLine is a multiple of 4), so that the vector
  // loads of the point loop do not straddle cache lines (about 5-10% of the kernel's time).
  static Real* start(std::vector<Real>& v) {
    const auto misaligned = reinterpret_cast<std::uintptr_t>(v.data()) % 64;
    return v.data() + (64 - misaligned) % 64 / sizeof(Real) + 4;
  }
  Real* x_bundle() { return start(row); }
  Real* y_bundle(int j) { return start(rows) + long(ring(j)) * kBundle; }
  Real* z_bundle(int k, int r) { return start(planes) + (long(ring(k)) * nt + r) * kBundle; }
  // The free-surface rows keep the Fz fluxes of planes 1..8 instead (three lines a row).
  Real* surface_fz(int k, int r) { return start(planes) + (long(k - 1) * nt + r) * 3 * kLine; }
};

// The operator's scratch: one TileScratch per thread, and the tile height.
struct RhsWorkspace {
  static constexpr int kLine = TileScratch::kLine;
  // Tile height (rows of j); 0: rows_for's choice.
  int tile_rows = 0;
  std::vector<TileScratch> scratch;  // scratch[thread_id()]

  // Rows per tile for rows of ni points: about 4000 points a plane, so that the ring of planes
  // and the solution planes it reads (~2 MB) stay in the L3 cache (a core's L2 does not pay:
  // 4 to 64 rows run alike on 201-point rows, a whole plane twice slower); at most 32 rows, as
  // the ring takes 95 KB a row whatever ni.
  int rows_for(int ni) const {
    if (tile_rows > 0) return tile_rows;
    return std::clamp(4000 / std::max(1, ni), 8, 32);
  }
};

namespace kernel {

constexpr int kLine = TileScratch::kLine;
constexpr int kG1 = TileScratch::kG1 * kLine, kG2 = TileScratch::kG2 * kLine;

// C1 and C2 of NUMERICS 3.1 from the stretched coefficient c~ at offsets -2..1 (C1 weighs
// q_{-2}, C2 weighs q_{-1}).
SW4_HD SW4_INLINE Real avg_c1(Real m2, Real m1, Real c0) { return m1 - Real(0.75) * (c0 + m2); }
SW4_HD SW4_INLINE Real avg_c2(Real m2, Real m1, Real c0, Real p1) {
  return m2 + p1 + 3 * (c0 + m1);
}
// The pure term from the G fluxes at the point and its successors along the direction.
SW4_HD SW4_INLINE Real pure(Real g2_0, Real g1_0, Real g1_1, Real g2_2) {
  return g2_0 + g1_0 - g1_1 - g2_2;
}
// Undivided 4th-order difference of a flux from its values at offsets -2, -1, 1, 2.
SW4_HD SW4_INLINE Real delta(Real m2, Real m1, Real p1, Real p2) {
  return m2 - 8 * m1 + 8 * p1 - p2;
}

// G2 (G1) fluxes of the three components at n consecutive points q0.. of a line along stride
// s with one stretching factor per point of the line (y or z direction): st[o] multiplies the
// coefficients at offset o. D is the direction, whose component takes 2 mu + la. Written into
// the bundle b (line kG2 or kG1, column t).
template <int D>
SW4_INLINE void g2_line(const Real* const f[3], const Real* mu, const Real* la, long q0,
                        long s, const Real* st, int n, Real* b) {
  const Real sm2 = st[-2], sm1 = st[-1], s0 = st[0];
  SW4_IVDEP
  for (int t = 0; t < n; ++t) {
    const long q = q0 + t;
    const Real m = avg_c1(mu[q - 2 * s] * sm2, mu[q - s] * sm1, mu[q] * s0);
    const Real l = avg_c1(la[q - 2 * s] * sm2, la[q - s] * sm1, la[q] * s0);
    const Real big = 2 * m + l;
    b[kG2 + t] = (D == 0 ? big : m) * (f[0][q - 2 * s] - f[0][q]);
    b[kG2 + kLine + t] = (D == 1 ? big : m) * (f[1][q - 2 * s] - f[1][q]);
    b[kG2 + 2 * kLine + t] = (D == 2 ? big : m) * (f[2][q - 2 * s] - f[2][q]);
  }
}
template <int D>
SW4_INLINE void g1_line(const Real* const f[3], const Real* mu, const Real* la, long q0,
                        long s, const Real* st, int n, Real* b) {
  const Real sm2 = st[-2], sm1 = st[-1], s0 = st[0], sp1 = st[1];
  SW4_IVDEP
  for (int t = 0; t < n; ++t) {
    const long q = q0 + t;
    const Real m = avg_c2(mu[q - 2 * s] * sm2, mu[q - s] * sm1, mu[q] * s0, mu[q + s] * sp1);
    const Real l = avg_c2(la[q - 2 * s] * sm2, la[q - s] * sm1, la[q] * s0, la[q + s] * sp1);
    const Real big = 2 * m + l;
    b[kG1 + t] = (D == 0 ? big : m) * (f[0][q - s] - f[0][q]);
    b[kG1 + kLine + t] = (D == 1 ? big : m) * (f[1][q - s] - f[1][q]);
    b[kG1 + 2 * kLine + t] = (D == 2 ? big : m) * (f[2][q - s] - f[2][q]);
  }
}

// What a flux pass computes on a line: the mixed fluxes, G2, G1.
enum Pass { kMixedFluxes = 1, kG2Fluxes = 2, kG1Fluxes = 4 };

// One tile of columns i0..i1 (at most kLine - 8) and rows j0..j1: the flux passes and the
// point loop, shared by the interior planes (below) and the free-surface planes
// (stencil_surface.hpp), which differ only in their z terms.
struct Tile {
  const Field& uf;
  const Medium& md;
  TileScratch& ws;
  int i0, i1, j0, j1;
  const Real* f[3] = {uf[0].data(), uf[1].data(), uf[2].data()};
  const Real* mu = md.mu->data();
  const Real* la = md.la->data();
  long sj = uf[0].sj, sk = uf[0].sk;
  int ni = i1 - i0 + 1;
  const Real* sx = md.strx->at(i0);  // sx[i] is the stretching at i0 + i

  long index(int i, int j, int k) const { return uf[0].index(i, j, k); }

  // Fz fluxes of row j of plane kk into the lines b, b + kLine, b + 2 kLine.
  void fz_row(int j, int kk, Real* b) const {
    const Real *u = f[0], *v = f[1], *w = f[2];
    const Real syj = (*md.stry)(j);
    const long base = index(i0, j, kk);
    const long s = sj;
    SW4_IVDEP
    for (int i = 0; i < ni; ++i) {
      const long q = base + i;
      b[i] = mu[q] * d4(w, q, 1);
      b[kLine + i] = mu[q] * d4(w, q, s);
      b[2 * kLine + i] = la[q] * (sx[i] * d4(u, q, 1) + syj * d4(v, q, s));
    }
  }
  // y fluxes of row (jj, k) into its ring bundle: Fy (with dz(f, q), the inner z difference of
  // f at q in the units of d4, and szk its stretching) and the G's, as `pass` says.
  template <class Dz>
  void y_row(int jj, int k, int pass, Real szk, Dz&& dz) const {
    Real* b = ws.y_bundle(jj);
    const long base = index(i0, jj, k);
    if (pass & kMixedFluxes) {
      const Real *u = f[0], *v = f[1], *w = f[2];
      SW4_IVDEP
      for (int i = 0; i < ni; ++i) {
        const long q = base + i;
        b[i] = mu[q] * d4(v, q, 1);
        b[kLine + i] = la[q] * (sx[i] * d4(u, q, 1) + szk * dz(w, q));
        b[2 * kLine + i] = mu[q] * dz(v, q);
      }
    }
    if (pass & kG2Fluxes) g2_line<1>(f, mu, la, base, sj, md.stry->at(jj), ni, b);
    if (pass & kG1Fluxes) g1_line<1>(f, mu, la, base, sj, md.stry->at(jj), ni, b);
  }
  // x fluxes of row (j, k) into the row bundle: Fx (i0-2 .. i1+2), G1 (to i1+1), G2 (to i1+2).
  template <class Dz>
  void x_row(int j, int k, Real szk, Dz&& dz) const {
    Real* xb = ws.x_bundle();
    const Real *u = f[0], *v = f[1], *w = f[2];
    const Real syj = (*md.stry)(j);
    const long base = index(i0, j, k);
    const long s = sj;
    SW4_IVDEP
    for (int i = -2; i < ni + 2; ++i) {
      const long q = base + i;
      xb[i] = la[q] * (syj * d4(v, q, s) + szk * dz(w, q));
      xb[kLine + i] = mu[q] * d4(u, q, s);
      xb[2 * kLine + i] = mu[q] * dz(u, q);
    }
    SW4_IVDEP
    for (int i = 0; i < ni + 1; ++i) {
      const long q = base + i;
      const Real m = avg_c2(mu[q - 2] * sx[i - 2], mu[q - 1] * sx[i - 1], mu[q] * sx[i],
                              mu[q + 1] * sx[i + 1]);
      const Real l = avg_c2(la[q - 2] * sx[i - 2], la[q - 1] * sx[i - 1], la[q] * sx[i],
                              la[q + 1] * sx[i + 1]);
      xb[kG1 + i] = (2 * m + l) * (u[q - 1] - u[q]);
      xb[kG1 + kLine + i] = m * (v[q - 1] - v[q]);
      xb[kG1 + 2 * kLine + i] = m * (w[q - 1] - w[q]);
    }
    SW4_IVDEP
    for (int i = 0; i < ni + 2; ++i) {
      const long q = base + i;
      const Real m = avg_c1(mu[q - 2] * sx[i - 2], mu[q - 1] * sx[i - 1], mu[q] * sx[i]);
      const Real l = avg_c1(la[q - 2] * sx[i - 2], la[q - 1] * sx[i - 1], la[q] * sx[i]);
      xb[kG2 + i] = (2 * m + l) * (u[q - 2] - u[q]);
      xb[kG2 + kLine + i] = m * (v[q - 2] - v[q]);
      xb[kG2 + 2 * kLine + i] = m * (w[q - 2] - w[q]);
    }
  }
  // The points of row (j, k), once the fluxes of the row, of rows j-2..j+2 and of the z terms
  // are in place. zt(i, zp, zm) gives the z terms of point i: zp[c] the pure one (finished),
  // zm[c] the mixed one's outer z difference (times the stretching szc for c = 0, 1). The
  // results go to the row bundle's result lines, then to the target as `mode` says.
  template <Update mode, class Zt>
  void points(int j, int k, Real szc, Real cof, const Target& t, Zt&& zt) const {
    constexpr int L = kLine;
    const Real i6 = 1.0 / 6, i144 = 1.0 / 144;
    const Real syc = (*md.stry)(j);
    const Real* xb = ws.x_bundle();
    const Real* ym2 = ws.y_bundle(j - 2);
    const Real* ym1 = ws.y_bundle(j - 1);
    const Real* y00 = ws.y_bundle(j);
    const Real* yp1 = ws.y_bundle(j + 1);
    const Real* yp2 = ws.y_bundle(j + 2);
    Real* res = ws.x_bundle() + TileScratch::kResult * L;
    SW4_IVDEP
    for (int i = 0; i < ni; ++i) {
      const Real sxc = sx[i];
      Real zp[3], zm[3];
      zt(i, zp, zm);
      Real pr[3];  // pure terms
      for (int c = 0; c < 3; ++c) {
        const int g1 = kG1 + c * L + i, g2 = kG2 + c * L + i;
        pr[c] = i6 * (sxc * pure(xb[g2], xb[g1], xb[g1 + 1], xb[g2 + 2]) +
                      syc * pure(y00[g2], y00[g1], yp1[g1], yp2[g2])) +
                zp[c];
      }
      auto dx = [&](int c) SW4_INLINE_LAMBDA {
        const int n = c * L + i;
        return delta(xb[n - 2], xb[n - 1], xb[n + 1], xb[n + 2]);
      };
      auto dy = [&](int c) SW4_INLINE_LAMBDA {
        const int n = c * L + i;
        return delta(ym2[n], ym1[n], yp1[n], yp2[n]);
      };
      res[i] = cof * (pr[0] + i144 * sxc * (dx(0) + syc * dy(0) + zm[0]));
      res[L + i] = cof * (pr[1] + i144 * syc * (sxc * dx(1) + dy(1) + zm[1]));
      res[2 * L + i] = cof * (pr[2] + i144 * szc * (sxc * dx(2) + syc * dy(2) + zm[2]));
    }
    const long base = index(i0, j, k);
    Real* const* out = t.out;
    const Real* const* u = t.u;  // U(t): the predictor's update reads U and Um
    const Real* const* um = t.um;
    const Real* rho = t.rho;
    const Real factor = t.factor;
    SW4_IVDEP
    for (int i = 0; i < ni; ++i)
      store<mode>(out, u, um, rho, factor, base + i, res[i], res[L + i], res[2 * L + i]);
  }
};

// The interior planes k0..k1 of one tile.
template <Update mode>
void rhs4_interior_tile(const Tile& tl, int k0, int k1, double h, const Target& t) {
  const Real cof = 1.0 / (h * h), i6 = 1.0 / 6;
  const int j0 = tl.j0, j1 = tl.j1;
  TileScratch& ws = tl.ws;
  const long sk = tl.sk;
  // z: the fluxes of plane kk into its plane bundles, as `pass` says.
  auto z_plane = [&](int kk, int pass) {
    const Real* sz = tl.md.strz->at(kk);
    for (int j = j0; j <= j1; ++j) {
      Real* b = ws.z_bundle(kk, j - j0);
      if (pass & kMixedFluxes) tl.fz_row(j, kk, b);
      const long base = tl.index(tl.i0, j, kk);
      if (pass & kG2Fluxes) g2_line<2>(tl.f, tl.mu, tl.la, base, sk, sz, tl.ni, b);
      if (pass & kG1Fluxes) g1_line<2>(tl.f, tl.mu, tl.la, base, sk, sz, tl.ni, b);
    }
  };
  auto dz = [sk](const Real* q, long p) SW4_INLINE_LAMBDA { return d4(q, p, sk); };

  // Step k needs Fz at k-2..k+2, G2 at k, k+2 and G1 at k, k+1 (likewise along y): it computes
  // Fz and G2 of plane k+2 and G1 of plane k+1. The planes before the first step are filled
  // first. (G1 of plane k1+2 would reach past the ghost points, and is never used.)
  const int all = kMixedFluxes | kG2Fluxes | kG1Fluxes;
  z_plane(k0 - 2, kMixedFluxes);
  z_plane(k0 - 1, kMixedFluxes);
  z_plane(k0, all);
  z_plane(k0 + 1, kMixedFluxes | kG2Fluxes);
  for (int k = k0; k <= k1; ++k) {
    z_plane(k + 2, kMixedFluxes | kG2Fluxes);
    z_plane(k + 1, kG1Fluxes);
    const Real szc = (*tl.md.strz)(k), pz = i6 * szc;
    tl.y_row(j0 - 2, k, kMixedFluxes, szc, dz);
    tl.y_row(j0 - 1, k, kMixedFluxes, szc, dz);
    tl.y_row(j0, k, all, szc, dz);
    tl.y_row(j0 + 1, k, kMixedFluxes | kG2Fluxes, szc, dz);
    for (int j = j0; j <= j1; ++j) {
      tl.y_row(j + 2, k, kMixedFluxes | kG2Fluxes, szc, dz);
      tl.y_row(j + 1, k, kG1Fluxes, szc, dz);
      tl.x_row(j, k, szc, dz);
      // the bundles of planes k-2..k+2 at row j
      const Real* zm2 = ws.z_bundle(k - 2, j - j0);
      const Real* zm1 = ws.z_bundle(k - 1, j - j0);
      const Real* z00 = ws.z_bundle(k, j - j0);
      const Real* zp1 = ws.z_bundle(k + 1, j - j0);
      const Real* zp2 = ws.z_bundle(k + 2, j - j0);
      tl.points<mode>(j, k, szc, cof, t, [&](int i, Real zp[3], Real zm[3]) SW4_INLINE_LAMBDA {
        for (int c = 0; c < 3; ++c) {
          const int g1 = kG1 + c * kLine + i, g2 = kG2 + c * kLine + i, n = c * kLine + i;
          zp[c] = pz * pure(z00[g2], z00[g1], zp1[g1], zp2[g2]);
          zm[c] = delta(zm2[n], zm1[n], zp1[n], zp2[n]);
        }
        zm[0] *= szc;
        zm[1] *= szc;
      });
    }
  }
}

// The operator's tiles of the box of columns (threads.hpp's for_each_tile with this kernel's
// tile size, at most kLine - 8 columns by ws.rows_for rows, and its per-thread scratch);
// fn(scratch, ib, ie, jb, je) once per tile.
template <class F>
void for_each_operator_tile(int i0, int i1, int j0, int j1, RhsWorkspace& ws, F&& fn) {
  const int threads = max_threads();
  if (int(ws.scratch.size()) < threads) ws.scratch.resize(threads);
  for_each_tile(
      i0, i1, j0, j1, kLine - 8, [&](int cols) { return ws.rows_for(cols); },
      [&](int rows) -> TileScratch& {
        TileScratch& sc = ws.scratch[thread_id()];
        sc.size_for(rows);
        return sc;
      },
      fn);
}

// The interior rows k0..k1 of the box of columns i0..i1, j0..j1.
template <Update mode>
void rhs4_interior(const Field& uf, const Medium& md, int i0, int i1, int j0, int j1, int k0,
                   int k1, double h, const Target& t, RhsWorkspace& ws) {
  if (k1 < k0 || i1 < i0 || j1 < j0) return;
  for_each_operator_tile(i0, i1, j0, j1, ws, [&](TileScratch& sc, int ib, int ie, int jb, int je) {
    rhs4_interior_tile<mode>(Tile{uf, md, sc, ib, ie, jb, je}, k0, k1, h, t);
  });
}

}  // namespace kernel
}  // namespace sw4

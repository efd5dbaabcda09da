// stencil_curvilinear_top.hpp: the six rows of the curvilinear L_h under the free surface,
// k = 1..6 (NUMERICS 16.3).
//
// Part of stencil_curvilinear.hpp, which includes it (include that, not this).
//
// Why built so: the closure rows are the interior operator with its k differences replaced
// by the SBP rows of the Cartesian free surface (NUMERICS 3.4's tables, sbp.hpp), so they
// reuse the interior's x and y flux loops and point loop, and differ only where the closure
// does:
//   - the inner D_k of FX and FY is sum_q bope[K][q] u(q) (the Dk<K> of the flux loops);
//   - the outer D_k of FZ is sum_q bope[K][q] FZ(q), from FZ of planes 1..8;
//   - the pure k term is sum_d sum_q (sum_m acof[K][q][m] beta_cd(m)) u_d(q), plus
//     ghcof beta_cd(1) u_d(0) in row 1, from beta of planes 1..8.
// FZ and beta of planes 1..8 are computed once per tile, by the same loops as the interior's
// rings (so the bits of a value do not depend on which phase made it). Each row is a template
// instance (K = k - 1), so the table entries are compile-time constants and their zeros fold
// away (stencil_surface.hpp's acof_dot and bope_dot).
#pragma once

namespace sw4 {
namespace curv {

// beta_e of planes 1..8 at column t of a row, as acof_dot wants it: a function of m = 0..7.
struct BetaColumn {
  const Real* const* tp;  // the closure bundles of planes 1..8 at the row
  int e, t;
  SW4_INLINE Real operator()(int m) const { return tp[m][kTopBeta + e * kL + t]; }
};

// Closure row k = K + 1 of one tile; the bundles of planes 1..8 are in place.
template <Update mode, int K>
void top_row(const Tile& tl, const Target& tg) {
  constexpr int k = K + 1;
  CurvScratch& sc = tl.sc;
  const long sk = tl.sk;
  const Real *u = tl.u, *v = tl.v, *w = tl.w;
  tl.y_plane<K>(k);
  for (int j = tl.j0; j <= tl.j1; ++j) {
    tl.x_row<K>(j, k);
    const Real* tp[8];
    for (int m = 0; m < 8; ++m) tp[m] = sc.top(m + 1) + Tile::row(tl.j0, j, kTopLines);
    const long g1 = tl.g(j, 1);  // plane 1 of column i0
    tl.points<mode>(j, k, tg, [&](int t, Real pz[3], Real mz[3]) SW4_INLINE_LAMBDA {
      const long q1 = g1 + t;
      Real z0 = 0, z1 = 0, z2 = 0;
      kernel::for_each_index(kernel::Eight{}, [&](auto qq) SW4_INLINE_LAMBDA {
        if constexpr (kernel::row_used<K>(qq)) {
          const Real a11 = kernel::acof_dot<K, qq>(BetaColumn{tp, 0, t}, kernel::Eight{});
          const Real a22 = kernel::acof_dot<K, qq>(BetaColumn{tp, 1, t}, kernel::Eight{});
          const Real a33 = kernel::acof_dot<K, qq>(BetaColumn{tp, 2, t}, kernel::Eight{});
          const Real a12 = kernel::acof_dot<K, qq>(BetaColumn{tp, 3, t}, kernel::Eight{});
          const Real a13 = kernel::acof_dot<K, qq>(BetaColumn{tp, 4, t}, kernel::Eight{});
          const Real a23 = kernel::acof_dot<K, qq>(BetaColumn{tp, 5, t}, kernel::Eight{});
          const long q = q1 + qq * sk;  // plane qq + 1
          z0 += a11 * u[q] + a12 * v[q] + a13 * w[q];
          z1 += a12 * u[q] + a22 * v[q] + a23 * w[q];
          z2 += a13 * u[q] + a23 * v[q] + a33 * w[q];
        }
      });
      if constexpr (K == 0) {  // the ghost plane k = 0, with beta of plane 1
        const Real* b1 = tp[0] + kTopBeta + t;
        const Real g = sbp::ghcof[0];
        const long q0 = q1 - sk;
        z0 += g * (b1[0] * u[q0] + b1[3 * kL] * v[q0] + b1[4 * kL] * w[q0]);
        z1 += g * (b1[3 * kL] * u[q0] + b1[kL] * v[q0] + b1[5 * kL] * w[q0]);
        z2 += g * (b1[4 * kL] * u[q0] + b1[5 * kL] * v[q0] + b1[2 * kL] * w[q0]);
      }
      pz[0] = z0;
      pz[1] = z1;
      pz[2] = z2;
      for (int c = 0; c < 3; ++c)
        mz[c] = kernel::bope_dot<K>(
            [&](int m) SW4_INLINE_LAMBDA { return tp[m][kF + c * kL + t]; }, kernel::Eight{});
    });
  }
}

// Closure rows ka..kb (1 <= ka, kb <= 6) of one tile.
template <Update mode>
void top_rows(const Tile& tl, int ka, int kb, const Target& tg) {
  CurvScratch& sc = tl.sc;
  for (int m = 1; m <= 8; ++m)
    for (int j = tl.j0; j <= tl.j1; ++j) {
      Real* b = sc.top(m) + Tile::row(tl.j0, j, kTopLines);
      tl.beta_fz_row(j, m, b + kTopBeta, b);
    }
  auto row = [&](auto K) {
    constexpr int Kc = decltype(K)::value;
    if (ka <= Kc + 1 && Kc + 1 <= kb) top_row<mode, Kc>(tl, tg);
  };
  row(std::integral_constant<int, 0>{});
  row(std::integral_constant<int, 1>{});
  row(std::integral_constant<int, 2>{});
  row(std::integral_constant<int, 3>{});
  row(std::integral_constant<int, 4>{});
  row(std::integral_constant<int, 5>{});
}

}  // namespace curv
}  // namespace sw4

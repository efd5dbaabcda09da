// stencil_surface.hpp: the six free-surface rows of L_h (NUMERICS.md 3.3), k = 1..6.
//
// Part of stencil.hpp, which includes it (include stencil.hpp, not this).
//
// Why built so: the free-surface rows are the interior operator with its z terms replaced,
// so they reuse the interior's tiles, flux passes and point loop (stencil_interior.hpp) and
// differ only where the closure does:
//   - the inner z difference of the mixed terms (Dz in Fx1, Fx3, Fy2, Fy3) is the one-sided D^b of
//     row k, 12 sum_q bope[k][q] f_q in the units of the centred difference;
//   - the outer z difference of the Fz fluxes is 12 sum_q bope[k][q] Fz_q, from the Fz fluxes of
//     planes 1..8, computed once per tile;
//   - the pure z term is sum_q (sum_m acof[k][q][m] c_m) f_q (+ ghcof c_1 f_0 in row 1);
//   - no z stretching anywhere (s^z = 1 in the formulas).
// Each row is a template instance (K = k - 1) so that the table entries are compile-time
// constants and their zeros fold away.
#pragma once

#include <type_traits>
#include <utility>

namespace sw4 {
namespace kernel {

// Compile-time loops over the 8 entries of an SBP table row: the zero entries of acof and
// bope vanish at compile time (a sum starts from -0.0, the exact identity of +).
using Eight = std::make_integer_sequence<int, 8>;
template <class F, int... I>
SW4_INLINE void for_each_index(std::integer_sequence<int, I...>, F&& f) {
  (f(std::integral_constant<int, I>{}), ...);
}
template <int K>
constexpr bool row_used(int q) {
  for (int m = 0; m < 8; ++m)
    if (sbp::acof[K][q][m] != 0) return true;
  return false;
}
// sum_m acof[K][Q][m] c(m)
template <int K, int Q, class C, int... M>
SW4_INLINE Real acof_dot(C&& c, std::integer_sequence<int, M...>) {
  return (Real(-0.0) + ... + (sbp::acof[K][Q][M] != 0 ? sbp::acof[K][Q][M] * c(M) : Real(-0.0)));
}
// sum_q bope[K][q] f(q)
template <int K, class F, int... Q>
SW4_INLINE Real bope_dot(F&& f, std::integer_sequence<int, Q...>) {
  return (Real(-0.0) + ... + (sbp::bope[K][Q] != 0 ? sbp::bope[K][Q] * f(Q) : Real(-0.0)));
}

// Free-surface row k = K + 1 of one tile; the Fz fluxes of planes 1..8 are in place.
template <Update mode, int K>
void rhs4_surface_plane(const Tile& tl, double h, const Target& t) {
  constexpr int k = K + 1;
  const Real cof = 1.0 / (h * h);
  const long sk = tl.sk;
  const Real* mu = tl.mu;
  const Real* la = tl.la;
  // D^b of row k in the units of d4 (12 h f'), at a point q of plane k.
  auto dz = [sk](const Real* f, long q) SW4_INLINE_LAMBDA {
    return 12 * bope_dot<K>([&](int m) SW4_INLINE_LAMBDA { return f[q + (m - K) * sk]; }, Eight{});
  };
  const int j0 = tl.j0, j1 = tl.j1, all = kMixedFluxes | kG2Fluxes | kG1Fluxes;
  tl.y_row(j0 - 2, k, kMixedFluxes, 1.0, dz);
  tl.y_row(j0 - 1, k, kMixedFluxes, 1.0, dz);
  tl.y_row(j0, k, all, 1.0, dz);
  tl.y_row(j0 + 1, k, kMixedFluxes | kG2Fluxes, 1.0, dz);
  for (int j = j0; j <= j1; ++j) {
    tl.y_row(j + 2, k, kMixedFluxes | kG2Fluxes, 1.0, dz);
    tl.y_row(j + 1, k, kG1Fluxes, 1.0, dz);
    tl.x_row(j, k, 1.0, dz);
    const Real* fzq[8];  // Fz fluxes of planes 1..8 at row j
    for (int q = 0; q < 8; ++q) fzq[q] = tl.ws.surface_fz(q + 1, j - j0);
    const long p1 = tl.index(tl.i0, j, 1);  // plane 1 of column i0
    const Real* const* f = tl.f;
    tl.points<mode>(j, k, 1.0, cof, t, [&](int i, Real zp[3], Real zm[3]) SW4_INLINE_LAMBDA {
      const long c1 = p1 + i;  // (i, j, 1)
      // (mu u_z)_z, (mu v_z)_z, ((2mu+la) w_z)_z with the boundary-modified coefficients
      auto mu_at = [&](int m) SW4_INLINE_LAMBDA { return mu[c1 + m * sk]; };
      auto l2m_at = [&](int m) SW4_INLINE_LAMBDA { return 2 * mu[c1 + m * sk] + la[c1 + m * sk]; };
      Real uzz = 0, vzz = 0, wzz = 0;
      for_each_index(Eight{}, [&](auto q) SW4_INLINE_LAMBDA {
        if constexpr (row_used<K>(q)) {
          const Real mc = acof_dot<K, q>(mu_at, Eight{});
          uzz += mc * f[0][c1 + q * sk];
          vzz += mc * f[1][c1 + q * sk];
          wzz += acof_dot<K, q>(l2m_at, Eight{}) * f[2][c1 + q * sk];
        }
      });
      if constexpr (K == 0) {
        uzz += sbp::ghcof[0] * mu[c1] * f[0][c1 - sk];
        vzz += sbp::ghcof[0] * mu[c1] * f[1][c1 - sk];
        wzz += sbp::ghcof[0] * (2 * mu[c1] + la[c1]) * f[2][c1 - sk];
      }
      zp[0] = uzz;
      zp[1] = vzz;
      zp[2] = wzz;
      for (int c = 0; c < 3; ++c) {
        auto fz = [&](int q) SW4_INLINE_LAMBDA { return fzq[q][c * kLine + i]; };
        zm[c] = 12 * bope_dot<K>(fz, Eight{});
      }
    });
  }
}

// The six free-surface rows of the box of columns i0..i1, j0..j1.
template <Update mode>
void rhs4_surface(const Field& uf, const Medium& md, int i0, int i1, int j0, int j1, double h,
                  const Target& t, RhsWorkspace& ws) {
  if (i1 < i0 || j1 < j0) return;
  for_each_operator_tile(i0, i1, j0, j1, ws, [&](TileScratch& sc, int ib, int ie, int jb, int je) {
    const Tile tl{uf, md, sc, ib, ie, jb, je};
    for (int q = 1; q <= 8; ++q)
      for (int j = jb; j <= je; ++j) tl.fz_row(j, q, sc.surface_fz(q, j - jb));
    rhs4_surface_plane<mode, 0>(tl, h, t);
    rhs4_surface_plane<mode, 1>(tl, h, t);
    rhs4_surface_plane<mode, 2>(tl, h, t);
    rhs4_surface_plane<mode, 3>(tl, h, t);
    rhs4_surface_plane<mode, 4>(tl, h, t);
    rhs4_surface_plane<mode, 5>(tl, h, t);
  });
}

}  // namespace kernel
}  // namespace sw4

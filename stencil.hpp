// stencil.hpp: the SW4 operator and the pieces of the time step (NUMERICS.md 2-5).
//
// Why built so: these are pure functions over arrays and index boxes, so the two-sided driver,
// the one-sided partitions and the unit tests call the same code. L_h is fused with the update
// that consumes it (store, predictor or corrector, a template parameter), so the hot loop reads
// the solution once and writes the result once, with no branch and no call inside the point
// loop: the innermost loop runs over i with unit stride and vectorises. The six free-surface
// rows are a separate loop, unrolled per row so that the zero coefficients of the SBP tables
// cost nothing. The interior rows (stencil_interior.hpp) regroup the mixed derivatives into
// fluxes computed once per point. Every grid point is computed by the same arithmetic whoever
// owns it, which is what makes the results bitwise identical on any decomposition.
#pragma once

#include <type_traits>
#include <utility>

#include "grid.hpp"
#include "sbp.hpp"

// Helpers called inside the point loops must be inlined, or the loops do not vectorise.
#if defined(__GNUC__) || defined(__clang__)
#define SW4_INLINE inline __attribute__((always_inline))
#else
#define SW4_INLINE inline
#endif

#if defined(__clang__)
#define SW4_IVDEP _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define SW4_IVDEP _Pragma("GCC ivdep")
#else
#define SW4_IVDEP
#endif

namespace sw4 {

// What is done with r = L_h(u) at a point p (r already divided by h^2):
//   Store      out = r
//   Predictor  out = 2u - um + factor r / rho      (factor = dt^2)
//   Corrector  out += factor r / rho               (factor = dt^4/12)
enum class Update { Store, Predictor, Corrector };

struct Target {
  double* out[3] = {nullptr, nullptr, nullptr};
  const double* u[3] = {nullptr, nullptr, nullptr};
  const double* um[3] = {nullptr, nullptr, nullptr};
  const double* rho = nullptr;
  double factor = 1.0;
};

// The material and super-grid stretching that L_h needs.
struct Medium {
  const Array3* mu;
  const Array3* la;
  const Array1* strx;
  const Array1* stry;
  const Array1* strz;
};

namespace kernel {

// Undivided 4th-order centred difference of f at p along stride s (f' ~ d4 / 12h).
SW4_INLINE double d4(const double* f, long p, long s) {
  return f[p - 2 * s] - 8 * f[p - s] + 8 * f[p + s] - f[p + 2 * s];
}

// 144 h^2 d_a(c d_b q) at p: outer difference along sa of c times the inner one along sb.
SW4_INLINE double mixed(const double* c, const double* q, long p, long sa, long sb) {
  return c[p - 2 * sa] * d4(q, p - 2 * sa, sb) - 8 * c[p - sa] * d4(q, p - sa, sb) +
         8 * c[p + sa] * d4(q, p + sa, sb) - c[p + 2 * sa] * d4(q, p + 2 * sa, sb);
}

// The four averaged coefficients C1..C4 of the pure second derivative, from the stretched
// coefficient c~ = c s at offsets -2..2.
struct Avg4 {
  double c1, c2, c3, c4;
};
SW4_INLINE Avg4 avg4(double m2, double m1, double c0, double p1, double p2) {
  return {m1 - 0.75 * (c0 + m2), m2 + p1 + 3 * (c0 + m1), m1 + p2 + 3 * (p1 + c0),
          p1 - 0.75 * (c0 + p2)};
}
SW4_INLINE Avg4 two_mu_plus_la(const Avg4& m, const Avg4& l) {
  return {2 * m.c1 + l.c1, 2 * m.c2 + l.c2, 2 * m.c3 + l.c3, 2 * m.c4 + l.c4};
}
// 6 h^2 s d(c s du) / s at p along stride s: the sum C_m (u_{p+o} - u_p).
SW4_INLINE double apply4(const Avg4& a, const double* f, long p, long s) {
  const double f0 = f[p];
  return a.c1 * (f[p - 2 * s] - f0) + a.c2 * (f[p - s] - f0) + a.c3 * (f[p + s] - f0) +
         a.c4 * (f[p + 2 * s] - f0);
}


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
SW4_INLINE double acof_dot(C&& c, std::integer_sequence<int, M...>) {
  return (-0.0 + ... + (sbp::acof[K][Q][M] != 0 ? sbp::acof[K][Q][M] * c(M) : -0.0));
}
// sum_q bope[K][q] f(q)
template <int K, class F, int... Q>
SW4_INLINE double bope_dot(F&& f, std::integer_sequence<int, Q...>) {
  return (-0.0 + ... + (sbp::bope[K][Q] != 0 ? sbp::bope[K][Q] * f(Q) : -0.0));
}

template <Update mode>
SW4_INLINE void store(double* const* out, const double* const* u, const double* const* um,
                  const double* rho, double factor, long p, double r1, double r2, double r3) {
  if constexpr (mode == Update::Store) {
    out[0][p] = r1;
    out[1][p] = r2;
    out[2][p] = r3;
  } else if constexpr (mode == Update::Predictor) {
    const double f = factor / rho[p];
    out[0][p] = 2 * u[0][p] - um[0][p] + f * r1;
    out[1][p] = 2 * u[1][p] - um[1][p] + f * r2;
    out[2][p] = 2 * u[2][p] - um[2][p] + f * r3;
  } else {
    const double f = factor / rho[p];
    out[0][p] += f * r1;
    out[1][p] += f * r2;
    out[2][p] += f * r3;
  }
}

// One free-surface row k = K+1 (NUMERICS 3.3): x/y terms as in the interior, the z terms from
// the SBP tables acof/bope/ghcof (no z stretching there). K is a template parameter so that
// the table lookups are compile-time constants and their zeros fold away.
template <Update mode, int K>
void rhs4_surface_row(const Field& uf, const Medium& md, int i0, int i1, int j0, int j1,
                      double h, const Target& t) {
  constexpr int k = K + 1;
  const double* u = uf[0].data();
  const double* v = uf[1].data();
  const double* w = uf[2].data();
  const double* mu = md.mu->data();
  const double* la = md.la->data();
  const long sj = uf[0].sj, sk = uf[0].sk;
  const double cof = 1.0 / (h * h), i6 = 1.0 / 6, i12 = 1.0 / 12, i144 = 1.0 / 144;
  double* const* out = t.out;
  const double* const* up = t.u;
  const double* const* um = t.um;
  const double* rho = t.rho;
  const double factor = t.factor;
  for (int j = j0; j <= j1; ++j) {
    const double* sy = md.stry->at(j);
    const double syc = sy[0];
    const long base = uf[0].index(i0, j, k);
    const double* sx = md.strx->at(i0);  // sx[i] is the stretching at i0 + i
    SW4_IVDEP
    for (int i = 0; i <= i1 - i0; ++i) {
      const long p = base + i;
      const long p1 = p - K * sk;  // (i, j, 1): the q = 1 point of this column
      const double sxc = sx[i];
      const Avg4 mx = avg4(mu[p - 2] * sx[i - 2], mu[p - 1] * sx[i - 1], mu[p] * sxc,
                           mu[p + 1] * sx[i + 1], mu[p + 2] * sx[i + 2]);
      const Avg4 lx = avg4(la[p - 2] * sx[i - 2], la[p - 1] * sx[i - 1], la[p] * sxc,
                           la[p + 1] * sx[i + 1], la[p + 2] * sx[i + 2]);
      const Avg4 my = avg4(mu[p - 2 * sj] * sy[-2], mu[p - sj] * sy[-1], mu[p] * syc,
                           mu[p + sj] * sy[1], mu[p + 2 * sj] * sy[2]);
      const Avg4 ly = avg4(la[p - 2 * sj] * sy[-2], la[p - sj] * sy[-1], la[p] * syc,
                           la[p + sj] * sy[1], la[p + 2 * sj] * sy[2]);
      double r1 = i6 * (sxc * apply4(two_mu_plus_la(mx, lx), u, p, 1) + syc * apply4(my, u, p, sj));
      double r2 = i6 * (sxc * apply4(mx, v, p, 1) + syc * apply4(two_mu_plus_la(my, ly), v, p, sj));
      double r3 = i6 * (sxc * apply4(mx, w, p, 1) + syc * apply4(my, w, p, sj));

      // (mu u_z)_z, (mu v_z)_z, ((2mu+la) w_z)_z with the boundary-modified coefficients.
      auto mu_at = [&](int m) { return mu[p1 + m * sk]; };
      auto l2m_at = [&](int m) { return 2 * mu[p1 + m * sk] + la[p1 + m * sk]; };
      double uzz = 0, vzz = 0, wzz = 0;
      for_each_index(Eight{}, [&](auto q) {
        if constexpr (row_used<K>(q)) {
          const double mc = acof_dot<K, q>(mu_at, Eight{});
          uzz += mc * u[p1 + q * sk];
          vzz += mc * v[p1 + q * sk];
          wzz += acof_dot<K, q>(l2m_at, Eight{}) * w[p1 + q * sk];
        }
      });
      if constexpr (K == 0) {
        uzz += sbp::ghcof[0] * mu[p1] * u[p1 - sk];
        vzz += sbp::ghcof[0] * mu[p1] * v[p1 - sk];
        wzz += sbp::ghcof[0] * (2 * mu[p1] + la[p1]) * w[p1 - sk];
      }
      r1 += uzz;
      r2 += vzz;
      r3 += wzz;

      // Mixed x-y terms: as in the interior.
      r1 += i144 * sxc * syc * (mixed(la, v, p, 1, sj) + mixed(mu, v, p, sj, 1));
      r2 += i144 * sxc * syc * (mixed(mu, u, p, 1, sj) + mixed(la, u, p, sj, 1));

      // Mixed terms with z: one-sided D^b in z, centred 4th order in x or y.
      // "z inside" d_a(c D^b f): D^b f on the neighbouring columns col = p1 + offset.
      auto dbz = [&](const double* f, long col) {
        return bope_dot<K>([&](int q) { return f[col + q * sk]; }, Eight{});
      };
      auto d4_of_dbz = [&](const double* c, const double* f, long s) {
        return c[p - 2 * s] * dbz(f, p1 - 2 * s) - 8 * c[p - s] * dbz(f, p1 - s) +
               8 * c[p + s] * dbz(f, p1 + s) - c[p + 2 * s] * dbz(f, p1 + 2 * s);
      };
      // "z outside" sum_q bope[K][q] c(i,j,q) d4_a f(., q).
      auto dbz_of_d4 = [&](const double* c, const double* f, long s) {
        return bope_dot<K>([&](int q) { return c[p1 + q * sk] * d4(f, p1 + q * sk, s); },
                           Eight{});
      };
      r1 += i12 * sxc * (d4_of_dbz(la, w, 1) + dbz_of_d4(mu, w, 1));
      r2 += i12 * syc * (d4_of_dbz(la, w, sj) + dbz_of_d4(mu, w, sj));
      r3 += i12 * (sxc * (d4_of_dbz(mu, u, 1) + dbz_of_d4(la, u, 1)) +
                   syc * (d4_of_dbz(mu, v, sj) + dbz_of_d4(la, v, sj)));
      store<mode>(out, up, um, rho, factor, p, cof * r1, cof * r2, cof * r3);
    }
  }
}

}  // namespace kernel
}  // namespace sw4

#include "stencil_interior.hpp"

namespace sw4 {

// L_h(u) at every point of `eval` (the owned columns, k = 1..nz), consumed as `mode` says.
// With a free surface on top, rows k = 1..6 use the SBP closure.
template <Update mode>
void rhs4(const Field& u, const Medium& md, const Box& eval, bool free_surface_top, double h,
          const Target& t, RhsWorkspace& ws) {
  int kfirst = eval.kb;
  if (free_surface_top) {
    kernel::rhs4_surface_row<mode, 0>(u, md, eval.ib, eval.ie, eval.jb, eval.je, h, t);
    kernel::rhs4_surface_row<mode, 1>(u, md, eval.ib, eval.ie, eval.jb, eval.je, h, t);
    kernel::rhs4_surface_row<mode, 2>(u, md, eval.ib, eval.ie, eval.jb, eval.je, h, t);
    kernel::rhs4_surface_row<mode, 3>(u, md, eval.ib, eval.ie, eval.jb, eval.je, h, t);
    kernel::rhs4_surface_row<mode, 4>(u, md, eval.ib, eval.ie, eval.jb, eval.je, h, t);
    kernel::rhs4_surface_row<mode, 5>(u, md, eval.ib, eval.ie, eval.jb, eval.je, h, t);
    kfirst = 7;
  }
  kernel::rhs4_interior<mode>(u, md, eval.ib, eval.ie, eval.jb, eval.je, kfirst, eval.ke, h, t, ws);
}

// The predictor where L_h is not evaluated (ghost and padding points): U* = 2U - Um. Those
// values are overwritten by the halo exchange and the boundary conditions, but writing them
// keeps every array fully defined.
inline void predictor_frame(Field& up, const Field& u, const Field& um, const Box& eval) {
  const Box& b = up[0].box;
  for (int c = 0; c < 3; ++c) {
    double* out = up[c].data();
    const double* a = u[c].data();
    const double* m = um[c].data();
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j) {
        const bool row_inside = eval.kb <= k && k <= eval.ke && eval.jb <= j && j <= eval.je;
        const long base = up[c].index(0, j, k);
        for (int i = b.ib; i <= b.ie; ++i) {
          if (row_inside && i == eval.ib) i = eval.ie + 1;  // skip the evaluated stretch
          if (i > b.ie) break;
          out[base + i] = 2 * a[base + i] - m[base + i];
        }
      }
  }
}

// U'' = (U* - 2U + Um) / dt^2 at every point of the arrays.
inline void acceleration(Field& acc, const Field& up, const Field& u, const Field& um,
                         double dt) {
  const double idt2 = 1.0 / (dt * dt);
  for (int c = 0; c < 3; ++c) {
    double* out = acc[c].data();
    const double* p = up[c].data();
    const double* a = u[c].data();
    const double* m = um[c].data();
    const long n = static_cast<long>(acc[c].v.size());
    SW4_IVDEP
    for (long q = 0; q < n; ++q) out[q] = (p[q] - 2 * a[q] + m[q]) * idt2;
  }
}

}  // namespace sw4

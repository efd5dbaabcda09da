// supergrid.hpp: super-grid absorbing layers (NUMERICS.md 5): the stretching, damping and
// corner-taper profiles along each axis, and the 4th-order artificial dissipation.
//
// Why built so: the layers act only through 1-D profiles sampled at the grid coordinates
// (ghost points included), so they are computed once from global coordinates; every piece of a
// decomposed grid samples the same numbers. The dissipation is a separate pass over the owned
// points so that the timing table can report it and the operator's hot loop stays unchanged.
#pragma once

#include "grid.hpp"
#include "stencil.hpp"

namespace sw4 {

// The taper along one axis of the domain [x0, x1]; a side is "active" when it is super-grid.
struct Taper {
  bool left = false, right = false;
  double x0 = 0, x1 = 1, width = 0;
  static constexpr double eps = 1e-4;

  // C5 step from 0 (xi <= 0) to 1 (xi >= 1).
  static double psi0(double xi) {
    if (xi <= 0) return 0;
    if (xi >= 1) return 1;
    const double x2 = xi * xi, x6 = x2 * x2 * x2;
    return x6 * (462 - 1980 * xi + 3465 * x2 - 3080 * x2 * xi + 1386 * x2 * x2 -
                 252 * x2 * x2 * xi);
  }
  // psi with the layer measured in units of `scale` from the layer's inner edge.
  double ramp(double x, double scale) const {
    if (left && x < x0 + width) return psi0((x0 + width - x) / scale);
    if (right && x > x1 - width) return psi0((x - (x1 - width)) / scale);
    return 0;
  }
  double lin(double x) const {
    if (left && x < x0 + width) return (x0 + width - x) / width;
    if (right && x > x1 - width) return (x - (x1 - width)) / width;
    return 0;
  }
  double stretching(double x) const { return 1 - (1 - eps) * ramp(x, width); }
  double damping(double x) const { return ramp(x, 0.5 * width) / stretching(x); }
  double corner(double x) const { return 1 - 0.67 * lin(x); }
};

// The three profiles of one axis over global indices first..last (coordinate (i-1)h + origin).
struct Profiles {
  Array1 str, dc, co;  // stretching s, damping coefficient d, corner taper c
};
inline Profiles sample_profiles(const Taper& tp, int first, int last, double h) {
  Profiles pr{Array1(first, last), Array1(first, last), Array1(first, last)};
  for (int i = first; i <= last; ++i) {
    const double x = (i - 1) * h;
    pr.str(i) = tp.stretching(x);
    pr.dc(i) = tp.damping(x);
    pr.co(i) = tp.corner(x);
  }
  return pr;
}

// U+ -= beta/rho [ s^x c^y c^z Dx(rho d^x Dx w) + s^y c^x c^z Dy(...) + s^z c^x c^y Dz(...) ],
// w = U - Um, D the undivided second difference (NUMERICS 5.3), over the box `eval`.
inline void supergrid_damping(Field& up, const Field& u, const Field& um, const Array3& rho,
                              const Profiles& px, const Profiles& py, const Profiles& pz,
                              const Box& eval, double beta) {
  const long sj = rho.sj, sk = rho.sk;
  const double* r = rho.data();
  for (int c = 0; c < 3; ++c) {
    double* out = up[c].data();
    const double* a = u[c].data();
    const double* b = um[c].data();
    for (int k = eval.kb; k <= eval.ke; ++k) {
      const double szc = pz.str(k), czc = pz.co(k);
      const double dzm = pz.dc(k - 1), dz0 = pz.dc(k), dzp = pz.dc(k + 1);
      for (int j = eval.jb; j <= eval.je; ++j) {
        const double syc = py.str(j), cyc = py.co(j);
        const double dym = py.dc(j - 1), dy0 = py.dc(j), dyp = py.dc(j + 1);
        const int i0 = eval.ib, n = eval.ni();
        const double* sx = px.str.at(i0);
        const double* cx = px.co.at(i0);
        const double* dx = px.dc.at(i0);
        const long base = rho.index(i0, j, k);
        SW4_IVDEP
        for (int i = 0; i < n; ++i) {
          const long p = base + i;
          // second differences of w = u - um at offsets -1, 0, +1 along stride s
          auto w = [&](long q) { return a[q] - b[q]; };
          auto d2 = [&](long q, long s) { return w(q + s) - 2 * w(q) + w(q - s); };
          const double dxx = r[p + 1] * dx[i + 1] * d2(p + 1, 1) - 2 * r[p] * dx[i] * d2(p, 1) +
                             r[p - 1] * dx[i - 1] * d2(p - 1, 1);
          const double dyy = r[p + sj] * dyp * d2(p + sj, sj) - 2 * r[p] * dy0 * d2(p, sj) +
                             r[p - sj] * dym * d2(p - sj, sj);
          const double dzz = r[p + sk] * dzp * d2(p + sk, sk) - 2 * r[p] * dz0 * d2(p, sk) +
                             r[p - sk] * dzm * d2(p - sk, sk);
          out[p] -= beta / r[p] *
                    (sx[i] * cyc * czc * dxx + syc * cx[i] * czc * dyy + szc * cx[i] * cyc * dzz);
        }
      }
    }
  }
}

}  // namespace sw4

// timestep_curvilinear.hpp: the time step's bound on the curvilinear grid 1 (NUMERICS 18.3):
// the largest eigenvalue over rho of the operator's local 3 x 3 symbol, at every grid point.
//
// Why built so. On a Cartesian grid the bound is a scalar, (lambda + 4 mu)/rho; on grid 1 the
// operator's principal part couples the components through the metric, and the bound is the
// largest eigenvalue of the symmetric matrix
//
//     M = (1/J) [ m1^2 diag(lambda + 3 mu, lambda + 3 mu, 2 mu) + mu |m|^2 I
//                 + (lambda + mu) m m^T ],   m = (m2, m3, m4)
//
// (unstretched: the super-grid only slows waves down), so that Delta t_curv = CFL / sqrt(max of
// lambda_max(M)/rho). A flat grid (m1^2 = m4^2 = h, m2 = m3 = 0, J = h^3) gives M = (lambda +
// 4 mu)/h^2 I: the Cartesian bound. The maximum sits at a ghost point above the hill, where the
// mapping is compressed, so ghost points are not left out: that is the original's rule. SW4 (the
// full code) has left grid 1's ghost planes k < 1 and k > n_c out since 2020, a larger step
// where the ghost planes are the most compressed; convention=sw4 does the same (NUMERICS 25.5).
//
// The eigenvalues come from cyclic Jacobi rotations, not from the closed trigonometric formula
// for a 3 x 3 matrix: the trigonometric one loses relative accuracy when eigenvalues are close
// (M is nearly a multiple of the identity wherever the grid is nearly flat), while Jacobi
// rotations are backward stable and converge quadratically, so the largest eigenvalue is
// right to a few ulps and Delta t does not depend on how close to flat the grid is. The
// original uses LAPACK's packed symmetric solver; the two agree to rounding, and the step count
// N = int(T/Delta t + 0.5) only sees rounding near a half.
//
// The original stops the run only when lambda_max(M) <= 0; here every M must be positive
// definite (smallest eigenvalue > 0, NUMERICS 18.3), a stricter test that any unfolded grid
// with a physical material passes, and a negative result tells the caller to stop. Setup only: the loop is a max reduction, which does not depend on the
// order, so any thread count gives the same bits. No MPI here (the driver takes the minimum over
// ranks and grid 0's bound).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>

#include "checks/float_bits.hpp"
#include "grid.hpp"
#include "threads.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// The eigenvalues of the symmetric matrix a (only its upper triangle is read), ascending.
// Each rotation zeroes one off-diagonal entry; sweeps repeat over the three pairs until every
// off-diagonal entry is negligible next to its two diagonal entries (which changes their values
// by far less than an ulp) or next to the matrix's norm (for a zero diagonal), at most 64 sweeps.
inline std::array<double, 3> symmetric_eigenvalues3(const double a[3][3]) {
  double s[3][3];
  for (int p = 0; p < 3; ++p)
    for (int q = p; q < 3; ++q) s[p][q] = s[q][p] = a[p][q];
  double norm2 = 0;
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 3; ++q) norm2 += s[p][q] * s[p][q];
  const double norm = std::sqrt(norm2);
  auto negligible = [&](int p, int q) {
    const double x = std::fabs(s[p][q]);
    return x <= 1e-18 * std::sqrt(std::fabs(s[p][p])) * std::sqrt(std::fabs(s[q][q])) ||
           x <= 1e-32 * norm;
  };
  static const int pairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
  for (int sweep = 0; sweep < 64; ++sweep) {
    bool rotated = false;
    for (const auto& pq : pairs) {
      const int p = pq[0], q = pq[1], r = 3 - p - q;
      if (negligible(p, q)) {
        s[p][q] = s[q][p] = 0;
        continue;
      }
      rotated = true;
      // The rotation by angle phi with cot(2 phi) = theta zeroes s[p][q]; t = tan(phi) is the
      // smaller root of t^2 + 2 theta t - 1 = 0 (|phi| <= pi/4, the stable choice).
      const double apq = s[p][q];
      const double theta = (s[q][q] - s[p][p]) / (2 * apq);
      const double t =
          (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1));
      const double c = 1 / std::sqrt(t * t + 1), sn = t * c;
      s[p][p] -= t * apq;
      s[q][q] += t * apq;
      s[p][q] = s[q][p] = 0;
      const double arp = s[r][p], arq = s[r][q];
      s[r][p] = s[p][r] = c * arp - sn * arq;
      s[r][q] = s[q][r] = sn * arp + c * arq;
    }
    if (!rotated) break;
  }
  std::array<double, 3> e = {s[0][0], s[1][1], s[2][2]};
  std::sort(e.begin(), e.end());
  return e;
}

// The matrix M of NUMERICS 18.3 at one point (symmetric; all nine entries set).
inline void curvilinear_symbol(double mu, double la, double m1, double m2, double m3, double m4,
                               double J, double M[3][3]) {
  const double iJ = 1 / J, lpm = la + mu;
  const double diag = m1 * m1, mm = m2 * m2 + m3 * m3 + m4 * m4;
  const double m[3] = {m2, m3, m4};
  const double d[3] = {diag * (la + 3 * mu), diag * (la + 3 * mu), diag * (2 * mu)};
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 3; ++q)
      M[p][q] = iJ * ((p == q ? d[p] + mu * mm : 0.0) + lpm * m[p] * m[q]);
}

// The largest lambda_max(M)/rho over every point of box b (ghosts included: that is where the
// maximum usually is). A negative value when some M is not positive definite, or not a number
// (a folded grid, a material with the wrong sign): the run must stop. Delta t_curv = CFL /
// sqrt(this).
inline double curvilinear_speed2(const Array3& mu, const Array3& la, const Array3& rho,
                                 const Metric& met, const Box& b) {
  double best = 0;
  int bad = 0;
  SW4_OMP(parallel for collapse(2) schedule(static) reduction(max : best) reduction(| : bad))
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        double M[3][3];
        curvilinear_symbol(mu(i, j, k), la(i, j, k), met.m1(i, j, k), met.m2(i, j, k),
                           met.m3(i, j, k), met.m4(i, j, k), met.J(i, j, k), M);
        const std::array<double, 3> e = symmetric_eigenvalues3(M);
        const double v = e[2] / rho(i, j, k);
        // a NaN fails too, by the bits: fast math may fold !(x > 0) (float_bits.hpp)
        if (!(e[0] > 0) || !(v > 0) || !finite_bits(e[0]) || !finite_bits(v)) bad = 1;
        else best = std::max(best, v);
      }
  return bad ? -1.0 : best;
}

// The points whose M bounds the time step, in a piece's grid-1 array box: all of them, or with
// SW4's convention the planes k = 1..nc only (its ghost columns stay in, as in SW4).
inline Box curvilinear_timestep_box(const Box& box, int nc, bool sw4_convention) {
  Box b = box;
  if (sw4_convention) {
    b.kb = std::max(b.kb, 1);
    b.ke = std::min(b.ke, nc);
  }
  return b;
}

}  // namespace sw4

// Unit tests of the free surface's ghost solve, flat (boundary.hpp: free_surface, NUMERICS 4)
// and curved (topography/boundary_curvilinear.hpp: free_surface_curvilinear, NUMERICS 17.1).
//
// Why built so. A test of a boundary condition only sees a wrong sign in a term that is not zero
// where it looks: a field with u_x + v_y = 0 or w_x = 0 on the surface lets a flipped tangential
// term through (the first test below is such a special case). So the other fields make every term
// of the traction non-zero at every column of the surface (random values, or smooth ones whose
// tests check it first: their premise), with varying mu and lambda and stretching factors s^x, s^y
// that differ from 1 and from column to column (a factor taken at the wrong index or dropped
// shows). The checks are written from the formulas, not by calling the code under test: the test's
// own sbop and centred difference, the flat ghost values in closed form, the curved traction from
// the general elastic pairing B(a, b) and its 3 x 3 system solved by elimination. In a scratch
// copy of the solvers, these tests were seen to fail with the sign of each term flipped (u_z, w_x,
// v_z, w_y, w_z, u_x, v_y and the prescribed traction; in the curved solve also v_x, u_y, each of
// the 14 products of the tangential flux and each solved normal derivative), with a stretching
// factor dropped or taken at the wrong index, and with 2 mu + lambda made mu + lambda; the one
// change none sees is the sign of nu, which the curved solve uses only squared (it changes
// nothing). Tolerances are stated at each check.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "boundary.hpp"
#include "test/poly.hpp"
#include "test/precision_helpers.hpp"
#include "test/topography_deck_helpers.hpp"
#include "topography/boundary_curvilinear.hpp"

using namespace sw4;
using sw4test::tol;

namespace {

// The one-sided derivative at k = 1 from k = 0..4 (NUMERICS 3.4), written out again.
constexpr double kSbop[5] = {-1.0 / 4, -5.0 / 6, 3.0 / 2, -1.0 / 2, 1.0 / 12};

// The undivided centred difference along (a, b) at (i, j) of the plane k = 1, and the sum of
// its terms' sizes.
double centred(const Array3& f, int i, int j, int a, int b, double* size) {
  const double p1 = f(i + a, j + b, 1), m1 = f(i - a, j - b, 1);
  const double p2 = f(i + 2 * a, j + 2 * b, 1), m2 = f(i - 2 * a, j - 2 * b, 1);
  *size = (std::fabs(p1) + std::fabs(m1)) * 2 / 3 + (std::fabs(p2) + std::fabs(m2)) / 12;
  return (p1 - m1) * 2 / 3 - (p2 - m2) / 12;
}

// The one-sided derivative with the ghost (from = 0) or without it (from = 1), and its size.
double normal(const Array3& f, int i, int j, int from, double* size) {
  double s = 0;
  *size = 0;
  for (int l = from; l <= 4; ++l) {
    s += kSbop[l] * f(i, j, l);
    *size += std::fabs(kSbop[l] * f(i, j, l));
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// Flat

// A 16 x 16 x 16 grid, h = 0.1, two ghost layers, with the fields, materials and stretching
// of the test: f(c, x, y, z) for u_c, mu and la of (x, y, z), s^x and s^y of the index.
struct FlatSurface {
  double h = 0.1;
  GridCfg g;
  Box box{-1, 18, -1, 18, -1, 18};
  Field u;
  Array3 mu{box}, la{box};
  Array1 sx{-1, 18}, sy{-1, 18};
  template <class U, class M, class L>
  FlatSurface(U field, M pmu, L pla) {
    g.nx = g.ny = g.nz = 16;
    g.h = h;
    for (auto& a : u) a.define(box);
    for (int k = box.kb; k <= box.ke; ++k)
      for (int j = box.jb; j <= box.je; ++j)
        for (int i = box.ib; i <= box.ie; ++i) {
          const double x = (i - 1) * h, y = (j - 1) * h, z = (k - 1) * h;
          for (int c = 0; c < 3; ++c) u[c](i, j, k) = field(c, x, y, z);
          mu(i, j, k) = pmu(x, y, z);
          la(i, j, k) = pla(x, y, z);
        }
    for (int i = -1; i <= 18; ++i) {  // between 0.2 and 0.9, no two neighbours alike
      sx(i) = 0.55 + 0.35 * std::sin(0.7 * i);
      sy(i) = 0.6 + 0.3 * std::cos(1.1 * i);
    }
  }
  // The seven terms of the traction at column (i, j) as the solve sees them: h u_z (without
  // the ghost), s^x h w_x, h v_z, s^y h w_y, h w_z, s^x h u_x, s^y h v_y; their smallest size
  // over the columns 1..16 must be well away from zero.
  double smallest_term() const {
    double least = 1e300, s;
    for (int j = 1; j <= 16; ++j)
      for (int i = 1; i <= 16; ++i) {
        const double t[7] = {normal(u[0], i, j, 1, &s), sx(i) * centred(u[2], i, j, 1, 0, &s),
                             normal(u[1], i, j, 1, &s), sy(j) * centred(u[2], i, j, 0, 1, &s),
                             normal(u[2], i, j, 1, &s), sx(i) * centred(u[0], i, j, 1, 0, &s),
                             sy(j) * centred(u[1], i, j, 0, 1, &s)};
        for (double v : t) least = std::min(least, std::fabs(v));
      }
    return least;
  }
};

// h times the discrete traction at (i, j), component c, ghost included, and its terms' size:
// mu(u_z + s^x w_x), mu(v_z + s^y w_y), (2 mu + la) w_z + la(s^x u_x + s^y v_y).
double flat_traction(const FlatSurface& f, int i, int j, int c, double* size) {
  const double m = f.mu(i, j, 1), l = f.la(i, j, 1), x = f.sx(i), y = f.sy(j);
  double a, b, d;
  if (c == 0) {
    const double r = m * (normal(f.u[0], i, j, 0, &a) + x * centred(f.u[2], i, j, 1, 0, &b));
    *size = m * (a + std::fabs(x) * b);
    return r;
  }
  if (c == 1) {
    const double r = m * (normal(f.u[1], i, j, 0, &a) + y * centred(f.u[2], i, j, 0, 1, &b));
    *size = m * (a + std::fabs(y) * b);
    return r;
  }
  const double r = (2 * m + l) * normal(f.u[2], i, j, 0, &a) +
                   l * (x * centred(f.u[0], i, j, 1, 0, &b) + y * centred(f.u[1], i, j, 0, 1, &d));
  *size = (2 * m + l) * a + l * (std::fabs(x) * b + std::fabs(y) * d);
  return r;
}

// Smooth materials that vary along the surface.
double mu_of(double x, double y, double z) { return 2 + 0.5 * std::sin(2 * x + y) + 0.1 * z; }
double la_of(double x, double y, double z) { return 1.5 + 0.8 * std::cos(x - 2 * y) + 0.2 * z; }

// A field of sines and cosines with a dominant linear part, so that each of its derivatives
// keeps one sign over the surfaces of the tests, the hill's slopes (up to about 0.6) included.
double smooth_field(int c, double x, double y, double z) {
  if (c == 0)
    return 1.5 + 0.8 * x + 0.5 * y - 0.3 * z + 0.1 * std::sin(1.3 * x + 0.9 * y - 0.7 * z + 0.4);
  if (c == 1)
    return -1.2 + 0.4 * x - 0.6 * y + 0.3 * z + 0.1 * std::cos(0.8 * x - 1.1 * y + 0.6 * z);
  return 0.9 + 0.5 * x + 0.7 * y + 0.4 * z + 0.1 * std::sin(0.7 * x + 1.2 * y + 1.3 * z);
}

}  // namespace

// A field with zero traction at z = 0 (quartic in z, cubic in x and y) and constant mu = 2,
// lambda = 1.5, no stretching: the ghost solve must recover its exact values at z = -h, and
// the discrete traction then vanishes. (Its tangential terms cancel or vanish on the surface:
// the tests below are the ones that see their signs.)
TEST(FreeSurface, GhostSolveRecoversATractionFreeField) {
  auto exact = [](int c, double x, double y, double z) {
    if (c == 0) return x * y + z * z * z;
    if (c == 1) return -0.5 * y * y + z * z * z * z;
    return z * z * (1 + x * x * x);
  };
  FlatSurface f(exact, [](double, double, double) { return 2.0; },
                [](double, double, double) { return 1.5; });
  f.sx = f.sy = Array1(-1, 18, 1.0);
  for (int c = 0; c < 3; ++c) f.u[c].fill(0.0);  // nothing above the surface is known
  for (int k = 1; k <= 18; k++)
    for (int j = -1; j <= 18; j++)
      for (int i = -1; i <= 18; i++)
        for (int c = 0; c < 3; c++)
          f.u[c](i, j, k) = exact(c, (i - 1) * f.h, (j - 1) * f.h, (k - 1) * f.h);
  free_surface(f.u, f.mu, f.la, f.sx, f.sy, f.g, 0.0, nullptr);
  for (int j = 1; j <= 16; j++)
    for (int i = 1; i <= 16; i++)
      for (int c = 0; c < 3; c++)
        // single: u up to ~10 in float (6e-7) times the ghost weights' ratio; measured 1.4e-6
        EXPECT_NEAR(f.u[c](i, j, 0), exact(c, (i - 1) * f.h, (j - 1) * f.h, -f.h),
                    tol(1e-12, 5e-6));
  for (int j = 3; j <= 14; j++)
    for (int i = 3; i <= 14; i++)
      for (int c = 0; c < 3; ++c) {
        double size;
        // single: differences of float values ~0.1 (ulp 7e-9) times 2 mu + lambda = 5.5 and the
        // one-sided weights over h; measured 3.2e-7 under Clang without contraction
        EXPECT_NEAR(flat_traction(f, i, j, c, &size), 0, tol(1e-13, 1e-6))
            << c << " " << i << " " << j;
      }
}

// A polynomial of degree 4 in each of x, y, z, whose every traction term is of order one on
// the surface, under the traction it carries (data.traction, the path twilight takes), with
// varying mu, lambda and stretching: the centred difference and sbop are exact on it, so the
// ghost values are its exact values at z = -h, to 1e-12 of their size 2 (about 40 roundings
// of O(1) terms over sbop_0 = -1/4; measured 3e-14). Nothing but those ghosts moves.
TEST(FreeSurface, PolynomialGhostsAreExactUnderItsTraction) {
  std::array<Poly, 3> p;
  const double lin[3][4] = {{1.5, 0.8, 0.3, -0.6}, {-1.2, 0.2, -0.7, 0.9}, {0.9, 0.6, 0.5, 1.1}};
  for (int c = 0; c < 3; ++c) {  // a dominant linear part, then every power up to 4 in each
    p[c] = Poly::constant(lin[c][0]) + Poly::monomial(lin[c][1], 1, 0, 0) +
           Poly::monomial(lin[c][2], 0, 1, 0) + Poly::monomial(lin[c][3], 0, 0, 1);
    for (int a = 0; a <= 4; ++a)
      for (int b = 0; b <= 4; ++b)
        for (int d = 0; d <= 4; ++d)
          if (a + b + d >= 2)
            p[c] = p[c] + Poly::monomial(0.004 * std::sin(1 + a + 3 * b + 7 * d + 11 * c), a, b, d);
  }
  FlatSurface f([&](int c, double x, double y, double z) { return p[c](x, y, z); }, mu_of, la_of);
  ASSERT_GT(f.smallest_term(), 1e-3);  // the premise: every term of every column is not zero
  BoundaryData data;
  data.traction = [&](double x, double y, double, double tau[3]) {
    const int i = int(std::lround(x / f.h)) + 1, j = int(std::lround(y / f.h)) + 1;
    const double m = f.mu(i, j, 1), l = f.la(i, j, 1), sx = f.sx(i), sy = f.sy(j);
    auto d = [&](int c, int dir) { return p[c].d(dir)(x, y, 0); };
    tau[0] = m * (d(0, 2) + sx * d(2, 0));
    tau[1] = m * (d(1, 2) + sy * d(2, 1));
    tau[2] = (2 * m + l) * d(2, 2) + l * (sx * d(0, 0) + sy * d(1, 1));
  };
  const Field before = f.u;
  free_surface(f.u, f.mu, f.la, f.sx, f.sy, f.g, 0.0, &data);
  for (int c = 0; c < 3; ++c)
    for (int k = -1; k <= 18; ++k)
      for (int j = -1; j <= 18; ++j)
        for (int i = -1; i <= 18; ++i) {
          if (k == 0 && i >= 1 && i <= 16 && j >= 1 && j <= 16)
            // single: float's fields and tables (6e-8) over sbop_0, terms O(1); measured 2e-6
            EXPECT_NEAR(f.u[c](i, j, 0), p[c]((i - 1) * f.h, (j - 1) * f.h, -f.h), tol(1e-12, 5e-6))
                << c << " " << i << " " << j;
          else
            EXPECT_EQ(f.u[c](i, j, k), before[c](i, j, k)) << c << " " << i << " " << j << " " << k;
        }
}

// A field of sines and cosines that is no polynomial, traction-free (no boundary data, the
// path of every run): the ghost values are the closed form of NUMERICS 4, written out here
// (to 1e-13 of their size; measured 8e-16), and the discrete traction they give vanishes to
// 1e-14 of its terms' size (measured 5e-17).
TEST(FreeSurface, GeneralFieldGhostsAreTheClosedForm) {
  FlatSurface f(smooth_field, mu_of, la_of);
  ASSERT_GT(f.smallest_term(), 1e-3);  // the premise
  free_surface(f.u, f.mu, f.la, f.sx, f.sy, f.g, 0.0, nullptr);
  double worst_ghost = 0, worst_traction = 0, s;
  for (int j = 1; j <= 16; ++j)
    for (int i = 1; i <= 16; ++i) {
      const double m = f.mu(i, j, 1), l = f.la(i, j, 1), x = f.sx(i), y = f.sy(j);
      const double uz = normal(f.u[0], i, j, 1, &s), vz = normal(f.u[1], i, j, 1, &s),
                   wz = normal(f.u[2], i, j, 1, &s);
      const double ux = x * centred(f.u[0], i, j, 1, 0, &s);
      const double wx = x * centred(f.u[2], i, j, 1, 0, &s);
      const double vy = y * centred(f.u[1], i, j, 0, 1, &s);
      const double wy = y * centred(f.u[2], i, j, 0, 1, &s);
      const double want[3] = {-(uz + wx) / kSbop[0], -(vz + wy) / kSbop[0],
                              -(wz + l * (ux + vy) / (2 * m + l)) / kSbop[0]};
      for (int c = 0; c < 3; ++c) {
        worst_ghost = std::max(worst_ghost, std::fabs(f.u[c](i, j, 0) - want[c]) /
                                                std::max(1.0, std::fabs(want[c])));
        double size;
        const double t = flat_traction(f, i, j, c, &size);
        worst_traction = std::max(worst_traction, std::fabs(t) / size);
      }
    }
  EXPECT_LT(worst_ghost, tol(1e-13, 2e-5));     // single: float's ghosts and tables; 6.5e-7
  EXPECT_LT(worst_traction, tol(1e-14, 1e-6));  // single: a few float roundings; 3.7e-8
}

// ---------------------------------------------------------------------------------------------
// Curved

namespace {

// B(a, b) d, component c, and the sum of its terms' sizes (da: the size of d's entries).
double pairing(double lam, double mu, const double a[3], const double b[3], const double d[3],
               const double da[3], int c, double* size) {
  const double ab = a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  double r = 0;
  for (int e = 0; e < 3; ++e) {
    const double coef[3] = {lam * a[c] * b[e], mu * a[e] * b[c], c == e ? mu * ab : 0.0};
    for (double t : coef) {
      r += t * d[e];
      *size += std::fabs(t) * da[e];
    }
  }
  return r;
}

// What the traction at (i, j, 1) is made of: n, a_x, a_y (NUMERICS 16.1) and the differences
// of u, with their entries' sizes; from = 0 takes the normal difference with the ghost, 1 the
// part without it.
struct SurfaceTerms {
  double n[3], ax[3], ay[3], dk[3], di[3], dj[3], dka[3], dia[3], dja[3], l, m, sxy;
  SurfaceTerms(const HillPiece& p, const Field& u, int i, int j, int from) {
    const double m1 = p.met.m1(i, j, 1), x = p.sx(i), y = p.sy(j);
    const double nn[3] = {x * p.met.m2(i, j, 1), y * p.met.m3(i, j, 1), p.met.m4(i, j, 1)};
    for (int e = 0; e < 3; ++e) {
      n[e] = nn[e];
      ax[e] = e == 0 ? m1 * x : 0;
      ay[e] = e == 1 ? m1 * y : 0;
      dk[e] = normal(u[e], i, j, from, &dka[e]);
      di[e] = centred(u[e], i, j, 1, 0, &dia[e]);
      dj[e] = centred(u[e], i, j, 0, 1, &dja[e]);
    }
    l = p.la(i, j, 1), m = p.mu(i, j, 1), sxy = x * y;
  }
};

// The discrete k-flux at (i, j, 1) divided by s^x s^y, component c, and its terms' size:
// B(n, n) D^_k u + B(n, a_x) D_i u + B(n, a_y) D_j u. The size counts every product before
// it is summed, the differences' entries included (they cancel; their rounding does not).
double traction(const HillPiece& p, const Field& u, int i, int j, int c, double* size) {
  const SurfaceTerms s(p, u, i, j, 0);
  double sz = 0;
  const double r = pairing(s.l, s.m, s.n, s.n, s.dk, s.dka, c, &sz) +
                   pairing(s.l, s.m, s.n, s.ax, s.di, s.dia, c, &sz) +
                   pairing(s.l, s.m, s.n, s.ay, s.dj, s.dja, c, &sz);
  *size = sz / s.sxy;
  return r / s.sxy;
}

// Worst |traction - tau| / size over the free surface's columns of the piece.
template <class Tau>
double worst_traction(const HillPiece& p, const Field& u, Tau tau) {
  double worst = 0;
  for (int j = p.box.jb + 2; j <= p.box.je - 2; ++j)
    for (int i = p.box.ib + 2; i <= p.box.ie - 2; ++i) {
      double t[3];
      tau(i, j, t);
      for (int c = 0; c < 3; ++c) {
        double size = 0;
        const double r = traction(p, u, i, j, c, &size);
        worst = std::max(worst, std::fabs(r - t[c]) / (size + std::fabs(t[c])));
      }
    }
  return worst;
}
double worst_traction(const HillPiece& p, const Field& u) {
  return worst_traction(p, u, [](int, int, double t[3]) { t[0] = t[1] = t[2] = 0; });
}

// x = A^-1 r for a 3 x 3 matrix, by elimination with partial pivoting.
std::array<double, 3> solve3(std::array<std::array<double, 3>, 3> A, std::array<double, 3> r) {
  for (int c = 0; c < 3; ++c) {
    int piv = c;
    for (int q = c + 1; q < 3; ++q)
      if (std::fabs(A[q][c]) > std::fabs(A[piv][c])) piv = q;
    std::swap(A[c], A[piv]);
    std::swap(r[c], r[piv]);
    for (int q = c + 1; q < 3; ++q) {
      const double f = A[q][c] / A[c][c];
      for (int e = c; e < 3; ++e) A[q][e] -= f * A[c][e];
      r[q] -= f * r[c];
    }
  }
  std::array<double, 3> x{};
  for (int c = 2; c >= 0; --c) {
    double s = r[c];
    for (int e = c + 1; e < 3; ++e) s -= A[c][e] * x[e];
    x[c] = s / A[c][c];
  }
  return x;
}

}  // namespace

// On the hill's metric (slopes up to about 1 in index units), with random u, materials and
// stretching, the ghost values make the discrete traction vanish at every column: relative
// 1e-13 of its terms' size (the ghost solve is a few dozen operations; measured 2e-16; a wrong
// pairing or stretching placement gives order 1). Only k = 0 of those columns changes.
TEST(FreeSurfaceCurvilinear, TractionVanishesOnTheHill) {
  HillPiece p(11);
  double slope = 0;
  for (int j = p.box.jb; j <= p.box.je; ++j)
    for (int i = p.box.ib; i <= p.box.ie; ++i)
      slope = std::max({slope, double(std::fabs(p.met.m2(i, j, 1) / p.met.m4(i, j, 1))),
                        double(std::fabs(p.met.m3(i, j, 1) / p.met.m4(i, j, 1)))});
  EXPECT_GT(slope, 0.3) << "the piece should be on the hill's flank";
  const Field before = p.u;
  free_surface_curvilinear(p.u, p.mu, p.la, p.met, p.sx, p.sy);
  EXPECT_LT(worst_traction(p, p.u), tol(1e-13, 1e-5));  // single: float's ghost values
  for (int c = 0; c < 3; ++c)
    for (int k = p.box.kb; k <= p.box.ke; ++k)
      for (int j = p.box.jb; j <= p.box.je; ++j)
        for (int i = p.box.ib; i <= p.box.ie; ++i) {
          const bool ghost = k == 0 && i >= p.box.ib + 2 && i <= p.box.ie - 2 &&
                             j >= p.box.jb + 2 && j <= p.box.je - 2;
          if (ghost)
            EXPECT_NE(p.u[c](i, j, k), before[c](i, j, k)) << c << " " << i << " " << j;
          else
            EXPECT_EQ(p.u[c](i, j, k), before[c](i, j, k)) << c << " " << i << " " << j << " " << k;
        }
}

// The check above can fail: the Cartesian free surface on the same curved piece leaves a
// traction of order one.
TEST(FreeSurfaceCurvilinear, CartesianGhostsDoNotSatisfyTheCurvedTraction) {
  HillPiece p(12);
  GridCfg g = p.gc;
  free_surface(p.u, p.mu, p.la, p.sx, p.sy, g, 0.0, nullptr);
  EXPECT_GT(worst_traction(p, p.u), 1e-2);
}

// A flat metric (J = h^3, m1 = m4 = sqrt(h), m2 = m3 = 0) with random stretching gives the
// Cartesian free surface's ghost values: 1e-13 of the largest (the two forms group the same
// quantities differently; measured 1.5e-16; values are O(10) from u in [-1, 1] over sbop_0).
TEST(FreeSurfaceCurvilinear, FlatMetricIsTheCartesianFreeSurface) {
  HillPiece p(13);
  flat_metric(p.met, p.box, p.gc.h);
  Field cart = p.u;
  free_surface(cart, p.mu, p.la, p.sx, p.sy, p.gc, 0.0, nullptr);
  free_surface_curvilinear(p.u, p.mu, p.la, p.met, p.sx, p.sy);
  double worst = 0, scale = 0;
  for (int c = 0; c < 3; ++c)
    for (int j = p.box.jb; j <= p.box.je; ++j)
      for (int i = p.box.ib; i <= p.box.ie; ++i) {
        worst = std::max(worst, double(std::fabs(p.u[c](i, j, 0) - cart[c](i, j, 0))));
        scale = std::max(scale, double(std::fabs(cart[c](i, j, 0))));
      }
  EXPECT_GT(scale, 1.0);
  EXPECT_LT(worst, 1e-13 * scale);
}

// Smooth fields of the point's x, y and z on the hill, smooth mu, lambda and stretching, and a
// boundary forcing (the path twilight takes): every term of the k-flux is non-zero at every
// column (the premise), the ghost values are those of the 3 x 3 system B(n, n) D^_k u =
// s^x s^y tau - B(n, a_x) D_i u - B(n, a_y) D_j u solved by elimination (to 1e-13 of their size
// 2; measured 6e-16), and the flux then equals the forcing (1e-13 of its terms' size; measured
// 5e-17).
TEST(FreeSurfaceCurvilinear, SmoothFieldGhostsSolveTheSystemUnderAForcing) {
  HillPiece p(14);
  const double h = p.gc.h;
  for (int k = p.box.kb; k <= p.box.ke; ++k)
    for (int j = p.box.jb; j <= p.box.je; ++j)
      for (int i = p.box.ib; i <= p.box.ie; ++i) {
        const double x = (i - 1) * h, y = (j - 1) * h, z = p.topo.map.z(i, j, k);
        for (int c = 0; c < 3; ++c) p.u[c](i, j, k) = smooth_field(c, x, y, z);
        p.mu(i, j, k) = mu_of(x, y, z);
        p.la(i, j, k) = la_of(x, y, z);
      }
  for (int i = p.box.ib; i <= p.box.ie; ++i) p.sx(i) = 0.55 + 0.35 * std::sin(0.7 * i);
  for (int j = p.box.jb; j <= p.box.je; ++j) p.sy(j) = 0.6 + 0.3 * std::cos(1.1 * j);
  auto tau = [](int i, int j, double t[3]) {
    t[0] = 0.03 * std::sin(0.5 * i + 0.2 * j);
    t[1] = 0.02 * std::cos(0.3 * i - 0.4 * j) + 0.01;
    t[2] = -0.025 + 0.01 * std::sin(0.1 * i * j);
  };
  const SurfaceForcing forcing = [&](int i, int j, double, double t[3]) { tau(i, j, t); };
  // The premise: D_i u, D_j u and the normal difference without the ghost, each component, and
  // the tangential parts of n (the slope, zero only on the hill's axes), are not zero.
  double least = 1e300, slope_x = 0, slope_y = 0;
  for (int j = p.box.jb + 2; j <= p.box.je - 2; ++j)
    for (int i = p.box.ib + 2; i <= p.box.ie - 2; ++i) {
      const SurfaceTerms s(p, p.u, i, j, 1);
      for (int e = 0; e < 3; ++e)
        least = std::min({least, std::fabs(s.di[e]), std::fabs(s.dj[e]), std::fabs(s.dk[e])});
      slope_x = std::max(slope_x, std::fabs(s.n[0] / s.n[2]));
      slope_y = std::max(slope_y, std::fabs(s.n[1] / s.n[2]));
    }
  ASSERT_GT(least, 1e-3);
  ASSERT_GT(std::min(slope_x, slope_y), 0.1);
  Field want = p.u;
  for (int j = p.box.jb + 2; j <= p.box.je - 2; ++j)
    for (int i = p.box.ib + 2; i <= p.box.ie - 2; ++i) {
      const SurfaceTerms s(p, p.u, i, j, 1);
      double t[3], sz = 0;
      tau(i, j, t);
      std::array<std::array<double, 3>, 3> A;
      std::array<double, 3> r;
      for (int c = 0; c < 3; ++c) {
        for (int d = 0; d < 3; ++d) {
          const double e[3] = {d == 0 ? 1.0 : 0.0, d == 1 ? 1.0 : 0.0, d == 2 ? 1.0 : 0.0};
          A[c][d] = pairing(s.l, s.m, s.n, s.n, e, e, c, &sz);
        }
        r[c] = s.sxy * t[c] - pairing(s.l, s.m, s.n, s.ax, s.di, s.dia, c, &sz) -
               pairing(s.l, s.m, s.n, s.ay, s.dj, s.dja, c, &sz);
      }
      const std::array<double, 3> eta = solve3(A, r);
      for (int c = 0; c < 3; ++c) want[c](i, j, 0) = (eta[c] - s.dk[c]) / kSbop[0];
    }
  const Field before = p.u;
  free_surface_curvilinear(p.u, p.mu, p.la, p.met, p.sx, p.sy, &forcing, 0.0);
  double worst = 0;
  for (int c = 0; c < 3; ++c)
    for (int k = p.box.kb; k <= p.box.ke; ++k)
      for (int j = p.box.jb; j <= p.box.je; ++j)
        for (int i = p.box.ib; i <= p.box.ie; ++i) {
          if (k != 0) {
            EXPECT_EQ(p.u[c](i, j, k), before[c](i, j, k));
            continue;
          }
          worst = std::max(worst, std::fabs(p.u[c](i, j, k) - want[c](i, j, k)) /
                                      std::max(1.0, double(std::fabs(want[c](i, j, k)))));
        }
  EXPECT_LT(worst, tol(1e-13, 2e-5));  // single: float's fields, metric, tables; 5.7e-7
  EXPECT_LT(worst_traction(p, p.u, tau), tol(1e-13, 1e-5));  // single: measured 3.5e-8
}

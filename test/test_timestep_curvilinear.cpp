// Unit tests of the curvilinear grid's time-step bound (timestep_curvilinear.hpp, NUMERICS
// 18.3): the 3 x 3 symmetric eigenvalues by Jacobi rotations, the matrix M of a point, the
// bound on a flat grid and on the reference deck, and the positivity check.
//
// The eigenvalues are checked against the characteristic polynomial, the invariants and
// matrices with known spectra; the reference deck's bound is the original program's printed
// number. Tolerances are stated with each check.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

#include "input.hpp"
#include "test/topography_deck_helpers.hpp"
#include "topography/timestep_curvilinear.hpp"
#include "topography/topography.hpp"
#include "test/precision_helpers.hpp"

// ---------------------------------------------------------------------------------------------
// Eigenvalues and the time step (NUMERICS 18.3)

namespace {

double det3(const double a[3][3]) {
  return a[0][0] * (a[1][1] * a[2][2] - a[1][2] * a[2][1]) -
         a[0][1] * (a[1][0] * a[2][2] - a[1][2] * a[2][0]) +
         a[0][2] * (a[1][0] * a[2][1] - a[1][1] * a[2][0]);
}

// A = Q diag(e) Q^T with Q a random rotation (three Givens rotations).
void random_symmetric(const std::array<double, 3>& e, std::mt19937& rng, double a[3][3]) {
  std::uniform_real_distribution<double> ang(0, 2 * M_PI);
  double q[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
  for (int p : {0, 1, 2}) {
    const int r = (p + 1) % 3;
    const double t = ang(rng), c = std::cos(t), s = std::sin(t);
    for (int row = 0; row < 3; ++row) {
      const double x = q[row][p], y = q[row][r];
      q[row][p] = c * x - s * y;
      q[row][r] = s * x + c * y;
    }
  }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) {
      a[i][j] = 0;
      for (int m = 0; m < 3; ++m) a[i][j] += q[i][m] * e[m] * q[j][m];
    }
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < i; ++j) a[i][j] = a[j][i];
}

}  // namespace

// Matrices with exactly known spectra: diagonal, a I + b 1 1^T (a double eigenvalue), the
// tridiagonal (1, 2, 1) matrix with 2 - sqrt 2, 2, 2 + sqrt 2, and a zero matrix. The largest
// within 4 ulps, all within 4 ulps of the largest.
TEST(Eigenvalues, KnownSpectra) {
  const double ulp = std::numeric_limits<double>::epsilon();
  struct Case {
    double a[3][3];
    std::array<double, 3> e;
  };
  const double s2 = std::sqrt(2.0);
  const Case cases[] = {
      {{{3, 0, 0}, {0, -1, 0}, {0, 0, 2}}, {-1, 2, 3}},
      {{{1.5, 0.5, 0.5}, {0.5, 1.5, 0.5}, {0.5, 0.5, 1.5}}, {1, 1, 2.5}},
      {{{2, 1, 0}, {1, 2, 1}, {0, 1, 2}}, {2 - s2, 2, 2 + s2}},
      {{{0, 0, 0}, {0, 0, 0}, {0, 0, 0}}, {0, 0, 0}},
      {{{1e-300, 1e-301, 0}, {1e-301, 1e-300, 0}, {0, 0, 5e299}}, {9e-301, 1.1e-300, 5e299}},
  };
  for (const Case& cs : cases) {
    const auto e = symmetric_eigenvalues3(cs.a);
    for (int m = 0; m < 3; ++m)
      EXPECT_LE(std::fabs(e[m] - cs.e[m]), 4 * ulp * std::fabs(cs.e[2])) << m << " " << e[m];
    EXPECT_LE(std::fabs(e[2] - cs.e[2]), 4 * ulp * std::fabs(cs.e[2]));
  }
}

// Random symmetric matrices with well-spread, clustered (1e-10 apart) and ill-conditioned
// spectra: each eigenvalue within 1e-14 of the largest of the chosen ones (A itself carries a
// few roundings of that size), and the residual of the characteristic polynomial det(A - e I)
// within 1e-14 of |A|^3. On positive definite ones with spread <= 100 also trace, the second
// invariant and the determinant to 1e-14 relative.
TEST(Eigenvalues, RandomMatricesAgainstInvariants) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> E(0.1, 10), L(-20, 20);
  for (int n = 0; n < 3000; ++n) {
    std::array<double, 3> e;
    const int kind = n % 4;
    if (kind == 0) e = {E(rng), E(rng), E(rng)};
    else if (kind == 1) { const double x = E(rng); e = {x, x * (1 + 1e-10), E(rng)}; }
    else if (kind == 2) e = {std::pow(10.0, L(rng)), std::pow(10.0, L(rng)), -E(rng)};
    else e = {1e-9, 1, 1e6};
    std::sort(e.begin(), e.end());
    double a[3][3];
    random_symmetric(e, rng, a);
    const auto got = symmetric_eigenvalues3(a);
    const double top = std::max(std::fabs(e[0]), std::fabs(e[2]));
    double norm = 0;
    for (auto& row : a)
      for (double x : row) norm += x * x;
    norm = std::sqrt(norm);
    for (int m = 0; m < 3; ++m) {
      ASSERT_LE(std::fabs(got[m] - e[m]), 1e-14 * top) << n << " " << m;
      double s[3][3];
      std::memcpy(s, a, sizeof s);
      for (int d = 0; d < 3; ++d) s[d][d] -= got[m];
      ASSERT_LE(std::fabs(det3(s)), 1e-14 * norm * norm * norm) << n << " " << m;
    }
    if (kind == 0) {
      const double tr = a[0][0] + a[1][1] + a[2][2];
      const double c2 = a[0][0] * a[1][1] + a[0][0] * a[2][2] + a[1][1] * a[2][2] -
                        a[0][1] * a[0][1] - a[0][2] * a[0][2] - a[1][2] * a[1][2];
      ASSERT_NEAR(got[0] + got[1] + got[2], tr, 1e-14 * tr);
      ASSERT_NEAR(got[0] * got[1] + got[0] * got[2] + got[1] * got[2], c2, 1e-14 * c2);
      ASSERT_NEAR(got[0] * got[1] * got[2], det3(a), 1e-14 * det3(a));
    }
  }
}

// The symbol M at random points against the expanded entries of NUMERICS 18.3
// (M11 = (1/J)[m1^2 (l+2m) + m1^2 m + m2^2 (l+2m) + m3^2 m + m4^2 m], M12 = (1/J)(m+l) m2 m3, ...),
// and a flat grid's M = (lambda + 4 mu)/h^2 I; relative 1e-15.
TEST(TimeStepCurvilinear, SymbolEntries) {
  std::mt19937 rng(41);
  std::uniform_real_distribution<double> U(-1, 1), P(0.5, 3);
  for (int n = 0; n < 100; ++n) {
    const double mu = P(rng), la = P(rng), m1 = P(rng), m2 = U(rng), m3 = U(rng), m4 = P(rng),
                 J = P(rng);
    double M[3][3];
    curvilinear_symbol(mu, la, m1, m2, m3, m4, J, M);
    const double l2m = la + 2 * mu, q = m1 * m1;
    const double want[3][3] = {
        {(q * l2m + q * mu + m2 * m2 * l2m + m3 * m3 * mu + m4 * m4 * mu) / J,
         (mu + la) * m2 * m3 / J, (mu + la) * m2 * m4 / J},
        {(mu + la) * m2 * m3 / J,
         (q * mu + q * l2m + m2 * m2 * mu + m3 * m3 * l2m + m4 * m4 * mu) / J,
         (mu + la) * m3 * m4 / J},
        {(mu + la) * m2 * m4 / J, (mu + la) * m3 * m4 / J,
         (q * mu + q * mu + m2 * m2 * mu + m3 * m3 * mu + m4 * m4 * l2m) / J}};
    for (int p = 0; p < 3; ++p)
      for (int r = 0; r < 3; ++r)
        EXPECT_NEAR(M[p][r], want[p][r], 1e-15 * 8 * std::fabs(want[p][p])) << p << r;
  }
  const double h = 0.04, sh = std::sqrt(h), mu = 1.5, la = 3;
  double M[3][3];
  curvilinear_symbol(mu, la, sh, 0, 0, sh, h * h * h, M);
  for (int p = 0; p < 3; ++p)
    for (int r = 0; r < 3; ++r)
      EXPECT_NEAR(M[p][r], p == r ? (la + 4 * mu) / (h * h) : 0.0, 1e-15 * (la + 4 * mu) / (h * h));
}

// Flat metric, random materials: the bound is the Cartesian max (lambda + 4 mu)/(rho h^2) to
// 4 ulps; a point where M is not positive definite makes it negative (lambda + 4 mu < 0 on the
// flat grid; on the hill lambda = -2.5 mu, where M keeps a positive largest eigenvalue but not
// a positive smallest one; a negative J; a NaN J).
TEST(TimeStepCurvilinear, FlatGridAndPositivity) {
  const double h = 0.04, ulp = std::numeric_limits<double>::epsilon();
  const Box b{-1, 9, -1, 8, -1, 7};
  Metric met;
  flat_metric(met, b, h);
  Array3 mu(b), la(b), rho(b);
  std::mt19937 rng(51);
  fill_random(mu, rng, 0.5, 2);
  fill_random(la, rng, 0.5, 4);
  fill_random(rho, rng, 1, 3);
  double want = 0;
  for (std::size_t p = 0; p < mu.v.size(); ++p)
    want = std::max(want, (la.v[p] + 4 * mu.v[p]) / (rho.v[p] * h * h));
  // single: the bound is summed in float (eps 6e-8); measured 1.2e-8 relative
  EXPECT_NEAR(curvilinear_speed2(mu, la, rho, met, b), want, sw4test::tol(4 * ulp, 5e-8) * want);
  Array3 bad = la;
  bad(3, 4, -1) = -5 * mu(3, 4, -1);
  EXPECT_LT(curvilinear_speed2(mu, bad, rho, met, b), 0);
  Metric neg = met;
  neg.J(9, 8, 7) = -neg.J(9, 8, 7);
  EXPECT_LT(curvilinear_speed2(mu, la, rho, neg, b), 0);
  neg.J(9, 8, 7) = std::nan("");
  EXPECT_LT(curvilinear_speed2(mu, la, rho, neg, b), 0);

  // On the hill the eigenvalues separate: some lambda < -2 mu leaves M indefinite, with a
  // positive largest eigenvalue (the original's test, which looks only at that one, would let
  // it through; this one does not).
  HillPiece p(52);
  Array3 r(p.box, 1.0);
  EXPECT_GT(curvilinear_speed2(p.mu, p.la, r, p.met, p.box), 0);
  bool found = false;
  for (double lam = -2; lam > -4 && !found; lam -= 0.05)
    for (int k = p.box.kb; k <= p.box.ke && !found; ++k)
      for (int j = p.box.jb; j <= p.box.je && !found; ++j)
        for (int i = p.box.ib; i <= p.box.ie && !found; ++i) {
          double M[3][3];
          curvilinear_symbol(1, lam, p.met.m1(i, j, k), p.met.m2(i, j, k), p.met.m3(i, j, k),
                             p.met.m4(i, j, k), p.met.J(i, j, k), M);
          const auto e = symmetric_eigenvalues3(M);
          if (e[0] < 0 && e[2] > 0) {
            found = true;
            Array3 l2 = p.la, m2 = p.mu;
            m2(i, j, k) = 1;
            l2(i, j, k) = lam;
            EXPECT_LT(curvilinear_speed2(m2, l2, r, p.met, p.box), 0) << lam;
          }
        }
  EXPECT_TRUE(found) << "no point of the hill where some lambda in (-4, -2) mu is indefinite";
}

// The reference deck (h = 0.02; rho = 1.5, mu = 1.5, lambda = 3; CFL 1.3): the original's
// curvilinear bound is 0.007896322397145591, attained at the ghost point (31, 17, -1) above the
// hill. The whole grid 1, ghosts included, through piece_metric; relative 1e-14 (LAPACK against
// Jacobi rotations and a different grouping of M: rounding only). The hill is symmetric about
// j = 21, so (31, 25, -1) has the same value up to rounding (here it is larger by 5e-15
// relative, and wins the maximum); both are within 1e-14 of the original's number.
TEST(TimeStepCurvilinear, ReferenceDeckBound) {
  const GridCfg gc = deck_grid(1.28, 5.0, 0.02);
  const Topography topo(gc, hill(2.0, 6));
  ASSERT_EQ(topo.grids.nc, 103);
  const Box b = topo.global_box();
  Metric met;
  ASSERT_TRUE(piece_metric(topo, b, met));
  const Array3 rho(b, 1.5), mu(b, 1.5), la(b, 3.0);
  const double s2 = curvilinear_speed2(mu, la, rho, met, b);
  ASSERT_GT(s2, 0);
  const double dt = 1.3 / std::sqrt(s2);
  // single: the metric and the eigenvalues in float; measured 2.5e-8 relative
  EXPECT_NEAR(dt, 0.007896322397145591, sw4test::tol(1e-14, 1e-7) * dt);
  for (int j : {17, 25}) {
    const Box at{31, 31, j, j, -1, -1};
    const double there = 1.3 / std::sqrt(curvilinear_speed2(mu, la, rho, met, at));
    EXPECT_NEAR(there, 0.007896322397145591, sw4test::tol(1e-14, 1e-7) * there) << j;
  }
  // Without the ghost planes the bound would be larger: the ghosts matter.
  Box owned = b;
  owned.kb = 1;
  EXPECT_LT(curvilinear_speed2(mu, la, rho, met, owned), s2 * (1 - 1e-3));
}

// Which points bound the step: the whole array (the original), or with convention=sw4 grid 1's
// planes k = 1..nc with their ghost columns (SW4 since 2020; NUMERICS 18.3, 25.5). On the
// reference deck SW4's rule gives a step larger by more than 0.1% (the test above).
TEST(TimeStepCurvilinear, SW4ConventionLeavesTheGhostPlanesOut) {
  const Box b{-1, 67, -1, 67, -1, 105};
  const Box all = curvilinear_timestep_box(b, 103, false), sw4 = curvilinear_timestep_box(b, 103, true);
  EXPECT_EQ(all.kb, -1);
  EXPECT_EQ(all.ke, 105);
  EXPECT_EQ(sw4.kb, 1);
  EXPECT_EQ(sw4.ke, 103);
  EXPECT_EQ(sw4.ib, -1);
  EXPECT_EQ(sw4.ie, 67);
  EXPECT_EQ(sw4.jb, -1);
  EXPECT_EQ(sw4.je, 67);
  const Box piece{10, 20, 10, 20, -1, 105};  // a piece's box has every plane
  EXPECT_EQ(curvilinear_timestep_box(piece, 103, true).ib, 10);
}

// Unit tests of the free bottom (twilight freelower=1, NUMERICS 4.1): the mirrored SBP rows of
// L_h (stencil_reference.hpp, rows nz - 5..nz) and the ghost plane k = nz + 1 (boundary.hpp,
// free_surface_bottom), and the sides twilight's keys give (subdomain.hpp, physical_bcs).
//
// Why built so. The bottom is the top seen in a mirror, so the tests say exactly that, with no
// formula of the code under test: a random field (u, v, w), material and stretching on a grid of
// nz planes, and its reflection in z, (u, v, -w) at k' = nz + 1 - k with mu, la, s^z reflected
// (w changes sign because it is the component along the reflected axis). L_h with a free top
// on the field and L_h with a free bottom on its reflection must agree at the reflected points,
// component by component with w's sign, at every plane: the closure rows and, as a control, the
// interior rows (1e-13 of the largest value: the same terms summed in the same order, up to the
// signs). The ghost planes likewise: the reflection's traction is (-tau_1, -tau_2, tau_3), and
// its ghost values the reflected ones. A wrong sign of a z difference, a plane taken unreflected
// or the ghost term at the wrong plane each break the equality at some row or component.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "subdomain.hpp"
#include "test/input_helpers.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;
using sw4test::tol;

namespace {

constexpr int kN = 16;  // nx = ny = nz

struct Mirror {
  Box box{-1, kN + 2, -1, kN + 2, -1, kN + 2};
  Field u, ur, lu, lur;
  Array3 mu{box}, la{box}, mur{box}, lar{box};
  Array1 sx{-1, kN + 2}, sy{-1, kN + 2}, sz{-1, kN + 2}, szr{-1, kN + 2};
  explicit Mirror(unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> U(-1, 1);
    for (Field* f : {&u, &ur, &lu, &lur})
      for (auto& a : *f) a.define(box);
    for (int k = box.kb; k <= box.ke; ++k)
      for (int j = box.jb; j <= box.je; ++j)
        for (int i = box.ib; i <= box.ie; ++i) {
          for (int c = 0; c < 3; ++c) u[c](i, j, k) = U(rng);
          mu(i, j, k) = 2 + U(rng);
          la(i, j, k) = 2 + U(rng);
        }
    for (int i = -1; i <= kN + 2; ++i) {
      sx(i) = 1 + 0.4 * U(rng);
      sy(i) = 1 + 0.4 * U(rng);
      sz(i) = 1 + 0.4 * U(rng);
    }
    for (int k = box.kb; k <= box.ke; ++k) {
      const int kr = kN + 1 - k;  // -1..nz+2 onto nz+2..-1
      szr(kr) = sz(k);
      for (int j = box.jb; j <= box.je; ++j)
        for (int i = box.ib; i <= box.ie; ++i) {
          ur[0](i, j, kr) = u[0](i, j, k);
          ur[1](i, j, kr) = u[1](i, j, k);
          ur[2](i, j, kr) = -u[2](i, j, k);
          mur(i, j, kr) = mu(i, j, k);
          lar(i, j, kr) = la(i, j, k);
        }
    }
  }
};

Target store_into(Field& f) {
  Target t;
  for (int c = 0; c < 3; ++c) t.out[c] = f[c].data();
  return t;
}

}  // namespace

TEST(FreeBottom, MirroredClosureIsTheTopReflected) {
  for (unsigned seed : {1u, 2u, 3u}) {
    Mirror m(seed);
    const Box eval{1, kN, 1, kN, 1, kN};
    const Medium top{&m.mu, &m.la, &m.sx, &m.sy, &m.sz};
    const Medium bottom{&m.mur, &m.lar, &m.sx, &m.sy, &m.szr};
    rhs4_reference<Update::Store>(m.u, top, eval, true, 0.1, store_into(m.lu));
    rhs4_reference<Update::Store>(m.ur, bottom, eval, false, 0.1, store_into(m.lur), kN);
    double big = 0;
    for (int k = 1; k <= kN; ++k)
      for (int c = 0; c < 3; ++c) big = std::max(big, std::fabs(double(m.lu[c](5, 7, k))));
    ASSERT_GT(big, 1);
    for (int k = 1; k <= kN; ++k)
      for (int j = 1; j <= kN; ++j)
        for (int i = 1; i <= kN; ++i)
          for (int c = 0; c < 3; ++c) {
            const double want = (c == 2 ? -1 : 1) * double(m.lu[c](i, j, k));
            // single: float sums over the mirrored stencil round differently; measured 1e-7
            ASSERT_NEAR(double(m.lur[c](i, j, kN + 1 - k)), want, tol(1e-13, 1e-6) * big)
                << "seed " << seed << " component " << c << " at (" << i << ", " << j << ", " << kN + 1 - k << ")";
          }
  }
}

TEST(FreeBottom, MirroredClosureDiffersFromTheInteriorFormula) {  // the control: the rows do act
  Mirror m(4);
  const Box eval{1, kN, 1, kN, kN - 5, kN};
  const Medium bottom{&m.mur, &m.lar, &m.sx, &m.sy, &m.szr};
  rhs4_reference<Update::Store>(m.ur, bottom, eval, false, 0.1, store_into(m.lur), kN);
  rhs4_reference<Update::Store>(m.ur, bottom, eval, false, 0.1, store_into(m.lu));
  for (int k = kN - 5; k <= kN; ++k)
    EXPECT_GT(std::fabs(double(m.lur[0](6, 6, k) - m.lu[0](6, 6, k))), 1e-3) << "plane " << k;
}

TEST(FreeBottom, GhostPlaneIsTheTopsReflected) {
  Mirror m(5);
  GridCfg g;
  g.nx = g.ny = g.nz = kN;
  g.h = 0.1;
  BoundaryData data;
  auto tau_at = [](double x, double y, double tau[3]) {
    tau[0] = 1 + x * y;
    tau[1] = 2 - x;
    tau[2] = 0.5 + y * y;
  };
  data.traction = [&](double x, double y, double, double tau[3]) { tau_at(x, y, tau); };
  data.traction_bottom = [&](double x, double y, double, double tau[3]) {
    tau_at(x, y, tau);
    tau[0] = -tau[0];
    tau[1] = -tau[1];
  };
  free_surface(m.u, m.mu, m.la, m.sx, m.sy, g, 0, &data);
  free_surface_bottom(m.ur, m.mur, m.lar, m.sx, m.sy, g, 0, &data);
  for (int j = 1; j <= kN; ++j)
    for (int i = 1; i <= kN; ++i) {
      EXPECT_NEAR(double(m.ur[0](i, j, kN + 1)), double(m.u[0](i, j, 0)), 1e-12);
      EXPECT_NEAR(double(m.ur[1](i, j, kN + 1)), double(m.u[1](i, j, 0)), 1e-12);
      EXPECT_NEAR(double(m.ur[2](i, j, kN + 1)), -double(m.u[2](i, j, 0)), 1e-12);
    }
}

// SW4's rules (its processTwilight): which side is what.
TEST(FreeBottom, TwilightSides) {
  const std::string g = "grid h=0.1 x=1 y=1 z=1.2\ntime steps=2\n";
  auto sides = [&](const std::string& deck) {
    Bc bc[6];
    physical_bcs(parse(g + deck), bc);
    return std::vector<Bc>(bc, bc + 6);
  };
  using B = Bc;
  EXPECT_EQ(sides("twilight\n"), (std::vector<B>{B::Dirichlet, B::Dirichlet, B::Dirichlet, B::Dirichlet,
                                                  B::FreeSurface, B::Dirichlet}));
  EXPECT_EQ(sides("twilight freelower=1 freeupper=0\n"),
            (std::vector<B>{B::Dirichlet, B::Dirichlet, B::Dirichlet, B::Dirichlet, B::Dirichlet, B::FreeSurface}));
  EXPECT_EQ(sides("twilight sgstretching=1 freelower=1\nsupergrid gp=1 dc=0\n"),
            (std::vector<B>{B::SuperGrid, B::SuperGrid, B::SuperGrid, B::SuperGrid, B::FreeSurface, B::FreeSurface}));
  EXPECT_EQ(sides("twilight sgstretching=1 freeupper=0\n"),
            (std::vector<B>{B::SuperGrid, B::SuperGrid, B::SuperGrid, B::SuperGrid, B::SuperGrid, B::Dirichlet}));
}

// SW4's stretching arrays: 1 + sin(om x)/2 at x = (i - 1) h, no damping, no taper; s^z = 1.
TEST(FreeBottom, Sw4StretchingArrays) {
  const Profiles p = twilight_sw4_profiles(2.1, -1, 30, 0.1256);
  for (int i = -1; i <= 30; ++i) {
    const double want = 1 + 0.5 * std::sin(2.1 * (i - 1) * 0.1256);
    EXPECT_NEAR(double(p.str(i)), want, tol(1e-15, 2.4e-7) * want);  // a few ulps of either type
    EXPECT_EQ(double(p.dc(i)), 0);
    EXPECT_EQ(double(p.co(i)), 1);
  }
  const Stretch s = twilight_sw4_stretch(2.6, 0.7);
  EXPECT_NEAR(s.ds, (twilight_sw4_stretch(2.6, 0.7 + 1e-6).s - twilight_sw4_stretch(2.6, 0.7 - 1e-6).s) / 2e-6, 1e-8);
  EXPECT_EQ(twilight_sw4_stretch(0, 3.0).s, 1);
}

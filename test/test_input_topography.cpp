// test_input_topography.cpp: the `topography` command (input_topography.hpp) and the checks
// that need the grid as well (topography/check_topography.hpp): the keys and their
// defaults, each error's exact one-line message, and the depth/absolute-z flags of sources
// and receivers (NUMERICS 14.1, 20.1, 21).
#include <gtest/gtest.h>

#include <string>

#include "input.hpp"
#include "input_helpers.hpp"
#include "topography/check_topography.hpp"

namespace {

// A deck with a hill: 17 x 17 points, interface at z = 4 (10 curvilinear points, 9 Cartesian),
// a 0.5-high hill.
const std::string kGrid = "grid h=0.5 x=8 y=8 z=8\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n";
const std::string kHill = "topography input=gaussian zmax=4 gaussianAmp=0.5 gaussianXc=4 gaussianYc=4 "
                          "gaussianLx=1 gaussianLy=1.5";

// The parse and the grid checks, as the driver runs them; "(no error)" when both pass.
std::string topo_error(const std::string& text) {
  try {
    const sw4::Config c = parse(text);
    sw4::check_topography(c);
  } catch (const sw4::InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(InputTopography, KeysAndDefaults) {
  const sw4::Config c = parse(kGrid + kHill + "\n");
  const sw4::TopographyCfg& t = c.topo;
  EXPECT_TRUE(t.on);
  EXPECT_EQ(t.line, 4);
  EXPECT_EQ(t.zmax, 4.0);
  EXPECT_EQ(t.order, 4);
  EXPECT_EQ(t.zetabreak, 0.95);
  EXPECT_FALSE(t.analytical_metric);
  EXPECT_EQ(t.amp, 0.5);
  EXPECT_EQ(t.xc, 4.0);
  EXPECT_EQ(t.yc, 4.0);
  EXPECT_EQ(t.lx, 1.0);
  EXPECT_EQ(t.ly, 1.5);
  const sw4::Config d = parse(kGrid + kHill + " order=7 zetabreak=1 analyticalMetric=yes file=ignored\n");
  EXPECT_EQ(d.topo.order, 7);
  EXPECT_EQ(d.topo.zetabreak, 1.0);
  EXPECT_TRUE(d.topo.analytical_metric);
  EXPECT_FALSE(t.sw4_convention);
  EXPECT_FALSE(parse(kGrid + kHill + " convention=sw4lite\n").topo.sw4_convention);
  EXPECT_TRUE(parse(kGrid + kHill + " convention=sw4\n").topo.sw4_convention);
  EXPECT_EQ(topo_error(kGrid + kHill + "\n"), "(no error)");
  EXPECT_FALSE(parse(kGrid).topo.on);
}

// A twilight deck (SW4's command) takes SW4's conventions unless its topography line names one;
// every other deck the original's (NUMERICS 25.5).
TEST(InputTopography, TwilightTakesSW4Conventions) {
  const std::string tw = "twilight omega=1\n";
  const std::string kGrid = "grid h=0.1 x=8 y=8 z=8\n";  // twilight refuses a supergrid command here
  EXPECT_TRUE(parse(kGrid + kHill + "\n" + tw).topo.sw4_convention);
  EXPECT_TRUE(parse(kGrid + tw + kHill + "\n").topo.sw4_convention);  // either order
  EXPECT_FALSE(parse(kGrid + kHill + " convention=sw4lite\n" + tw).topo.sw4_convention);
  EXPECT_TRUE(parse(kGrid + kHill + " convention=sw4\n" + tw).topo.sw4_convention);
  EXPECT_FALSE(parse(kGrid + kHill + "\ntestenergy seed=3\n").topo.sw4_convention);
  EXPECT_FALSE(parse(::kGrid + kHill + "\n").topo.sw4_convention);
}

// The hill's keys the original requires take SW4's defaults (SW4's gauss-twi decks give only
// the amplitude).
TEST(InputTopography, SW4HillDefaults) {
  const sw4::TopographyCfg t = parse(kGrid + "topography input=gaussian zmax=4\n").topo;
  EXPECT_EQ(t.amp, 0.05);
  EXPECT_EQ(t.xc, 0.5);
  EXPECT_EQ(t.yc, 0.5);
  EXPECT_EQ(t.lx, 0.15);
  EXPECT_EQ(t.ly, 0.15);
  const sw4::TopographyCfg u = parse(kGrid + "topography input=gaussian zmax=4 gaussianAmp=0.2 gaussianLy=2\n").topo;
  EXPECT_EQ(u.amp, 0.2);
  EXPECT_EQ(u.xc, 0.5);
  EXPECT_EQ(u.lx, 0.15);
  EXPECT_EQ(u.ly, 2.0);
}

TEST(InputTopography, DepthAndAbsoluteZ) {
  const sw4::Config c = parse(kGrid + kHill + "\nsource x=4 y=4 depth=0.5 fz=1\nsource x=4 y=4 z=-0.2 fz=1\n"
                              "rec x=1 y=1 topodepth=0 file=a\nrec x=1 y=1 z=-0.1 file=b\n");
  EXPECT_TRUE(c.sources[0].z_is_depth);
  EXPECT_FALSE(c.sources[1].z_is_depth);
  EXPECT_EQ(c.sources[1].z, -0.2);
  EXPECT_TRUE(c.recs[0].z_is_depth);
  EXPECT_FALSE(c.recs[1].z_is_depth);
  // without topography a negative z= is above the flat surface: outside
  EXPECT_EQ(error_of(kGrid + "source x=4 y=4 z=-0.2 fz=1\n"),
            "in/x.in:4: source: z=-0.2 is outside the domain (0 <= z <= 8)");
  EXPECT_EQ(error_of(kGrid + kHill + "\nsource x=4 y=4 depth=-0.2 fz=1\n"),
            "in/x.in:5: source: depth=-0.2 is above the surface (allowed: depth >= 0)");
  EXPECT_EQ(error_of(kGrid + kHill + "\nsource x=9 y=4 depth=0.2 fz=1\n"),
            "in/x.in:5: source: x=9 is outside the domain (0 <= x <= 8)");
}

TEST(InputTopography, LineErrors) {
  const std::string p = "in/x.in:4: topography: ";
  EXPECT_EQ(error_of(kGrid + "topography zmax=2 gaussianAmp=0.5\n"),
            p + "missing key 'input' (allowed: input=gaussian)");
  EXPECT_EQ(error_of(kGrid + "topography input=efile zmax=2\n"),
            p + "input=efile is not implemented (allowed: input=gaussian)");
  EXPECT_EQ(error_of(kGrid + "topography input=gaussian gaussianAmp=0.5\n"),
            p + "missing key 'zmax' (the depth of the interface between the curvilinear grid and the "
                "Cartesian grid below it)");
  EXPECT_EQ(error_of(kGrid + kHill + " order=8\n"), p + "order=8 is out of range (allowed: 2 <= order <= 7)");
  EXPECT_EQ(error_of(kGrid + kHill + " order=1\n"), p + "order=1 is out of range (allowed: 2 <= order <= 7)");
  EXPECT_EQ(error_of(kGrid + kHill + " zetabreak=0\n"),
            p + "zetabreak=0 is out of range (allowed: 0 < zetabreak <= 1)");
  EXPECT_EQ(error_of(kGrid + kHill + " zetabreak=1.5\n"),
            p + "zetabreak=1.5 is out of range (allowed: 0 < zetabreak <= 1)");
  EXPECT_EQ(error_of(kGrid + "topography input=gaussian zmax=4 gaussianAmp=0.5 gaussianXc=4 gaussianYc=4 "
                             "gaussianLx=0 gaussianLy=1\n"),
            p + "gaussianLx=0 must be > 0");
  EXPECT_EQ(error_of(kGrid + "topography input=gaussian zmax=4 gaussianLy=-1\n"), p + "gaussianLy=-1 must be > 0");
  EXPECT_EQ(error_of(kGrid + "topography input=gaussian zmax=4 gaussianXc=east\n"), p + "'gaussianXc=east' is not a number");
  EXPECT_EQ(error_of(kGrid + kHill + " analyticalMetric=maybe\n"),
            p + "'analyticalMetric=maybe' is not a boolean (allowed: 1, true, yes, 0, false, no)");
  EXPECT_EQ(error_of(kGrid + kHill + " convention=SW4\n"),
            p + "'convention=SW4' is not a convention (allowed: sw4lite, sw4)");
  EXPECT_EQ(error_of(kGrid + kHill + "\n" + kHill + "\n"),
            "in/x.in:5: topography: only one topography command is allowed (the first is on line 4)");
}

TEST(InputTopography, GridErrors) {
  const std::string p = "in/x.in:4: topography: ";
  EXPECT_EQ(topo_error(kGrid + "topography input=gaussian zmax=0.3 gaussianAmp=-0.5 gaussianXc=4 "
                               "gaussianYc=4 gaussianLx=1 gaussianLy=1\n"),
            p + "the surface reaches z=0.5, below the interface zmax=0.3 (allowed: zmax deeper than every "
                "point of the surface)");
  EXPECT_EQ(topo_error(kGrid + "topography input=gaussian zmax=9 gaussianAmp=0.5 gaussianXc=4 "
                               "gaussianYc=4 gaussianLx=1 gaussianLy=1\n"),
            p + "zmax=9 is not above the bottom z=8 (allowed: zmax < the grid's z)");
  EXPECT_EQ(topo_error(kGrid + "topography input=gaussian zmax=1 gaussianAmp=0.5 gaussianXc=4 "
                               "gaussianYc=4 gaussianLx=1 gaussianLy=1\n"),
            p + "the curvilinear grid has 4 points in z (at least 8 are needed: lower zmax or raise the "
                "surface less)");
  EXPECT_EQ(topo_error("grid h=0.5 x=8 y=8 z=8\nsupergrid gp=8\nblock vp=2 vs=1 rho=1\n" + kHill + "\n"),
            "in/x.in:2: supergrid: the bottom layer (gp*h = 4) does not fit in the Cartesian grid below the "
            "topography (allowed: gp*h < 4)");
  EXPECT_EQ(topo_error(kGrid + kHill + "\nsource x=4 y=4 depth=8.7 fz=1\n"),
            "in/x.in:5: source: z=8.2 is below the bottom of the domain (allowed: z <= 8)");
  EXPECT_EQ(topo_error(kGrid + kHill + "\nrec x=4 y=4 depth=8.5 file=r\n"),
            "in/x.in:5: rec: depth=8.5 is below the bottom of the domain (allowed: <= 8)");
  EXPECT_EQ(topo_error(kGrid + kHill + "\nrec x=4 y=4 z=-0.3 file=r\n"), "(no error)");
  EXPECT_EQ(topo_error(kGrid + kHill + "\ntestpointsource\nsource x=4 y=4 z=1 m0=1 mxx=1 type=Gaussian\n"),
            p + "cannot be combined with testpointsource (its exact solution is that of a flat surface; "
                "remove one of them)");
}

// Sizes computed from the deck stay within an int: a hill of 1e10 over h = 0.5 would give
// n_c = int(1e10 + 9), which overflows ("-2147483648 points in z"). Both grids' counts are refused
// past kMaxPoints1d with the count in double; topography_grids keeps the ints at the bound.
TEST(InputTopography, GridSizesBeyondAnInt) {
  const std::string p = "in/x.in:4: topography: ";
  const std::string tall = "topography input=gaussian zmax=4 gaussianAmp=1e10 gaussianXc=4 gaussianYc=4 "
                           "gaussianLx=1 gaussianLy=1\n";
  EXPECT_EQ(topo_error(kGrid + tall),
            p + "the curvilinear grid would have 10000000009 points in z (allowed: at most 1000000000: a lower hill, "
                "a shallower zmax or a larger h)");
  const sw4::TopoGrids g = sw4::topography_grids(parse(kGrid + tall).grid, parse(kGrid + tall).topo);
  EXPECT_EQ(g.nc, sw4::kMaxPoints1d + 1);
  EXPECT_EQ(g.nc_count, 10000000009.0);
  // a hill 1e10 high and wide, the interface 10 below its top: grid 1 is small, grid 0 reaches
  // from there to z = 8
  EXPECT_EQ(topo_error(kGrid + "topography input=gaussian zmax=-9999999990 gaussianAmp=1e10 gaussianXc=4 "
                               "gaussianYc=4 gaussianLx=1e20 gaussianLy=1e20\n"),
            p + "the Cartesian grid would have 19999999997 points in z (allowed: at most 1000000000: a deeper "
                "zmax, a shallower bottom or a larger h)");
}

}  // namespace

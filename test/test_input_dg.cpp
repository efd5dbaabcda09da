// The dgalerkin command (input/input_dg.hpp): its keys and defaults, the decks the DG solver
// takes, and one line for each way a deck can ask it for what it does not have.
#include <gtest/gtest.h>

#include "test/input_helpers.hpp"

using namespace sw4;

namespace {
// 9 x 9 x 9 points, h = 0.125; dgalerkin is always line 3.
const std::string kGrid = "grid x=1 y=1 z=1 h=0.125\ntime t=1.0\n";
const std::string kSingle = kGrid + "dgalerkin singlemode=1 order=2\n";
const std::string kPhysical = kGrid + "dgalerkin order=2\n";
const std::string kBlock = "block vp=2 vs=1 rho=1";
const std::string kCombine = " cannot be combined with dgalerkin on line 3 (";
}  // namespace

TEST(InputDg, SingleModeDeck) {
  for (int q = 1; q <= 4; ++q) {
    const Config c = parse(kGrid + "dgalerkin singlemode=1 order=" + std::to_string(q) + "\ndeveloper cfl=0.3\n");
    EXPECT_TRUE(c.dg.on);
    EXPECT_EQ(c.dg.order, q);
    EXPECT_TRUE(c.dg.singlemode);
    EXPECT_EQ(c.dg.line, 3);
    EXPECT_EQ(c.grid.nx, 9);
    EXPECT_EQ(c.grid.nz, 9);
    EXPECT_EQ(c.time.t_end, 1.0);
    EXPECT_EQ(c.dev.cfl, 0.3);
    EXPECT_TRUE(c.warnings.empty());
  }
  // Keys in any order; 8 is the largest order, and a grid too small for the FD's layers is fine.
  const Config c = parse("grid x=1 y=1 z=0.25 h=0.125\ndgalerkin order=8 singlemode=1\n");
  EXPECT_EQ(c.dg.order, 8);
  EXPECT_FALSE(parse(kGrid + "supergrid gp=2\n" + kBlock + "\n").dg.on);
}

TEST(InputDg, PhysicalDeckWithTestPointSource) {
  const Config c = parse(kPhysical + "testpointsource rho=2 cp=2 cs=1\n"
                         "source x=0.5 y=0.5 z=0.5 fz=1 type=VerySmoothBump freq=2\n"
                         "rec x=0.25 y=0.5 z=0.5 file=r1 variables=velocity\n");
  EXPECT_TRUE(c.dg.on);
  EXPECT_FALSE(c.dg.singlemode);  // the default
  EXPECT_EQ(c.dg.order, 2);
  EXPECT_TRUE(c.tps.on);
  ASSERT_EQ(c.sources.size(), 1u);
  EXPECT_TRUE(c.sources[0].is_force);
  ASSERT_EQ(c.recs.size(), 1u);
  EXPECT_EQ(c.recs[0].mode, RecMode::Velocity);
}

TEST(InputDg, PhysicalDeckWithOneBlock) {
  const Config c = parse(kPhysical + kBlock + "\nsource x=0.5 y=0.5 z=0.5 Mxx=1 type=Liu\n"
                         "source x=0.2 y=0.5 z=0 fx=1 type=Ricker\nrec x=0.5 y=0.5 z=0\n");
  EXPECT_EQ(c.blocks.size(), 1u);
  EXPECT_EQ(c.sources.size(), 2u);
  EXPECT_TRUE(c.warnings.empty());
  // Bounds on or past the domain's sides cover it too; zero gradients are constant.
  const Config b = parse(kPhysical + kBlock + " x1=-1 x2=1 y1=0 y2=5 z1=0 z2=1 vpgrad=0\n");
  EXPECT_EQ(b.blocks[0].x1, -1);
  // testpointsource's material wins; the blocks are ignored with the usual warning.
  const Config t = parse(kPhysical + kBlock + " x2=0.5\ntestpointsource\nsource x=0.5 y=0.5 z=0.5 fz=1 "
                         "type=Gaussian\n");
  ASSERT_EQ(t.warnings.size(), 1u);
  EXPECT_EQ(t.warnings[0], "in/x.in:4: warning: block commands are ignored with testpointsource (line 5)");
}

TEST(InputDg, BadLine) {
  const std::string range = " (allowed: 1 to 8; the element matrices grow as (3(q+1)^3)^2)";
  EXPECT_EQ(error_of(kGrid + "dgalerkin singlemode=1\n"), "in/x.in:3: dgalerkin: missing key 'order'" + range);
  EXPECT_EQ(error_of(kGrid + "dgalerkin order=9\n"), "in/x.in:3: dgalerkin: order=9 is out of range" + range);
  EXPECT_EQ(error_of(kGrid + "dgalerkin order=0\n"), "in/x.in:3: dgalerkin: order=0 is out of range" + range);
  EXPECT_EQ(error_of(kGrid + "dgalerkin order=2.5\n"), "in/x.in:3: dgalerkin: 'order=2.5' is not an integer");
  EXPECT_EQ(error_of(kGrid + "dgalerkin order=2 singlemode=2\n"),
            "in/x.in:3: dgalerkin: singlemode=2 is out of range (allowed: 0 or 1)");
  EXPECT_EQ(error_of(kGrid + "dgalerkin order=2 q=3\n"),
            "in/x.in:3: dgalerkin: unknown key 'q' (allowed: order, singlemode)");
  EXPECT_EQ(error_of(kSingle + "dgalerkin order=3\n"),
            "in/x.in:4: dgalerkin: only one dgalerkin command is allowed (the first is on line 3)");
}

TEST(InputDg, WhatTheDgSolverDoesNotHave) {
  EXPECT_EQ(error_of(kSingle + "twilight\n"),
            "in/x.in:4: twilight:" + kCombine + "the DG solver does not have this test problem; its tests are "
            "singlemode=1 and testpointsource)");
  EXPECT_EQ(error_of(kSingle + "topography input=gaussian zmax=0.5 gaussianAmp=0.1 gaussianXc=0.5 gaussianYc=0.5 "
                               "gaussianLx=0.2 gaussianLy=0.2\n"),
            "in/x.in:4: topography:" + kCombine + "the DG solver has flat elements on grid 0 only)");
  EXPECT_EQ(error_of(kSingle + "supergrid gp=2\n"),
            "in/x.in:4: supergrid:" + kCombine + "the DG solver has no super-grid layers: its sides are walls or "
            "mirrors; remove the supergrid command)");
  const std::string fields = "; the DG solver keeps element coefficients, not the finite-difference grid functions)";
  EXPECT_EQ(error_of(kSingle + "checkpoint cycle=1\n"),
            "in/x.in:4: checkpoint:" + kCombine + "a checkpoint holds the grid functions" + fields);
  EXPECT_EQ(error_of(kSingle + "restart file=restart.cycle=1.sw4checkpoint\n"),
            "in/x.in:4: restart:" + kCombine + "a checkpoint holds the grid functions" + fields);
  EXPECT_EQ(error_of(kSingle + "image mode=ux z=0 cycle=1\n"),
            "in/x.in:4: image:" + kCombine + "an image is a plane of the grid functions" + fields);
  EXPECT_EQ(error_of(kSingle + "developer halo=isend\ndeveloper cfl=0.3\n"),
            "in/x.in:4: developer: halo=isend" + kCombine + "the halo models are the finite-difference exchange's; "
            "the DG solver exchanges element faces)");
  // every receiver mode is recorded (from u_h's gradient where it needs one)
  EXPECT_EQ(error_of(kPhysical + kBlock + "\nrec x=0.5 y=0.5 z=0 variables=div\nrec x=0.5 y=0.5 z=0.25 "
                     "variables=strains file=s\n"), "(no error)");
}

TEST(InputDg, SingleModeHasItsOwnProblem) {
  EXPECT_EQ(error_of(kSingle + "source x=2 y=0.5 z=0.5 fz=1\n"),  // refused before its position is checked
            "in/x.in:4: source:" + kCombine + "the single-mode problem has no sources)");
  const std::string own = "the single-mode problem sets its own material rho=1, mu=1, lambda=2)";
  // refused before testpointsource would ask for a source
  EXPECT_EQ(error_of(kSingle + "testpointsource\n"), "in/x.in:4: testpointsource:" + kCombine + own);
  EXPECT_EQ(error_of(kSingle + kBlock + "\n"), "in/x.in:4: block:" + kCombine + own);
}

TEST(InputDg, OneConstantMaterial) {
  EXPECT_EQ(error_of(kPhysical), "in/x.in:3: dgalerkin: singlemode=0 needs a material (give one block command or "
                                 "testpointsource)");
  const std::string one = "the DG solver takes one constant material";
  EXPECT_EQ(error_of(kPhysical + kBlock + "\n" + kBlock + " z1=0.5\n"),
            "in/x.in:5: block: a second block" + kCombine + one + "; the first block is on line 4)");
  EXPECT_EQ(error_of(kPhysical + kBlock + " vsgrad=0.5\n"),
            "in/x.in:4: block: vsgrad=0.5" + kCombine + one + ": leave out vsgrad)");
  EXPECT_EQ(error_of(kPhysical + kBlock + " x1=0.25\n"),
            "in/x.in:4: block: x1=0.25" + kCombine + one + " over the whole grid: allowed x1 <= 0)");
  EXPECT_EQ(error_of(kPhysical + kBlock + " z2=0.5\n"),
            "in/x.in:4: block: z2=0.5" + kCombine + one + " over the whole grid: allowed z2 >= 1)");
}

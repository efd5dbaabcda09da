// The verification commands (input/input_verify.hpp): their keys and defaults, and one line for
// each way a deck can misuse them.
#include <gtest/gtest.h>

#include "test/input_helpers.hpp"

using namespace sw4;

namespace {
const std::string kGrid = "grid h=0.1 x=1 y=1 z=1\ntime steps=2\n";
}

TEST(InputVerify, TwilightKeysAndExactSides) {
  const Config c = parse(kGrid + "twilight omega=2 c=0.5 phase=0.1 momega=3 mphase=0.2 amprho=2 ampmu=3 amplambda=4\n");
  EXPECT_EQ(c.verify.kind, VerifyKind::Twilight);
  EXPECT_EQ(c.verify.tw.omega, 2);
  EXPECT_EQ(c.verify.tw.c, 0.5);
  EXPECT_EQ(c.verify.tw.amplambda, 4);
  EXPECT_TRUE(exact_sides(c));
  EXPECT_FALSE(material_from_blocks(c));
  EXPECT_FALSE(exact_sides(parse(kGrid + "twilight\nsupergrid gp=2\n")));
}

// SW4's errorlog=1: TwilightErr.txt (sw4lite_report.hpp); 0 and 1 only.
TEST(InputVerify, TwilightErrorLog) {
  EXPECT_FALSE(parse(kGrid + "twilight\n").verify.tw.errorlog);
  EXPECT_FALSE(parse(kGrid + "twilight errorlog=0\n").verify.tw.errorlog);
  EXPECT_TRUE(parse(kGrid + "twilight omega=6.28 phase=0.8 momega=6.28 errorlog=1\n").verify.tw.errorlog);
  EXPECT_EQ(error_of(kGrid + "twilight errorlog=2\n"),
            "in/x.in:3: twilight: errorlog=2 must be 0 or 1 (1 writes TwilightErr.txt in the fileio path)");
  EXPECT_EQ(error_of(kGrid + "twilight errorlog=-1\n"), "in/x.in:3: twilight: errorlog=-1 must be >= 0");
  EXPECT_EQ(error_of(kGrid + "twilight errorlog=yes\n"), "in/x.in:3: twilight: 'errorlog=yes' is not an integer");
}

TEST(InputVerify, DefaultsOfTheOtherThree) {
  const Config e = parse(kGrid + "testenergy\nsupergrid gp=2\n");
  EXPECT_EQ(e.verify.en.seed, 2718u);
  EXPECT_EQ(e.verify.en.file, "energy.log");
  const Config r = parse(kGrid + "testrayleigh nwl=2 cs=2 cp=4\n");
  EXPECT_EQ(r.verify.ray.nwl, 2);
  EXPECT_TRUE(exact_sides(r));
  const Config l = parse(kGrid + "supergrid gp=2\ntestlamb cp=3 rho=2\nsource x=0.5 y=0.5 z=0 fz=1 type=VerySmoothBump\n");
  EXPECT_EQ(l.verify.lamb.cp, 3);
  EXPECT_FALSE(exact_sides(l));
}

// SW4's keys of testenergy: its name for the file, the material's amplitude, the layers'
// epsilon, how often the file is written, and the sides (NUMERICS 26).
TEST(InputVerify, TestEnergySw4Keys) {
  const Config d = parse(kGrid + "testenergy\nsupergrid gp=2\n");
  EXPECT_EQ(d.verify.en.sides, EnergySides::Deck);
  EXPECT_EQ(d.verify.en.amplitude, 1);
  EXPECT_EQ(d.verify.en.sg_eps, 1e-4);
  EXPECT_EQ(d.verify.en.write_every, 1000);
  const Config e = parse(kGrid + "testenergy seed=34983249 cpcsratio=1.732 bchorizontal=dirichlet amplitude=0.5 "
                                 "writeEvery=0 filename=e.txt\n");
  EXPECT_EQ(e.verify.en.sides, EnergySides::Dirichlet);
  EXPECT_TRUE(dirichlet_sides(e));
  EXPECT_FALSE(exact_sides(e));
  EXPECT_EQ(e.verify.en.amplitude, 0.5);
  EXPECT_EQ(e.verify.en.write_every, 0);
  EXPECT_EQ(e.verify.en.file, "e.txt");
  const Config s = parse(kGrid + "testenergy bchorizontal=Supergrid sg_eps=1e-2 amplitude=0\nsupergrid gp=2 dc=0\n");
  EXPECT_EQ(s.verify.en.sides, EnergySides::SuperGrid);
  EXPECT_FALSE(dirichlet_sides(s));
  EXPECT_EQ(s.verify.en.sg_eps, 1e-2);
  EXPECT_EQ(parse(kGrid + "testenergy bchorizontal=Dirichlet\n").verify.en.sides, EnergySides::Dirichlet);
  // Dirichlet sides have no layers: the default gp=20 need not fit the 11-point grid
  EXPECT_EQ(error_of(kGrid + "testenergy\n").substr(0, 21), "in/x.in:1: grid: the ");
  EXPECT_EQ(error_of(kGrid + "testenergy bchorizontal=dirichlet\n"), "(no error)");
}

TEST(InputVerify, TestEnergySw4KeysRefused) {
  EXPECT_EQ(error_of(kGrid + "testenergy bchorizontal=periodic\n"),
            "in/x.in:3: testenergy: 'bchorizontal=periodic': periodic sides are SW4's and not implemented here "
            "(allowed: dirichlet, supergrid)");
  EXPECT_EQ(error_of(kGrid + "testenergy bchorizontal=free\n"),
            "in/x.in:3: testenergy: 'bchorizontal=free' is not a side condition (allowed: dirichlet, supergrid)");
  EXPECT_EQ(error_of(kGrid + "testenergy file=a filename=b\n"),
            "in/x.in:3: testenergy: 'file' and 'filename' are the same key (give one of them)");
  EXPECT_EQ(error_of(kGrid + "testenergy filename=a/b\n"),
            "in/x.in:3: testenergy: filename=a/b names a directory (allowed: a file name; it goes to the fileio "
            "path)");
  EXPECT_EQ(error_of(kGrid + "testenergy amplitude=-1\n"), "in/x.in:3: testenergy: amplitude=-1 must be >= 0");
  EXPECT_EQ(error_of(kGrid + "testenergy sg_eps=0\n"), "in/x.in:3: testenergy: sg_eps=0 must be > 0");
  EXPECT_EQ(error_of(kGrid + "testenergy sg_eps=2\n"),
            "in/x.in:3: testenergy: sg_eps=2 is above 1 (allowed: 0 < sg_eps <= 1, the layers' stretching at the "
            "boundary)");
  EXPECT_EQ(error_of(kGrid + "testenergy writeEvery=-1\n"), "in/x.in:3: testenergy: writeEvery=-1 must be >= 0");
  EXPECT_EQ(error_of(kGrid + "testenergy bchorizontal=dirichlet sg_eps=1e-2\n"),
            "in/x.in:3: testenergy: sg_eps=1e-2 sets the super-grid layers' stretching, and bchorizontal=dirichlet "
            "has no layers (allowed: sg_eps with super-grid sides)");
  EXPECT_EQ(error_of(kGrid + "testenergy bchorizontal=dirichlet\nsupergrid gp=2\n"),
            "in/x.in:4: supergrid: cannot be combined with testenergy bchorizontal=dirichlet on line 3 (its sides "
            "and bottom have no layers; remove the supergrid command)");
}

TEST(InputVerify, OneTestProblemADeck) {
  EXPECT_EQ(error_of(kGrid + "twilight\ntestenergy\n"),
            "in/x.in:4: testenergy: the deck already has twilight on line 3 (allowed: one test problem a deck)");
  EXPECT_EQ(error_of(kGrid + "testpointsource\ntwilight\n"),
            "in/x.in:4: twilight: the deck already has testpointsource on line 3 (allowed: one test problem a deck)");
  EXPECT_EQ(error_of(kGrid + "testrayleigh\ntestpointsource\n"),
            "in/x.in:4: testpointsource: the deck already has another test problem on line 3 (allowed: one test "
            "problem a deck)");
}

TEST(InputVerify, BadValues) {
  EXPECT_EQ(error_of(kGrid + "twilight omega=0\n"), "in/x.in:3: twilight: omega=0 must be > 0");
  EXPECT_EQ(error_of(kGrid + "twilight amprho=-1\n"), "in/x.in:3: twilight: amprho=-1 must be > 0");
  EXPECT_EQ(error_of(kGrid + "twilight speed=1\n").substr(0, 40), "in/x.in:3: twilight: unknown key 'speed'");
  EXPECT_EQ(error_of(kGrid + "testenergy cpcsratio=1.1\n"), "in/x.in:3: testenergy: cpcsratio=1.1 must be > 1.154700538");
  EXPECT_EQ(error_of(kGrid + "testenergy file=a/b\n"),
            "in/x.in:3: testenergy: file=a/b names a directory (allowed: a file name; it goes to the fileio path)");
  EXPECT_EQ(error_of(kGrid + "testrayleigh cp=1 cs=1\n"),
            "in/x.in:3: testrayleigh: cp=1 and cs=1 (allowed: cp > 1.1547 cs, a positive bulk modulus)");
  EXPECT_EQ(error_of(kGrid + "testrayleigh nwl=0\n"), "in/x.in:3: testrayleigh: nwl=0 must be >= 1");
}

TEST(InputVerify, WhatCannotBeCombined) {
  EXPECT_EQ(error_of(kGrid + "twilight\nsource x=0.5 y=0.5 z=0.5 fz=1\n"),
            "in/x.in:4: source: cannot be combined with twilight on line 3 (its exact solution has no sources: "
            "remove the source commands)");
  EXPECT_EQ(error_of(kGrid + "testrayleigh\nsupergrid gp=2\n"),
            "in/x.in:4: supergrid: cannot be combined with testrayleigh on line 3 (the sides of testrayleigh hold "
            "the exact wave; remove the supergrid command)");
  const std::string lamb = kGrid + "supergrid gp=2\ntestlamb\n";
  EXPECT_EQ(error_of(lamb), "in/x.in:4: testlamb: the deck must have exactly one source, the vertical point "
                            "force on the surface (here 0)");
  EXPECT_EQ(error_of(lamb + "source x=0.5 y=0.5 z=0.2 fz=1 type=VerySmoothBump\n"),
            "in/x.in:5: source: testlamb needs a vertical point force on the surface (allowed: fz != 0, "
            "fx = fy = 0, z = 0)");
  EXPECT_EQ(error_of(lamb + "source x=0.5 y=0.5 z=0 fz=1 type=Liu\n"),
            "in/x.in:5: source: testlamb has no exact solution for type=Liu (allowed: SmoothWave, "
            "VerySmoothBump, C6SmoothBump, Gaussian, Ricker)");
  EXPECT_EQ(error_of(lamb + "source x=0.5 y=0.5 z=0 fz=1 type=Gaussian\nrec x=0.5 y=0.7 z=0.1\n"),
            "in/x.in:6: rec: testlamb compares the receivers with the exact surface motion (allowed: z=0, mode "
            "displacement, nsew=0, at least h from the source)");
}

TEST(InputVerify, BlocksAreIgnoredWithAWarning) {
  const Config c = parse(kGrid + "block vp=2 vs=1 rho=1\ntwilight\n");
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_EQ(c.warnings[0], "in/x.in:3: warning: block commands are ignored with twilight (line 4)");
}

// SW4's side keys of twilight (NUMERICS 25.6): defaults, SW4's words, and what is refused.
TEST(InputVerify, TwilightSideKeys) {
  const TwilightCfg d = parse(kGrid + "twilight\n").verify.tw;
  EXPECT_FALSE(d.sgstretching);
  EXPECT_TRUE(d.freeupper);
  EXPECT_FALSE(d.freelower);
  EXPECT_EQ(d.omstrx, 1.1);
  EXPECT_EQ(d.omstry, 0.8);
  EXPECT_EQ(d.omstrz, 0.9);
  const std::string g12 = "grid h=0.1 x=1 y=1 z=1.2\ntime steps=2\n";
  const Config c = parse(g12 + "twilight sgstretching=yes freeupper=true freelower=1 omstrx=2.1 omstry=2.6 "
                               "omstrz=2.3\nsupergrid gp=1 dc=0\n");
  EXPECT_TRUE(c.verify.tw.sgstretching);
  EXPECT_TRUE(c.verify.tw.freelower);
  EXPECT_EQ(c.verify.tw.omstrx, 2.1);
  EXPECT_EQ(c.verify.tw.omstry, 2.6);
  EXPECT_TRUE(twilight_sw4_stretching(c));
  EXPECT_TRUE(free_surface_bottom(c));
  EXPECT_FALSE(exact_sides(c));
  // gp=20 does not fit, and is not used with sgstretching
  EXPECT_TRUE(twilight_sw4_stretching(parse(kGrid + "twilight sgstretching=1\n")));
  EXPECT_FALSE(parse(kGrid + "twilight freeupper=0\n").verify.tw.freeupper);
  EXPECT_EQ(error_of(kGrid + "twilight freelower=maybe\n"),
            "in/x.in:3: twilight: 'freelower=maybe' is not a boolean (allowed: 0, 1, on, off, yes, no, true, false)");
  EXPECT_EQ(error_of(kGrid + "twilight omstrx=fast\n"), "in/x.in:3: twilight: 'omstrx=fast' is not a number");
  EXPECT_EQ(error_of(kGrid + "twilight sgstretching=1 freeupper=0 freelower=1\n"),
            "in/x.in:3: twilight: sgstretching=1 with freeupper=0 and freelower=1 makes the top a super-grid side "
            "and the bottom a free surface (allowed: the same condition on both: freeupper=1 with freelower=1, or "
            "freelower=0)");
  EXPECT_EQ(error_of(kGrid + "twilight freelower=1\n"),
            "in/x.in:1: grid: nz=11 is too small for free surfaces at the top and the bottom (allowed: nz >= 12, "
            "the two closures' six rows)");
  EXPECT_EQ(error_of(g12 + "twilight freelower=1\nsupergrid gp=1\n"),
            "in/x.in:3: twilight: freelower=1 with a supergrid command but sgstretching=0: sw4lite's smooth layer "
            "profiles stretch z in the lower half, where the bottom free surface's rows have no stretching "
            "(allowed: freelower=1 with sgstretching=1, or without a supergrid command)");
  const std::string topo = "grid h=0.1 x=1 y=1 z=1\ntime steps=2\ntopography input=gaussian zmax=0.3 order=3 "
                           "gaussianAmp=0.05 gaussianXc=0.5 gaussianYc=0.5 gaussianLx=0.15 gaussianLy=0.15\n";
  // Under topography the bottom may be free and the sides stretched (SW4's tw-topo-att decks);
  // the curved top is always free, and sw4lite's own layers are flat-grid only.
  const std::string topo12 = "grid h=0.05 x=1 y=1 z=1\n" + topo.substr(topo.find('\n') + 1);
  EXPECT_NO_THROW(parse(topo12 + "twilight freelower=1 sgstretching=1\nsupergrid gp=1 dc=0\n"));
  EXPECT_EQ(error_of(topo + "twilight freeupper=0\n"),
            "in/x.in:4: twilight: freeupper=0 under topography (the curved top is always a free surface) "
            "(allowed: freeupper=1 with topography)");
  EXPECT_EQ(error_of(topo + "twilight\nsupergrid gp=1\n"),
            "in/x.in:5: supergrid: cannot be combined with twilight on line 4 (under topography twilight's layers "
            "are SW4's analytic stretching only; remove the supergrid command, or give twilight sgstretching=1)");
}

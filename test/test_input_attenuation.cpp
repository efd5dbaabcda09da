// The attenuation command and a block's qp/qs (input/input_attenuation.hpp): every key and its
// default, each error line, the rules for Q in blocks, and Q at a grid point (material.hpp).
#include <gtest/gtest.h>

#include <vector>

#include "attenuation/relaxation.hpp"
#include "material.hpp"
#include "verify/verify_material.hpp"  // testenergy's material, with its Q
#include "test/input_helpers.hpp"

using namespace sw4;

namespace {
// 17 x 17 x 9 points, h = 0.5; the block (line 3) gives both Q; attenuation is line 4.
const std::string kGrid = "grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\n";
const std::string kTime = "time steps=1\n";  // last, so that the lines above keep their numbers
const std::string kQBase = kGrid + "block vp=2 vs=1 rho=1 qp=100 qs=50\n";
std::string att(const std::string& keys) { return kQBase + "attenuation" + keys + "\n"; }
}  // namespace

TEST(InputAttenuation, Defaults) {
  const Config off = parse(kBase);
  EXPECT_FALSE(off.att.on);
  EXPECT_EQ(off.blocks[0].qp, 0);  // not given
  EXPECT_EQ(off.blocks[0].qs, 0);
  const Config c = parse(att("") + kTime);
  const AttenuationCfg& a = c.att;
  EXPECT_TRUE(a.on);
  EXPECT_EQ(a.nmech, 3);
  EXPECT_EQ(a.phasefreq, 1);
  EXPECT_EQ(a.maxfreq, 2);
  EXPECT_EQ(a.minppw, -1);
  EXPECT_EQ(a.qmultiplier, 1);
  EXPECT_EQ(a.line, 4);
  EXPECT_TRUE(c.warnings.empty());  // no longer an ignored command
}

TEST(InputAttenuation, EveryKey) {
  const Config c = parse(att(" nmech=5 phasefreq=2.5 maxfreq=10 qmultiplier=0.5"));
  EXPECT_EQ(c.att.nmech, 5);
  EXPECT_EQ(c.att.phasefreq, 2.5);
  EXPECT_EQ(c.att.maxfreq, 10);
  EXPECT_EQ(c.att.minppw, -1);
  EXPECT_EQ(c.att.qmultiplier, 0.5);
  EXPECT_EQ(parse(att(" centerfreq=7")).att.maxfreq, 7);  // maxfreq's other name
  const Config p = parse(att(" minppw=6 nmech=1"));
  EXPECT_EQ(p.att.minppw, 6);
  EXPECT_EQ(p.att.maxfreq, 2);  // kept, unused with minppw
  // the ends of the ranges; the command may come before the grid and the blocks
  EXPECT_EQ(parse(att(" nmech=0 phasefreq=0")).att.nmech, 0);
  EXPECT_EQ(parse(att(" nmech=8 phasefreq=1000")).att.nmech, 8);
  EXPECT_TRUE(parse("attenuation nmech=2\n" + kQBase).att.on);
}

TEST(InputAttenuation, BlockQualityFactors) {
  const Config c = parse(kGrid + "block vp=2 vs=1 rho=1 Qp=80 Qs=40\nblock vp=3 vs=1.5 rho=2 z1=2 qp=120 qs=60\n"
                         "attenuation\n");
  EXPECT_EQ(c.blocks[0].qp, 80);
  EXPECT_EQ(c.blocks[0].qs, 40);
  EXPECT_EQ(c.blocks[1].qp, 120);
  EXPECT_EQ(c.blocks[1].qs, 60);
  // without attenuation Q is read and kept, and a block may leave it out
  const Config off = parse(kGrid + "block vp=2 vs=1 rho=1 qs=30\n");
  EXPECT_EQ(off.blocks[0].qs, 30);
  EXPECT_EQ(off.blocks[0].qp, 0);
}

// Q at a grid point: later blocks override as rho does, a block without Q keeps the earlier
// block's (SW4's rule; only possible without attenuation), and qmultiplier scales it.
TEST(InputAttenuation, QualityAtAPoint) {
  const std::string two = kGrid + "block vp=2 vs=1 rho=1 qp=80 qs=40\nblock vp=3 vs=1.5 rho=2 z1=2 qp=120 qs=60\n";
  const Config c = parse(two + "attenuation qmultiplier=0.5\n");
  const MaterialPoint top = material_at(c, 3, 3, 2), deep = material_at(c, 3, 3, 6);  // z = 0.5, 2.5
  EXPECT_EQ(top.qp, 40);
  EXPECT_EQ(top.qs, 20);
  EXPECT_EQ(deep.qp, 60);
  EXPECT_EQ(deep.qs, 30);
  EXPECT_EQ(deep.rho, 2);
  EXPECT_EQ(material_at(c, 0, 0, 0).qs, 20);    // ghosts as the other properties
  EXPECT_EQ(material_at(c, 3, 3, 10).qp, 60);   // below the bottom: from k = nz
  const Config off = parse(kGrid + "block vp=2 vs=1 rho=1 qp=80 qs=40\nblock vp=3 vs=1.5 rho=2 z1=2\n");
  const MaterialPoint kept = material_at(off, 3, 3, 6);
  EXPECT_EQ(kept.rho, 2);
  EXPECT_EQ(kept.qp, 80);
  EXPECT_EQ(kept.qs, 40);
  EXPECT_EQ(material_at(parse(kBase), 3, 3, 3).qp, 0);
}

TEST(InputAttenuation, Errors) {
  const std::string at = "in/x.in:4: attenuation: ";
  EXPECT_EQ(error_of(att(" nmech=9")), at + "nmech=9 is out of range (allowed: 0 to 8 standard linear solids; 0 is "
                                            "SW4's damping without memory variables)");
  EXPECT_EQ(error_of(att(" nmech=-1")), at + "nmech=-1 is out of range (allowed: 0 to 8 standard linear solids; 0 "
                                             "is SW4's damping without memory variables)");
  EXPECT_EQ(error_of(att(" nmech=2.5")), at + "'nmech=2.5' is not an integer");
  EXPECT_EQ(error_of(att(" phasefreq=-0.1")),
            at + "phasefreq=-0.1 is out of range (allowed: 0 <= phasefreq <= 1000 Hz)");
  EXPECT_EQ(error_of(att(" phasefreq=1001")),
            at + "phasefreq=1001 is out of range (allowed: 0 <= phasefreq <= 1000 Hz)");
  EXPECT_EQ(error_of(att(" phasefreq=x")), at + "'phasefreq=x' is not a number");
  EXPECT_EQ(error_of(att(" maxfreq=0")),
            at + "maxfreq=0 is out of range (allowed: maxfreq > 0 Hz, the top of the band of constant Q)");
  EXPECT_EQ(error_of(att(" centerfreq=-1")),
            at + "centerfreq=-1 is out of range (allowed: centerfreq > 0 Hz, the top of the band of constant Q)");
  EXPECT_EQ(error_of(att(" maxfreq=2 centerfreq=2")),
            at + "'maxfreq' and 'centerfreq' are the same key (give one of them)");
  const std::string both = " cannot both be given (allowed: one of them; minppw sets the top of the band from "
                           "min(vs/h)/minppw)";
  EXPECT_EQ(error_of(att(" minppw=5 maxfreq=3")), at + "minppw and maxfreq" + both);
  EXPECT_EQ(error_of(att(" centerfreq=3 minppw=5")), at + "minppw and centerfreq" + both);
  EXPECT_EQ(error_of(att(" minppw=0")), at + "minppw=0 is out of range (allowed: minppw > 0 points per shortest "
                                             "wavelength; leave it out to use maxfreq)");
  EXPECT_EQ(error_of(att(" qmultiplier=0")),
            at + "qmultiplier=0 is out of range (allowed: qmultiplier > 0, it multiplies every qp and qs)");
  EXPECT_EQ(error_of(att(" nmech=3 nmech=4")), at + "key 'nmech' is given twice (give each key once)");
  EXPECT_EQ(error_of(att(" Nmech=3")), at + "unknown key 'Nmech' (allowed: nmech, phasefreq, maxfreq, centerfreq, "
                                            "minppw, qmultiplier)");
  EXPECT_EQ(error_of(att("\nattenuation nmech=2")),
            "in/x.in:5: attenuation: only one attenuation command is allowed (the first is on line 4)");
}

TEST(InputAttenuation, BlockErrors) {
  const std::string b = "in/x.in:3: block: ";
  const std::string why = " (allowed: qp > 0; with attenuation the amplitude falls by exp(-pi/qp) per period)";
  EXPECT_EQ(error_of(kGrid + "block vp=2 vs=1 rho=1 qp=0\n"), b + "qp=0 is not a quality factor" + why);
  EXPECT_EQ(error_of(kGrid + "block vp=2 vs=1 rho=1 Qp=-5\n"),
            b + "Qp=-5 is not a quality factor (allowed: qp > 0; with attenuation the amplitude falls by "
                "exp(-pi/qp) per period)");
  EXPECT_EQ(error_of(kGrid + "block vp=2 vs=1 rho=1 qs=-1\n"),
            b + "qs=-1 is not a quality factor (allowed: qs > 0; with attenuation the amplitude falls by "
                "exp(-pi/qs) per period)");
  EXPECT_EQ(error_of(kGrid + "block vp=2 vs=1 rho=1 qs=1 Qs=2\n"), b + "'qs' and 'Qs' are the same key (give one of them)");
  EXPECT_EQ(error_of(kGrid + "block vp=2 vs=1 rho=1 qp=1q\n"), b + "'qp=1q' is not a number");
  // with attenuation, every block gives both (the first one missing is named)
  const std::string need = " (attenuation on line 5 needs qp and qs in every block, as SW4 does)";
  EXPECT_EQ(error_of(kBase + "block vp=2 vs=1 rho=1 qp=10 qs=5 z1=1\nattenuation\n"), b + "missing key 'qp'" + need);
  EXPECT_EQ(error_of(kQBase + "block vp=2 vs=1 rho=1 qp=10 z1=1\nattenuation\n"),
            "in/x.in:4: block: missing key 'qs'" + need);
}

TEST(InputAttenuation, WhatItCannotBeCombinedWith) {
  const std::string on = " cannot be combined with attenuation on line 4 (";
  EXPECT_EQ(error_of(kGrid.substr(0, kGrid.find('\n') + 1) + "time steps=1\nblock vp=2 vs=1 rho=1 qp=100 qs=50\n"
                     "attenuation\ndgalerkin order=2\n"),
            "in/x.in:5: dgalerkin" + on + "the DG solver has no memory variables; remove one of the two)");
  EXPECT_EQ(error_of(att("") + "testpointsource\n"),
            "in/x.in:5: testpointsource" + on + "its exact solution is elastic and its material has no Q)");
  // twilight takes SW4's manufactured visco-elastic solution, which has one mechanism
  EXPECT_EQ(error_of(kGrid + "twilight\nattenuation\n"),
            "in/x.in:4: attenuation: nmech=3 with twilight (allowed: nmech=1, the one mechanism of twilight's "
            "exact solution)");
  EXPECT_EQ(error_of(kGrid + "twilight\nattenuation nmech=1\n"), "(no error)");
  EXPECT_EQ(error_of(kGrid + "testlamb\nattenuation nmech=1\n"),
            "in/x.in:3: testlamb" + on + "its material has no Q and its exact solution is elastic)");
}

// testenergy takes attenuation with its own constant Q over the random material (NUMERICS
// 36.7): qp=, qs= (defaults 100, 50), which need the attenuation command; nmech=0 has no memory
// variables and so no energy of its own; a Q too small for the fit is named on testenergy's line.
TEST(InputAttenuation, TestEnergy) {
  const Config c = parse(kGrid + "testenergy\nattenuation nmech=1\n");
  EXPECT_EQ(c.verify.en.qp, 100);
  EXPECT_EQ(c.verify.en.qs, 50);
  const Config q = parse(kGrid + "testenergy qp=20 qs=10\nattenuation nmech=3\n");
  EXPECT_EQ(q.verify.en.qp, 20);
  EXPECT_EQ(q.verify.en.qs, 10);
  EXPECT_EQ(material_at(q, 3, 4, 5).qs, 10);
  EXPECT_EQ(error_of(kGrid + "testenergy qs=10\n"),
            "in/x.in:3: testenergy: qp= and qs= are the quality factors of attenuation, and the deck has no "
            "attenuation command (allowed: qp, qs with attenuation)");
  EXPECT_EQ(error_of(kGrid + "testenergy\nattenuation nmech=0\n"),
            "in/x.in:4: attenuation: nmech=0 with testenergy (allowed: nmech >= 1; nmech=0 scales U and has no "
            "memory variables, so no energy of its own)");
  EXPECT_EQ(error_of(kGrid + "testenergy qp=0\nattenuation\n").substr(0, 25), "in/x.in:3: testenergy: qp");
  const std::string small = error_of(kGrid + "testenergy qs=0.5\nattenuation\n");
  EXPECT_EQ(small.substr(0, small.find(" (")),
            "in/x.in:3: testenergy: qs=0.5 is too small for attenuation on line 4");
}

// Checkpoints hold the memory variables and restarts read them (NUMERICS 36.6), and the second
// order in time takes them (36.8), and topography (36.9): all are taken; testenergy's energy
// under a hill is still refused.
TEST(InputAttenuation, CheckpointRestartAndSecondOrderAreTaken) {
  const std::string deck = kGrid + "block vp=2 vs=1 rho=1 qp=100 qs=50\nattenuation\n";
  EXPECT_NO_THROW(parse(deck + "checkpoint cycle=5 file=ck\n"));
  EXPECT_NO_THROW(parse(deck + "restart file=ck.cycle=5.sw4checkpoint\n"));
  EXPECT_EQ(parse(deck + "developer time_order=2\n").dev.time_order, 2);
  const std::string hill = "topography input=gaussian zmax=2 order=3 gaussianAmp=0.5 gaussianXc=4 gaussianYc=4 "
                           "gaussianLx=1 gaussianLy=1\n";
  EXPECT_NO_THROW(parse(deck + hill));
  EXPECT_EQ(error_of(kGrid + "attenuation\n" + hill + "testenergy\n"),
            "in/x.in:4: topography cannot be combined with testenergy and attenuation on line 3 yet (allowed: "
            "testenergy with attenuation on a flat grid; the energy's memory part is the flat grid's)");
}

// The fit's weights must sum to < 1 (NUMERICS 35.4); for n = 3 that fails at Q <= 1, and
// qmultiplier counts. The sum in the message is the fit's on the deck's own band (maxfreq 2),
// to 10 digits: the check's band (maxfreq 1) gives the same weights, since they depend on Q and
// n only.
TEST(InputAttenuation, QTooSmallForTheFit) {
  AttenuationCfg a;
  std::vector<double> w;
  ASSERT_EQ(sls_weights(relaxation_frequencies(a, 0), 0.5, w), "");
  double sum = 0;
  for (double x : w) sum += x;
  ASSERT_GT(sum, 1.04);
  const std::string tail = " (allowed: a Q whose 3 weights sum to < 1; they sum to " + input_detail::fmt(sum) +
                           ", and the relaxed modulus would not be positive)";
  EXPECT_EQ(error_of(kGrid + "block vp=2 vs=1 rho=1 qp=100 qs=0.5\nattenuation\n"),
            "in/x.in:3: block: qs=0.5 is too small for attenuation on line 4" + tail);
  EXPECT_EQ(error_of(kGrid + "block vp=2 vs=1 rho=1 qp=2 qs=50\nattenuation qmultiplier=0.25\n"),
            "in/x.in:3: block: qp=2 is too small for attenuation on line 4 with qmultiplier=0.25" + tail);
  EXPECT_NO_THROW(parse(kGrid + "block vp=2 vs=1 rho=1 qp=2 qs=2\nattenuation\n"));
  EXPECT_NO_THROW(parse(kGrid + "block vp=2 vs=1 rho=1 qp=0.5 qs=0.5\nattenuation nmech=0\n"));  // no fit
  EXPECT_NO_THROW(parse(kGrid + "block vp=2 vs=1 rho=1 qp=0.5 qs=0.5\n"));  // Q unused
}

// test_input.cpp: the input parser (input.hpp) on good decks: the original's decks, every
// default and derived value, and the grid command (how its keys define a grid, and the sizes
// it allows). The bad decks, one test per kind of message, are in test_input_errors.cpp.
//
// Why built so: most decks are strings parsed through parse_input_stream under the name
// "in/x.in" (input_helpers.hpp), so a test shows the deck and the result side by side; the
// original's decks are real files, in the repository (deck_path).
#include <gtest/gtest.h>

#include <algorithm>

#include <cstdlib>
#include <string>
#include <vector>

#include "input.hpp"
#include "input_helpers.hpp"

using sw4::Config;
using sw4::RecMode;
using sw4::TimeFunctionType;

namespace {

// The original's decks as the repository holds them: inputs/ (pointsource, pointsource-rec,
// LOH.1, LOH.2: the original's commands and numbers under our comments) and
// test/reference/decks/ (basic, uni), from the checkout's root or $SW4LITE_ROOT.
std::string deck_path(const std::string& rel) {
  const char* r = std::getenv("SW4LITE_ROOT");
  return std::string(r && *r ? r : ".") + "/" + rel;
}
}  // namespace

// ------------------------------------------------------------------ the original's decks

TEST(InputReference, PointSource) {
  for (const char* deck : {"inputs/pointsource.in", "inputs/pointsource-rec.in"}) {
    Config c = sw4::parse_input(deck_path(deck));
    EXPECT_EQ(c.grid.nx, 201);
    EXPECT_EQ(c.grid.ny, 201);
    EXPECT_EQ(c.grid.nz, 101);
    EXPECT_DOUBLE_EQ(c.grid.h, 0.04);
    EXPECT_NEAR(c.grid.xmax, 8.0, 1e-12);
    EXPECT_NEAR(c.grid.zmax, 4.0, 1e-12);
    EXPECT_TRUE(c.time.by_time);
    EXPECT_DOUBLE_EQ(c.time.t_end, 0.6);
    EXPECT_EQ(c.fileio.path, "pointsource-h0p04/");
    EXPECT_EQ(c.fileio.verbose, 1);
    EXPECT_TRUE(c.tps.on);
    EXPECT_TRUE(c.tps.halfspace);
    EXPECT_DOUBLE_EQ(c.tps.cp, 1.6);
    EXPECT_DOUBLE_EQ(c.tps.cs, 0.8);
    EXPECT_DOUBLE_EQ(c.tps.rho, 1.0);
    EXPECT_TRUE(c.has_supergrid_cmd);
    EXPECT_EQ(c.sg.gp, 30);
    EXPECT_DOUBLE_EQ(c.sg.dc, 0.02);
    EXPECT_DOUBLE_EQ(c.dev.cfl, 1.3);
    EXPECT_TRUE(c.dev.reporttiming);
    EXPECT_FALSE(c.dev.checkfornan);
    ASSERT_EQ(c.sources.size(), 1u);
    const sw4::SourceCfg& s = c.sources[0];
    EXPECT_DOUBLE_EQ(s.x, 4.0);
    EXPECT_DOUBLE_EQ(s.y, 4.0);
    EXPECT_DOUBLE_EQ(s.z, 1.34);
    EXPECT_FALSE(s.is_force);
    EXPECT_EQ(s.mxx, 1.0);
    EXPECT_EQ(s.myy, 1.0);
    EXPECT_EQ(s.mzz, 1.0);
    EXPECT_EQ(s.mxy, 0.0);
    EXPECT_EQ(s.type, TimeFunctionType::C6SmoothBump);
    EXPECT_EQ(s.freq, 1.0);
    EXPECT_EQ(s.t0, 0.0);
    EXPECT_TRUE(c.warnings.empty());
  }
  Config c = sw4::parse_input(deck_path("inputs/pointsource-rec.in"));
  ASSERT_EQ(c.recs.size(), 3u);
  EXPECT_EQ(c.recs[0].file, "recA");
  EXPECT_EQ(c.recs[0].sta, "recA");
  EXPECT_DOUBLE_EQ(c.recs[0].x, 4.4);
  EXPECT_DOUBLE_EQ(c.recs[0].y, 4.2);
  EXPECT_DOUBLE_EQ(c.recs[0].z, 1.0);
  EXPECT_TRUE(c.recs[0].usgs);
  EXPECT_FALSE(c.recs[0].sac);
  EXPECT_EQ(c.recs[0].mode, RecMode::Displacement);
  EXPECT_EQ(c.recs[2].file, "recC");
  EXPECT_EQ(c.recs[2].mode, RecMode::Velocity);
}

TEST(InputReference, Loh1) {
  Config c = sw4::parse_input(deck_path("inputs/LOH.1-h100.in"));
  EXPECT_DOUBLE_EQ(c.grid.h, 100.0);
  EXPECT_EQ(c.grid.nx, 301);
  EXPECT_EQ(c.grid.ny, 301);
  EXPECT_EQ(c.grid.nz, 171);
  EXPECT_DOUBLE_EQ(c.time.t_end, 9.0);
  EXPECT_EQ(c.fileio.path, "loh1-h100-results/");
  EXPECT_EQ(c.sg.gp, 30);
  EXPECT_FALSE(c.tps.on);
  ASSERT_EQ(c.blocks.size(), 3u);
  EXPECT_EQ(c.blocks[0].vp, 6000.0);
  EXPECT_EQ(c.blocks[0].vs, 3464.0);
  EXPECT_EQ(c.blocks[0].rho, 2700.0);
  EXPECT_EQ(c.blocks[0].x1, -30000.0);  // default bounds reach one domain length past each side
  EXPECT_EQ(c.blocks[0].x2, 60000.0);
  EXPECT_EQ(c.blocks[0].z1, -17000.0);
  EXPECT_EQ(c.blocks[0].z2, 34000.0);
  EXPECT_EQ(c.blocks[1].z1, -17000.0);
  EXPECT_EQ(c.blocks[1].z2, 1000.0);
  EXPECT_EQ(c.blocks[2].z1, 999.0);
  EXPECT_EQ(c.blocks[2].z2, 1001.0);
  EXPECT_EQ(c.blocks[2].vp, 4630.76);
  ASSERT_EQ(c.sources.size(), 1u);
  EXPECT_EQ(c.sources[0].mxy, 1e18);
  EXPECT_EQ(c.sources[0].mxx, 0.0);
  EXPECT_EQ(c.sources[0].type, TimeFunctionType::Gaussian);
  EXPECT_EQ(c.sources[0].freq, 16.6667);
  EXPECT_EQ(c.sources[0].t0, 0.36);
  ASSERT_EQ(c.recs.size(), 1u);
  EXPECT_EQ(c.recs[0].file, "sta10");
  EXPECT_TRUE(c.recs[0].usgs);
  EXPECT_FALSE(c.recs[0].sac);
  EXPECT_TRUE(c.warnings.empty());
  ASSERT_EQ(c.messages.size(), 3u);
  EXPECT_EQ(c.messages[0], "* Setting nx to 301 to be consistent with h=100");
}

TEST(InputReference, Loh2ManySources) {
  Config c = sw4::parse_input(deck_path("inputs/LOH.2-h100.in"));
  EXPECT_EQ(c.grid.nx, 301);
  EXPECT_EQ(c.grid.nz, 171);
  ASSERT_EQ(c.sources.size(), 3200u);
  EXPECT_EQ(c.recs.size(), 10u);
  EXPECT_EQ(c.blocks.size(), 2u);
  const sw4::SourceCfg& last = c.sources.back();
  EXPECT_EQ(last.x, 15000.0);
  EXPECT_EQ(last.y, 22950.0);
  EXPECT_EQ(last.z, 5950.0);
  EXPECT_EQ(last.mxy, 3.239810e+14);  // m0=1
  EXPECT_EQ(last.t0, 2.646126);
  EXPECT_EQ(last.line, 3268);  // the deck's last line
  EXPECT_EQ(c.recs[9].file, "sta10");
  EXPECT_TRUE(c.recs[9].sac);
}

TEST(InputReference, BasicAndUni) {
  Config b = sw4::parse_input(deck_path("test/reference/decks/basic.in"));
  EXPECT_EQ(b.grid.nx, 128);
  EXPECT_EQ(b.grid.ny, 128);
  EXPECT_EQ(b.grid.nz, 512);
  EXPECT_DOUBLE_EQ(b.grid.xmax, 1270.0);
  EXPECT_FALSE(b.time.by_time);
  EXPECT_EQ(b.time.steps, 10);
  EXPECT_EQ(b.fileio.path, "basic-results/");
  ASSERT_EQ(b.blocks.size(), 1u);
  EXPECT_EQ(b.blocks[0].rho, 2.6e3);  // given as r=
  ASSERT_EQ(b.recs.size(), 1u);
  EXPECT_EQ(b.recs[0].z, 0.0);  // depth=0
  EXPECT_TRUE(b.messages.empty());
  Config u = sw4::parse_input(deck_path("test/reference/decks/uni.in"));
  EXPECT_EQ(u.grid.nz, 512);
  EXPECT_TRUE(u.tps.on);
  EXPECT_EQ(u.tps.rho, 2.6e3);
  EXPECT_EQ(u.tps.cp, 4.0e3);
  EXPECT_EQ(u.tps.cs, 2.0e3);
  EXPECT_EQ(u.sources[0].mxy, 1e18);
}

// ------------------------------------------------------------------ defaults and derived values

TEST(InputDefaults, EveryDefault) {
  Config c = parse("grid h=0.1 x=8 y=8 z=4\nblock vp=2 vs=1 rho=1\nsource x=1 y=2 z=3\nrec x=1 y=1 z=1\n");
  EXPECT_EQ(c.filename, "in/x.in");
  EXPECT_EQ(c.time.steps, -1);
  EXPECT_FALSE(c.time.by_time);
  EXPECT_EQ(c.fileio.path, "./");
  EXPECT_EQ(c.fileio.verbose, 0);
  EXPECT_EQ(c.fileio.printcycle, 100);
  EXPECT_EQ(c.dev.cfl, 1.3);
  EXPECT_FALSE(c.dev.checkfornan);
  EXPECT_FALSE(c.dev.reporttiming);
  EXPECT_FALSE(c.dev.trace);
  EXPECT_EQ(c.dev.partitions, 0);
  EXPECT_EQ(c.dev.imbalance_rank, -1);
  EXPECT_EQ(c.dev.migrate, 0);
  EXPECT_TRUE(c.dev.steal);
  EXPECT_FALSE(c.has_supergrid_cmd);
  EXPECT_EQ(c.sg.gp, 20);
  EXPECT_EQ(c.sg.dc, 0.02);
  EXPECT_FALSE(c.tps.on);
  EXPECT_FALSE(c.checkpoint.on);
  const sw4::BlockCfg& b = c.blocks[0];
  EXPECT_NEAR(b.x1, -8, 1e-12);
  EXPECT_NEAR(b.x2, 16, 1e-12);
  EXPECT_NEAR(b.y1, -8, 1e-12);
  EXPECT_NEAR(b.y2, 16, 1e-12);
  EXPECT_NEAR(b.z1, -4, 1e-12);
  EXPECT_NEAR(b.z2, 8, 1e-12);
  EXPECT_EQ(b.vpgrad, 0.0);
  EXPECT_FALSE(b.absdepth);
  const sw4::SourceCfg& s = c.sources[0];
  EXPECT_FALSE(s.is_force);
  EXPECT_EQ(s.type, TimeFunctionType::RickerInt);
  EXPECT_EQ(s.freq, 1.0);
  EXPECT_EQ(s.t0, 0.0);
  EXPECT_EQ(s.mxx + s.mxy + s.mxz + s.myy + s.myz + s.mzz, 0.0);
  EXPECT_EQ(s.line, 3);
  const sw4::RecCfg& r = c.recs[0];
  EXPECT_EQ(r.file, "station");
  EXPECT_EQ(r.sta, "station");
  EXPECT_EQ(r.writeEvery, 1000);
  EXPECT_FALSE(r.usgs);
  EXPECT_TRUE(r.sac);
  EXPECT_FALSE(r.nsew);
  EXPECT_EQ(r.mode, RecMode::Displacement);
  EXPECT_EQ(r.line, 4);
}

TEST(InputDefaults, SupergridDcAndFileioPath) {
  Config a = parse(kBase + "fileio path=out printcycle=5 verbose=2 pfs=1 nwriters=4\n");
  EXPECT_EQ(a.fileio.path, "out/");
  EXPECT_EQ(a.fileio.printcycle, 5);
  EXPECT_EQ(a.fileio.verbose, 2);
  EXPECT_TRUE(a.has_supergrid_cmd);
  EXPECT_EQ(a.sg.gp, 2);
  EXPECT_EQ(a.sg.dc, 0.02);  // a supergrid line without dc keeps 0.02
  EXPECT_EQ(a.sg.line, 2);
  Config b = parse("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=3 dc=0.1\nblock vp=2 vs=1 rho=1\nfileio path=a/b/\n");
  EXPECT_EQ(b.fileio.path, "a/b/");
  EXPECT_EQ(b.sg.gp, 3);
  EXPECT_EQ(b.sg.dc, 0.1);
}

TEST(InputDefaults, MomentTimesM0AndForceTimesF0) {
  Config c = parse(kBase +
                   "source x=1 y=1 z=1 Mxx=2 mxy=-1 Mxz=3 myy=4 Myz=5 mzz=6 m0=3 type=Gaussian freq=2 t0=0.5\n"
                   "source x=1 y=1 depth=2 fx=2 Fy=-1 fz=0.5 f0=3 type=Erf\n"
                   "source x=1 y=1 topodepth=3 Fz=1\n");
  const sw4::SourceCfg& m = c.sources[0];
  EXPECT_FALSE(m.is_force);
  EXPECT_EQ(m.mxx, 6.0);
  EXPECT_EQ(m.mxy, -3.0);
  EXPECT_EQ(m.mxz, 9.0);
  EXPECT_EQ(m.myy, 12.0);
  EXPECT_EQ(m.myz, 15.0);
  EXPECT_EQ(m.mzz, 18.0);
  EXPECT_EQ(m.type, TimeFunctionType::Gaussian);
  EXPECT_EQ(m.freq, 2.0);
  EXPECT_EQ(m.t0, 0.5);
  const sw4::SourceCfg& f = c.sources[1];
  EXPECT_TRUE(f.is_force);
  EXPECT_EQ(f.fx, 6.0);
  EXPECT_EQ(f.fy, -3.0);
  EXPECT_EQ(f.fz, 1.5);
  EXPECT_EQ(f.z, 2.0);  // depth= is z without topography
  EXPECT_EQ(f.type, TimeFunctionType::GaussianInt);
  EXPECT_TRUE(c.sources[2].is_force);
  EXPECT_EQ(c.sources[2].fz, 1.0);
  EXPECT_EQ(c.sources[2].z, 3.0);
}

TEST(InputDefaults, EveryTimeFunctionName) {
  const char* names[] = {"Gaussian", "GaussianInt", "Erf", "Ricker", "RickerInt", "Ramp", "Triangle",
                         "Sawtooth", "SmoothWave", "VerySmoothBump", "C6SmoothBump", "Brune",
                         "BruneSmoothed", "DBrune", "GaussianWindow", "Liu", "Dirac"};
  using T = TimeFunctionType;
  T types[] = {T::Gaussian, T::GaussianInt, T::GaussianInt, T::Ricker, T::RickerInt, T::Ramp, T::Triangle,
               T::Sawtooth, T::SmoothWave, T::VerySmoothBump, T::C6SmoothBump, T::Brune, T::BruneSmoothed,
               T::DBrune, T::GaussianWindow, T::Liu, T::Dirac};
  for (int i = 0; i < 17; ++i) {
    Config c = parse(kBase + "source x=1 y=1 z=1 type=" + names[i] + "\n");
    EXPECT_EQ(c.sources[0].type, types[i]) << names[i];
  }
}

// One table names the time functions for the parser and for messages (input.hpp): every type
// has a name there, and a type's name is the one a deck may write.
TEST(InputDefaults, EveryTimeFunctionTypeHasItsName) {
  using T = TimeFunctionType;
  for (int i = 0; i <= int(T::Discrete); ++i) {
    const std::string name = source_time_function_name(T(i));
    ASSERT_NE(name, "?") << "type " << i;
    if (T(i) == T::Discrete) continue;  // needs a file of samples (test_input_bounds.cpp)
    EXPECT_EQ(parse(kBase + "source x=1 y=1 z=1 type=" + name + "\n").sources[0].type, T(i)) << name;
  }
}

TEST(InputDefaults, RecKeysAndModes) {
  const char* modes[] = {"displacement", "velocity", "div", "curl", "strains", "displacementgradient"};
  for (int m = 0; m < 6; ++m) {
    Config c = parse(kBase + "rec x=8 y=0 z=4 variables=" + modes[m] + "\n");
    EXPECT_EQ(static_cast<int>(c.recs[0].mode), m) << modes[m];
  }
  Config c = parse(kBase + "rec x=1 y=2 depth=3 file=s1 sta=ABC nsew=1 writeEvery=7 usgsformat=yes "
                           "sacformat=off variables=velocity\n");
  const sw4::RecCfg& r = c.recs[0];
  EXPECT_EQ(r.file, "s1");
  EXPECT_EQ(r.sta, "ABC");
  EXPECT_TRUE(r.nsew);
  EXPECT_EQ(r.writeEvery, 7);
  EXPECT_TRUE(r.usgs);
  EXPECT_FALSE(r.sac);
  EXPECT_EQ(r.z, 3.0);
}

TEST(InputDefaults, DeveloperCoDesignAndIgnoredKeys) {
  Config c = parse(kBase +
                   "developer partitions=4 imbalance=1:2.5 migrate=10 steal=0 cfl=0.9\n"
                   "developer corder=no thblocki=16 thblockj=16 thblockk=1 checkfornan=on trace=true\n"
                   "testpointsource diractest=1 halfspace=yes\n"
                   "source x=1 y=1 z=1 type=Gaussian\ntime steps=1\n");
  EXPECT_EQ(c.dev.partitions, 4);
  EXPECT_EQ(c.dev.imbalance_rank, 1);
  EXPECT_EQ(c.dev.imbalance_factor, 2.5);
  EXPECT_EQ(c.dev.migrate, 10);
  EXPECT_FALSE(c.dev.steal);
  EXPECT_EQ(c.dev.cfl, 0.9);  // kept across developer lines
  EXPECT_EQ(c.dev.protocol, -1);  // the program's default
  EXPECT_EQ(parse(kBase + "developer protocol=eager\ntime steps=1\n").dev.protocol, 1);
  EXPECT_EQ(parse(kBase + "developer protocol=request\ntime steps=1\n").dev.protocol, 0);
  EXPECT_EQ(error_of(kBase + "developer protocol=rma\n"),
            "in/x.in:4: developer: 'protocol=rma' is not a halo protocol (allowed: request, eager)");
  EXPECT_EQ(c.dev.halo, "");  // sendrecv
  for (const std::string& m : sw4::halo_models())
    EXPECT_EQ(parse(kBase + "developer halo=" + m + "\ntime steps=1\n").dev.halo, m);
  EXPECT_EQ(error_of(kBase + "developer halo=rma\n"),
            "in/x.in:4: developer: 'halo=rma' is not a halo model (allowed: sendrecv, isend, neighbor, "
            "rma-fence, rma-pscw, rma-passive, shmem)");
  EXPECT_TRUE(c.dev.checkfornan);
  EXPECT_TRUE(c.dev.trace);
  EXPECT_TRUE(c.tps.halfspace);
  // blocks are ignored with testpointsource: said once
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_EQ(c.warnings[0], "in/x.in:3: warning: block commands are ignored with testpointsource (line 6)");
}

TEST(InputDefaults, CheckpointKeys) {
  Config c = parse(kBase + "checkpoint time=1.5 timeInterval=0.5 cycle=3 cycleInterval=10 file=ck bufsize=100\n");
  EXPECT_TRUE(c.checkpoint.on);
  EXPECT_EQ(c.checkpoint.time, 1.5);
  EXPECT_EQ(c.checkpoint.timeInterval, 0.5);
  EXPECT_EQ(c.checkpoint.cycle, 3);
  EXPECT_EQ(c.checkpoint.cycleInterval, 10);
  EXPECT_EQ(c.checkpoint.file, "ck");
  EXPECT_EQ(c.checkpoint.line, 4);
  Config d = parse(kBase + "checkpoint cycleInterval=5\n");
  EXPECT_EQ(d.checkpoint.time, -1);
  EXPECT_EQ(d.checkpoint.timeInterval, -1);
  EXPECT_EQ(d.checkpoint.cycle, -1);
  EXPECT_EQ(d.checkpoint.file, "restart");
}

TEST(InputDefaults, LinesCommentsAndLayout) {
  std::string pad(300, ' ');
  Config c = parse("# a comment\n\n   \t\n  grid\th=0.5   x=8 y=8 z=4 # trailing comment x=1\r\n"
                   "supergrid gp=2" + pad + "dc=0.01  \n"
                   "block vp=2 vs=1 rho=1 #vp=-1\n"
                   "time t=1.5\n");
  EXPECT_EQ(c.grid.nx, 17);
  EXPECT_EQ(c.grid.line, 4);
  EXPECT_EQ(c.sg.dc, 0.01);  // a line longer than 255 characters is read whole
  EXPECT_TRUE(c.time.by_time);
  EXPECT_EQ(c.time.t_end, 1.5);
}

TEST(InputDefaults, SourceBeforeGridIsCheckedAgainstIt) {
  Config c = parse("source x=7 y=7 z=3\nrec x=8 y=8 z=4\n" + kBase);
  EXPECT_EQ(c.sources[0].x, 7.0);
  EXPECT_EQ(error_of("source x=9 y=7 z=3\n" + kBase),
            "in/x.in:1: source: x=9 is outside the domain (0 <= x <= 8)");
}

TEST(InputDefaults, IgnoredCommandsWarn) {
  Config c = parse(kBase + "volimage mode=mag file=surf\nprefilter fc2=1\nsac x=1 y=1 z=0\ntime t=1\n");
  ASSERT_EQ(c.warnings.size(), 3u);
  EXPECT_EQ(c.warnings[0], "in/x.in:4: warning: command 'volimage' is ignored by sw4lite");
  EXPECT_EQ(c.warnings[1], "in/x.in:5: warning: command 'prefilter' is ignored by sw4lite");
  EXPECT_EQ(c.warnings[2], "in/x.in:6: warning: command 'sac' is ignored by sw4lite (receivers are 'rec')");
}

TEST(InputDefaults, NoTimeCommandWarns) {
  Config c = parse(kBase + "\n");
  ASSERT_EQ(c.warnings.size(), 1u);
  EXPECT_EQ(c.warnings[0], "in/x.in:4: warning: no time command, so no time step is taken (add time "
                           "t=END_TIME or time steps=N)");
}

// ------------------------------------------------------------------ grid

TEST(InputGrid, EndPointRuleWithNonIntegerLength) {
  Config c = parse("grid h=0.3 x=4 y=2.4 z=3\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n");
  // x/h = 13.33: round(14.33) = 14 points reach 3.9, short of 4, so 15 points (x = 4.2)
  EXPECT_EQ(c.grid.nx, 15);
  EXPECT_NEAR(c.grid.xmax, 4.2, 1e-12);
  EXPECT_EQ(c.grid.ny, 9);  // 2.4/0.3 = 8 exactly (within 1e-5 relative)
  EXPECT_EQ(c.grid.nz, 11);
  ASSERT_EQ(c.messages.size(), 4u);
  EXPECT_EQ(c.messages[0], "* Setting nx to 15 to be consistent with h=0.3");
  EXPECT_EQ(c.messages[1], "* Setting ny to 9 to be consistent with h=0.3");
  EXPECT_EQ(c.messages[2], "* Setting nz to 11 to be consistent with h=0.3");
  EXPECT_EQ(c.messages[3], "* Changing x from 4 to 4.2 to be consistent with h=0.3");
  EXPECT_EQ(sw4::input_detail::end_point_count(1.000001, 0.1), 11);  // within the tolerance
  EXPECT_EQ(sw4::input_detail::end_point_count(1.0001, 0.1), 12);    // beyond it: one more
  EXPECT_EQ(sw4::input_detail::end_point_count(1.04, 0.1), 12);      // round(11.4) = 11, short: 12
  EXPECT_EQ(sw4::input_detail::end_point_count(1.06, 0.1), 13);      // round(11.6) = 12, short: 13
}

TEST(InputGrid, LengthsWithOneCount) {
  Config c = parse("grid x=1 y=2 z=1 nx=11\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n");
  EXPECT_NEAR(c.grid.h, 0.1, 1e-15);
  EXPECT_EQ(c.grid.nx, 11);
  EXPECT_EQ(c.grid.ny, 21);
  EXPECT_EQ(c.grid.nz, 11);
  ASSERT_EQ(c.messages.size(), 3u);
  EXPECT_EQ(c.messages[0], "* Setting h to 0.1 from  x/(nx-1) (x=1, nx=11)");
  EXPECT_EQ(c.messages[1], "* Setting ny to 21 to be consistent with h=0.1");
  Config d = parse("grid x=2 y=2 z=1 nz=11\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n");
  EXPECT_EQ(d.grid.nx, 21);
  EXPECT_EQ(d.messages[0], "* Setting h to 0.1 from  z/(nz-1) (z=1, nz=11)");
}

TEST(InputGrid, CountsWithH) {
  Config c = parse("grid h=10 nx=40 ny=30 nz=20\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n");
  EXPECT_EQ(c.grid.nx, 40);
  EXPECT_EQ(c.grid.ny, 30);
  EXPECT_EQ(c.grid.nz, 20);
  EXPECT_EQ(c.grid.xmax, 390.0);
  EXPECT_EQ(c.grid.ymax, 290.0);
  EXPECT_EQ(c.grid.zmax, 190.0);
  EXPECT_TRUE(c.messages.empty());
}

TEST(InputGrid, KeysThatDoNotDefineAGrid) {
  const std::string allowed = " (give h, nx, ny, nz; or h, x, y, z; or x, y, z and one of nx, ny, nz)";
  EXPECT_EQ(error_of("grid h=1 x=8 y=8\n"), "in/x.in:1: grid: the keys x, y, h do not define a grid" + allowed);
  EXPECT_EQ(error_of("grid x=8 y=8 z=8 nx=9 ny=9\n"),
            "in/x.in:1: grid: the keys x, y, z, nx, ny do not define a grid" + allowed);
  EXPECT_EQ(error_of("grid h=1 nx=9 ny=9 nz=9 x=8\n"),
            "in/x.in:1: grid: the keys x, h, nx, ny, nz do not define a grid" + allowed);
  EXPECT_EQ(error_of("grid h=1 nx=9 nz=9\n"), "in/x.in:1: grid: the keys h, nx, nz do not define a grid" + allowed);
  EXPECT_EQ(error_of("grid\n"), "in/x.in:1: grid: no keys given" + allowed);
}

TEST(InputGrid, MissingGrid) {
  EXPECT_EQ(error_of("block vp=2 vs=1 rho=1\n\n"),
            "in/x.in:2: no grid command (a grid command is required, e.g. grid h=H x=X y=Y z=Z)");
}

TEST(InputGrid, NzAtLeast8WithFreeSurface) {
  EXPECT_EQ(error_of("grid h=1 x=20 y=20 z=5\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n"),
            "in/x.in:1: grid: nz=6 is too small (allowed: nz >= 8 with a free surface on top)");
  // no free surface (testpointsource without halfspace): no minimum beyond the super-grid's
  Config c = parse("grid h=1 x=20 y=20 z=5\nsupergrid gp=2\ntestpointsource\nsource x=10 y=10 z=2 type=Gaussian\n");
  EXPECT_EQ(c.grid.nz, 6);
}

TEST(InputGrid, SupergridWiderThanDomain) {
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=20 z=20\nsupergrid gp=9\nblock vp=2 vs=1 rho=1\n"),
            "in/x.in:2: supergrid: gp=9 makes the super-grid layers too wide for the domain in x "
            "(allowed: 2*gp*h <= x = 8, here 2*gp*h = 9)");
  EXPECT_NO_THROW(parse("grid h=0.5 x=8 y=20 z=20\nsupergrid gp=8\nblock vp=2 vs=1 rho=1\n"));  // 2*gp*h = x
  // no supergrid command: the default gp=20, reported at the grid line
  EXPECT_EQ(error_of("grid x=1 y=1 z=1 nx=31\nblock vp=2 vs=1 rho=1\n"),
            "in/x.in:1: grid: the default super-grid layers (gp=20) are too wide for the domain in x "
            "(allowed: 2*gp*h <= x = 1, here 2*gp*h = 1.333333333); set supergrid gp=N");
  // z with a free surface on top: one layer, at the bottom: gp*h < z
  EXPECT_EQ(error_of("grid h=0.5 x=20 y=20 z=4\nsupergrid gp=8\nblock vp=2 vs=1 rho=1\n"),
            "in/x.in:2: supergrid: gp=8 makes the super-grid layers too wide for the domain in z "
            "(allowed: gp*h < z = 4, here gp*h = 4)");
  EXPECT_NO_THROW(parse("grid h=0.5 x=20 y=20 z=4\nsupergrid gp=7\nblock vp=2 vs=1 rho=1\n"));
  // z without a free surface (testpointsource, no halfspace): layers at both ends
  EXPECT_EQ(error_of("grid h=0.5 x=20 y=20 z=6\nsupergrid gp=7\ntestpointsource\n"
                     "source x=1 y=1 z=1 type=Gaussian\n"),
            "in/x.in:2: supergrid: gp=7 makes the super-grid layers too wide for the domain in z "
            "(allowed: 2*gp*h <= z = 6, here 2*gp*h = 7)");
}

// SAC's KSTNM holds 8 characters: a longer station name, cut short in the SAC headers, gets one
// warning line (else the cut goes unnoticed), and none when the receiver writes no SAC file.
int station_warnings(const Config& c) {
  int n = 0;
  for (const std::string& w : c.warnings) n += w.find("station name") != std::string::npos;
  return n;
}

TEST(Input, LongStationNameWarnsOnlyWithSac) {
  Config c = parse(kBase + "rec x=1 y=1 z=1 file=s1 sta=LONGSTATION\n");
  ASSERT_EQ(station_warnings(c), 1);
  EXPECT_NE(std::find(c.warnings.begin(), c.warnings.end(),
                      "in/x.in:4: warning: rec: station name 'LONGSTATION' is cut to 'LONGSTAT' in the "
                      "SAC headers (KSTNM holds 8 characters)"), c.warnings.end());
  EXPECT_EQ(station_warnings(parse(kBase + "rec x=1 y=1 z=1 file=station_long usgsformat=1 sacformat=0\n")), 0);
  EXPECT_EQ(station_warnings(parse(kBase + "rec x=1 y=1 z=1 file=station_long\n")), 1);
  EXPECT_EQ(station_warnings(parse(kBase + "rec x=1 y=1 z=1 file=x sta=EIGHTCHR\n")), 0);
}

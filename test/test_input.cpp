// test_input.cpp: the input parser (input.hpp): the original's decks, defaults, derived values,
// and one test per kind of bad input, each checking the exact one-line message.
//
// Why built so: most decks are strings parsed through parse_input_stream under the name
// "in/x.in", so a test shows the deck and the message side by side; the reference decks and the
// Discrete sample files are real files (the latter in a temporary directory made here). The
// reference decks live outside the repository (../shared/reference); where they are absent the
// tests that need them are skipped, not passed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>

#include "input.hpp"

namespace fs = std::filesystem;
using sw4::Config;
using sw4::RecMode;
using sw4::TimeFunctionType;

namespace {

// Lines 1-3 of most decks: 17 x 17 x 9 points, h = 0.5, covered by one block.
const std::string kBase = "grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n";

Config parse(const std::string& text) {
  std::istringstream in(text);
  return sw4::parse_input_stream(in, "in/x.in");
}

// The message of the InputError that TEXT raises; every message must be one line.
std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const sw4::InputError& e) {
    std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    return m;
  }
  return "(no error)";
}

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

// The reference decks: ../shared/reference beside the checkout, or $SW4LITE_REFERENCE.
std::string reference_dir() {
  std::vector<std::string> cand;
  if (const char* e = std::getenv("SW4LITE_REFERENCE")) cand.push_back(e);
  if (const char* r = std::getenv("SW4LITE_ROOT")) cand.push_back(std::string(r) + "/../shared/reference");
  cand.push_back("../shared/reference");
  cand.push_back("shared/reference");
  for (const std::string& c : cand)
    if (fs::exists(c + "/sw4lite-inputs/LOH.1-h100.in")) return c;
  return "";
}

#define REFERENCE_OR_SKIP(var)                                                     \
  const std::string var = reference_dir();                                         \
  if (var.empty()) GTEST_SKIP() << "reference decks not found (../shared/reference)"

// A fresh temporary directory for files, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("sw4lite-test-input-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    std::string p = (path / name).string();
    std::ofstream(p) << text;
    return p;
  }
};

}  // namespace

// ------------------------------------------------------------------ the original's decks

TEST(InputReference, PointSource) {
  REFERENCE_OR_SKIP(ref);
  for (const char* deck : {"/sw4lite-inputs/pointsource.in", "/pointsource/pointsource.in"}) {
    Config c = sw4::parse_input(ref + deck);
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
  Config c = sw4::parse_input(ref + "/pointsource/pointsource.in");
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
  REFERENCE_OR_SKIP(ref);
  Config c = sw4::parse_input(ref + "/sw4lite-inputs/LOH.1-h100.in");
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
  REFERENCE_OR_SKIP(ref);
  Config c = sw4::parse_input(ref + "/sw4lite-inputs/LOH.2-h100.in");
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
  EXPECT_EQ(last.line, 3258);
  EXPECT_EQ(c.recs[9].file, "sta10");
  EXPECT_TRUE(c.recs[9].sac);
}

TEST(InputReference, BasicAndUni) {
  REFERENCE_OR_SKIP(ref);
  Config b = sw4::parse_input(ref + "/sw4lite-inputs/basic.in");
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
  Config u = sw4::parse_input(ref + "/sw4lite-inputs/uni.in");
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
  Config c = parse(kBase + "image mode=mag z=0 file=surf\nprefilter fc2=1\nsac x=1 y=1 z=0\ntime t=1\n");
  ASSERT_EQ(c.warnings.size(), 3u);
  EXPECT_EQ(c.warnings[0], "in/x.in:4: warning: command 'image' is ignored by sw4lite");
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

TEST(InputErrors, InputFileThatCannotBeRead) {
  TempDir d;
  std::string missing = (d.path / "missing.in").string();
  for (const std::string& name : {missing, d.path.string()}) {
    try {
      sw4::parse_input(name);
      ADD_FAILURE() << "no error for " << name;
    } catch (const sw4::InputError& e) {
      std::string m = e.what();
      EXPECT_EQ(m, name == missing ? name + ":0: cannot open the input file (No such file or directory)"
                                   : name + ":0: cannot read the input file (is it a directory?)");
    }
  }
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

// ------------------------------------------------------------------ lexical errors

TEST(InputErrors, UnknownCommand) {
  const std::string allowed =
      " (allowed: grid, time, fileio, supergrid, block, source, rec, testpointsource, developer, checkpoint)";
  EXPECT_EQ(error_of(kBase + "sourse x=1\n"), "in/x.in:4: unknown command 'sourse'" + allowed);
  // whole-word match: the original's prefix match took these for time and rec
  EXPECT_EQ(error_of(kBase + "timeX t=1\n"), "in/x.in:4: unknown command 'timeX'" + allowed);
  EXPECT_EQ(error_of(kBase + "receiver x=1 y=1 z=0\n"), "in/x.in:4: unknown command 'receiver'" + allowed);
}

TEST(InputErrors, UnsupportedCommands) {
  EXPECT_EQ(error_of(kBase + "topography zmax=100 input=gaussian\n"),
            "in/x.in:4: topography: not supported by this implementation (flat top surface only)");
  EXPECT_EQ(error_of(kBase + "dgalerkin order=3\n"),
            "in/x.in:4: dgalerkin: not supported by this implementation (the SBP finite-difference scheme only)");
  EXPECT_EQ(error_of(kBase + "rupture file=r.srf\n"),
            "in/x.in:4: rupture: not supported by sw4lite (give the sources as source commands)");
  EXPECT_EQ(error_of(kBase + "restart file=ck.cycle=10.sw4checkpoint\n"),
            "in/x.in:4: restart: not supported yet (remove the restart command)");
  EXPECT_EQ(error_of(kBase + "restart bufsize=10\n"),
            "in/x.in:4: restart: missing key 'file' (give file=NAME, the checkpoint file to restart from)");
}

TEST(InputErrors, UnknownKey) {
  std::string m = error_of(kBase + "source x=1 y=1 z=1 frq=2\n");
  EXPECT_TRUE(starts_with(m, "in/x.in:4: source: unknown key 'frq' (allowed: x, y, z, depth, topodepth, m0, Mxx, "))
      << m;
  EXPECT_NE(m.find(", freq, type, file)"), std::string::npos) << m;
  EXPECT_EQ(error_of(kBase + "time t=1 step=3\n"), "in/x.in:4: time: unknown key 'step' (allowed: t, steps)");
  EXPECT_EQ(error_of(kBase + "supergrid gp=3\n"),
            "in/x.in:4: supergrid: only one supergrid command is allowed (the first is on line 2)");
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4 H=1\n"),
            "in/x.in:1: grid: unknown key 'H' (allowed: x, y, z, h, nx, ny, nz)");
}

TEST(InputErrors, NotKeyValue) {
  EXPECT_EQ(error_of("grid h 0.5 x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h' is not of the form key=value");
  EXPECT_EQ(error_of("grid =0.5 x=8 y=8 z=4\n"), "in/x.in:1: grid: '=0.5' is not of the form key=value");
  EXPECT_EQ(error_of("grid h= 0.5 x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=' has no value");
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4 h=1\n"), "in/x.in:1: grid: key 'h' is given twice (give each key once)");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 Mxx=1 mxx=2\n"),
            "in/x.in:4: source: 'Mxx' and 'mxx' are the same key (give one of them)");
}

TEST(InputErrors, MalformedNumbers) {
  EXPECT_EQ(error_of("grid h=abc x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=abc' is not a number");
  EXPECT_EQ(error_of("grid h=1.0x x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=1.0x' is not a number");
  EXPECT_EQ(error_of("grid h=nan x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=nan' is not a number");
  EXPECT_EQ(error_of("grid h=inf x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=inf' is not a number");
  EXPECT_EQ(error_of("grid h=1e999 x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=1e999' is not a number");
  EXPECT_EQ(error_of("grid h=0x1p3 x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=0x1p3' is not a number");
  EXPECT_EQ(error_of("grid h=1e x=8 y=8 z=4\n"), "in/x.in:1: grid: 'h=1e' is not a number");
  EXPECT_EQ(error_of("grid h=10 nx=2.5 ny=9 nz=9\n"), "in/x.in:1: grid: 'nx=2.5' is not an integer");
  EXPECT_EQ(error_of("grid h=10 nx=1e3 ny=9 nz=9\n"), "in/x.in:1: grid: 'nx=1e3' is not an integer");
  EXPECT_EQ(error_of("grid h=10 nx=99999999999 ny=9 nz=9\n"), "in/x.in:1: grid: 'nx=99999999999' is not an integer");
  EXPECT_EQ(error_of(kBase + "time steps=2.5\n"), "in/x.in:4: time: 'steps=2.5' is not an integer");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 Mxy=1e18x\n"), "in/x.in:4: source: 'Mxy=1e18x' is not a number");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=0 writeEvery=10.0\n"), "in/x.in:4: rec: 'writeEvery=10.0' is not an integer");
  EXPECT_NO_THROW(parse("grid h=+.5 x=8. y=8e0 z=0.4E1\nsupergrid gp=+2\nblock vp=2 vs=1 rho=1\n"));
}

TEST(InputErrors, OutOfRangeNumbers) {
  EXPECT_EQ(error_of("grid h=-1 x=8 y=8 z=4\n"), "in/x.in:1: grid: h=-1 must be > 0");
  EXPECT_EQ(error_of("grid h=0 x=8 y=8 z=4\n"), "in/x.in:1: grid: h=0 must be > 0");
  EXPECT_EQ(error_of("grid h=1 x=8 y=-8 z=4\n"), "in/x.in:1: grid: y=-8 must be > 0");
  EXPECT_EQ(error_of("grid h=1 nx=1 ny=9 nz=9\n"), "in/x.in:1: grid: nx=1 must be >= 2");
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=0\n"), "in/x.in:2: supergrid: gp=0 must be >= 1");
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=-3\n"), "in/x.in:2: supergrid: gp=-3 must be >= 1");
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4\nsupergrid dc=-0.1\n"), "in/x.in:2: supergrid: dc=-0.1 must be >= 0");
  EXPECT_EQ(error_of(kBase + "developer cfl=0\n"), "in/x.in:4: developer: cfl=0 must be > 0");
  EXPECT_EQ(error_of(kBase + "developer cfl=-1.3\n"), "in/x.in:4: developer: cfl=-1.3 must be > 0");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 freq=0\n"), "in/x.in:4: source: freq=0 must be > 0");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 Mxx=1 m0=-1\n"), "in/x.in:4: source: m0=-1 must be >= 0");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=1 writeEvery=0\n"), "in/x.in:4: rec: writeEvery=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "fileio printcycle=0\n"), "in/x.in:4: fileio: printcycle=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "fileio verbose=-1\n"), "in/x.in:4: fileio: verbose=-1 must be >= 0");
  EXPECT_EQ(error_of(kBase + "fileio nwriters=0\n"), "in/x.in:4: fileio: nwriters=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "time t=0\n"), "in/x.in:4: time: t=0 must be > 0");
  EXPECT_EQ(error_of(kBase + "time steps=-1\n"), "in/x.in:4: time: steps=-1 must be >= 0");
  EXPECT_EQ(error_of(kBase + "testpointsource cs=0\n"), "in/x.in:4: testpointsource: cs=0 must be > 0");
  EXPECT_EQ(error_of(kBase + "developer partitions=0\n"), "in/x.in:4: developer: partitions=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "developer migrate=-1\n"), "in/x.in:4: developer: migrate=-1 must be >= 0");
  EXPECT_EQ(error_of(kBase + "checkpoint cycleInterval=0\n"),
            "in/x.in:4: checkpoint: cycleInterval=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "checkpoint timeInterval=0\n"), "in/x.in:4: checkpoint: timeInterval=0 must be > 0");
}

TEST(InputErrors, Imbalance) {
  const std::string allowed = " is not of the form R:F (R: the rank to slow down, an integer >= 0; "
                              "F: its slow-down factor, a real >= 1)";
  for (const char* bad : {"3", "1:0.5", "-1:2", "1.5:2", "a:2", "1:x", ":2", "1:"})
    EXPECT_EQ(error_of(kBase + "developer imbalance=" + bad + "\n"),
              std::string("in/x.in:4: developer: 'imbalance=") + bad + "'" + allowed);
  EXPECT_EQ(parse(kBase + "developer imbalance=0:1\n").dev.imbalance_factor, 1.0);
}

TEST(InputErrors, Booleans) {
  EXPECT_EQ(error_of(kBase + "developer checkfornan=maybe\n"),
            "in/x.in:4: developer: 'checkfornan=maybe' is not a boolean "
            "(allowed: 0, 1, on, off, yes, no, true, false)");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=0 usgsformat=2\n"),
            "in/x.in:4: rec: 'usgsformat=2' is not a boolean (allowed: 0, 1, on, off, yes, no, true, false)");
  EXPECT_EQ(error_of(kBase + "testpointsource halfspace=TRUE\n"),
            "in/x.in:4: testpointsource: 'halfspace=TRUE' is not a boolean "
            "(allowed: 0, 1, on, off, yes, no, true, false)");
  EXPECT_EQ(error_of(kBase + "developer steal=2\n"),
            "in/x.in:4: developer: 'steal=2' is not a boolean (allowed: 0, 1, on, off, yes, no, true, false)");
}

// ------------------------------------------------------------------ command-level errors

TEST(InputErrors, DuplicateSingleCommands) {
  EXPECT_EQ(error_of(kBase + "grid h=1 x=8 y=8 z=8\n"),
            "in/x.in:4: grid: only one grid command is allowed (the first is on line 1)");
  EXPECT_EQ(error_of(kBase + "time t=1\n\ntime t=2\n"),
            "in/x.in:6: time: only one time command is allowed (the first is on line 4)");
  EXPECT_EQ(error_of(kBase + "restart file=a\nrestart file=b\n"),
            "in/x.in:5: restart: only one restart command is allowed (the first is on line 4)");
  EXPECT_EQ(error_of(kBase + "checkpoint cycle=1\ncheckpoint cycle=2\n"),
            "in/x.in:5: checkpoint: only one checkpoint command is allowed (the first is on line 4)");
  EXPECT_EQ(error_of(kBase + "testpointsource\ntestpointsource\n"),
            "in/x.in:5: testpointsource: only one testpointsource command is allowed (the first is on line 4)");
  EXPECT_EQ(error_of(kBase + "fileio path=a\nfileio verbose=1\n"),
            "in/x.in:5: fileio: only one fileio command is allowed (the first is on line 4)");
}

TEST(InputErrors, TimeNeedsExactlyOneOfTAndSteps) {
  EXPECT_EQ(error_of(kBase + "time t=1 steps=10\n"),
            "in/x.in:4: time: t and steps cannot both be given (give one of them)");
  EXPECT_EQ(error_of(kBase + "time\n"), "in/x.in:4: time: no keys given (give t=END_TIME or steps=N)");
}

TEST(InputErrors, CheckpointNeedsATime) {
  EXPECT_EQ(error_of(kBase + "checkpoint file=a\n"),
            "in/x.in:4: checkpoint: no checkpoint time given "
            "(give at least one of time, timeInterval, cycle, cycleInterval)");
}

TEST(InputErrors, SourceMissingKeys) {
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 Mxx=1\n"),
            "in/x.in:4: source: missing key 'z' (give one of z, depth, topodepth)");
  EXPECT_EQ(error_of(kBase + "source y=1 z=1\n"), "in/x.in:4: source: missing key 'x' (give x and y)");
  EXPECT_EQ(error_of(kBase + "source x=1 z=1\n"), "in/x.in:4: source: missing key 'y' (give x and y)");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 depth=1\n"),
            "in/x.in:4: source: 'z' and 'depth' cannot both be given (they are the same without topography: "
            "give one of z, depth, topodepth)");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 type=Discrete\n"),
            "in/x.in:4: source: type=Discrete needs file=NAME (a text file of samples)");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 type=Ricker file=a.txt\n"),
            "in/x.in:4: source: 'file=a.txt' is only used with type=Discrete");
}

TEST(InputErrors, SourceMomentAndForceDoNotMix) {
  const std::string allowed = " cannot be combined (a source is either a moment tensor Mxx, Mxy, Mxz, Myy, Myz, "
                              "Mzz scaled by m0, or a force fx, fy, fz scaled by f0)";
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 Mxx=1 fz=1\n"),
            "in/x.in:4: source: moment keys (Mxx) and force keys (fz)" + allowed);
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 mxy=1 Myz=2 f0=2\n"),
            "in/x.in:4: source: moment keys (mxy, Myz) and force keys (f0)" + allowed);
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 Fx=1 m0=2\n"),
            "in/x.in:4: source: moment keys (m0) and force keys (Fx)" + allowed);
}

TEST(InputErrors, UnknownTimeFunction) {
  EXPECT_EQ(error_of("source x=1 y=1 z=1 type=Rickr\n"),
            "in/x.in:1: source: unknown time function type 'Rickr' (allowed: Gaussian, GaussianInt, Erf, Ricker, "
            "RickerInt, Ramp, Triangle, Sawtooth, SmoothWave, VerySmoothBump, C6SmoothBump, Brune, BruneSmoothed, "
            "DBrune, GaussianWindow, Liu, Dirac, Discrete)");
}

TEST(InputErrors, SourceOutsideDomain) {
  EXPECT_EQ(error_of(kBase + "\n\n\n\n\nsource x=12 y=1 z=1\n"),
            "in/x.in:9: source: x=12 is outside the domain (0 <= x <= 8)");
  EXPECT_EQ(error_of(kBase + "source x=1 y=-0.1 z=1\n"),
            "in/x.in:4: source: y=-0.1 is outside the domain (0 <= y <= 8)");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 depth=5\n"),
            "in/x.in:4: source: depth=5 is outside the domain (0 <= depth <= 4)");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=-1\n"), "in/x.in:4: source: z=-1 is outside the domain (0 <= z <= 4)");
  EXPECT_NO_THROW(parse(kBase + "source x=0 y=8 z=4\nsource x=8 y=0 z=0\n"));  // the bounds are inside
}

TEST(InputErrors, TestPointSourceNeedsAnExactSolution) {
  EXPECT_EQ(error_of(kBase + "testpointsource halfspace=1\n"),
            "in/x.in:4: testpointsource: no source command (the exact solution is that of the first source)");
  EXPECT_EQ(error_of(kBase + "testpointsource halfspace=1\nsource x=1 y=1 z=1\n"),
            "in/x.in:5: source: with testpointsource the first source's type must have an exact solution "
            "(allowed: Gaussian, SmoothWave, VerySmoothBump, C6SmoothBump)");
}

TEST(InputErrors, RecMissingKeysAndBadValues) {
  EXPECT_EQ(error_of(kBase + "rec x=1 z=0\n"), "in/x.in:4: rec: missing key 'y' (give x and y)");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1\n"), "in/x.in:4: rec: missing key 'z' (give one of z, depth, topodepth)");
  EXPECT_EQ(error_of(kBase + "rec x=1 lat=37 z=0\n"),
            "in/x.in:4: rec: x/y and lat/lon cannot be combined (give x and y)");
  EXPECT_EQ(error_of(kBase + "rec lat=37 lon=-118 z=0\n"),
            "in/x.in:4: rec: lat/lon are not supported: sw4lite has no geographic coordinates (give x and y)");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=0 variables=vel\n"),
            "in/x.in:4: rec: unknown variables 'vel' (allowed: displacement, velocity, div, curl, strains, "
            "displacementgradient)");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=0 nsew=1 variables=strains\n"),
            "in/x.in:4: rec: nsew=1 needs variables=displacement or velocity (here variables=strains)");
  EXPECT_NO_THROW(parse(kBase + "rec x=1 y=1 z=0 nsew=1 variables=velocity\n"));
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=0 file=a\nrec x=2 y=2 z=0 file=a\n"),
            "in/x.in:5: rec: file=a is already used by the receiver on line 4 (give each receiver its own file)");
}

TEST(InputErrors, RecOutsideDomain) {
  EXPECT_EQ(error_of(kBase + "rec x=1 y=9 z=0\n"), "in/x.in:4: rec: y=9 is outside the domain (0 <= y <= 8)");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=-0.5\n"), "in/x.in:4: rec: z=-0.5 is outside the domain (0 <= z <= 4)");
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 topodepth=4.5\n"),
            "in/x.in:4: rec: topodepth=4.5 is outside the domain (0 <= topodepth <= 4)");
}

TEST(InputErrors, BlockValues) {
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\n\n\nblock vp=2 vs=-1 rho=1\n"),
            "in/x.in:5: block: vs=-1 must be > 0");
  EXPECT_EQ(error_of(kBase + "block vp=0 vs=1 rho=1\n"), "in/x.in:4: block: vp=0 must be > 0");
  EXPECT_EQ(error_of(kBase + "block vp=2 vs=1 r=-2\n"), "in/x.in:4: block: r=-2 must be > 0");
  EXPECT_EQ(error_of(kBase + "block vp=2 rho=1\n"), "in/x.in:4: block: missing key 'vs' (vp, vs and rho are required)");
  EXPECT_EQ(error_of(kBase + "block vp=2 vs=1\n"), "in/x.in:4: block: missing key 'rho' (vp, vs and rho are required)");
  EXPECT_EQ(error_of(kBase + "block vp=2 vs=1 rho=1 vsgrad=-0.5\n"),
            "in/x.in:4: block: vs + vsgrad*z = -1 at z=4 (allowed: > 0 at every grid point of the block)");
  EXPECT_NO_THROW(parse(kBase + "block vp=2 vs=1 rho=1 vsgrad=-0.5 z2=1.5 qp=100 Qs=50\n"));  // vs >= 0.25
}

TEST(InputErrors, BlockBounds) {
  EXPECT_EQ(error_of(kBase + "block vp=2 vs=1 rho=1 x1=9\n"),
            "in/x.in:4: block: x1=9 is outside the domain (allowed: x1 <= 8)");
  EXPECT_EQ(error_of(kBase + "block vp=2 vs=1 rho=1 z2=-1\n"),
            "in/x.in:4: block: z2=-1 is outside the domain (allowed: z2 >= 0)");
  EXPECT_EQ(error_of(kBase + "block vp=2 vs=1 rho=1 y1=5 y2=3\n"),
            "in/x.in:4: block: y2=3 is smaller than y1=5 (allowed: y1 <= y2)");
}

TEST(InputErrors, PointsWithoutMaterial) {
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\n"),
            "in/x.in:1: grid: no material is defined (give block commands that cover the grid, or testpointsource)");
  // a layer that stops at z=2 leaves k = 6..9 bare
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\nblock vp=2 vs=1 rho=1 z2=2\n"),
            "in/x.in:3: block: the grid point (i,j,k)=(1,1,6) at (x,y,z)=(0,0,2.5) is in no block "
            "(allowed: the blocks together cover every grid point)");
  // four quadrants cover everything; drop one and its corner point is reported
  const std::string quads = "grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\n"
                            "block vp=2 vs=1 rho=1 x2=4 y2=4\nblock vp=2 vs=1 rho=1 x1=4.5 y2=4\n"
                            "block vp=2 vs=1 rho=1 x2=4 y1=4.5\n";
  EXPECT_NO_THROW(parse(quads + "block vp=2 vs=1 rho=1 x1=4.5 y1=4.5\n"));
  EXPECT_EQ(error_of(quads + "block vp=2 vs=1 rho=1 x1=5 y1=4.5\n"),
            "in/x.in:6: block: the grid point (i,j,k)=(10,10,1) at (x,y,z)=(4.5,4.5,0) is in no block "
            "(allowed: the blocks together cover every grid point)");
}

TEST(InputErrors, CoverageToleranceIs1em5) {
  // x = 4 is covered by x2 = 4 - 0.9e-5 but not by x2 = 4 - 2e-5
  const std::string head = "grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\nblock vp=2 vs=1 rho=1 x1=4.5\n";
  EXPECT_NO_THROW(parse(head + "block vp=2 vs=1 rho=1 x2=3.999991\n"));
  EXPECT_EQ(error_of(head + "block vp=2 vs=1 rho=1 x2=3.99998\n"),
            "in/x.in:4: block: the grid point (i,j,k)=(9,1,1) at (x,y,z)=(4,0,0) is in no block "
            "(allowed: the blocks together cover every grid point)");
}

// Random unions of blocks against a point-by-point check of the same inside test.
TEST(InputErrors, CoverageAgreesWithEveryPointCheck) {
  std::mt19937 rng(12345);
  const double h = 0.5, ext[3] = {4, 3, 4};
  const int n[3] = {9, 7, 9};
  const char* names[6] = {"x1", "x2", "y1", "y2", "z1", "z2"};
  int covered = 0, uncovered = 0;
  for (int trial = 0; trial < 400; ++trial) {
    int nb = 1 + int(rng() % 5);
    std::string deck = "grid h=0.5 x=4 y=3 z=4\nsupergrid gp=1\n";
    std::vector<std::array<double, 6>> boxes;
    for (int b = 0; b < nb; ++b) {
      std::array<double, 6> bx;
      std::string line = "block vp=2 vs=1 rho=1";
      for (int d = 0; d < 3; ++d) {
        // bounds on a quarter-h lattice, sometimes nudged by about the tolerance
        double lo = -ext[d], hi = 2 * ext[d];
        if (rng() % 3 == 0) lo = std::min(ext[d], 0.125 * int(rng() % 40) - 0.5);
        if (rng() % 3 == 0) hi = std::max(std::max(lo, 0.0), 0.125 * int(rng() % 40) - 0.5);
        if (rng() % 4 == 0) lo += (rng() % 2 ? 1 : -1) * 0.9e-5;
        if (rng() % 4 == 0) hi += (rng() % 2 ? 1 : -1) * 2e-5;
        lo = std::min(lo, ext[d]);
        hi = std::max(hi, std::max(lo, 0.0));
        bx[2 * d] = lo;
        bx[2 * d + 1] = hi;
        std::ostringstream os;
        os.precision(17);
        os << " " << names[2 * d] << "=" << lo << " " << names[2 * d + 1] << "=" << hi;
        line += os.str();
      }
      boxes.push_back(bx);
      deck += line + "\n";
    }
    auto inside = [&](int i, int j, int k) {
      double p[3] = {(i - 1) * h, (j - 1) * h, (k - 1) * h};
      for (const auto& bx : boxes) {
        bool in = true;
        for (int d = 0; d < 3; ++d) in = in && bx[2 * d] - 1e-5 <= p[d] && p[d] <= bx[2 * d + 1] + 1e-5;
        if (in) return true;
      }
      return false;
    };
    bool all = true;
    for (int k = 1; k <= n[2]; ++k)
      for (int j = 1; j <= n[1]; ++j)
        for (int i = 1; i <= n[0]; ++i) all = all && inside(i, j, k);
    std::string m = error_of(deck);
    if (all) {
      ++covered;
      EXPECT_EQ(m, "(no error)") << deck;
    } else {
      ++uncovered;
      int i = 0, j = 0, k = 0;
      ASSERT_EQ(std::sscanf(m.c_str() + m.find("(i,j,k)=("), "(i,j,k)=(%d,%d,%d)", &i, &j, &k), 3) << m;
      EXPECT_FALSE(inside(i, j, k)) << m << "\n" << deck;
    }
  }
  EXPECT_GT(covered, 40);  // both outcomes are exercised
  EXPECT_GT(uncovered, 40);
}

// ------------------------------------------------------------------ Discrete sample files

TEST(InputDiscrete, ReadsSamplesBesideTheDeck) {
  TempDir d;
  d.write("ts-beside.txt", "# a smoothed step\n\n0.5 0.01 5  # t0 dt n\n0\n0.1 0.5\n  0.9\n1\n");
  std::string deck = d.write("deck.in", kBase + "source x=1 y=1 z=1 fz=1 type=Discrete file=ts-beside.txt\n");
  Config c = sw4::parse_input(deck);
  const sw4::SourceCfg& s = c.sources[0];
  EXPECT_EQ(s.type, TimeFunctionType::Discrete);
  EXPECT_EQ(s.file, (d.path / "ts-beside.txt").string());
  EXPECT_EQ(s.sample_t0, 0.5);
  EXPECT_EQ(s.sample_dt, 0.01);
  ASSERT_EQ(s.samples.size(), 5u);
  EXPECT_EQ(s.samples[1], 0.1);
  EXPECT_EQ(s.samples[4], 1.0);
  // an absolute name is read as given
  Config a = parse(kBase + "source x=1 y=1 z=1 type=Discrete file=" + s.file + "\n");
  EXPECT_EQ(a.sources[0].samples.size(), 5u);
}

TEST(InputDiscrete, MissingFile) {
  TempDir d;
  std::string deck = d.write("deck.in", kBase + "source x=1 y=1 z=1 type=Discrete file=nothere.txt\n");
  EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 type=Discrete file=nothere.txt\n"),
            "in/x.in:4: source: cannot open file=nothere.txt (looked in the current directory and in in/)");
  try {
    sw4::parse_input(deck);
    ADD_FAILURE() << "no error";
  } catch (const sw4::InputError& e) {
    EXPECT_EQ(std::string(e.what()), deck + ":4: source: cannot open file=nothere.txt (looked in the current "
                                            "directory and in " + d.path.string() + "/)");
  }
}

TEST(InputDiscrete, ErrorsPointAtTheSampleFile) {
  TempDir d;
  struct Case { const char* text; std::string msg; } cases[] = {
      {"# header missing\n", ":1: no data (the first data line must hold 't0 dt n')"},
      {"0 0.1\n1 2 3 4\n", ":1: the first data line must hold 't0 dt n' (found 2 values)"},
      {"\n0 x 4\n", ":2: dt 'x' is not a number"},
      {"0 0 4\n", ":1: dt=0 must be > 0"},
      {"0 -0.1 4\n", ":1: dt=-0.1 must be > 0"},
      {"0 0.1 3\n1 2 3\n", ":1: n=3 must be >= 4"},
      {"0 0.1 4.5\n", ":1: n '4.5' is not an integer"},
      {"0 0.1 4\n1\n2\n3\n", ":4: only 3 samples, expected n=4 (n is set on line 1)"},
      {"0 0.1 4\n1 2\n3 4 5\n", ":3: more than n=4 samples (n is set on line 1)"},
      {"#\n0 0.1 4\n1\n2x\n3\n4\n", ":4: sample '2x' is not a number"},
      {"nan 0.1 4\n", ":1: t0 'nan' is not a number"},
  };
  int i = 0;
  for (const Case& c : cases) {
    std::string name = "bad" + std::to_string(i++) + ".txt";
    std::string path = d.write(name, c.text);
    EXPECT_EQ(error_of(kBase + "source x=1 y=1 z=1 type=Discrete file=" + path + "\n"), path + c.msg);
  }
}

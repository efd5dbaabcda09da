// test_input_errors.cpp: the input parser (input.hpp) on bad input: one test per kind of
// error, each checking the exact one-line message: the input file itself, lexical errors,
// errors of one command, checks over the whole deck (coverage by blocks), and the sample files
// of type=Discrete. The good decks are in test_input.cpp.
//
// Why built so: the message is the parser's interface to a user, so each test shows the bad
// deck and its whole message side by side (decks are strings parsed under the name "in/x.in",
// input_helpers.hpp); the input files and the Discrete sample files are real files, in a
// temporary directory made here.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "input.hpp"
#include "input_helpers.hpp"

namespace fs = std::filesystem;
using sw4::Config;
using sw4::TimeFunctionType;

namespace {

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

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

// ------------------------------------------------------------------ the input file

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
                                   : name + ":0: cannot open the input file (it is a directory, not a regular file)");
    }
  }
}

// A FIFO is refused before it is opened: opening it would wait for a writer (the test would
// hang), and with a writer only one rank would read the deck. A device is refused too.
TEST(InputErrors, InputFileThatIsNotARegularFile) {
  TempDir d;
  const std::string fifo = (d.path / "fifo.in").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::vector<std::array<std::string, 2>> cases = {
      {fifo, "it is a FIFO, not a regular file"}, {"/dev/null", "it is a character device, not a regular file"}};
  for (const auto& c : cases) {
    try {
      sw4::parse_input(c[0]);
      ADD_FAILURE() << "no error for " << c[0];
    } catch (const sw4::InputError& e) {
      EXPECT_EQ(std::string(e.what()), c[0] + ":0: cannot open the input file (" + c[1] + ")");
    }
  }
}

// ------------------------------------------------------------------ lexical errors

TEST(InputErrors, UnknownCommand) {
  const std::string allowed =
      " (allowed: grid, time, fileio, supergrid, topography, block, source, rec, testpointsource, developer, "
      "checkpoint, restart, image, twilight, testenergy, testlamb, testrayleigh, dgalerkin, attenuation)";
  EXPECT_EQ(error_of(kBase + "sourse x=1\n"), "in/x.in:4: unknown command 'sourse'" + allowed);
  // whole-word match: the original's prefix match took these for time and rec
  EXPECT_EQ(error_of(kBase + "timeX t=1\n"), "in/x.in:4: unknown command 'timeX'" + allowed);
  EXPECT_EQ(error_of(kBase + "receiver x=1 y=1 z=0\n"), "in/x.in:4: unknown command 'receiver'" + allowed);
}

TEST(InputErrors, UnsupportedCommands) {
  // dgalerkin is the DG solver now (test_input_dg.cpp): kBase's supergrid is what it refuses.
  EXPECT_EQ(error_of(kBase + "dgalerkin order=3\n"),
            "in/x.in:2: supergrid: cannot be combined with dgalerkin on line 4 (the DG solver has no super-grid "
            "layers: its sides are walls or mirrors; remove the supergrid command)");
  EXPECT_EQ(error_of(kBase + "rupture file=r.srf\n"),
            "in/x.in:4: rupture: not supported by sw4lite (give the sources as source commands)");
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
      {"0 0.1 3\n1 2 3\n", ":1: n=3 is out of range (allowed: 4 <= n <= 100000000)"},
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

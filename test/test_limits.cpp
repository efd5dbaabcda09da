// test_limits.cpp: what a deck may ask for and what the machine must give, found before the
// first step: receiver file names, the number of steps and grid points, materials
// and source amplitudes that overflow or are not elastic (input.hpp), and the checks of
// limits.hpp: steps of `time t=`, memory of the arrays and the receivers, the output
// directory. Each test shows the deck (or the numbers) and the whole one-line message.
//
// Why built so: each of these once passed --check and then lost the run after its work (an
// uncaught exception after the last step, std::bad_alloc) or gave a wrong result with exit
// status 0 (one step of dt=1e12, NaN at the first step, a negative bulk modulus). The memory
// checks are pure functions of the deck and of the machine's size, so the tests give them a
// machine of any size; the directory checks run on real directories in a temporary one.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "input_helpers.hpp"
#include "checks/limits.hpp"
#include "precision_helpers.hpp"

// Bytes of a field value and of a receiver's sample: 8, or 4 in the single build.
constexpr double kB = sizeof(sw4::Real);

namespace fs = std::filesystem;

namespace {

const std::string kNames =
    " (allowed: a plain name of at most 245 letters, digits, '.', '_', '-', '+', not '.' or '..': the files go "
    "into the fileio path)";

std::string rec_file(const std::string& name) { return error_of(kBase + "rec x=1 y=1 z=0 file=" + name + "\n"); }

// A deck of 17 x 17 x 9 points (kBase) with a time line and what follows.
sw4::Config deck(const std::string& rest) { return parse(kBase + rest); }

}  // namespace

// ------------------------------------------------------------------ receiver file names

TEST(Limits, ReceiverFileNameIsPlain) {
  EXPECT_EQ(rec_file("sub/sta"), "in/x.in:4: rec: 'file=sub/sta': the character '/' is not allowed in a "
                                 "receiver file name" + kNames);
  EXPECT_EQ(rec_file("/tmp/abs"), "in/x.in:4: rec: 'file=/tmp/abs': the character '/' is not allowed in a "
                                  "receiver file name" + kNames);
  EXPECT_EQ(rec_file("../escaped"), "in/x.in:4: rec: 'file=../escaped': the character '/' is not allowed in a "
                                    "receiver file name" + kNames);
  EXPECT_EQ(rec_file("./s1"), "in/x.in:4: rec: 'file=./s1': the character '/' is not allowed in a "
                              "receiver file name" + kNames);
  EXPECT_EQ(rec_file(".."), "in/x.in:4: rec: 'file=..' is not a file name" + kNames);
  EXPECT_EQ(rec_file("."), "in/x.in:4: rec: 'file=.' is not a file name" + kNames);
  EXPECT_EQ(rec_file("a*b"), "in/x.in:4: rec: 'file=a*b': the character '*' is not allowed in a receiver file "
                             "name" + kNames);
  EXPECT_EQ(rec_file("a\x01" "b"), "in/x.in:4: rec: 'file=a\\x01" "b': the character \\x01 is not allowed in a "
                                   "receiver file name" + kNames);
  EXPECT_EQ(rec_file(std::string(246, 'a')), "in/x.in:4: rec: file=aaaaaaaaaaaaaaaaaaaa... is 246 characters "
                                             "long" + kNames);
  for (const std::string& ok : {std::string("sta01"), std::string("a.b-c_d+E9"), std::string(".hidden"),
                                std::string(245, 'a')})
    EXPECT_NO_THROW(parse(kBase + "rec x=1 y=1 z=0 file=" + ok + "\n")) << ok;
}

TEST(Limits, ReceiverFilesDoNotClash) {
  // "s1" and "./s1" once named one file; now the second is not a name, and equal names clash.
  EXPECT_EQ(error_of(kBase + "rec x=1 y=1 z=0 file=s1\nrec x=2 y=2 z=0 file=s1\n"),
            "in/x.in:5: rec: file=s1 is already used by the receiver on line 4 (give each receiver its own file)");
  EXPECT_EQ(error_of("testpointsource\n" + kBase + "source x=4 y=4 z=2 type=Gaussian\n"
                     "rec x=1 y=1 z=0 file=PointSourceErr usgsformat=1\n"),
            "in/x.in:6: rec: file=PointSourceErr would overwrite the error norms of testpointsource "
            "(allowed: another name)");
  EXPECT_EQ(error_of("fileio path=" + std::string(3900, 'd') + "\n" + kBase + "rec x=1 y=1 z=0 file=" +
                     std::string(200, 'r') + "\n"),
            "in/x.in:5: rec: the fileio path and file=rrrrrrrrrrrrrrrrrrrr... make a path of 4111 characters "
            "(allowed: at most 4095)");
}

// ------------------------------------------------------------------ counts

TEST(Limits, StepsAndPoints) {
  EXPECT_EQ(error_of(kBase + "time steps=1000000001\n"),
            "in/x.in:4: time: steps=1000000001 is too many (allowed: 0 <= steps <= 1000000000)");
  EXPECT_EQ(deck("time steps=1000000000\n").time.steps, 1000000000);
  EXPECT_EQ(error_of("grid h=1 nx=2147483000 ny=20 nz=14\nblock vp=2 vs=1 rho=1\n"),
            "in/x.in:1: grid: nx=2147483000 is too many points (allowed: 2 <= nx <= 1000000000)");
  EXPECT_EQ(error_of("grid h=1 nx=20 ny=20 nz=1000000001\nblock vp=2 vs=1 rho=1\n"),
            "in/x.in:1: grid: nz=1000000001 is too many points (allowed: 2 <= nz <= 1000000000)");
}

TEST(Limits, NumbersAreFinite) {
  // Beyond double, nan and inf are not numbers; so a deck value is always finite.
  EXPECT_EQ(error_of(kBase + "time t=1e400\n"), "in/x.in:4: time: 't=1e400' is not a number");
  EXPECT_EQ(error_of(kBase + "source x=4 y=4 z=2 fz=-inf\n"), "in/x.in:4: source: 'fz=-inf' is not a number");
  EXPECT_EQ(error_of(kBase + "source x=4 y=4 z=2 fz=0x1p3\n"), "in/x.in:4: source: 'fz=0x1p3' is not a number");
}

TEST(Limits, StepsOfAnEndTime) {
  sw4::Config c = deck("time t=1e12\n");
  EXPECT_EQ(sw4::steps_problem(c, 0.05),
            "in/x.in:4: time: t=1e+12 needs 2e+13 time steps of dt=0.05 (allowed: at most 1000000000 steps: a "
            "shorter t or a coarser grid)");
  EXPECT_EQ(sw4::steps_problem(c, 1e3), "");             // 1e9 steps: the limit itself
  EXPECT_NE(sw4::steps_problem(c, 999.9), "");
  EXPECT_NE(sw4::steps_problem(c, 0.0), "");             // dt0 = 0: infinitely many
  EXPECT_EQ(sw4::steps_problem(deck("time steps=5\n"), 1e-30), "");  // steps= is checked by the parser
}

// ------------------------------------------------------------------ materials and amplitudes

TEST(Limits, MaterialsMustBeElastic) {
  const std::string g = "grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\n";
  EXPECT_EQ(error_of(g + "block vp=1e300 vs=1 rho=1\n"),
            "in/x.in:3: block: at z=0: vp=1e+300, vs=1, rho=1 give the moduli rho*vp^2 = inf and rho*vs^2 = 1 "
            "(allowed: finite and not zero in double precision)");
  EXPECT_EQ(error_of(g + "block vp=2 vs=1e-200 rho=1\n"),
            "in/x.in:3: block: at z=0: vp=2, vs=1e-200, rho=1 give the moduli rho*vp^2 = 4 and rho*vs^2 = 0 "
            "(allowed: finite and not zero in double precision)");
  EXPECT_EQ(error_of(g + "block vp=2 vs=2 rho=1\n"),
            "in/x.in:3: block: at z=0: vp=2, vs=2, rho=1 give the bulk modulus rho*(vp^2 - 4/3 vs^2) = "
            "-1.333333333 (allowed: > 0, that is vp > 1.1547 vs)");
  EXPECT_EQ(error_of(g + "block vp=2 vs=1.5 rho=1\n"),  // lambda < 0 but bulk > 0: allowed
            "(no error)");
  // vs grows faster than vp: fine at the top, not at the bottom (z=4).
  EXPECT_EQ(error_of(g + "block vp=2 vs=1 rho=1 vsgrad=0.25\n"),
            "in/x.in:3: block: at z=4: vp=2, vs=2, rho=1 give the bulk modulus rho*(vp^2 - 4/3 vs^2) = "
            "-1.333333333 (allowed: > 0, that is vp > 1.1547 vs)");
  // Only the block's own depth range counts: the same gradient above z=2 is fine.
  EXPECT_EQ(error_of(g + "block vp=2 vs=1 rho=1\nblock vp=2 vs=1 rho=1 vsgrad=0.25 z2=2\n"), "(no error)");
  EXPECT_EQ(error_of("testpointsource cp=1 cs=1\n" + kBase + "source x=4 y=4 z=2 type=Gaussian\n"),
            "in/x.in:1: testpointsource: cp=1, cs=1, rho=1 give the bulk modulus rho*(cp^2 - 4/3 cs^2) = "
            "-0.3333333333 (allowed: > 0, that is cp > 1.1547 cs)");
}

TEST(Limits, SourceAmplitudesAreFinite) {
  EXPECT_EQ(error_of(kBase + "source x=4 y=4 z=2 fz=1e300 f0=1e300\n"),
            "in/x.in:4: source: f0*fz = inf overflows (allowed: a finite product)");
  EXPECT_EQ(error_of(kBase + "source x=4 y=4 z=2 Mxy=-1e300 m0=1e300\n"),
            "in/x.in:4: source: m0*Mxy = -inf overflows (allowed: a finite product)");
  EXPECT_EQ(error_of(kBase + "source x=4 y=4 z=2 fz=1e300\n"), "(no error)");
}

// ------------------------------------------------------------------ the cut into pieces

TEST(Limits, CutIntoPieces) {
  const sw4::Config c = deck("");  // 17 x 17 points in x and y
  EXPECT_EQ(sw4::cut_problem(c, 2, 4, "ranks", 8), "");
  EXPECT_EQ(sw4::cut_problem(c, 1, 9, "partitions", 9),
            "in/x.in: 9 partitions are too many for a 17 x 17 grid (each piece must own at least 2 points along "
            "x and y)");
  EXPECT_NE(sw4::cut_problem(c, -1, -1, "ranks", 1000), "");  // no cut at all
}

// ------------------------------------------------------------------ memory

TEST(Limits, ArrayBytesOfACut) {
  const sw4::Config c = deck("time steps=1\n");  // 17 x 17 x 9 points, 2 ghosts each side
  const std::array<double, 2> one = sw4::array_bytes(c, 1, 1, true);
  EXPECT_EQ(one[0], kB * 15 * 21 * 21 * 13);
  EXPECT_EQ(one[1], one[0]);
  // Two pieces in x: each holds half the columns and the 2 x kPadding overlap.
  const std::array<double, 2> two = sw4::array_bytes(c, 2, 1, true);
  EXPECT_EQ(two[0], kB * 15 * (21 + 4) * 21 * 13);
  EXPECT_EQ(two[1], kB * 15 * 13 * 21 * 13);
}

TEST(Limits, GridMemory) {
  const sw4::Config c = parse("grid h=1 x=20000 y=20000 z=2000\nblock vp=2 vs=1 rho=1\n");
  const double bytes = kB * 15 * 20005 * 20005 * 2005;
  EXPECT_EQ(sw4::grid_memory_problem(c, {1, 1, 1, 1, bytes}), "");
  EXPECT_EQ(sw4::grid_memory_problem(c, {1, 1, 1, 1, 1e12}),
            std::string("in/x.in:1: grid: the arrays of 8e+11 grid points need about ") +
                (sw4test::kSingle ? "4.81e+04 GB of memory on this machine (15 floats a point"
                                  : "9.63e+04 GB of memory on this machine (15 doubles a point") +
                ", 1 of 1 ranks here), which has 1e+03 GB (allowed: a grid that fits: a larger h, "
                "a smaller domain, or more machines)");
  // 100 ranks on 100 machines: each machine holds a hundredth, which fits in 1e12 bytes.
  EXPECT_EQ(sw4::grid_memory_problem(c, {10, 10, 100, 1, 1e12}), "");
  EXPECT_NE(sw4::grid_memory_problem(c, {10, 10, 100, 100, 1e12}), "");
}

// dgalerkin's coefficients: q = 2 on 100^3 elements is 100^3 (6 x 81 + 36 x 16) doubles,
// 8.5 GB (the operators' 0.2 MB aside): too much for 4 GB, not for 16.
TEST(Limits, DgMemory) {
  sw4::Config c;
  c.filename = "in/x.in";
  c.grid.nx = c.grid.ny = c.grid.nz = 101;
  c.dg.on = true;
  c.dg.order = 2;
  c.dg.line = 3;
  EXPECT_NEAR(sw4::dg_bytes(c, 1), 8e6 * (6 * 81 + 36 * 16) + 8 * (2 * 81 * 81 + 36 * 16 * 81), 1);
  EXPECT_EQ(sw4::grid_memory_problem(c, {1, 1, 1, 1, 16e9}), "");
  EXPECT_EQ(sw4::grid_memory_problem(c, {1, 1, 1, 1, 4e9}),
            "in/x.in:3: dgalerkin: the coefficients of 1000000 elements at degree 2 need about 8.5 GB of memory on "
            "this machine (1 of 1 ranks here), which has 4 GB (allowed: a run that fits: a lower degree, a larger h, "
            "or more machines)");
}

TEST(Limits, ReceiverMemory) {
  const sw4::Config c = deck("time steps=1000000000\nrec x=1 y=1 z=0 file=a variables=displacementgradient "
                             "usgsformat=1 sacformat=0\nrec x=2 y=1 z=0 file=b variables=div\n");
  const std::array<double, 2> a = sw4::receiver_bytes(c.recs[0], 1000000000);
  EXPECT_EQ(a[0], kB * 9 * 1000000001);                    // the samples
  // the USGS text, built whole: 25 characters a value, 16 in the single build
  EXPECT_EQ(a[1], (14.0 + (sw4test::kSingle ? 16 : 25) * 9) * 1000000001 + 1000);
  const std::array<double, 2> b = sw4::receiver_bytes(c.recs[1], 1000000000);
  EXPECT_EQ(b[0], kB * 1000000001);
  EXPECT_EQ(b[1], 8.0 * 1000000001 + 632);                 // a SAC file: floats and the bytes
  EXPECT_EQ(sw4::receiver_memory_problem(c, 1000000000, {1, 1, 1, 1, 1e11}),
            std::string("in/x.in:4: time: 1e+09 samples of 2 receivers need about ") +
                (sw4test::kSingle ? "198 GB of memory on this machine besides the arrays' 0.000344 GB"
                                  : "319 GB of memory on this machine besides the arrays' 0.000688 GB") +
                ", which has 100 GB (allowed: fewer steps, fewer receivers or components, no "
            "usgsformat text, or more machines)");
  EXPECT_EQ(sw4::receiver_memory_problem(c, 1000000000, {1, 1, 1, 1, 1e12}), "");
  EXPECT_EQ(sw4::receiver_memory_problem(c, 1000, {1, 1, 1, 1, 1e7}), "");
  EXPECT_GT(sw4::machine_memory(), 1e8);
}

// ------------------------------------------------------------------ the output directory

namespace {
struct TempDir {
  fs::path path = fs::temp_directory_path() / ("sw4lite-test-limits-" + std::to_string(getpid()));
  TempDir() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
};
sw4::Config with_path(const std::string& p) { return deck("fileio path=" + p + "\n"); }
}  // namespace

TEST(Limits, OutputDirectory) {
  TempDir t;
  const std::string base = t.path.string();
  // Not there yet: --check creates nothing, the run creates it.
  EXPECT_EQ(sw4::output_dir_problem(with_path(base + "/a/b"), false), "");
  EXPECT_FALSE(fs::exists(base + "/a"));
  EXPECT_EQ(sw4::output_dir_problem(with_path(base + "/a/b"), true), "");
  EXPECT_TRUE(fs::is_directory(base + "/a/b"));
  EXPECT_TRUE(fs::is_empty(base + "/a/b"));  // the probe file is gone
  EXPECT_TRUE(fs::is_empty(t.path / "a" / "b"));
  // A file in the way.
  std::ofstream(base + "/f") << "x";
  EXPECT_EQ(sw4::output_dir_problem(with_path(base + "/f/out"), false),
            "in/x.in:4: fileio: the output directory '" + base + "/f/out/' cannot be created ('" + base +
                "/f' is not a directory) (allowed: a directory that can be created and written)");
  EXPECT_NE(sw4::output_dir_problem(with_path(base + "/f/out"), true), "");
  // A directory no file can be made in, even by root.
  EXPECT_EQ(sw4::output_dir_problem(with_path("/proc/sw4lite-out"), false),
            "in/x.in:4: fileio: the output directory '/proc/sw4lite-out/' cannot be written (creating a file in "
            "'/proc': No such file or directory) (allowed: a directory that can be created and written)");
  EXPECT_NE(sw4::output_dir_problem(with_path("/proc"), true), "");
  // Without a fileio command the deck has no line to name.
  EXPECT_EQ(sw4::deck_at(deck(""), deck("").fileio.line), "in/x.in: ");
}

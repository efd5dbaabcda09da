// test_input_bounds.cpp: what keeps the parser's reads and messages bounded: a
// Discrete sample file that is a device, a FIFO or too large is refused before it is read,
// and one of an endless value costs no more than its first 1000 characters; a deck of one
// endless line stops at 1 MiB; every message that quotes the user's text (a token, a value, a
// file name) quotes at most about 80 characters of it; sizes computed from the grid line are
// refused before they leave an int.
//
// Why built so: each of these once hung while memory grew (/dev/zero as a sample file or as
// the deck, a FIFO), printed lines of 100 KB (a bad token quoted whole), or let a count pass its
// limit. The tests that would hang without the bound run under a watchdog (alarm) that turns a
// hang into a failure within seconds; a sparse file stands for a large one (no disk is used).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "input.hpp"
#include "input_helpers.hpp"
#include "checks/limits.hpp"

namespace fs = std::filesystem;

namespace {

// A fresh temporary directory, removed at the end of the test.
struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("sw4lite-test-bounds-" + std::to_string(getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string write(const std::string& name, const std::string& text) const {
    const std::string p = (path / name).string();
    std::ofstream(p) << text;
    return p;
  }
};

// Ends the process (a failed test) if the test runs past `seconds`: a read without a bound
// never returns.
struct Watchdog {
  explicit Watchdog(unsigned seconds) { alarm(seconds); }
  ~Watchdog() { alarm(0); }
};

std::string discrete(const std::string& file) {
  return error_of(kBase + "source x=1 y=1 z=1 fz=1 type=Discrete file=" + file + "\n");
}

// A message that quotes a long token: one line, short, with the token's length, and no run of
// 100 characters of the token.
void expect_cut(const std::string& m, char fill, std::size_t length) {
  EXPECT_EQ(m.find('\n'), std::string::npos) << m.substr(0, 300);
  EXPECT_LT(m.size(), 400u) << m.substr(0, 300);
  EXPECT_EQ(m.find(std::string(100, fill)), std::string::npos) << m.substr(0, 300);
  EXPECT_NE(m.find(std::to_string(length) + " characters)"), std::string::npos) << m.substr(0, 300);
}

}  // namespace

// ------------------------------------------------------------------ Discrete sample files

TEST(InputBounds, SampleFileThatIsNotARegularFile) {
  Watchdog w(20);
  TempDir d;
  EXPECT_EQ(discrete("/dev/zero"),
            "in/x.in:4: source: cannot open file=/dev/zero (it is a character device, not a regular file)");
  const std::string fifo = (d.path / "samples.fifo").string();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(discrete(fifo), "in/x.in:4: source: cannot open file=" + fifo + " (it is a FIFO, not a regular file)");
  EXPECT_EQ(discrete(d.path.string()),
            "in/x.in:4: source: cannot open file=" + d.path.string() + " (it is a directory, not a regular file)");
}

TEST(InputBounds, SampleFileTooLarge) {
  Watchdog w(20);
  TempDir d;
  const std::string big = d.write("big.txt", "0 0.1 4\n");
  fs::resize_file(big, 4000000001ULL);  // sparse: zeros that take no disk
  EXPECT_EQ(discrete(big), "in/x.in:4: source: file=" + big +
                               " is 4000000001 bytes long (allowed: at most 4000000000 bytes)");
  const std::string many = d.write("many.txt", "0 0.1 100000001\n1 2 3 4\n");
  EXPECT_EQ(discrete(many), many + ":1: n=100000001 is out of range (allowed: 4 <= n <= 100000000)");
  // the largest n passes its check (and the file is short of samples)
  const std::string most = d.write("most.txt", "0 0.1 100000000\n1 2 3 4\n");
  EXPECT_EQ(discrete(most), most + ":2: only 4 samples, expected n=100000000 (n is set on line 1)");
}

TEST(InputBounds, SampleFileWithAnEndlessValue) {
  Watchdog w(20);
  TempDir d;
  // 64 MiB of zero bytes and nothing else: one value that never ends
  const std::string zeros = d.write("zeros.txt", "");
  fs::resize_file(zeros, 64u << 20);
  std::string nuls;  // the first 20 characters, as the message shows them
  for (int i = 0; i < 20; ++i) nuls += "\\x00";
  EXPECT_EQ(discrete(zeros), zeros + ":1: a value longer than 1000 characters begins '" + nuls +
                                 "...' (allowed: a number)");
  const std::string ones = d.write("ones.txt", "0 0.1 4\n\n" + std::string(5000, '1') + "\n2 3 4\n");
  EXPECT_EQ(discrete(ones), ones + ":3: a value longer than 1000 characters begins '11111111111111111111...' "
                                   "(allowed: a number)");
  // 1000 characters are a value (a number, here)
  const std::string edge = d.write("edge.txt", "0 0.1 4\n0." + std::string(998, '5') + " 2 3 4\n");
  EXPECT_EQ(discrete(edge), "(no error)");
}

TEST(InputBounds, SampleFileMessagesQuoteLittle) {
  TempDir d;
  const std::string t0 = d.write("t0.txt", std::string(900, 'x') + " 0.1 4\n");
  expect_cut(discrete(t0), 'x', 900);
  const std::string sample = d.write("sample.txt", "0 0.1 4\n1 2 3 " + std::string(900, 'y') + "\n");
  expect_cut(discrete(sample), 'y', 900);
  const std::string name(3000, 'n');
  expect_cut(discrete(name), 'n', 3005);  // cannot open file=nnn...
}

// ------------------------------------------------------------------ the deck

TEST(InputBounds, DeckOfAnEndlessLine) {
  Watchdog w(20);
  TempDir d;
  const std::string zeros = d.write("zeros.in", "");
  fs::resize_file(zeros, 1u << 30);  // 1 GiB of zero bytes, sparse: one line that does not end
  try {
    sw4::parse_input(zeros);
    ADD_FAILURE() << "no error";
  } catch (const sw4::InputError& e) {
    EXPECT_EQ(std::string(e.what()), zeros + ":1: the line is longer than 1048576 characters (allowed: at most "
                                             "1048576)");
  }
  EXPECT_EQ(error_of(kBase + "# " + std::string(1 << 20, 'c') + "\n"),
            "in/x.in:4: the line is longer than 1048576 characters (allowed: at most 1048576)");
  EXPECT_EQ(error_of(kBase + "#" + std::string((1 << 20) - 1, 'c') + "\n"), "(no error)");  // 1 MiB is a line
  const std::string name = "/no/such/" + std::string(10000, 'd') + ".in";
  try {
    sw4::parse_input(name);
    ADD_FAILURE() << "no error";
  } catch (const sw4::InputError& e) {
    const std::string m = e.what();
    EXPECT_LT(m.size(), 4200u);
    EXPECT_NE(m.find(".in (" + std::to_string(name.size()) + " characters):0: cannot open the input file ("),
              std::string::npos)
        << m.substr(4000);
  }
}

// ------------------------------------------------------------------ long tokens in messages

TEST(InputBounds, EveryMessageCutsALongToken) {
  const std::string L(100000, 'q');
  const std::string D(100000, '7');
  struct Case { std::string deck; char fill; std::size_t length; } cases[] = {
      {kBase + L + " x=1\n", 'q', L.size()},                                     // unknown command
      {kBase + "source " + L + "=1\n", 'q', L.size()},                             // unknown key
      {kBase + "source " + L + "\n", 'q', L.size()},                               // not key=value
      {kBase + "source x=" + D + "q y=1 z=1 fz=1\n", '7', D.size() + 3},           // not a number
      {"grid h=-0." + D + " x=8 y=8 z=4\n", '7', D.size() + 5},                    // must be > 0
      {kBase + "fileio printcycle=-" + D + "\n", '7', D.size() + 12},             // not an integer
      {kBase + "time steps=-" + std::string(99990, '0') + "1\n", '0', 99998},       // must be >= 0
      {kBase + "developer checkfornan=" + L + "\n", 'q', L.size() + 12},           // not a boolean
      {kBase + "developer kernel=" + L + "\n", 'q', L.size() + 7},
      {kBase + "developer protocol=" + L + "\n", 'q', L.size() + 9},
      {kBase + "developer halo=" + L + "\n", 'q', L.size() + 5},
      {kBase + "developer imbalance=" + L + "\n", 'q', L.size() + 10},
      {kBase + "source x=1 y=1 z=1 type=" + L + "\n", 'q', L.size()},
      {kBase + "source x=1 y=1 z=1 file=" + L + "\n", 'q', L.size() + 5},
      {kBase + "source x=1 y=1 z=1 type=Discrete file=" + L + "\n", 'q', L.size() + 5},
      {kBase + "rec x=1 y=1 z=0 variables=" + L + "\n", 'q', L.size()},
      {kBase + "checkpoint cycle=1 file=/" + L + "\n", 'q', L.size() + 6},
      {kBase + "topography input=" + L + " zmax=1\n", 'q', L.size() + 6},
      {kBase + "topography input=gaussian zmax=1 gaussianAmp=0 gaussianXc=0 gaussianYc=0 gaussianLx=1 "
               "gaussianLy=1 analyticalMetric=" + L + "\n", 'q', L.size() + 17},
      {kBase + "image mode=" + L + " x=1 cycle=1\n", 'q', L.size()},
      {kBase + "image mode=ux x=1 cycle=1 file=/" + L + "\n", 'q', L.size() + 6},
      {kBase + "image mode=ux x=1 cycle=1 precision=" + L + "\n", 'q', L.size() + 10},
      {kBase + "rec x=1 y=1 z=0 file=" + std::string(200, 'q') + "\nrec x=2 y=1 z=0 file=" + std::string(200, 'q') +
           "\n", 'q', 200},
  };
  for (const Case& c : cases) {
    const std::string m = error_of(c.deck);
    EXPECT_NE(m, "(no error)") << c.deck.substr(0, 120);
    expect_cut(m, c.fill, c.length);
  }
  // a warning quotes as little: a station name cut for SAC
  const sw4::Config w = parse(kBase + "rec x=1 y=1 z=0 sta=" + L + "\n");
  int cut = 0;
  for (const std::string& m : w.warnings)
    if (m.find("station name") != std::string::npos) ++cut, expect_cut(m, 'q', L.size());
  EXPECT_EQ(cut, 1);
  // a short token is quoted whole, and control characters are shown as \xNN
  EXPECT_EQ(error_of(kBase + "sourse\x01\x1b x=1\n"),
            "in/x.in:4: unknown command 'sourse\\x01\\x1B' (allowed: grid, time, fileio, supergrid, topography, block, "
            "source, rec, testpointsource, developer, checkpoint, restart, image, twilight, testenergy, testlamb, "
            "testrayleigh, dgalerkin, attenuation)");
  EXPECT_EQ(error_of(kBase + "source x=1" + std::string(76, '0') + "x y=1 z=1\n"),
            "in/x.in:4: source: 'x=1" + std::string(76, '0') + "x' is not a number");  // 80 characters: whole
  EXPECT_EQ(error_of(kBase + "source x=1" + std::string(77, '0') + "x y=1 z=1\n"),
            "in/x.in:4: source: 'x=1" + std::string(47, '0') + "..." + std::string(19, '0') +
                "x' (81 characters) is not a number");
}

TEST(InputBounds, OutputDirectoryMessageCutsThePath) {
  const std::string path = "/proc/" + std::string(100000, 'p');
  const std::string m = sw4::output_dir_problem(parse(kBase + "fileio path=" + path + "\n"), false);
  expect_cut(m, 'p', path.size() + 1);  // the parser ends the path with '/'
}

// ------------------------------------------------------------------ sizes from the grid line

TEST(InputBounds, GridCountsAndExtents) {
  const std::string rest = "supergrid gp=2\nblock vp=2 vs=1 rho=1\n";
  // x/h = 1e9 makes 1e9 + 1 points: one past the limit on points along an axis
  EXPECT_EQ(error_of("grid h=1 x=1000000000 y=8 z=4\n" + rest),
            "in/x.in:1: grid: x/h = 1000000000 makes 1000000001 points, too many (allowed: at most 1000000000 "
            "along an axis)");
  EXPECT_EQ(error_of("grid h=1e-300 x=1 y=8 z=4\n" + rest),
            "in/x.in:1: grid: x/h = 1e+300 makes 1e+300 points, too many (allowed: at most 1000000000 along an "
            "axis)");
  EXPECT_EQ(error_of("grid h=1e308 nx=3 ny=3 nz=3\n" + rest),
            "in/x.in:1: grid: (nx-1)*h = 2*1e+308 overflows (allowed: a finite extent)");
}

// test_e2e_outputs.cpp: the numbers of the end-to-end runs, checked against the original and
// against the symmetries of the decks.
//
// Why built so: test/checks/e2e.sh runs ./sw4lite on the decks of inputs/, each in its own
// directory under test-output/e2e/, and only checks there that each run ends well. The numbers
// are compared here, in C++, because the comparisons need a tolerance relative to a series'
// maximum, and the project asks for nothing beyond a C++ compiler, MPI and a POSIX shell. The
// runs are the e2e checks' business, so without SW4LITE_E2E_DIR (set by e2e.sh to that
// directory) every test here is skipped; with it, a missing output is a failure.
//
// What is compared (directory names are those of e2e.sh):
//   - PointSourceErr.txt of the pointsource runs on 1, 2 and 4 ranks against the original's
//     (test/reference/PointSourceErr.txt) to 8 significant digits (relative 1e-8; 2.5e-5 in the
//     single build, whose tolerances are kRecTol's and those below);
//   - recA, recB, recC of the deck with receivers against the original's: same header lines
//     (the Date line aside), same time column (as text), the same number of rows, and every
//     value within 1e-10 of its column's maximum in the reference (a column that is zero by
//     symmetry, rounding noise in both, within 1e-10 of the receiver's largest column);
//   - pointforce.in: mirrored receivers agree (ux, uz equal, uy opposite) and uy vanishes on the
//     mirror plane, to 1e-10 of the series' maximum: the scheme is mirror-symmetric;
//   - loh1-small.in: receivers swapped across the diagonal see each other's horizontal
//     components, to 1e-10 of the series' maximum;
//   - pointforce-exact.in at h and h/2: the error norms against the exact solution fall by at
//     least 8 (4th-order scheme: about 11 is measured);
//   - the identity deck: every SAC file holds, as float32, exactly the values of the matching
//     column of the USGS text file (the north component of nsew to float precision), with as
//     many samples as the text has rows;
//   - the number of samples: N+1 for displacement-like modes, N for velocity (NUMERICS 10.1).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "receiver.hpp"
#include "test/usgs_helpers.hpp"
#include "test/precision_helpers.hpp"

namespace {

// The receivers' tolerance against the original's (double) files and between mirror images:
// 1e-10 of the maximum; in the single build 1e-5 (its receivers differ from the double
// build's by up to 3e-6 of their maximum: docs/user-guide.md, "Single precision").
const double kRecTol = sw4test::tol(1e-10, 1e-5);

// a[i] = sign * b[i] to rel of the larger of the two series' maxima.
void expect_mirror(const std::vector<double>& a, const std::vector<double>& b, double sign,
                   double rel, const std::string& what) {
  ASSERT_EQ(a.size(), b.size()) << what;
  const double scale = std::max(max_abs(a), max_abs(b));
  EXPECT_GT(scale, 0) << what << ": both series are zero, nothing is compared";
  double worst = 0;
  for (std::size_t i = 0; i < a.size(); ++i) worst = std::max(worst, std::fabs(a[i] - sign * b[i]));
  EXPECT_LE(worst, rel * scale) << what << ": differ by " << worst << " (maximum " << scale << ")";
}

std::vector<double> read_numbers(const std::string& path) {
  std::ifstream in(path);
  std::vector<double> v;
  double x;
  while (in >> x) v.push_back(x);
  return v;
}

// The step count the driver printed: "time step DT, N steps to t = T".
int steps_of_run(const std::string& stdout_path) {
  std::ifstream in(stdout_path);
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t p = line.find(" steps to t = ");
    if (line.rfind("time step ", 0) == 0 && p != std::string::npos) {
      const std::size_t comma = line.rfind(", ", p);
      if (comma != std::string::npos) return std::atoi(line.c_str() + comma + 2);
    }
  }
  return -1;
}

class E2E : public ::testing::Test {
 protected:
  void SetUp() override {
    const char* d = std::getenv("SW4LITE_E2E_DIR");
    if (!d || !*d) GTEST_SKIP() << "SW4LITE_E2E_DIR is not set: run through make test (test/checks/e2e.sh)";
    dir_ = std::string(d) + "/";
    const char* r = std::getenv("SW4LITE_ROOT");
    ref_ = std::string(r && *r ? r : ".") + "/test/reference/";
  }
  std::string dir_, ref_;

  void check_pointsource_err(const std::string& run) {
    const std::string file = dir_ + run + "/pointsource-h0p04/PointSourceErr.txt";
    const std::vector<double> got = read_numbers(file), want = read_numbers(ref_ + "PointSourceErr.txt");
    ASSERT_EQ(want.size(), 4u) << "the reference " << ref_ << "PointSourceErr.txt";
    ASSERT_EQ(got.size(), 4u) << file << " (t Linf L2 max) is missing or incomplete";
    const char* name[4] = {"t", "Linf", "L2", "norm of solution"};
    for (int n = 0; n < 4; ++n)
      // single: the solution in float over 1035 steps; measured 7.7e-6 (Linf), 2.1e-7 (L2) relative
      EXPECT_NEAR(got[n], want[n], sw4test::tol(1e-8, 2.5e-5) * std::fabs(want[n])) << file << ": " << name[n];
  }

  void check_reference_receiver(const std::string& rec) {
    const Usgs got = read_usgs(dir_ + "pointsource-rec-np2/pointsource-h0p04/" + rec + ".txt");
    const Usgs want = read_usgs(ref_ + rec + ".txt");
    ASSERT_EQ(want.error, "");
    ASSERT_EQ(got.error, "");
    ASSERT_EQ(got.header.size(), want.header.size()) << rec << ": header lines";
    for (std::size_t n = 0; n < want.header.size(); ++n) {
      if (want.header[n].rfind("# Date:", 0) != 0) {
        EXPECT_EQ(got.header[n], want.header[n]) << rec;
      }
    }
    ASSERT_EQ(got.col.size(), want.col.size()) << rec << ": columns";
    ASSERT_EQ(got.time_text.size(), want.time_text.size()) << rec << ": rows";
    EXPECT_EQ(got.time_text, want.time_text) << rec << ": time column";
    // A component that is zero by symmetry (recB, straight above the source: ux = uy = 0) holds
    // only rounding noise, in the original as here; it is held to kRecTol of the receiver's
    // largest component instead of to its own (noise) maximum.
    double recmax = 0;
    for (std::size_t c = 1; c < want.col.size(); ++c) recmax = std::max(recmax, max_abs(want.col[c]));
    ASSERT_GT(recmax, 0) << rec << ": the reference is all zero";
    for (std::size_t c = 1; c < want.col.size(); ++c) {
      const std::string what = rec + " column " + std::to_string(c + 1);
      if (max_abs(want.col[c]) >= 1e-12 * recmax) {
        expect_close(got.col[c], want.col[c], kRecTol, what);
      } else {
        EXPECT_LE(max_abs(got.col[c]), kRecTol * recmax) << what << " (zero by symmetry)";
      }
    }
  }

  Usgs usgs(const std::string& path) {
    Usgs u = read_usgs(dir_ + path);
    EXPECT_EQ(u.error, "");
    return u;
  }
};

TEST_F(E2E, PointSourceErrOneRank) { check_pointsource_err("pointsource-np1"); }
TEST_F(E2E, PointSourceErrTwoRanksWithReceivers) { check_pointsource_err("pointsource-rec-np2"); }
TEST_F(E2E, PointSourceErrFourRanks) { check_pointsource_err("pointsource-np4"); }

TEST_F(E2E, ReceiverRecAMatchesOriginal) { check_reference_receiver("recA"); }
TEST_F(E2E, ReceiverRecBMatchesOriginal) { check_reference_receiver("recB"); }
TEST_F(E2E, ReceiverRecCMatchesOriginal) { check_reference_receiver("recC"); }

TEST_F(E2E, PointForceMirrorSymmetry) {
  const std::string out = "pointforce-np2/pointforce-results/";
  for (const char* pair : {"1", "2"}) {
    const Usgs n = usgs(out + "pf_n" + pair + ".txt"), s = usgs(out + "pf_s" + pair + ".txt");
    ASSERT_EQ(n.col.size(), 4u);
    ASSERT_EQ(s.col.size(), 4u);
    const std::string what = std::string("pf_n") + pair + " / pf_s" + pair;
    expect_mirror(n.col[1], s.col[1], +1, kRecTol, what + " ux");
    expect_mirror(n.col[2], s.col[2], -1, kRecTol, what + " uy");
    expect_mirror(n.col[3], s.col[3], +1, kRecTol, what + " uz");
  }
  const Usgs mid = usgs(out + "pf_mid.txt");
  ASSERT_EQ(mid.col.size(), 4u);
  const double scale = std::max(max_abs(mid.col[1]), max_abs(mid.col[3]));
  EXPECT_GT(scale, 0);
  EXPECT_LE(max_abs(mid.col[2]), kRecTol * scale) << "pf_mid: uy on the mirror plane";
}

TEST_F(E2E, Loh1SmallSwapSymmetry) {
  const std::string out = "loh1-small-np2/loh1-small-results/";
  const Usgs a = usgs(out + "sta01.txt"), b = usgs(out + "sta01s.txt"), d = usgs(out + "sta03.txt");
  ASSERT_EQ(a.col.size(), 4u);
  ASSERT_EQ(b.col.size(), 4u);
  ASSERT_EQ(d.col.size(), 4u);
  expect_mirror(a.col[1], b.col[2], +1, kRecTol, "sta01 vx / sta01s vy");
  expect_mirror(a.col[2], b.col[1], +1, kRecTol, "sta01 vy / sta01s vx");
  expect_mirror(a.col[3], b.col[3], +1, kRecTol, "sta01 vz / sta01s vz");
  expect_mirror(d.col[1], d.col[2], +1, kRecTol, "sta03 vx / vy (on the diagonal)");
}

TEST_F(E2E, PointForceExactConverges) {
  const std::vector<double> h = read_numbers(dir_ + "pointforce-exact-np2/pointforce-exact-results/PointSourceErr.txt");
  const std::vector<double> h2 = read_numbers(dir_ + "pointforce-exact-h2-np2/pointforce-exact-results/PointSourceErr.txt");
  ASSERT_EQ(h.size(), 4u) << "the run at h";
  ASSERT_EQ(h2.size(), 4u) << "the run at h/2";
  EXPECT_NEAR(h[0], 0.6, 1e-12);
  EXPECT_NEAR(h2[0], 0.6, 1e-12);
  EXPECT_GT(h[3], 0) << "the exact solution is zero: nothing is compared";
  EXPECT_LE(h2[1], h[1] / 8) << "Linf at h = " << h[1] << ", at h/2 = " << h2[1];
  EXPECT_LE(h2[2], h[2] / 8) << "L2 at h = " << h[2] << ", at h/2 = " << h2[2];
  EXPECT_LE(h2[1], 0.02 * h2[3]) << "Linf at h/2 relative to the solution's maximum";
}

TEST_F(E2E, IdentitySacFilesMatchText) {
  const std::string out = "identity-np1/layered-identity-results/";
  struct Station { const char* file; std::vector<const char*> suffix; };
  const std::vector<Station> stations = {
      {"disp_surf", {"x", "y", "z"}},
      {"vel_nsew", {"ev", "nv", "uv"}},
      {"div_surf", {"div"}},
      {"curl_deep", {"curlx", "curly", "curlz"}},
      {"strains", {"xx", "yy", "zz", "xy", "xz", "yz"}},
      {"dgrad_surf", {"duxdx", "duxdy", "duxdz", "duydx", "duydy", "duydz", "duzdx", "duzdy", "duzdz"}},
      {"disp_nsew", {"e", "n", "u"}}};
  for (const Station& st : stations) {
    const Usgs text = usgs(out + st.file + ".txt");
    ASSERT_EQ(text.col.size(), st.suffix.size() + 1) << st.file;
    for (std::size_t c = 0; c < st.suffix.size(); ++c) {
      const std::string name = dir_ + out + st.file + "." + st.suffix[c];
      sw4::SacFile sac;
      try {
        sac = sw4::read_sac(name);
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what();
        continue;
      }
      const std::vector<double>& v = text.col[c + 1];
      ASSERT_EQ(sac.data.size(), v.size()) << name;
      EXPECT_EQ(sac.nh("NPTS"), int(v.size())) << name;
      // The north component of an nsew receiver mixes x and y with the spheroidal correction,
      // and the SAC writer, like the original, rotates the float samples: it agrees with the
      // text (rotated in double) to float precision only. Every other column is the float of
      // the text's double exactly.
      const bool rotated = std::string(st.suffix[c]) == "n" || std::string(st.suffix[c]) == "nv";
      const double tol = rotated ? 1e-6 * max_abs(v) : 0.0;
      std::size_t bad = 0;
      for (std::size_t i = 0; i < v.size(); ++i)
        bad += rotated ? std::fabs(sac.data[i] - v[i]) > tol : sac.data[i] != static_cast<float>(v[i]);
      EXPECT_EQ(bad, 0u) << name << ": samples differ from column " << c + 2 << " of the text file";
      EXPECT_GT(max_abs(v), 0) << name << ": an all-zero series checks nothing";
    }
  }
}

TEST_F(E2E, SampleCounts) {
  // displacement-like modes record the initial state too: N+1 samples; velocity N.
  struct Case { std::string run, file; int extra; };
  const std::vector<Case> cases = {
      {"pointforce-np2", "pointforce-results/pf_n1.txt", 1},
      {"pointforce-np2", "pointforce-results/pf_n2.txt", 0},
      {"loh1-small-np2", "loh1-small-results/sta02.txt", 0},
      {"identity-np1", "layered-identity-results/strains.txt", 1},
      {"identity-np1", "layered-identity-results/vel_nsew.txt", 0},
      {"pointsource-rec-np2", "pointsource-h0p04/recA.txt", 1},
      {"pointsource-rec-np2", "pointsource-h0p04/recC.txt", 0}};
  for (const Case& c : cases) {
    const int n = steps_of_run(dir_ + c.run + "/stdout");
    ASSERT_GT(n, 0) << c.run << "/stdout has no 'time step DT, N steps to t = T' line";
    const Usgs u = usgs(c.run + "/" + c.file);
    EXPECT_EQ(int(u.time_text.size()), n + c.extra) << c.run << "/" << c.file << " (" << n << " steps)";
  }
}

}  // namespace

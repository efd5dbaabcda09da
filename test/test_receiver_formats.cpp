// test_receiver_formats.cpp: the files a receiver writes (receiver.hpp, sac.hpp): USGS text
// against the original's reference files, and SAC binary for every mode, read back by read_sac
// and also at raw byte offsets. Recording and the other file handling are in test_receiver.cpp.
//
// The USGS tests feed the samples of the original's reference files (the original SW4lite's
// output for the rec lines of inputs/pointsource-rec.in, as in test/reference/recA.txt;
// embedded below so that the test reads no file) back through the writer and require the same
// bytes. The SAC tests write one file per component
// for every mode, read it back field by field, and also read the raw bytes at the offsets of
// the standard SAC layout, so the reader cannot hide a layout mistake of the writer.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "input.hpp"
#include "receiver.hpp"
#include "topography/receiver_topography.hpp"  // set_sac_positions
#include "receiver_helpers.hpp"

using namespace sw4;
namespace fs = std::filesystem;

namespace {
// Output of the original (geodynamics/sw4lite, C kernels) for the three rec lines of its
// pointsource reference deck (inputs/pointsource-rec.in here), copied verbatim.
const std::string kRecA = R"REF(# Author: SW4
# Scenario: test
# Date: UTC  11/29/2026:23:40:22.000
# Bandwith (Hz): 1.234000e+00
# Station: recA
# Target location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700004e+01
# Actual location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700004e+01
# Distance from target to actual location (m): 0.000000e+00
# nColumns: 4
# Column 1: Time (s)
# Column 2: X displacement (m)
# Column 3: Y displacement (m)
# Column 4: Z displacement (m)
0.000000e+00  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
2.608696e-02  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
5.217391e-02  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
7.826087e-02  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
1.043478e-01  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
1.304348e-01  1.16104079250989792e-15 -8.81720240938688285e-16 -1.88284955637987066e-15
1.565217e-01  4.15602223356940590e-14 -6.94035754498008832e-14 -4.28200101883763544e-14
1.826087e-01 -2.23513139864203115e-12 -2.72498936486277692e-12 -4.63610949750506842e-12
2.086957e-01  7.42949548293726538e-11 -6.03467370289793168e-11  7.36460284380093050e-11
2.347826e-01 -4.21132962348864058e-10  3.78135765617183912e-10 -6.55963287897160008e-10
2.608696e-01 -3.91395005348089278e-09 -2.41721199694687221e-09  5.82290619047497320e-09
2.869565e-01  5.28633504635213110e-08  1.92479788570662388e-08 -3.03378778659443017e-08
3.130435e-01  2.09497929509354761e-07  1.63594284562365926e-07 -2.34444995662451247e-07
3.391304e-01 -2.15774800676984916e-06 -1.10191170016938846e-06  2.02276954116268822e-06
3.652174e-01 -1.27904615273381784e-05 -8.60883644103275901e-06  1.38850364705204988e-05
3.913043e-01  2.42237770911491516e-05  3.27399041497705724e-06 -1.04613707389183013e-05
4.173913e-01  5.10508186592098121e-04  2.39877434056159309e-04 -4.16136219981220687e-04
4.434783e-01  2.75119673039133554e-03  1.36392008749228839e-03 -2.31265847658125969e-03
4.695652e-01  9.41380815754641609e-03  4.70773839912886228e-03 -7.95308429909066111e-03
4.956522e-01  2.42695271759729367e-02  1.21496513568934636e-02 -2.05501996552161330e-02
5.217391e-01  5.11335290953246202e-02  2.56219303621185723e-02 -4.34125405088840524e-02
5.478261e-01  9.26349847820906180e-02  4.64725469119359469e-02 -7.88063141922601129e-02
5.739130e-01  1.49286979208109599e-01  7.49092029634956663e-02 -1.27041078476562347e-01
6.000000e-01  2.18799182979738549e-01  1.09689275810457842e-01 -1.86014263787078249e-01
)REF";
const std::string kRecC = R"REF(# Author: SW4
# Scenario: test
# Date: UTC  11/29/2026:23:40:22.000
# Bandwith (Hz): 1.234000e+00
# Station: recC
# Target location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700004e+01
# Actual location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700004e+01
# Distance from target to actual location (m): 4.440892e-16
# nColumns: 4
# Column 1: Time (s)
# Column 2: X velocity (m/s)
# Column 3: Y velocity (m/s)
# Column 4: Z velocity (m/s)
0.000000e+00  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
2.608696e-02  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
5.217391e-02  0.00000000000000000e+00  0.00000000000000000e+00  0.00000000000000000e+00
7.826087e-02  2.27404266100129386e-09 -2.27404266100129510e-09  1.74750924178171542e-09
1.043478e-01 -1.01810105056821955e-07  1.01810105056821889e-07  7.59985838986059252e-08
1.304348e-01  1.20372099469131562e-06 -1.20372099469131604e-06  1.65536039179401468e-06
1.565217e-01 -6.40151316482338245e-06  6.40151316482338245e-06 -1.41349676652523795e-05
1.826087e-01 -9.48651631385077421e-05  9.48651631385078099e-05 -8.39814601603800230e-05
2.086957e-01  9.58427997352277131e-04 -9.58427997352277782e-04  8.34559497783110321e-04
2.347826e-01  1.36122974169544317e-02 -1.36122974169544282e-02  1.01274048180727237e-02
2.608696e-01  7.39860477748692374e-02 -7.39860477748692513e-02  5.23216293403146182e-02
2.869565e-01  2.52791295274391148e-01 -2.52791295274391092e-01  1.76887872793755785e-01
3.130435e-01  6.33851107551334780e-01 -6.33851107551334891e-01  4.46663744245201999e-01
3.391304e-01  1.26854800909120935e+00 -1.26854800909120935e+00  9.03237150963672408e-01
3.652174e-01  2.14020240437535803e+00 -2.14020240437535758e+00  1.53216614430370246e+00
3.913043e-01  3.15688791167762428e+00 -3.15688791167762339e+00  2.25651097740205708e+00
4.173913e-01  4.16663979704895482e+00 -4.16663979704895571e+00  2.96002595093835552e+00
4.434783e-01  4.98769857000737993e+00 -4.98769857000738348e+00  3.51656002117645450e+00
4.695652e-01  5.44440913090942846e+00 -5.44440913090942846e+00  3.80985006337481957e+00
4.956522e-01  5.39674060224991425e+00 -5.39674060224990804e+00  3.74880552761315355e+00
5.217391e-01  4.76483634062955730e+00 -4.76483634062955730e+00  3.28498582637331316e+00
5.478261e-01  3.55143836433698556e+00 -3.55143836433700288e+00  2.42632012870324365e+00
5.739130e-01  1.84992961911161768e+00 -1.84992961911163034e+00  1.23934561093998874e+00
)REF";
const std::string kRecBHeader = R"REF(# Author: SW4
# Scenario: test
# Date: UTC  11/29/2026:23:40:22.000
# Bandwith (Hz): 1.234000e+00
# Station: recB
# Target location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700004e+01
# Actual location (WGS84 longitude, latitude) (deg): -1.180000e+02 3.700004e+01
# Distance from target to actual location (m): 0.000000e+00
# nColumns: 4
# Column 1: Time (s)
# Column 2: X displacement (m)
# Column 3: Y displacement (m)
# Column 4: Z displacement (m)
)REF";
}  // namespace

// ------------------------------------------------------------------ USGS text

namespace {
// Loads the data rows of a reference file into the receiver and returns the writer's text.
std::string usgs_from_reference(Receiver& r, const std::string& ref) {
  std::vector<std::string> ls = lines_of(ref);
  r.samples.clear();
  for (std::size_t n = 13; n < ls.size(); ++n) {
    std::istringstream row(ls[n]);
    std::string t;
    row >> t;
    for (int c = 0; c < r.ncomp(); ++c) {
      std::string v;
      row >> v;
      r.samples.push_back(std::strtod(v.c_str(), nullptr));  // 18 digits: the exact double
    }
  }
  return r.usgs_text(kDt, pointsource_grid(), kRefDate);
}
// The reference file as this build writes it: the same in double; in the single build every
// sample is the reference's value rounded to a float and printed with a float's 9 digits
// (Receiver::kSampleFormat), the header and the time column unchanged. Still byte for byte.
std::string as_this_build(const std::string& ref) {
  if (sizeof(Real) == 8) return ref;
  std::vector<std::string> ls = lines_of(ref);
  std::string out;
  for (std::size_t n = 0; n < ls.size(); ++n) {
    if (n < 13) {
      out += ls[n] + "\n";
      continue;
    }
    std::istringstream row(ls[n]);
    std::string t, v;
    row >> t;
    out += t;
    char buf[64];
    while (row >> v) {
      std::snprintf(buf, sizeof buf, Receiver::kSampleFormat, double(Real(std::strtod(v.c_str(), nullptr))));
      out += buf;
    }
    out += "\n";
  }
  return out;
}
}  // namespace

TEST(Usgs, ReproducesReferenceRecA) {  // displacement, off-surface
  Receiver r = make_receiver(rec(4.4, 4.2, 1.0, "recA"), pointsource_grid());
  const std::string out = usgs_from_reference(r, kRecA);
  EXPECT_EQ(r.nsamples(), 24u);
  const std::string want = as_this_build(kRecA);
  std::vector<std::string> a = lines_of(out), b = lines_of(want);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t n = 0; n < a.size(); ++n) EXPECT_EQ(a[n], b[n]) << "line " << n + 1;
  EXPECT_EQ(out, want);  // byte for byte, the final newline included
}

TEST(Usgs, ReproducesReferenceRecCVelocity) {  // velocity: the distance line is 4.440892e-16
  Receiver r = make_receiver(rec(4.2, 3.8, 1.5, "recC", RecMode::Velocity), pointsource_grid());
  const std::string out = usgs_from_reference(r, kRecC);
  EXPECT_EQ(r.nsamples(), 23u);
  const std::string want = as_this_build(kRecC);
  std::vector<std::string> a = lines_of(out), b = lines_of(want);
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t n = 0; n < a.size(); ++n) EXPECT_EQ(a[n], b[n]) << "line " << n + 1;
  EXPECT_EQ(out, want);
}

TEST(Usgs, ReferenceRecBHeaderAtTheSurface) {
  Receiver r = make_receiver(rec(4.0, 4.0, 0.0, "recB"), pointsource_grid());
  for (int n = 0; n < 24 * 3; ++n) r.samples.push_back(0.0);
  std::vector<std::string> a = lines_of(r.usgs_text(kDt, pointsource_grid(), kRefDate)), b = lines_of(kRecBHeader);
  for (std::size_t n = 0; n < b.size(); ++n) EXPECT_EQ(a[n], b[n]) << "line " << n + 1;
}

TEST(Usgs, TimeColumnFromDtAsPrinted) {  // t_i = 0 + i*dt with dt = 0.6/23, printed %e
  std::vector<std::string> a = lines_of(kRecA), c = lines_of(kRecC);
  for (std::size_t i = 0; i + 13 < a.size(); ++i) {
    char t[32];
    std::snprintf(t, sizeof t, "%e", 0.0 + double(i) * (0.6 / 23));
    EXPECT_EQ(a[13 + i].substr(0, a[13 + i].find(' ')), t) << "recA row " << i;
    if (13 + i < c.size()) {
      EXPECT_EQ(c[13 + i].substr(0, c[13 + i].find(' ')), t) << "recC row " << i;
    }
  }
}

TEST(Usgs, DateLineAndColumnTitlesByMode) {
  const GridCfg g = pointsource_grid();
  const UtcTime t = utc_from_epoch(1700000000);
  struct Case { RecMode m; bool nsew; std::vector<std::string> titles; };
  const std::vector<Case> cases = {
      {RecMode::Displacement, true, {"# Column 2: East-west displacement (m)", "# Column 3: North-sourth displacement (m)",
                                     "# Column 4: Up-down displacement (m)"}},
      {RecMode::Velocity, true, {"# Column 2: East-west velocity (m/s)", "# Column 3: Nort-south velocity (m/s)",
                                 "# Column 4: Up-down velocity (m/s)"}},
      {RecMode::Div, false, {"# Column 2: divergence of displacement ()"}},
      {RecMode::Curl, false, {"# Column 2: curl of displacement, component 1 ()", "# Column 3: curl of displacement, component 2 ()",
                              "# Column 4: curl of displacement, component 3 ()"}},
      {RecMode::Strains, false, {"# Column 2: xx strain component ()", "# Column 3: yy strain component ()",
                                 "# Column 4: zz strain component ()", "# Column 5: xy strain component ()",
                                 "# Column 6: xz strain component ()", "# Column 7: yz strain component ()"}},
      {RecMode::DisplacementGradient, false, {"# Column 2 : dux/dx component ()", "# Column 3 : dux/dy component ()",
                                              "# Column 4 : dux/dz component ()", "# Column 5 : duy/dx component ()",
                                              "# Column 6 : duy/dy component ()", "# Column 7 : duy/dz component ()",
                                              "# Column 8 : duz/dx component ()", "# Column 9 : duz/dy component ()",
                                              "# Column 10: duz/dz component ()"}}};
  for (const Case& k : cases) {
    RecCfg c = rec(4.4, 4.2, 1.0, "t", k.m);
    c.nsew = k.nsew;
    Receiver r = make_receiver(c, g);
    for (int n = 0; n < 2 * r.ncomp(); ++n) r.samples.push_back(-0.5 * n);
    std::vector<std::string> ls = lines_of(r.usgs_text(kDt, g, t));
    ASSERT_EQ(ls.size(), 10 + k.titles.size() + 2);
    EXPECT_EQ(ls[2], "# Date: UTC  11/14/2023:22:13:20.000");
    EXPECT_EQ(ls[8], "# nColumns: " + std::to_string(r.ncomp() + 1));
    for (std::size_t n = 0; n < k.titles.size(); ++n) EXPECT_EQ(ls[10 + n], k.titles[n]);
    std::istringstream row(ls.back());
    int cols = 0;
    for (std::string w; row >> w;) ++cols;
    EXPECT_EQ(cols, r.ncomp() + 1);
  }
  UtcTime early{2024, 3, 5, 7, 8, 9, 0, 65};  // hour and minute unpadded, seconds 2 digits
  Receiver r = make_receiver(rec(1, 1, 1, "d"), g);
  EXPECT_EQ(lines_of(r.usgs_text(kDt, g, early))[2], "# Date: UTC  03/05/2024:7:8:09.000");
}

TEST(Usgs, NsewColumnsAreEastNorthUp) {  // x = north, y = east, z = down
  const GridCfg g = pointsource_grid();
  RecCfg c = rec(4.4, 4.2, 1.0, "g");
  c.nsew = true;
  Receiver r = make_receiver(c, g);
  const Real u = Real(0.3), v = Real(-1.7), w = Real(0.9);  // a sample is a Real
  r.samples = {u, v, w};
  std::istringstream row(lines_of(r.usgs_text(kDt, g, kRefDate)).back());
  double t, e, n, up;
  row >> t >> e >> n >> up;
  EXPECT_EQ(Real(e), v);  // grid azimuth 0: east is y exactly (printed with the Real's digits)
  EXPECT_NEAR(n, u, 1e-6 * (std::fabs(u) + std::fabs(v)));  // north is x up to the spheroidal tilt
  EXPECT_NE(n, u);  // ... which is not zero away from y = 0
  EXPECT_EQ(Real(up), -w);
}

// ------------------------------------------------------------------ SAC

namespace {
struct SacExpect { const char* suffix; const char* kcmpnm; float cmpinc, cmpaz; };

// From NUMERICS.md 10.3 (names, suffixes, orientation per mode).
std::vector<SacExpect> sac_expect(RecMode m, bool nsew) {
  switch (m) {
    case RecMode::Displacement:
      if (nsew) return {{"e", "EW", 90, 90}, {"n", "NS", 90, 0}, {"u", "UP", 0, 0}};
      return {{"x", "X", 90, 0}, {"y", "Y", 90, 90}, {"z", "Z", 180, 0}};
    case RecMode::Velocity:
      if (nsew) return {{"ev", "Vew", 90, 90}, {"nv", "Vns", 90, 0}, {"uv", "Vup", 0, 0}};
      return {{"xv", "Vx", 90, 0}, {"yv", "Vy", 90, 90}, {"zv", "Vz", 180, 0}};
    case RecMode::Div: return {{"div", "Div", 90, 0}};
    case RecMode::Curl: return {{"curlx", "Curlx", 90, 0}, {"curly", "Curly", 90, 90}, {"curlz", "Curlz", 180, 0}};
    case RecMode::Strains:
      return {{"xx", "Uxx", 90, 0}, {"yy", "Uyy", 90, 90}, {"zz", "Uzz", 180, 0},
              {"xy", "Uxy", 90, 0}, {"xz", "Uxz", 90, 0}, {"yz", "Uyz", 90, 0}};
    default:
      return {{"duxdx", "DUXDX", 90, 0}, {"duxdy", "DUXDY", 90, 0}, {"duxdz", "DUXDZ", 90, 0},
              {"duydx", "DUYDX", 90, 0}, {"duydy", "DUYDY", 90, 90}, {"duydz", "DUYDZ", 90, 0},
              {"duzdx", "DUZDX", 90, 0}, {"duzdy", "DUZDY", 90, 0}, {"duzdz", "DUZDZ", 180, 0}};
  }
}
}  // namespace

TEST(Sac, HeaderRoundTripsForEveryMode) {
  const GridCfg g = pointsource_grid();
  const UtcTime t = utc_from_epoch(1700000000);
  TempDir tmp;
  struct Case { RecMode m; bool nsew; const char* sta; };
  const Case cases[] = {{RecMode::Displacement, false, ""},   {RecMode::Displacement, true, "NSEW1"},
                        {RecMode::Velocity, false, "VELOCITY_LONG"}, {RecMode::Velocity, true, ""},
                        {RecMode::Div, false, ""},            {RecMode::Curl, false, "C"},
                        {RecMode::Strains, false, ""},        {RecMode::DisplacementGradient, false, "G"}};
  const double x = 4.4, y = 4.2;
  const double lat = 37.0 + x / 111319.5, lon = -118.0 + y / (111319.5 * std::cos(lat * kPi / 180.0));
  // Every other case has an event (a deck with sources: the first one's position), the
  // others none (EVLA, EVLO, EVDP undefined, LCALDA 0).
  Config with_source;
  with_source.grid = g;
  SourceCfg src;
  src.x = 1.5; src.y = 2.5; src.z = 0.8;
  with_source.sources = {src, SourceCfg{}};
  Config no_source;
  no_source.grid = g;
  const double evlat = 37.0 + 1.5 / 111319.5, evlon = -118.0 + 2.5 / (111319.5 * std::cos(evlat * kPi / 180.0));
  int id = 0;
  for (const Case& k : cases) {
    const bool event = id % 2 == 1;
    RecCfg c = rec(x, y, 1.0, "st" + std::to_string(id++), k.m);
    c.nsew = k.nsew;
    c.sta = k.sta;
    c.usgs = true;
    Receiver r = make_receiver(c, g);
    set_sac_positions(r, event ? with_source : no_source);
    const int npts = 17, nc = r.ncomp();
    for (int n = 0; n < npts; ++n)
      for (int q = 0; q < nc; ++q) r.samples.push_back(std::sin(0.37 * n + q) * std::pow(10.0, q - 4) + 1e-3 * q);
    r.write(tmp.path(), kDt, g, t);
    const std::vector<SacExpect> ex = sac_expect(k.m, k.nsew);
    ASSERT_EQ(int(ex.size()), nc);
    std::vector<std::vector<float>> data(nc);
    for (int q = 0; q < nc; ++q) {
      SCOPED_TRACE(c.file + "." + ex[q].suffix);
      const std::string name = tmp.path() + c.file + "." + ex[q].suffix;
      ASSERT_TRUE(fs::exists(name));
      EXPECT_EQ(fs::file_size(name), 632u + 4u * npts);
      const SacFile s = read_sac(name);
      data[q] = s.data;
      ASSERT_EQ(int(s.data.size()), npts);
      // samples: float of the recorded doubles (rotated for nsew, checked below)
      if (!k.nsew) {
        for (int n = 0; n < npts; ++n) EXPECT_EQ(s.data[n], float(r.samples[n * nc + q]));
      }
      float mx = -1e38f, mn = 1e38f;
      double sum = 0;
      for (float v : s.data) { mx = std::max(mx, v); mn = std::min(mn, v); sum += v; }
      EXPECT_EQ(s.fh("DEPMAX"), mx);
      EXPECT_EQ(s.fh("DEPMIN"), mn);
      EXPECT_FLOAT_EQ(s.fh("DEPMEN"), float(sum / npts));
      EXPECT_EQ(s.fh("DELTA"), float(kDt));
      EXPECT_EQ(s.fh("B"), 0.0f);
      EXPECT_FLOAT_EQ(s.fh("E"), float((npts - 1) * kDt));
      EXPECT_EQ(s.fh("O"), 0.0f);
      EXPECT_FLOAT_EQ(s.fh("STLA"), float(lat));
      EXPECT_FLOAT_EQ(s.fh("STLO"), float(lon));
      EXPECT_EQ(s.fh("STDP"), 1.0f);  // the receiver's depth, m
      EXPECT_EQ(s.fh("EVLA"), event ? float(evlat) : -12345.0f);
      EXPECT_EQ(s.fh("EVLO"), event ? float(evlon) : -12345.0f);
      EXPECT_EQ(s.fh("EVDP"), event ? float(0.8 / 1000) : -12345.0f);  // km
      EXPECT_EQ(s.nh("IDEP"), k.m == RecMode::Displacement ? 6 : k.m == RecMode::Velocity ? 7 : 5);
      EXPECT_EQ(s.fh("CMPAZ"), ex[q].cmpaz);
      EXPECT_EQ(s.fh("CMPINC"), ex[q].cmpinc);
      EXPECT_EQ(s.nh("NPTS"), npts);
      EXPECT_EQ(s.nh("NVHDR"), 6);
      EXPECT_EQ(s.nh("IFTYPE"), 1);
      EXPECT_EQ(s.nh("LEVEN"), 1);
      EXPECT_EQ(s.nh("LPSPOL"), 0);
      EXPECT_EQ(s.nh("LOVROK"), 1);
      EXPECT_EQ(s.nh("LCALDA"), event ? 1 : 0);
      EXPECT_EQ(s.nh("NINF"), 0);
      EXPECT_EQ(s.nh("NHST"), 0);
      EXPECT_EQ(s.n[39], 0);  // LHDR5
      EXPECT_EQ(s.nh("NZYEAR"), 2023);
      EXPECT_EQ(s.nh("NZJDAY"), 318);
      EXPECT_EQ(s.nh("NZHOUR"), 22);
      EXPECT_EQ(s.nh("NZMIN"), 13);
      EXPECT_EQ(s.nh("NZSEC"), 20);
      EXPECT_EQ(s.nh("NZMSEC"), 0);
      const std::string sta = std::string(k.sta).empty() ? c.file : std::string(k.sta).substr(0, 8);
      EXPECT_EQ(s.kh("KSTNM"), sta);
      EXPECT_EQ(s.k[0], (sta + "        ").substr(0, 8));  // blank padded
      EXPECT_EQ(s.kh("KCMPNM"), ex[q].kcmpnm);
      EXPECT_EQ(s.kh("KEVNM"), "-12345  -12345");
      // every field not named above stays undefined
      const std::vector<int> fset = {0, 1, 2, 5, 6, 7, 31, 32, 34, 35, 36, 38, 56, 57, 58};
      for (int w = 0; w < 70; ++w)
        if (std::find(fset.begin(), fset.end(), w) == fset.end()) {
          EXPECT_EQ(s.f[w], -12345.0f) << "float word " << w;
        }
      const std::vector<int> nset = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 35, 36, 37, 38, 39};
      for (int w = 0; w < 40; ++w)
        if (std::find(nset.begin(), nset.end(), w) == nset.end()) {
          EXPECT_EQ(s.n[w], -12345) << "int word " << w;
        }
      for (int w = 0; w < 24; ++w)
        if (w != 0 && w != 20) {
          EXPECT_EQ(s.k[w], "-12345  ") << "char slot " << w;
        }
    }
    if (k.nsew) {  // east = y, north ~ x, up = -z, from the float samples
      for (int n = 0; n < npts; ++n) {
        const float u = float(r.samples[3 * n]), v = float(r.samples[3 * n + 1]), w = float(r.samples[3 * n + 2]);
        EXPECT_EQ(data[0][n], v);
        EXPECT_NEAR(data[1][n], u, 1e-6 * (std::fabs(u) + std::fabs(v)));
        EXPECT_EQ(data[2][n], -w);
      }
    }
    EXPECT_TRUE(fs::exists(tmp.path() + c.file + ".txt"));
    EXPECT_EQ(r.file_names(tmp.path()).size(), std::size_t(nc + 1));
  }
  for (const auto& e : fs::directory_iterator(tmp.dir))  // nothing left under a temporary name
    EXPECT_NE(e.path().extension(), ".tmp") << e.path();
}

// With LCALDA=1 a reader computes the distance from the station's and the event's latitude and
// longitude: the frame must give back the model's distance (LOH.1's source and station sta10,
// 10 km apart, measured on the sphere of the frame's degree, 111319.5 m), and the depths.
TEST(Sac, EventAndStationGiveTheModelsDistance) {
  const std::string deck = "grid h=100 x=30000 y=30000 z=17000\ntime t=1\nblock vp=6000 vs=3464 rho=2700\n"
                           "source x=15000 y=15000 z=2000 mxy=1e18 t0=0.36 freq=16.6667 type=Gaussian\n"
                           "rec x=21000 y=23000 z=250 file=sta10\n";
  TempDir tmp;
  const std::string name = tmp.path() + "loh.in";
  std::ofstream(name) << deck;
  const Config cfg = parse_input(name);
  Receiver r = make_receiver(cfg.recs[0], cfg.grid);
  set_sac_positions(r, cfg);
  for (int n = 0; n < 3; ++n) r.samples.insert(r.samples.end(), {0.0, 0.0, 0.0});
  r.write(tmp.path(), 0.01, cfg.grid, utc_from_epoch(1700000000));
  const SacFile s = read_sac(tmp.path() + "sta10.x");
  EXPECT_EQ(s.nh("LCALDA"), 1);
  EXPECT_EQ(s.fh("STDP"), 250.0f);
  EXPECT_EQ(s.fh("EVDP"), 2.0f);
  const double d2r = kPi / 180, R = 111319.5 / d2r;
  const double la1 = s.fh("STLA") * d2r, lo1 = s.fh("STLO") * d2r, la2 = s.fh("EVLA") * d2r, lo2 = s.fh("EVLO") * d2r;
  const double a = std::pow(std::sin((la2 - la1) / 2), 2) + std::cos(la1) * std::cos(la2) * std::pow(std::sin((lo2 - lo1) / 2), 2);
  // 10011 m: the frame scales longitude at each point's own latitude (0.1%); allowed 0.5%
  EXPECT_NEAR(2 * R * std::asin(std::sqrt(a)), 10000.0, 50.0);
}

TEST(Sac, StandardLayoutAtByteOffsets) {  // offsets of the SAC v6 header, independent of read_sac
  const GridCfg g = pointsource_grid();
  TempDir tmp;
  RecCfg c = rec(4.0, 4.0, 1.0, "lay", RecMode::Curl);
  c.sta = "ABC";
  Receiver r = make_receiver(c, g);
  for (int n = 0; n < 5 * 3; ++n) r.samples.push_back(n);
  r.write(tmp.path(), 0.25, g, utc_from_epoch(1700000000));
  const std::string b = slurp(tmp.path() + "lay.curly");
  ASSERT_EQ(b.size(), 632u + 4 * 5);
  auto f = [&](std::size_t off) { float v; std::memcpy(&v, &b[off], 4); return v; };
  auto n = [&](std::size_t off) { int32_t v; std::memcpy(&v, &b[off], 4); return v; };
  EXPECT_EQ(f(0), 0.25f);           // DELTA, word 0
  EXPECT_EQ(f(5 * 4), 0.0f);        // B, word 5
  EXPECT_EQ(f(6 * 4), 1.0f);        // E, word 6
  EXPECT_EQ(f(57 * 4), 90.0f);      // CMPAZ, word 57
  EXPECT_EQ(f(58 * 4), 90.0f);      // CMPINC, word 58
  EXPECT_EQ(n(280 + 0 * 4), 2023);  // NZYEAR, word 70
  EXPECT_EQ(n(280 + 6 * 4), 6);     // NVHDR, word 76
  EXPECT_EQ(n(280 + 9 * 4), 5);     // NPTS, word 79
  EXPECT_EQ(n(280 + 15 * 4), 1);    // IFTYPE, word 85
  EXPECT_EQ(n(280 + 35 * 4), 1);    // LEVEN, word 105
  EXPECT_EQ(b.substr(440, 8), "ABC     ");                  // KSTNM, word 110
  EXPECT_EQ(b.substr(448, 16), "-12345  -12345  ");         // KEVNM, 16 bytes
  EXPECT_EQ(b.substr(464, 8), "-12345  ");              // KHOLE
  EXPECT_EQ(b.substr(600, 8), "Curly   ");                  // KCMPNM, word 150
  EXPECT_EQ(f(632), 1.0f);                                  // first sample: component y of sample 0
  EXPECT_EQ(f(632 + 4 * 4), 13.0f);
}

TEST(Sac, ReadsTheOtherByteOrder) {
  const GridCfg g = pointsource_grid();
  TempDir tmp;
  Receiver r = make_receiver(rec(4.0, 4.0, 1.0, "sw", RecMode::Div), g);
  r.samples = {1.5, -2.5, 3.25};
  r.write(tmp.path(), 0.5, g, utc_from_epoch(0));
  std::string b = slurp(tmp.path() + "sw.div");
  for (std::size_t w = 0; w < b.size(); w += 4)
    if (w < 440 || w >= 632) std::swap(b[w], b[w + 3]), std::swap(b[w + 1], b[w + 2]);
  std::ofstream(tmp.path() + "sw.swapped", std::ios::binary) << b;
  const SacFile s = read_sac(tmp.path() + "sw.swapped");
  EXPECT_EQ(s.nh("NVHDR"), 6);
  EXPECT_EQ(s.nh("NPTS"), 3);
  EXPECT_EQ(s.fh("DELTA"), 0.5f);
  EXPECT_EQ(s.kh("KCMPNM"), "Div");
  EXPECT_EQ(s.data, (std::vector<float>{1.5f, -2.5f, 3.25f}));
}

TEST(Sac, TruncatedOrMissingFileIsAnError) {
  TempDir tmp;
  EXPECT_THROW(read_sac(tmp.path() + "none.x"), std::runtime_error);
  const GridCfg g = pointsource_grid();
  Receiver r = make_receiver(rec(4.0, 4.0, 1.0, "tr"), g);
  r.samples = {1, 2, 3, 4, 5, 6};
  r.write(tmp.path(), 0.5, g, utc_from_epoch(0));
  std::string b = slurp(tmp.path() + "tr.x");
  std::ofstream(tmp.path() + "tr.cut", std::ios::binary) << b.substr(0, b.size() - 2);
  EXPECT_THROW(read_sac(tmp.path() + "tr.cut"), std::runtime_error);
}

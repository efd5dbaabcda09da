// test_receiver.cpp: receivers (receiver.hpp) as a run uses them: the nearest grid point and
// the date, recording in every mode, when a periodic write is due, writing files (an
// unwritable directory, a rewrite, no samples yet, which modes rotate) and a receiver's
// pack/unpack when its partition migrates. The file formats themselves, USGS text and SAC,
// are checked in test_receiver_formats.cpp.
//
// Why built so: the recording modes are differences of the displacement, so each is checked
// on fields where centred differences are exact (linear, quadratic, a rigid rotation) against
// the analytic value; the grid and step are the original's pointsource run
// (receiver_helpers.hpp), whose receivers sit at known grid points.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "receiver.hpp"
#include "receiver_helpers.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;
namespace fs = std::filesystem;

namespace {

// A field over the 5x5x5 box around p with values f(c, x, y, z) at x = (i-1)h...
Field field_around(const GridIndex& p, double h, const std::function<double(int, double, double, double)>& f) {
  Box b{p.i - 2, p.i + 2, p.j - 2, p.j + 2, p.k - 2, p.k + 2};
  Field a;
  for (int c = 0; c < 3; ++c) {
    a[c].define(b);
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) a[c](i, j, k) = f(c, (i - 1) * h, (j - 1) * h, (k - 1) * h);
  }
  return a;
}

}  // namespace

// ------------------------------------------------------------------ grid point and date

TEST(NearestGridPoint, FloorThenTieToLowerIndex) {
  GridCfg g = pointsource_grid();
  g.h = 0.5;  // exact in binary, so the midpoints are exact ties
  EXPECT_EQ(nearest_grid_point(0.25, 0.0, 0.0, g).i, 1);        // tie: lower index
  EXPECT_EQ(nearest_grid_point(0.2500001, 0.0, 0.0, g).i, 2);
  EXPECT_EQ(nearest_grid_point(0.75, 0.0, 0.0, g).i, 2);        // tie between 2 and 3
  EXPECT_EQ(nearest_grid_point(0.0, 0.7500001, 0.0, g).j, 3);
  EXPECT_EQ(nearest_grid_point(0.0, 0.0, 1.0, g).k, 3);
  EXPECT_EQ(nearest_grid_point(0.0, 0.0, 0.0, g).k, 1);
}

TEST(NearestGridPoint, ReferenceReceivers) {
  const GridCfg g = pointsource_grid();
  GridIndex a = nearest_grid_point(4.4, 4.2, 1.0, g), b = nearest_grid_point(4.0, 4.0, 0.0, g),
            c = nearest_grid_point(4.2, 3.8, 1.5, g);
  EXPECT_EQ(a.i, 111); EXPECT_EQ(a.j, 106); EXPECT_EQ(a.k, 26);
  EXPECT_EQ(b.i, 101); EXPECT_EQ(b.j, 101); EXPECT_EQ(b.k, 1);
  EXPECT_EQ(c.i, 106); EXPECT_EQ(c.j, 96); EXPECT_EQ(c.k, 38);
}

TEST(Utc, FromEpochSeconds) {
  UtcTime t = utc_from_epoch(1700000000);  // 2023-11-14 22:13:20 UTC
  EXPECT_EQ(t.year, 2023); EXPECT_EQ(t.month, 11); EXPECT_EQ(t.day, 14);
  EXPECT_EQ(t.hour, 22); EXPECT_EQ(t.minute, 13); EXPECT_EQ(t.second, 20);
  EXPECT_EQ(t.msec, 0); EXPECT_EQ(t.yday, 318);
  t = utc_from_epoch(0);
  EXPECT_EQ(t.year, 1970); EXPECT_EQ(t.month, 1); EXPECT_EQ(t.day, 1); EXPECT_EQ(t.yday, 1);
  t = utc_from_epoch(1735689599);  // 2024-12-31 23:59:59, a leap year's last second
  EXPECT_EQ(t.year, 2024); EXPECT_EQ(t.month, 12); EXPECT_EQ(t.day, 31); EXPECT_EQ(t.yday, 366);
  EXPECT_EQ(t.hour, 23); EXPECT_EQ(t.minute, 59); EXPECT_EQ(t.second, 59);
  t = utc_from_epoch(951782400);  // 2000-02-29 (400-year leap day)
  EXPECT_EQ(t.month, 2); EXPECT_EQ(t.day, 29); EXPECT_EQ(t.yday, 60);
  t = utc_from_epoch(4107542400LL);  // 2100-03-01: 2100 is no leap year
  EXPECT_EQ(t.year, 2100); EXPECT_EQ(t.month, 3); EXPECT_EQ(t.day, 1); EXPECT_EQ(t.yday, 60);
}

TEST(Utc, NowFollowsSourceDateEpoch) {
  const char* old = std::getenv("SOURCE_DATE_EPOCH");
  const std::string saved = old ? old : "";
  setenv("SOURCE_DATE_EPOCH", "1700000000", 1);
  UtcTime t = utc_now();
  EXPECT_EQ(t.year, 2023); EXPECT_EQ(t.yday, 318); EXPECT_EQ(t.second, 20); EXPECT_EQ(t.msec, 0);
  setenv("SOURCE_DATE_EPOCH", "17e8", 1);
  EXPECT_THROW(utc_now(), std::runtime_error);
  setenv("SOURCE_DATE_EPOCH", "-5", 1);
  EXPECT_THROW(utc_now(), std::runtime_error);
  setenv("SOURCE_DATE_EPOCH", "99999999999999999999999", 1);
  EXPECT_THROW(utc_now(), std::runtime_error);
  unsetenv("SOURCE_DATE_EPOCH");
  t = utc_now();  // the wall clock
  EXPECT_GE(t.year, 2024);
  if (old) setenv("SOURCE_DATE_EPOCH", saved.c_str(), 1);
}

// ------------------------------------------------------------------ recording

TEST(Record, ComponentsPerMode) {
  const GridCfg g = pointsource_grid();
  const RecMode modes[6] = {RecMode::Displacement, RecMode::Velocity, RecMode::Div,
                            RecMode::Curl, RecMode::Strains, RecMode::DisplacementGradient};
  const int expect[6] = {3, 3, 1, 3, 6, 9};
  for (int m = 0; m < 6; ++m) EXPECT_EQ(make_receiver(rec(1, 1, 1, "r", modes[m]), g).ncomp(), expect[m]);
}

TEST(Record, DisplacementVelocityAndInitialSample) {
  const GridCfg g = pointsource_grid();
  Receiver d = make_receiver(rec(4.4, 4.2, 1.0, "d"), g);
  Receiver v = make_receiver(rec(4.4, 4.2, 1.0, "v", RecMode::Velocity), g);
  auto lvl = [&](double s) {
    return field_around(d.p, g.h, [s](int c, double x, double y, double z) { return s * (c + 1) + x - 2 * y + z; });
  };
  const Field um = lvl(1.0), u = lvl(2.0), up = lvl(4.5);
  d.record_initial(um, g.h);
  v.record_initial(um, g.h);  // velocity: no sample before the first step
  EXPECT_EQ(d.nsamples(), 1u);
  EXPECT_EQ(v.nsamples(), 0u);
  d.record(up, u, um, g.h, kDt);
  v.record(up, u, um, g.h, kDt);
  ASSERT_EQ(d.nsamples(), 2u);
  ASSERT_EQ(v.nsamples(), 1u);
  const GridIndex p = d.p;
  for (int c = 0; c < 3; ++c) {
    EXPECT_EQ(d.samples[c], um[c](p.i, p.j, p.k));
    EXPECT_EQ(d.samples[3 + c], up[c](p.i, p.j, p.k));
    EXPECT_EQ(v.samples[c], Real((up[c](p.i, p.j, p.k) - um[c](p.i, p.j, p.k)) / (2 * kDt)));  // stored as a Real
    // single: up - um and the sample each rounded to a float (eps 6e-8); measured 3.8e-8 relative
    EXPECT_NEAR(v.samples[c], 3.5 * (c + 1) / (2 * kDt), sw4test::tol(1e-12, 1.5e-7) * 3.5 * (c + 1) / kDt);
  }
}

// Centred differences are exact on quadratics, so every derivative mode must give the
// analytic values of u = a + B x + x^T C x (to rounding, 1e-11 of the largest term).
TEST(Record, DerivativeModesOnQuadratics) {
  GridCfg g = pointsource_grid();
  g.h = 0.1;
  // grad[c][a] at the receiver point, computed analytically below
  auto f = [](int c, double x, double y, double z) {
    const double B[3][3] = {{0.3, -1.1, 2.0}, {0.7, 0.2, -0.4}, {-1.3, 0.9, 0.5}};
    return 0.1 * c + B[c][0] * x + B[c][1] * y + B[c][2] * z + (c + 1) * (x * x - y * z) + 0.25 * x * y;
  };
  const double xr = 1.0, yr = 0.6, zr = 0.3;  // on grid points: exact coordinates (i-1)h
  auto grad = [&](int c, int a) {
    const double B[3][3] = {{0.3, -1.1, 2.0}, {0.7, 0.2, -0.4}, {-1.3, 0.9, 0.5}};
    const double q[3] = {(c + 1) * 2 * xr + 0.25 * yr, -(c + 1) * zr + 0.25 * xr, -(c + 1) * yr};
    return B[c][a] + q[a];
  };
  // single: u ~ 1 rounded to float (6e-8) over 2h = 0.2, a few terms; measured 5.7e-7
  const double tol = sw4test::tol(1e-11 * 10, 2e-6);
  auto make = [&](RecMode m) { return make_receiver(rec(xr, yr, zr, "q", m), g); };
  Receiver div = make(RecMode::Div), curl = make(RecMode::Curl), str = make(RecMode::Strains),
           gr = make(RecMode::DisplacementGradient);
  const Field u = field_around(div.p, g.h, f);
  for (Receiver* r : {&div, &curl, &str, &gr}) r->record(u, u, u, g.h, kDt);
  EXPECT_NEAR(div.samples[0], grad(0, 0) + grad(1, 1) + grad(2, 2), tol);
  // curl = (w_y - v_z, u_z - w_x, v_x - u_y)
  EXPECT_NEAR(curl.samples[0], grad(2, 1) - grad(1, 2), tol);
  EXPECT_NEAR(curl.samples[1], grad(0, 2) - grad(2, 0), tol);
  EXPECT_NEAR(curl.samples[2], grad(1, 0) - grad(0, 1), tol);
  // strains: u_x, v_y, w_z, (v_x+u_y)/2, (w_x+u_z)/2, (v_z+w_y)/2
  EXPECT_NEAR(str.samples[0], grad(0, 0), tol);
  EXPECT_NEAR(str.samples[1], grad(1, 1), tol);
  EXPECT_NEAR(str.samples[2], grad(2, 2), tol);
  EXPECT_NEAR(str.samples[3], 0.5 * (grad(1, 0) + grad(0, 1)), tol);
  EXPECT_NEAR(str.samples[4], 0.5 * (grad(2, 0) + grad(0, 2)), tol);
  EXPECT_NEAR(str.samples[5], 0.5 * (grad(1, 2) + grad(2, 1)), tol);
  // gradient row by row: du/dx, du/dy, du/dz, dv/dx, ...
  for (int c = 0; c < 3; ++c)
    for (int a = 0; a < 3; ++a) EXPECT_NEAR(gr.samples[3 * c + a], grad(c, a), tol) << c << " " << a;
}

TEST(Record, CurlOfRigidRotationAboutZ) {  // u = (-w y, w x, 0): curl = (0, 0, 2w)
  GridCfg g = pointsource_grid();
  Receiver r = make_receiver(rec(2.0, 3.0, 1.0, "c", RecMode::Curl), g);
  const Field u = field_around(r.p, g.h, [](int c, double x, double y, double) {
    return c == 0 ? -0.5 * y : c == 1 ? 0.5 * x : 0.0;
  });
  r.record_initial(u, g.h);
  const double t = sw4test::tol(1e-13, 3e-6);  // single: u ~ 2 in float over 2h; measured 9.5e-7
  EXPECT_NEAR(r.samples[0], 0.0, t);
  EXPECT_NEAR(r.samples[1], 0.0, t);
  EXPECT_NEAR(r.samples[2], 1.0, t);
}

TEST(Record, ReservedStorageDoesNotMove) {
  const GridCfg g = pointsource_grid();
  Receiver r = make_receiver(rec(4.0, 4.0, 1.0, "s", RecMode::DisplacementGradient), g);
  const int nsteps = 50;
  r.reserve(nsteps);
  const Field u = field_around(r.p, g.h, [](int c, double x, double y, double z) { return c + x * y * z; });
  r.record_initial(u, g.h);
  const Real* first = r.samples.data();
  const std::size_t cap = r.samples.capacity();
  for (int n = 0; n < nsteps; ++n) r.record(u, u, u, g.h, kDt);
  EXPECT_EQ(r.nsamples(), std::size_t(nsteps + 1));
  EXPECT_EQ(r.samples.data(), first);
  EXPECT_EQ(r.samples.capacity(), cap);
}

TEST(Record, WriteDueAtPositiveMultiples) {
  const GridCfg g = pointsource_grid();
  RecCfg c = rec(4.0, 4.0, 1.0, "w");
  c.writeEvery = 3;
  Receiver r = make_receiver(c, g);
  const Field u = field_around(r.p, g.h, [](int, double, double, double) { return 1.0; });
  std::string due;
  for (int n = 0; n < 10; ++n) {  // sample indices 0..9
    r.record(u, u, u, g.h, kDt);
    due += r.write_due() ? '1' : '0';
  }
  EXPECT_EQ(due, "0001001001");
  r.cfg.writeEvery = 0;  // never periodically
  EXPECT_FALSE(r.write_due());
}

// ------------------------------------------------------------------ files and migration

TEST(Write, UnwritableDirectoryNamesTheFile) {
  const GridCfg g = pointsource_grid();
  RecCfg c = rec(4.0, 4.0, 1.0, "lost");
  c.usgs = true;
  Receiver r = make_receiver(c, g);
  r.samples = {1, 2, 3};
  try {
    r.write("/nonexistent-sw4lite-dir/", 0.1, g, kRefDate);
    FAIL() << "no exception";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-sw4lite-dir/lost.x"), std::string::npos) << e.what();
  }
}

TEST(Write, RewriteReplacesTheWholeFile) {  // a periodic write, then the final one
  const GridCfg g = pointsource_grid();
  TempDir tmp;
  RecCfg c = rec(4.0, 4.0, 1.0, "again");
  c.usgs = true;
  Receiver r = make_receiver(c, g);
  r.samples = {1, 2, 3, 4, 5, 6};
  r.write(tmp.path(), 0.1, g, kRefDate);
  r.samples.resize(3);  // fewer samples: the old bytes must not survive
  r.write(tmp.path(), 0.1, g, kRefDate);
  EXPECT_EQ(fs::file_size(tmp.path() + "again.x"), 632u + 4u);
  EXPECT_EQ(lines_of(slurp(tmp.path() + "again.txt")).size(), 14u);
}

TEST(Pack, RoundTripKeepsEverything) {
  const GridCfg g = pointsource_grid();
  RecCfg c = rec(4.4, 4.2, 1.0, "moving station", RecMode::Strains);
  c.sta = "MOV";
  c.nsew = true;
  c.writeEvery = 7;
  c.usgs = true;
  c.sac = false;
  c.line = 42;
  Receiver a = make_receiver(c, g), b = make_receiver(rec(1, 2, 3, "other"), g);
  a.reserve(30);
  for (int n = 0; n < 6 * 4; ++n) a.samples.push_back(n * 0.1 - 1);
  b.samples = {7, 8, 9};
  std::vector<char> buf;
  a.pack(buf);
  b.pack(buf);
  const char* in = buf.data();
  Receiver a2 = Receiver::unpack(in), b2 = Receiver::unpack(in);
  EXPECT_EQ(in, buf.data() + buf.size());
  EXPECT_EQ(a2.cfg.x, c.x); EXPECT_EQ(a2.cfg.y, c.y); EXPECT_EQ(a2.cfg.z, c.z);
  EXPECT_EQ(a2.cfg.file, c.file); EXPECT_EQ(a2.cfg.sta, c.sta);
  EXPECT_EQ(a2.cfg.nsew, true); EXPECT_EQ(a2.cfg.writeEvery, 7);
  EXPECT_EQ(a2.cfg.usgs, true); EXPECT_EQ(a2.cfg.sac, false);
  EXPECT_EQ(a2.cfg.mode, RecMode::Strains); EXPECT_EQ(a2.cfg.line, 42);
  EXPECT_EQ(a2.p.i, a.p.i); EXPECT_EQ(a2.p.j, a.p.j); EXPECT_EQ(a2.p.k, a.p.k);
  EXPECT_EQ(a2.samples, a.samples);
  EXPECT_GE(a2.samples.capacity(), 31u * 6u);  // the reservation travels too
  EXPECT_EQ(b2.cfg.file, "other");
  EXPECT_EQ(b2.samples, b.samples);
  EXPECT_EQ(a2.usgs_text(kDt, g, kRefDate), a.usgs_text(kDt, g, kRefDate));
}

TEST(Write, NoSamplesYet) {  // a velocity receiver of a run without steps: header only
  const GridCfg g = pointsource_grid();
  TempDir tmp;
  Receiver r = make_receiver(rec(4.0, 4.0, 1.0, "empty", RecMode::Velocity), g);
  r.write(tmp.path(), 0.1, g, kRefDate);
  const SacFile s = read_sac(tmp.path() + "empty.xv");
  EXPECT_EQ(fs::file_size(tmp.path() + "empty.xv"), 632u);
  EXPECT_EQ(s.nh("NPTS"), 0);
  EXPECT_EQ(s.fh("DEPMEN"), -12345.0f);
  EXPECT_TRUE(s.data.empty());
}

TEST(Write, NsewOnlyRotatesDisplacementAndVelocity) {
  const GridCfg g = pointsource_grid();
  for (RecMode m : {RecMode::Div, RecMode::Curl, RecMode::Strains, RecMode::DisplacementGradient}) {
    RecCfg c = rec(4.4, 4.2, 1.0, "n", m);
    c.nsew = true;
    Receiver r = make_receiver(c, g), plain = make_receiver(rec(4.4, 4.2, 1.0, "n", m), g);
    for (int n = 0; n < 3 * r.ncomp(); ++n) r.samples.push_back(n + 0.5);
    plain.samples = r.samples;
    EXPECT_FALSE(r.geographic_components());
    EXPECT_EQ(r.usgs_text(kDt, g, kRefDate), plain.usgs_text(kDt, g, kRefDate));
    for (int q = 0; q < r.ncomp(); ++q) EXPECT_EQ(r.sac_bytes(q, kDt, kRefDate), plain.sac_bytes(q, kDt, kRefDate));
  }
}

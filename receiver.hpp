// receiver.hpp: recording the solution at receivers, and writing it as USGS text and SAC binary.
//
// Why built so: a receiver is a plain value (its input line, its grid point, its samples), so
// the rank or partition that owns its grid point can record it, pack it, move it and write it,
// and nothing else in the program needs to know about it. Recording happens every step for
// every receiver, so it only reads a few points and appends to one vector whose capacity was
// reserved before the time loop; no allocation, no I/O. Everything that is slow or fussy (the
// header layouts, the geographic frame, the date) happens in write(), at the end and every
// writeEvery samples.
//
// The file formats are the original's to the byte (NUMERICS.md section 10): the USGS text
// header lines, their typos included, the `%e` time column and ` %24.17e` values; the SAC
// header in the standard 632-byte layout (70 float32, 40 int32, 24 eight-byte character slots,
// where KEVNM takes two), native byte order, float32 samples. The derivative modes use the same
// arithmetic as the original (difference times 1/(2h)), so their last bits agree too.
//
// A file is first written under a temporary name and then renamed, so a reader (or a run that
// is stopped) never sees half a file. The SAC header layout and read_sac(): sac.hpp.
#pragma once

#include <array>
#include <cassert>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>
#include <vector>

#include "grid.hpp"
#include "input.hpp"
#include "sac.hpp"

namespace sw4 {

// ---------------------------------------------------------------- reference date (UTC)

// yday is the day of the year, 1..366 (SAC's NZJDAY).
struct UtcTime { int year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, msec = 0, yday = 1; };

inline bool is_leap_year(int y) { return y % 400 == 0 || (y % 4 == 0 && y % 100 != 0); }
inline int days_in_month(int y, int m) {
  static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap_year(y) ? 29 : d[m - 1];
}

// Calendar date of a count of seconds since 1970-01-01 00:00:00 UTC (no leap seconds, as POSIX).
// Counting whole years is plain and fast enough for the years 1970..9999 that utc_now accepts.
inline UtcTime utc_from_epoch(long long s) {
  long long days = s / 86400, rem = s % 86400;
  if (rem < 0) { rem += 86400; --days; }
  UtcTime t;
  t.hour = int(rem / 3600);
  t.minute = int(rem % 3600 / 60);
  t.second = int(rem % 60);
  int y = 1970;
  while (days < 0) { --y; days += is_leap_year(y) ? 366 : 365; }
  while (days >= (is_leap_year(y) ? 366 : 365)) { days -= is_leap_year(y) ? 366 : 365; ++y; }
  t.year = y;
  t.yday = int(days) + 1;
  int m = 1;
  while (days >= days_in_month(y, m)) { days -= days_in_month(y, m); ++m; }
  t.month = m;
  t.day = int(days) + 1;
  return t;
}

// SOURCE_DATE_EPOCH (the reproducible-builds convention) when set, else the wall clock.
// A malformed value is a user mistake: it is reported, not silently replaced by the clock.
inline UtcTime utc_now() {
  const char* env = std::getenv("SOURCE_DATE_EPOCH");
  if (env && *env) {
    long long s = 0;
    bool ok = true;
    for (const char* c = env; *c && ok; ++c) {
      ok = std::isdigit(static_cast<unsigned char>(*c)) && s <= 25340230079LL;
      s = 10 * s + (*c - '0');
    }
    if (!ok || s > 253402300799LL)  // past 9999-12-31
      throw std::runtime_error(std::string("SOURCE_DATE_EPOCH='") + env +
                               "' is not a count of seconds since 1970 (digits only, at most 253402300799)");
    return utc_from_epoch(s);
  }
  return utc_from_epoch(static_cast<long long>(std::time(nullptr)));
}

// ---------------------------------------------------------------- grid point and geography

struct GridIndex { int i = 0, j = 0, k = 0; };

// Nearest grid point, x_i = (i-1)h (NUMERICS.md 1.1, 10.1): floor, then up one if strictly past
// the midpoint, so a tie goes to the lower index. z is measured from z_min = 0.
inline GridIndex nearest_grid_point(double x, double y, double z, const GridCfg& grid) {
  const double h = grid.h;
  auto snap = [h](double c) {
    int i = static_cast<int>(std::floor(c / h)) + 1;
    if (c - (i - 0.5) * h > 0.) ++i;
    return i;
  };
  return GridIndex{snap(x), snap(y), snap(z)};
}

// The original's fixed geographic frame (no input command changes it): x north, y east,
// grid azimuth 0, origin at 37 N, 118 W, a spherical degree of 111319.5 m.
constexpr double kPi = 3.14159265358979323846;
constexpr double kGridAzimuth = 0.0, kLatOrigin = 37.0, kLonOrigin = -118.0, kMetersPerDegree = 111319.5;

inline void geographic(double x, double y, double& lon, double& lat) {
  const double deg2rad = kPi / 180.0;
  const double phi = kGridAzimuth * deg2rad;
  lat = kLatOrigin + (x * std::cos(phi) - y * std::sin(phi)) / kMetersPerDegree;
  lon = kLonOrigin + (x * std::sin(phi) + y * std::cos(phi)) / (kMetersPerDegree * std::cos(lat * deg2rad));
}

// ---------------------------------------------------------------- writing a file whole

// Writes bytes to NAME.tmp, then renames it to NAME: the file appears complete or not at all.
inline void write_file_atomically(const std::string& name, const std::string& bytes) {
  const std::string tmp = name + ".tmp";
  std::FILE* fp = std::fopen(tmp.c_str(), "wb");
  if (!fp)
    throw std::runtime_error("cannot write receiver file " + name + " (opening " + tmp + ": " + std::strerror(errno) + ")");
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), fp) == bytes.size();
  ok = (std::fclose(fp) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), name.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write receiver file " + name);
  }
}

// ---------------------------------------------------------------- the receiver

struct Receiver {
  RecCfg cfg;         // the rec line as given
  GridIndex p;        // its nearest grid point
  std::vector<double> samples;  // sample n, component c at samples[n*ncomp() + c]
  std::size_t reserved = 0;     // samples reserved for (kept across pack/unpack)

  int ncomp() const {
    switch (cfg.mode) {
      case RecMode::Div: return 1;
      case RecMode::Strains: return 6;
      case RecMode::DisplacementGradient: return 9;
      default: return 3;
    }
  }
  // nsew rotates only the vector modes whose columns the original can name (NUMERICS.md 10.2).
  bool geographic_components() const {
    return cfg.nsew && (cfg.mode == RecMode::Displacement || cfg.mode == RecMode::Velocity);
  }
  std::size_t nsamples() const { return samples.size() / std::size_t(ncomp()); }

  // Room for the initial sample and one per step, so recording never reallocates.
  void reserve(int nsteps) {
    reserved = std::size_t(nsteps < 0 ? 0 : nsteps) + 1;
    samples.reserve(reserved * std::size_t(ncomp()));
  }

  // One sample after a step: up = U(t+dt), um = U(t-dt); u = U(t) is not needed by any mode.
  void record(const Field& up, const Field& u, const Field& um, double h, double dt) {
    (void)u;
    if (cfg.mode == RecMode::Velocity) {
      for (int c = 0; c < 3; ++c) samples.push_back((up[c](p.i, p.j, p.k) - um[c](p.i, p.j, p.k)) / (2 * dt));
    } else {
      append_from(up, h);
    }
  }
  // The sample at t = 0, before the first step; velocity has none (no centred difference yet).
  void record_initial(const Field& u, double h) {
    if (cfg.mode != RecMode::Velocity) append_from(u, h);
  }

  // True when the sample just recorded has a positive index that is a multiple of writeEvery.
  bool write_due() const {
    const std::size_t n = nsamples();
    return cfg.writeEvery > 0 && n > 1 && (n - 1) % std::size_t(cfg.writeEvery) == 0;
  }

  // <path><file>.txt and <path><file>.<suffix>, as the rec line asks, with all samples so far.
  void write(const std::string& path, double dt, const GridCfg& grid, const UtcTime& utc,
             double t_first = 0.0) const {
    if (cfg.sac)
      for (int c = 0; c < ncomp(); ++c)
        write_file_atomically(path + cfg.file + "." + component(c).suffix, sac_bytes(c, dt, utc, t_first));
    if (cfg.usgs) write_file_atomically(path + cfg.file + ".txt", usgs_text(dt, grid, utc, t_first));
  }
  std::vector<std::string> file_names(const std::string& path) const {
    std::vector<std::string> names;
    if (cfg.sac)
      for (int c = 0; c < ncomp(); ++c) names.push_back(path + cfg.file + "." + component(c).suffix);
    if (cfg.usgs) names.push_back(path + cfg.file + ".txt");
    return names;
  }

  // ---- USGS text (NUMERICS.md 10.2)
  std::string usgs_text(double dt, const GridCfg& grid, const UtcTime& utc, double t_first = 0.0) const {
    std::string s;
    char line[256];
    auto put = [&](const char* fmt, auto... a) {
      std::snprintf(line, sizeof line, fmt, a...);
      s += line;
    };
    double lon, lat, glon, glat;
    const double gx = (p.i - 1) * grid.h, gy = (p.j - 1) * grid.h;
    geographic(cfg.x, cfg.y, lon, lat);
    geographic(gx, gy, glon, glat);
    s += "# Author: SW4\n# Scenario: test\n";
    put("# Date: UTC  %02i/%02i/%i:%i:%i:%02i.%.3i\n", utc.month, utc.day, utc.year, utc.hour, utc.minute,
        utc.second, utc.msec);
    put("# Bandwith (Hz): %e\n", 1.234);
    s += "# Station: " + cfg.file + "\n";
    put("# Target location (WGS84 longitude, latitude) (deg): %e %e\n", lon, lat);
    put("# Actual location (WGS84 longitude, latitude) (deg): %e %e\n", glon, glat);
    put("# Distance from target to actual location (m): %e\n",
        std::sqrt((cfg.x - gx) * (cfg.x - gx) + (cfg.y - gy) * (cfg.y - gy)));
    put("# nColumns: %i\n", ncomp() + 1);
    s += "# Column 1: Time (s)\n";
    for (int c = 0; c < ncomp(); ++c) s += std::string(component(c).title) + "\n";

    const int nc = ncomp();
    const Rotation r = rotation();
    s.reserve(s.size() + nsamples() * std::size_t(14 + 25 * nc));
    for (std::size_t n = 0; n < nsamples(); ++n) {
      put("%e", t_first + double(n) * dt);
      const double* v = &samples[n * nc];
      if (geographic_components()) {
        put(" %24.17e", r.salpha * v[0] + r.calpha * v[1]);
        put(" %24.17e", r.thynrm * v[0] - r.thxnrm * v[1]);
        put(" %24.17e", -v[2]);
      } else {
        for (int c = 0; c < nc; ++c) put(" %24.17e", v[c]);
      }
      s += "\n";
    }
    return s;
  }

  // ---- SAC binary of component c (NUMERICS.md 10.3)
  std::string sac_bytes(int c, double dt, const UtcTime& utc, double t_first = 0.0) const {
    static_assert(sizeof(float) == 4, "SAC needs 32-bit floats");
    const int nc = ncomp();
    const std::size_t npts = nsamples();
    std::vector<float> y(npts);
    const Rotation r = rotation();
    for (std::size_t n = 0; n < npts; ++n) {
      const double* v = &samples[n * nc];
      if (!geographic_components()) {
        y[n] = float(v[c]);
      } else {  // the original rotates the float samples, in double
        const float u0 = float(v[0]), u1 = float(v[1]);
        y[n] = c == 0 ? float(r.salpha * u0 + r.calpha * u1)
                      : c == 1 ? float(r.thynrm * u0 - r.thxnrm * u1) : -float(v[2]);
      }
    }
    std::array<float, 70> f;
    std::array<int32_t, 40> in;
    char k[24][8];
    f.fill(kSacUndef);
    in.fill(kSacUndefInt);
    for (auto& slot : k) std::memcpy(slot, "-12345  ", 8);
    in[6] = 6;                                    // NVHDR
    in[7] = in[8] = 0;                            // NINF, NHST
    in[15] = 1;                                   // IFTYPE = time series
    in[35] = 1; in[36] = 0; in[37] = 1; in[38] = 1; in[39] = 0;  // LEVEN LPSPOL LOVROK LCALDA
    float depmax = -1.0e38f, depmin = 1.0e38f, depmen = kSacUndef;
    double sum = 0.0;
    for (float x : y) {
      if (x > depmax) depmax = x;
      if (x < depmin) depmin = x;
      sum += x;
    }
    if (npts > 0) depmen = float(sum / double(npts));
    const float delta = float(dt), b = float(t_first);
    f[0] = delta; f[1] = depmin; f[2] = depmax; f[56] = depmen;
    f[5] = b;
    f[6] = b + float(int(npts) - 1) * delta;      // E, in float as the original
    f[7] = 0.0f;                                  // O
    double lon, lat;
    geographic(cfg.x, cfg.y, lon, lat);
    f[31] = float(lat); f[32] = float(lon);       // STLA, STLO of the requested location
    f[35] = f[36] = f[38] = 0.0f;                 // EVLA, EVLO, EVDP
    const Component& cm = component(c);
    f[57] = cm.cmpaz; f[58] = cm.cmpinc;
    in[9] = int32_t(npts);
    in[0] = utc.year; in[1] = utc.yday; in[2] = utc.hour; in[3] = utc.minute; in[4] = utc.second; in[5] = utc.msec;
    set_k(k[0], cfg.sta.empty() ? cfg.file : cfg.sta);
    set_k(k[20], cm.kcmpnm);

    std::string bytes(kSacHeaderBytes + 4 * npts, '\0');
    std::memcpy(&bytes[0], f.data(), 280);
    std::memcpy(&bytes[280], in.data(), 160);
    std::memcpy(&bytes[440], k, 192);
    if (npts) std::memcpy(&bytes[kSacHeaderBytes], y.data(), 4 * npts);
    return bytes;
  }

  // ---- migration with a partition: the rec line, the grid point, the reservation, the samples
  void pack(std::vector<char>& out) const {
    auto put = [&out](const void* a, std::size_t n) {
      const char* c = static_cast<const char*>(a);
      out.insert(out.end(), c, c + n);
    };
    const int32_t ints[9] = {int32_t(cfg.mode), cfg.nsew, cfg.writeEvery, cfg.usgs, cfg.sac, cfg.line, p.i, p.j, p.k};
    const double xyz[3] = {cfg.x, cfg.y, cfg.z};
    const uint64_t sizes[4] = {cfg.file.size(), cfg.sta.size(), reserved, samples.size()};
    put(ints, sizeof ints);
    put(xyz, sizeof xyz);
    put(sizes, sizeof sizes);
    put(cfg.file.data(), cfg.file.size());
    put(cfg.sta.data(), cfg.sta.size());
    put(samples.data(), samples.size() * sizeof(double));
  }
  static Receiver unpack(const char*& in) {
    auto get = [&in](void* a, std::size_t n) {
      if (n) std::memcpy(a, in, n);
      in += n;
    };
    int32_t ints[9];
    double xyz[3];
    uint64_t sizes[4];
    get(ints, sizeof ints);
    get(xyz, sizeof xyz);
    get(sizes, sizeof sizes);
    Receiver r;
    r.cfg.mode = RecMode(ints[0]);
    r.cfg.nsew = ints[1] != 0;
    r.cfg.writeEvery = ints[2];
    r.cfg.usgs = ints[3] != 0;
    r.cfg.sac = ints[4] != 0;
    r.cfg.line = ints[5];
    r.p = GridIndex{ints[6], ints[7], ints[8]};
    r.cfg.x = xyz[0]; r.cfg.y = xyz[1]; r.cfg.z = xyz[2];
    r.cfg.file.assign(in, std::size_t(sizes[0]));
    in += sizes[0];
    r.cfg.sta.assign(in, std::size_t(sizes[1]));
    in += sizes[1];
    if (sizes[2]) r.reserve(int(sizes[2]) - 1);
    r.samples.resize(std::size_t(sizes[3]));
    get(r.samples.data(), r.samples.size() * sizeof(double));
    return r;
  }

 private:
  // Displacement-type modes from one level: derivatives are (f(+1) - f(-1)) * 1/(2h).
  void append_from(const Field& a, double h) {
    const int i = p.i, j = p.j, k = p.k;
    if (cfg.mode == RecMode::Displacement) {
      for (int c = 0; c < 3; ++c) samples.push_back(a[c](i, j, k));
      return;
    }
    assert(a[0].box.contains(i - 1, j - 1, k - 1) && a[0].box.contains(i + 1, j + 1, k + 1));
    const double factor = 1.0 / (2 * h);
    const Array3 &U = a[0], &V = a[1], &W = a[2];
    if (cfg.mode == RecMode::Div) {  // one sum of differences, then the factor (as the original)
      samples.push_back((U(i + 1, j, k) - U(i - 1, j, k) + V(i, j + 1, k) - V(i, j - 1, k) +
                         W(i, j, k + 1) - W(i, j, k - 1)) * factor);
      return;
    }
    // d[c][a]: derivative of component c along axis a.
    double d[3][3];
    for (int c = 0; c < 3; ++c) {
      const Array3& F = a[c];
      d[c][0] = (F(i + 1, j, k) - F(i - 1, j, k)) * factor;
      d[c][1] = (F(i, j + 1, k) - F(i, j - 1, k)) * factor;
      d[c][2] = (F(i, j, k + 1) - F(i, j, k - 1)) * factor;
    }
    if (cfg.mode == RecMode::Curl) {
      samples.push_back(d[2][1] - d[1][2]);  // w_y - v_z
      samples.push_back(d[0][2] - d[2][0]);  // u_z - w_x
      samples.push_back(d[1][0] - d[0][1]);  // v_x - u_y
    } else if (cfg.mode == RecMode::Strains) {
      samples.push_back(d[0][0]);
      samples.push_back(d[1][1]);
      samples.push_back(d[2][2]);
      samples.push_back(0.5 * (d[1][0] + d[0][1]));
      samples.push_back(0.5 * (d[2][0] + d[0][2]));
      samples.push_back(0.5 * (d[1][2] + d[2][1]));
    } else {  // displacement gradient, row by row: du/dx, du/dy, du/dz, dv/dx, ...
      for (int c = 0; c < 3; ++c)
        for (int ax = 0; ax < 3; ++ax) samples.push_back(d[c][ax]);
    }
  }

  // File suffix, SAC component name and orientation, USGS column title of each component.
  struct Component { const char* suffix; const char* kcmpnm; float cmpinc, cmpaz; const char* title; };
  const Component& component(int c) const {
    static const Component disp[3] = {{"x", "X", 90, 0, "# Column 2: X displacement (m)"},
                                      {"y", "Y", 90, 90, "# Column 3: Y displacement (m)"},
                                      {"z", "Z", 180, 0, "# Column 4: Z displacement (m)"}};
    static const Component disp_geo[3] = {{"e", "EW", 90, 90, "# Column 2: East-west displacement (m)"},
                                          {"n", "NS", 90, 0, "# Column 3: North-sourth displacement (m)"},
                                          {"u", "UP", 0, 0, "# Column 4: Up-down displacement (m)"}};
    static const Component vel[3] = {{"xv", "Vx", 90, 0, "# Column 2: X velocity (m/s)"},
                                     {"yv", "Vy", 90, 90, "# Column 3: Y velocity (m/s)"},
                                     {"zv", "Vz", 180, 0, "# Column 4: Z velocity (m/s)"}};
    static const Component vel_geo[3] = {{"ev", "Vew", 90, 90, "# Column 2: East-west velocity (m/s)"},
                                         {"nv", "Vns", 90, 0, "# Column 3: Nort-south velocity (m/s)"},
                                         {"uv", "Vup", 0, 0, "# Column 4: Up-down velocity (m/s)"}};
    static const Component div[1] = {{"div", "Div", 90, 0, "# Column 2: divergence of displacement ()"}};
    static const Component curl[3] = {{"curlx", "Curlx", 90, 0, "# Column 2: curl of displacement, component 1 ()"},
                                      {"curly", "Curly", 90, 90, "# Column 3: curl of displacement, component 2 ()"},
                                      {"curlz", "Curlz", 180, 0, "# Column 4: curl of displacement, component 3 ()"}};
    static const Component strain[6] = {{"xx", "Uxx", 90, 0, "# Column 2: xx strain component ()"},
                                        {"yy", "Uyy", 90, 90, "# Column 3: yy strain component ()"},
                                        {"zz", "Uzz", 180, 0, "# Column 4: zz strain component ()"},
                                        {"xy", "Uxy", 90, 0, "# Column 5: xy strain component ()"},
                                        {"xz", "Uxz", 90, 0, "# Column 6: xz strain component ()"},
                                        {"yz", "Uyz", 90, 0, "# Column 7: yz strain component ()"}};
    static const Component grad[9] = {{"duxdx", "DUXDX", 90, 0, "# Column 2 : dux/dx component ()"},
                                      {"duxdy", "DUXDY", 90, 0, "# Column 3 : dux/dy component ()"},
                                      {"duxdz", "DUXDZ", 90, 0, "# Column 4 : dux/dz component ()"},
                                      {"duydx", "DUYDX", 90, 0, "# Column 5 : duy/dx component ()"},
                                      {"duydy", "DUYDY", 90, 90, "# Column 6 : duy/dy component ()"},
                                      {"duydz", "DUYDZ", 90, 0, "# Column 7 : duy/dz component ()"},
                                      {"duzdx", "DUZDX", 90, 0, "# Column 8 : duz/dx component ()"},
                                      {"duzdy", "DUZDY", 90, 0, "# Column 9 : duz/dy component ()"},
                                      {"duzdz", "DUZDZ", 180, 0, "# Column 10: duz/dz component ()"}};
    switch (cfg.mode) {
      case RecMode::Displacement: return (geographic_components() ? disp_geo : disp)[c];
      case RecMode::Velocity: return (geographic_components() ? vel_geo : vel)[c];
      case RecMode::Div: return div[c];
      case RecMode::Curl: return curl[c];
      case RecMode::Strains: return strain[c];
      default: return grad[c];
    }
  }

  // (x, y) to (east, north) at the requested location, the original's spheroidal correction
  // included: east = salpha*u + calpha*v, north = thynrm*u - thxnrm*v.
  struct Rotation { double calpha, salpha, thxnrm, thynrm; };
  Rotation rotation() const {
    Rotation r;
    double lon, lat;
    geographic(cfg.x, cfg.y, lon, lat);
    r.calpha = std::cos(kPi * kGridAzimuth / 180.0);
    r.salpha = std::sin(kPi * kGridAzimuth / 180.0);
    const double cphi = std::cos(kPi * lat / 180.0), sphi = std::sin(kPi * lat / 180.0);
    const double along = (cfg.x * r.salpha + cfg.y * r.calpha) / cphi / kMetersPerDegree * (kPi / 180.0) * sphi;
    r.thxnrm = r.salpha + along * r.calpha;
    r.thynrm = r.calpha - along * r.salpha;
    const double nrm = std::sqrt(r.thxnrm * r.thxnrm + r.thynrm * r.thynrm);
    r.thxnrm /= nrm;
    r.thynrm /= nrm;
    return r;
  }

  static void set_k(char* slot, const std::string& v) {  // blank-padded, cut at 8
    for (std::size_t c = 0; c < 8; ++c) slot[c] = c < v.size() ? v[c] : ' ';
  }
};

inline Receiver make_receiver(const RecCfg& cfg, const GridCfg& grid) {
  Receiver r;
  r.cfg = cfg;
  r.p = nearest_grid_point(cfg.x, cfg.y, cfg.z, grid);
  return r;
}

}  // namespace sw4

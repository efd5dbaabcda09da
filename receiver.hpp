// receiver.hpp: recording the solution at receivers, and writing it as USGS text and SAC binary.
//
// Why built so: a receiver is a plain value (its input line, its grid point, with topography
// its grid and the metric there, its samples), so the rank or partition that owns its grid
// point can record it, pack it, move it and write it, and nothing else in the program needs to
// know about it. Recording happens every step for every receiver, so it only reads a few points
// and appends to one vector whose capacity was reserved before the time loop; no allocation, no
// I/O. Everything that is slow or fussy (the header layouts, the geographic frame, the date)
// happens in write(), at the end and every writeEvery samples.
//
// The file formats are the original's to the byte (NUMERICS.md section 10): the USGS text
// header lines, their typos included, the `%e` time column and ` %24.17e` values (` %15.8e`,
// a float's 9 digits, in the single build); the SAC header in the standard 632-byte layout (70 float32, 40 int32, 24 eight-byte character slots,
// where KEVNM takes two), native byte order, float32 samples. The arithmetic of a sample,
// derivative modes included, is in receiver_modes.hpp; the date, the geographic frame and the
// whole-file write in receiver_write.hpp. Where a receiver sits with topography:
// receiver_topography.hpp.
//
// A file is first written under a temporary name and then renamed, so a reader (or a run that
// is stopped) never sees half a file. The SAC header layout and read_sac(): sac.hpp.
#pragma once

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "grid.hpp"
#include "config.hpp"
#include "receiver_modes.hpp"  // the grid point, the metric at it, one sample of each mode
#include "output/receiver_write.hpp"  // the date, the geographic frame, whole-file writes
#include "output/sac.hpp"

namespace sw4 {

// ---------------------------------------------------------------- the receiver

struct Receiver {
  RecCfg cfg;         // the rec line as given
  GridIndex p;        // its grid point (nearest, or as placed with topography)
  int grid = 0;       // the grid of p: 0 Cartesian, 1 curvilinear (topography)
  PointMetric metric; // grid 1: the metric at p, set by the caller (NUMERICS 21)
  std::vector<Real> samples;  // sample n, component c at samples[n*ncomp() + c]
  std::size_t reserved = 0;     // samples reserved for (kept across pack/unpack)
  // For the SAC header (set at setup: receiver_topography.hpp, set_sac_positions): the depth
  // below the surface, and the event at the deck's first source (none: event false).
  double depth = 0;
  bool event = false;
  double ev_x = 0, ev_y = 0, ev_depth = 0;

  int ncomp() const { return mode_components(cfg.mode); }
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
      append_mode_sample(cfg.mode, up, p, h, metric, samples);
    }
  }
  // The sample at t = 0, before the first step; velocity has none (no centred difference yet).
  void record_initial(const Field& u, double h) {
    if (cfg.mode != RecMode::Velocity) append_mode_sample(cfg.mode, u, p, h, metric, samples);
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

  // ---- USGS text (NUMERICS.md 10.2); samples with the digits that give back their Real
  static constexpr const char* kSampleFormat = sizeof(Real) == 4 ? " %15.8e" : " %24.17e";
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
      const Real* v = &samples[n * nc];
      if (geographic_components()) {
        put(kSampleFormat, r.salpha * v[0] + r.calpha * v[1]);
        put(kSampleFormat, r.thynrm * v[0] - r.thxnrm * v[1]);
        put(kSampleFormat, -double(v[2]));
      } else {
        for (int c = 0; c < nc; ++c) put(kSampleFormat, double(v[c]));
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
      const Real* v = &samples[n * nc];
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
    in[16] = cfg.mode == RecMode::Displacement ? kSacIdisp : cfg.mode == RecMode::Velocity ? kSacIvel : kSacIunkn;
    // LEVEN LPSPOL LOVROK LCALDA: SAC computes DIST, AZ, BAZ, GCARC from the positions when there
    // is an event (the same frame for both, so they are the model's to 0.5%: NUMERICS.md 10.3)
    in[35] = 1; in[36] = 0; in[37] = 1; in[38] = event ? 1 : 0; in[39] = 0;
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
    f[34] = float(depth);                         // STDP (m)
    if (event) {                                  // EVLA, EVLO; EVDP in km, as SAC counts it
      double evlon, evlat;
      geographic(ev_x, ev_y, evlon, evlat);
      f[35] = float(evlat); f[36] = float(evlon); f[38] = float(ev_depth / 1000);
    }
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

  // ---- migration with a partition: the rec line, the grid point and its metric, the
  // reservation, the samples
  void pack(std::vector<char>& out) const {
    auto put = [&out](const void* a, std::size_t n) {
      const char* c = static_cast<const char*>(a);
      out.insert(out.end(), c, c + n);
    };
    const int32_t ints[12] = {int32_t(cfg.mode), cfg.nsew, cfg.writeEvery, cfg.usgs, cfg.sac, cfg.line,
                              p.i, p.j, p.k, cfg.z_is_depth, grid, metric.on};
    const double reals[13] = {cfg.x, cfg.y, cfg.z, metric.m1, metric.m2, metric.m3, metric.m4, metric.J,
                              depth, double(event), ev_x, ev_y, ev_depth};
    const uint64_t sizes[4] = {cfg.file.size(), cfg.sta.size(), reserved, samples.size()};
    put(ints, sizeof ints);
    put(reals, sizeof reals);
    put(sizes, sizeof sizes);
    put(cfg.file.data(), cfg.file.size());
    put(cfg.sta.data(), cfg.sta.size());
    put(samples.data(), samples.size() * sizeof(Real));
  }
  static Receiver unpack(const char*& in) {
    auto get = [&in](void* a, std::size_t n) {
      if (n) std::memcpy(a, in, n);
      in += n;
    };
    int32_t ints[12];
    double reals[13];
    uint64_t sizes[4];
    get(ints, sizeof ints);
    get(reals, sizeof reals);
    get(sizes, sizeof sizes);
    Receiver r;
    r.cfg.mode = RecMode(ints[0]);
    r.cfg.nsew = ints[1] != 0;
    r.cfg.writeEvery = ints[2];
    r.cfg.usgs = ints[3] != 0;
    r.cfg.sac = ints[4] != 0;
    r.cfg.line = ints[5];
    r.p = GridIndex{ints[6], ints[7], ints[8]};
    r.cfg.z_is_depth = ints[9] != 0;
    r.grid = ints[10];
    r.metric.on = ints[11] != 0;
    r.cfg.x = reals[0]; r.cfg.y = reals[1]; r.cfg.z = reals[2];
    r.metric.m1 = reals[3]; r.metric.m2 = reals[4]; r.metric.m3 = reals[5];
    r.metric.m4 = reals[6]; r.metric.J = reals[7];
    r.depth = reals[8]; r.event = reals[9] != 0;
    r.ev_x = reals[10]; r.ev_y = reals[11]; r.ev_depth = reals[12];
    r.cfg.file.assign(in, std::size_t(sizes[0]));
    in += sizes[0];
    r.cfg.sta.assign(in, std::size_t(sizes[1]));
    in += sizes[1];
    if (sizes[2]) r.reserve(int(sizes[2]) - 1);
    r.samples.resize(std::size_t(sizes[3]));
    get(r.samples.data(), r.samples.size() * sizeof(Real));
    return r;
  }

 private:
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

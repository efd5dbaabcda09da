// image.hpp: what an image is: its patches and their index ranges, the value of each mode at a
// grid point, the part of the plane one piece holds, SW4's image file (.sw4img) as bytes and
// back, and the picture of the plane. No MPI (image_io.hpp gathers and writes).
//
// Why built so: the image must be the same bits on any cut and in both binaries, so a value is
// a function of the solution around one point, read with the same stencil whoever owns the
// point (the receivers' difference formulas, receiver_modes.hpp: append_mode_sample; for the
// exact and error modes the test problem's exact solution there, verify/verify_errors.hpp:
// PointExact), and each piece contributes exactly the points it owns. A piece's part is a rectangle of the
// plane per patch; only these 2-D rectangles travel, never the 3-D field.
//
// The file is SW4's image format (docs/user-guide.md, "Images", has the table): a header (precision,
// number of patches, time, plane, coordinate, mode number, grid flag, 25 characters of
// creation date), one record per patch (h, zmin, first and last index along the plane's two
// axes), the patches' values with the first axis fastest, and with gridinfo = 1 the z of the
// last (curvilinear) patch's points. Numbers are in the machine's byte order, packed without
// padding. The date field holds a fixed text, so that a rerun gives the same bytes.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "output/image_render.hpp"
#include "input.hpp"
#include "receiver_modes.hpp"
#include "subdomain.hpp"
#include "verify/verify_errors.hpp"

namespace sw4 {

struct ImageModeInfo {
  const char* name;  // in file names and titles
  int code;          // SW4's mode number in the file; vx, vy, vz are sw4lite's own (40..42)
  bool is_signed;    // diverging colours around zero
};
inline ImageModeInfo image_mode_info(ImageMode m) {
  switch (m) {
    case ImageMode::Ux: return {"ux", 1, true};
    case ImageMode::Uy: return {"uy", 2, true};
    case ImageMode::Uz: return {"uz", 3, true};
    case ImageMode::Rho: return {"rho", 4, false};
    case ImageMode::Lambda: return {"lambda", 5, false};
    case ImageMode::Mu: return {"mu", 6, false};
    case ImageMode::P: return {"p", 7, false};
    case ImageMode::S: return {"s", 8, false};
    case ImageMode::Div: return {"div", 12, true};
    case ImageMode::CurlMag: return {"curlmag", 13, false};
    case ImageMode::Topo: return {"topo", 18, false};
    case ImageMode::MagDuDt: return {"magdudt", 25, false};
    case ImageMode::Mag: return {"mag", 29, false};
    case ImageMode::Vx: return {"vx", 40, true};
    case ImageMode::Vy: return {"vy", 41, true};
    case ImageMode::Vz: return {"vz", 42, true};
    case ImageMode::UxExact: return {"uxexact", 9, true};
    case ImageMode::UyExact: return {"uyexact", 10, true};
    case ImageMode::UzExact: return {"uzexact", 11, true};
    case ImageMode::UxErr: return {"uxerr", 22, true};
    case ImageMode::UyErr: return {"uyerr", 23, true};
    case ImageMode::UzErr: return {"uzerr", 24, true};
  }
  return {"none", 0, false};
}

// One patch: grid g's points (a, b) with a in [ib, ie] along the plane's first axis, b in
// [jb, je] along its second (x plane: y, z; y plane: x, z; z plane: x, y); `fixed` is the
// plane's index along its normal in that grid.
struct ImagePatch {
  int grid = 0;
  double h = 0, zmin = 0;
  int ib = 1, ie = 0, jb = 1, je = 0, fixed = 1;
  int na() const { return ie - ib + 1; }
  int nb() const { return je - jb + 1; }
  std::size_t size() const { return std::size_t(na()) * std::size_t(nb()); }
};

struct ImageLayout {
  int plane = 0;
  double coord = 0;      // the grid plane's coordinate
  bool gridinfo = false;  // the last patch is curvilinear and its z follow the data
  std::vector<ImagePatch> patches;
};

inline int clamp_index(int i, int lo, int hi) { return i < lo ? lo : i > hi ? hi : i; }

// The nearest grid plane to the deck's coordinate and the patches that cross it: the
// Cartesian grid (below the interface with topography, zmin = Z_t) and, for x and y planes
// with topography, the curvilinear grid on top; a z plane with topography is the surface
// (z = 0, curvilinear k = 1) or a plane of the Cartesian grid (checked by the parser).
inline ImageLayout image_layout(const Config& cfg, const ImageCfg& im) {
  const GridCfg& g = cfg.grid;
  const double h = g.h;
  ImageLayout L;
  L.plane = im.plane;
  int n0 = g.nz, nc = 0;
  double zt = 0;
  if (cfg.topo.on) {
    const TopoGrids tg = topography_grids(g, cfg.topo);
    n0 = tg.n0;
    nc = tg.nc;
    zt = tg.zt;
  }
  ImagePatch p;
  p.h = h;
  p.zmin = zt;
  if (im.plane < 2) {
    const int n = im.plane == 0 ? g.nx : g.ny;
    p.fixed = clamp_index(nearest_index(im.coord, h), 1, n);
    L.coord = (p.fixed - 1) * h;
    p.ie = im.plane == 0 ? g.ny : g.nx;
    p.je = n0;
    L.patches.push_back(p);
    if (cfg.topo.on) {
      p.grid = 1;
      p.zmin = 0;
      p.je = nc;
      L.patches.push_back(p);
      L.gridinfo = true;
    }
    return L;
  }
  p.ie = g.nx;
  p.je = g.ny;
  if (cfg.topo.on && (im.coord == 0 || im.mode == ImageMode::Topo)) {
    p.grid = 1;
    p.zmin = 0;
    p.fixed = 1;
    L.coord = 0;
  } else {
    p.fixed = clamp_index(nearest_index(im.coord - zt, h), 1, n0);
    L.coord = zt + (p.fixed - 1) * h;
  }
  L.patches.push_back(p);
  return L;
}

// The value of a mode at grid g's point (i, j, k) of a piece after step n closed (n = 0: the
// initial data): U is the solution at t, Um at t - dt (velocity is (U - Um)/dt, a backward
// difference at t). The exact modes are the test problem's exact solution at t, the error
// modes U minus it (SW4's sign: numerical minus exact).
inline double image_value(ImageMode m, const Subdomain& sd, int g, int i, int j, int k,
                          const PointExact& exact, double t) {
  const Field& U = g ? sd.top.u : sd.u;
  const Field& Um = g ? sd.top.um : sd.um;
  const Array3& rho = g ? sd.top.rho : sd.rho;
  const Array3& mu = g ? sd.top.mu : sd.mu;
  const Array3& la = g ? sd.top.la : sd.la;
  auto vel = [&](int c) { return (U[std::size_t(c)](i, j, k) - Um[std::size_t(c)](i, j, k)) / sd.dt; };
  const int ec = exact_component(m);
  if (ec >= 0) {
    const double e = exact(sd, g, i, j, k, t)[std::size_t(ec)];
    return m == ImageMode::UxExact || m == ImageMode::UyExact || m == ImageMode::UzExact
               ? e
               : double(U[std::size_t(ec)](i, j, k)) - e;
  }
  switch (m) {
    case ImageMode::Ux: return U[0](i, j, k);
    case ImageMode::Uy: return U[1](i, j, k);
    case ImageMode::Uz: return U[2](i, j, k);
    case ImageMode::Vx: return vel(0);
    case ImageMode::Vy: return vel(1);
    case ImageMode::Vz: return vel(2);
    case ImageMode::Mag: {
      const double a = U[0](i, j, k), b = U[1](i, j, k), c = U[2](i, j, k);
      return std::sqrt(a * a + b * b + c * c);
    }
    case ImageMode::MagDuDt: {
      const double a = vel(0), b = vel(1), c = vel(2);
      return std::sqrt(a * a + b * b + c * c);
    }
    case ImageMode::Rho: return rho(i, j, k);
    case ImageMode::Mu: return mu(i, j, k);
    case ImageMode::Lambda: return la(i, j, k);
    case ImageMode::P: return std::sqrt((2 * mu(i, j, k) + la(i, j, k)) / rho(i, j, k));
    case ImageMode::S: return std::sqrt(mu(i, j, k) / rho(i, j, k));
    case ImageMode::Topo: return -sd.topography.map.z(i, j, 1);  // elevation: z points down
    case ImageMode::Div:
    case ImageMode::CurlMag: {
      PointMetric pm;
      if (g) {
        const Metric& mt = sd.top.met;
        pm = {true, mt.m1(i, j, k), mt.m2(i, j, k), mt.m3(i, j, k), mt.m4(i, j, k), mt.J(i, j, k)};
      }
      std::vector<Real> s;
      append_mode_sample(m == ImageMode::Div ? RecMode::Div : RecMode::Curl, U, GridIndex{i, j, k},
                         sd.grid.h, pm, s);
      if (m == ImageMode::Div) return s[0];
      return std::sqrt(double(s[0]) * s[0] + double(s[1]) * s[1] + double(s[2]) * s[2]);
    }
    case ImageMode::UxExact: case ImageMode::UyExact: case ImageMode::UzExact:
    case ImageMode::UxErr: case ImageMode::UyErr: case ImageMode::UzErr: break;  // above
  }
  return 0;
}

// Grid g's index (i, j, k) of point (a, b) of a patch.
inline void patch_point(const ImageLayout& L, const ImagePatch& p, int a, int b, int& i, int& j, int& k) {
  if (L.plane == 0) { i = p.fixed; j = a; k = b; }
  else if (L.plane == 1) { i = a; j = p.fixed; k = b; }
  else { i = a; j = b; k = p.fixed; }
}

// The part of the plane a piece owns at time t, appended to out as rectangles: patch number,
// a0, a1, b0, b1 (as doubles, exact), then the values, a fastest, each rounded to a Real: the
// solution's precision (a double holds a float exactly, so the gather and the file lose
// nothing more).
inline void append_piece_part(const Config& cfg, const ImageCfg& im, const ImageLayout& L,
                              const Subdomain& sd, double t, std::vector<double>& out) {
  const PointExact exact(cfg);
  for (std::size_t q = 0; q < L.patches.size(); ++q) {
    const ImagePatch& p = L.patches[q];
    const Box& o = p.grid ? sd.top.owned : sd.owned;
    int a0 = p.ib, a1 = p.ie, b0 = p.jb, b1 = p.je;
    if (L.plane == 0) {
      if (p.fixed < o.ib || p.fixed > o.ie) continue;
      a0 = o.jb, a1 = o.je;
    } else if (L.plane == 1) {
      if (p.fixed < o.jb || p.fixed > o.je) continue;
      a0 = o.ib, a1 = o.ie;
    } else {
      a0 = o.ib, a1 = o.ie, b0 = o.jb, b1 = o.je;
    }
    if (a1 < a0 || b1 < b0) continue;
    for (int v : {int(q), a0, a1, b0, b1}) out.push_back(double(v));
    for (int b = b0; b <= b1; ++b)
      for (int a = a0; a <= a1; ++a) {
        int i = 0, j = 0, k = 0;
        patch_point(L, p, a, b, i, j, k);
        out.push_back(Real(image_value(im.mode, sd, p.grid, i, j, k, exact, t)));
      }
  }
}

// The parts of all pieces (concatenated in any order) placed into one array per patch.
// False if a part does not fit the layout or a point is missing or given twice.
inline bool assemble_parts(const ImageLayout& L, const std::vector<double>& parts,
                           std::vector<std::vector<double>>& data) {
  data.assign(L.patches.size(), {});
  std::vector<std::vector<char>> seen(L.patches.size());
  for (std::size_t q = 0; q < L.patches.size(); ++q) {
    data[q].assign(L.patches[q].size(), 0.0);
    seen[q].assign(L.patches[q].size(), 0);
  }
  std::size_t at = 0;
  while (at + 5 <= parts.size()) {
    const int q = int(parts[at]), a0 = int(parts[at + 1]), a1 = int(parts[at + 2]),
              b0 = int(parts[at + 3]), b1 = int(parts[at + 4]);
    at += 5;
    if (q < 0 || q >= int(L.patches.size())) return false;
    const ImagePatch& p = L.patches[std::size_t(q)];
    if (a0 < p.ib || a1 > p.ie || b0 < p.jb || b1 > p.je || a1 < a0 || b1 < b0) return false;
    if (at + std::size_t(a1 - a0 + 1) * std::size_t(b1 - b0 + 1) > parts.size()) return false;
    for (int b = b0; b <= b1; ++b)
      for (int a = a0; a <= a1; ++a) {
        const std::size_t x = std::size_t(a - p.ib) + std::size_t(p.na()) * std::size_t(b - p.jb);
        if (seen[std::size_t(q)][x]++) return false;
        data[std::size_t(q)][x] = parts[at++];
      }
  }
  if (at != parts.size()) return false;
  for (const auto& s : seen)
    for (char c : s)
      if (!c) return false;
  return true;
}

// ------------------------------------------------------------------ the file and its name

constexpr int kImageDateChars = 25;
constexpr char kImageDate[kImageDateChars + 1] = "sw4lite (no date)       \n";

template <class T>
void put_raw(std::vector<char>& o, T v) {
  const char* p = reinterpret_cast<const char*>(&v);
  o.insert(o.end(), p, p + sizeof v);
}

// The .sw4img bytes. data: one array per patch (patch order, a fastest); z: the last patch's
// z when L.gridinfo.
inline std::vector<char> sw4img_bytes(const ImageLayout& L, int mode_code, double t, bool dbl,
                                      const std::vector<std::vector<double>>& data,
                                      const std::vector<double>& z) {
  std::vector<char> o;
  put_raw<std::int32_t>(o, dbl ? 8 : 4);
  put_raw<std::int32_t>(o, std::int32_t(L.patches.size()));
  put_raw<double>(o, t);
  put_raw<std::int32_t>(o, L.plane);
  put_raw<double>(o, L.coord);
  put_raw<std::int32_t>(o, mode_code);
  put_raw<std::int32_t>(o, L.gridinfo ? 1 : 0);
  o.insert(o.end(), kImageDate, kImageDate + kImageDateChars);
  for (const ImagePatch& p : L.patches) {
    put_raw<double>(o, p.h);
    put_raw<double>(o, p.zmin);
    for (int v : {p.ib, p.ie, p.jb, p.je}) put_raw<std::int32_t>(o, v);
  }
  auto values = [&](const std::vector<double>& v) {
    for (double x : v) {
      if (dbl) put_raw<double>(o, x);
      else put_raw<float>(o, float(x));
    }
  };
  for (const auto& d : data) values(d);
  if (L.gridinfo) values(z);
  return o;
}

// The last patch's z (curvilinear, gridinfo): the mapping's z at each point, a fastest.
inline std::vector<double> curvilinear_z(const Config& cfg, const ImageLayout& L) {
  std::vector<double> z;
  if (!L.gridinfo) return z;
  const Topography topo(cfg.grid, cfg.topo);
  const ImagePatch& p = L.patches.back();
  for (int b = p.jb; b <= p.je; ++b)
    for (int a = p.ib; a <= p.ie; ++a) {
      int i = 0, j = 0, k = 0;
      patch_point(L, p, a, b, i, j, k);
      z.push_back(topo.map.z(i, j, k));
    }
  return z;
}

// <prefix>.cycle=<n>.<x|y|z>=<coord>.<mode>.sw4img (SW4's name; n padded as checkpoints are).
inline std::string image_name(const Config& cfg, const ImageCfg& im, const ImageLayout& L, long n,
                              long nsteps, const char* ext) {
  const std::string digits = std::to_string(n), width = std::to_string(nsteps);
  const std::string pad(width.size() > digits.size() ? width.size() - digits.size() : 0, '0');
  char c[64];
  std::snprintf(c, sizeof c, "%c=%g", "xyz"[L.plane], L.coord);
  return cfg.fileio.path + im.file + ".cycle=" + pad + digits + "." + c + "." +
         image_mode_info(im.mode).name + ext;
}

// The picture: one patch as it is; x and y planes with topography stack the curvilinear
// grid's rows (k = 1..nc-1, its last row is the interface) above the Cartesian grid's.
inline render::Canvas image_picture(const ImageLayout& L, const ImageCfg& im, long n, double t,
                                    const std::vector<std::vector<double>>& data) {
  const ImagePatch& p0 = L.patches[0];
  std::vector<double> v;
  int rows = p0.nb();
  if (L.patches.size() == 2) {
    const ImagePatch& p1 = L.patches[1];
    v.assign(data[1].begin(), data[1].begin() + long(std::size_t(p1.na()) * std::size_t(p1.nb() - 1)));
    rows += p1.nb() - 1;
  }
  v.insert(v.end(), data[0].begin(), data[0].end());
  char title[160];
  std::snprintf(title, sizeof title, "%s  t=%.4g  %c=%g  step %ld", image_mode_info(im.mode).name, t,
                "xyz"[L.plane], L.coord, n);
  return render::render_field(v, p0.na(), rows, image_mode_info(im.mode).is_signed, title);
}

}  // namespace sw4

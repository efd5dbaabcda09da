// input_check.hpp: pass 2 of the parser: the checks that need the whole deck.
//
// Part of input.hpp, which includes it after the Config structs (include input.hpp, not this).
//
// Why built so: a source, a receiver or a block is checked against the grid, which may be
// defined on a later line; the boundary types (and so the super-grid layers and the minimum nz)
// depend on testpointsource, which may come anywhere. Every message still names the line of
// the command at fault. Material coverage is checked exactly without visiting every point: each
// block covers an index box (the same inside test with tolerance 1e-5 that the material setup
// uses), and a union of boxes either covers the grid or misses a whole cell of the grid formed by
// all box bounds, so one point per cell decides. The cells are walked z, then y, then a 1-D sweep
// in x, which keeps the cost small even for many blocks.
#pragma once

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <string>
#include <vector>

#include "checks/float_bits.hpp"

namespace sw4 {
namespace input_detail {

inline void check_grid_size(const State& st) {
  const Config& c = st.cfg;
  if (c.dg.on) return;  // the 8 points are the SBP boundary closures'; a DG element needs none
  // top side 4 (the bottom's, twilight freelower=1, is check_twilight_sides')
  bool free_surface = (!c.tps.on || c.tps.halfspace) && !(c.verify.kind == VerifyKind::Twilight && !c.verify.tw.freeupper);
  if (free_surface && c.grid.nz < 8)
    fail_at(st.file, st.grid_line, "grid: nz=" + std::to_string(c.grid.nz) +
                                       " is too small (allowed: nz >= 8 with a free surface on top)");
}

// Layers of width gp*h at x=0 and x=xmax, y likewise, z at the bottom, and at the top unless it
// is a free surface (NUMERICS 5.1): both ends need 2*gp*h <= length, one end gp*h < length.
inline void check_supergrid(const State& st) {
  const Config& c = st.cfg;
  if (dirichlet_sides(c)) return;  // no layers: the sides hold an exact solution or zero
  if (twilight_sw4_stretching(c)) return;  // SW4's analytic stretching: gp is not used (NUMERICS 25.6)
  if (c.dg.on) return;  // no layers: DG's sides are walls or mirrors (check_dg refuses the command)
  double w = c.sg.gp * c.grid.h;
  bool z_top = c.tps.on && !c.tps.halfspace;
  struct Dir { const char* name; double len; bool both; } dirs[3] = {
      {"x", c.grid.xmax, true}, {"y", c.grid.ymax, true}, {"z", c.grid.zmax, z_top}};
  for (const Dir& d : dirs) {
    if (c.topo.on && d.name[0] == 'z') continue;  // the bottom moves: topography_problem checks z
    bool bad = d.both ? 0.0 + w > d.len - w : !(w < d.len);
    if (!bad) continue;
    std::string what = d.both ? "2*gp*h" : "gp*h";
    std::string rel = d.both ? " <= " : " < ";
    std::string here = d.both ? fmt(2 * w) : fmt(w);
    std::string allowed = "(allowed: " + what + rel + d.name + " = " + fmt(d.len) + ", here " + what + " = " +
                          here + ")";
    if (c.has_supergrid_cmd)
      fail_at(st.file, st.sg_line, "supergrid: gp=" + std::to_string(c.sg.gp) +
                                       " makes the super-grid layers too wide for the domain in " + d.name +
                                       " " + allowed);
    fail_at(st.file, st.grid_line, std::string("grid: the default super-grid layers (gp=20) are too wide for ") +
                                       "the domain in " + d.name + " " + allowed + "; set supergrid gp=N");
  }
}

// x, y, z (z given by zkey) inside [0,xmax]x[0,ymax]x[0,zmax]. With topography only x, y and a
// depth's sign are known here (topography_problem checks the rest against the moved bottom).
inline void check_position(const State& st, const char* cmd, int line, double x, double y, double z,
                           const std::string& zkey) {
  const GridCfg& g = st.cfg.grid;
  const bool topo = st.cfg.topo.on;
  const double zhi = topo ? 1e300 : g.zmax;
  struct C { std::string key; double v, lo, hi; } cs[3] = {
      {"x", x, 0, g.xmax}, {"y", y, 0, g.ymax}, {zkey, z, topo && zkey == "z" ? -1e300 : 0, zhi}};
  for (const C& c : cs)
    if (!(c.v >= c.lo && c.v <= c.hi))
      fail_at(st.file, line, std::string(cmd) + ": " + c.key + "=" + fmt(c.v) +
                                 (c.hi < 1e300 ? " is outside the domain (0 <= " + c.key + " <= " + fmt(c.hi) + ")"
                                               : " is above the surface (allowed: " + c.key + " >= 0)"));
}

inline void check_sources(const State& st) {
  const Config& c = st.cfg;
  for (std::size_t s = 0; s < c.sources.size(); ++s) {
    const SourceCfg& src = c.sources[s];
    check_position(st, "source", src.line, src.x, src.y, src.z, st.src[s].zkey);
  }
  if (!c.tps.on) return;
  if (c.sources.empty())
    fail_at(st.file, st.tps_line, "testpointsource: no source command (the exact solution is that of the "
                                  "first source)");
  using T = TimeFunctionType;
  T t = c.sources[0].type;
  if (t != T::SmoothWave && t != T::VerySmoothBump && t != T::C6SmoothBump && t != T::Gaussian)
    fail_at(st.file, c.sources[0].line, "source: with testpointsource the first source's type must have an "
                                        "exact solution (allowed: Gaussian, SmoothWave, VerySmoothBump, "
                                        "C6SmoothBump)");
}

inline void check_recs(const State& st) {
  const std::vector<RecCfg>& r = st.cfg.recs;
  for (std::size_t i = 0; i < r.size(); ++i) {
    check_position(st, "rec", r[i].line, r[i].x, r[i].y, r[i].z, st.rec[i].zkey);
    // The longest path written: fileio path, name, ".duxdx.tmp"; PATH_MAX is 4096 on Linux.
    const std::size_t longest = st.cfg.fileio.path.size() + r[i].file.size() + 10;
    if (longest >= 4096)
      fail_at(st.file, r[i].line, "rec: the fileio path and file=" + r[i].file.substr(0, 20) + "... make a path of " +
                                      std::to_string(longest) + " characters (allowed: at most 4095)");
    if (st.cfg.tps.on && r[i].usgs && r[i].file == "PointSourceErr")
      fail_at(st.file, r[i].line, "rec: file=PointSourceErr would overwrite the error norms of testpointsource "
                                  "(allowed: another name)");
    for (std::size_t j = 0; j < i; ++j)
      if (r[j].file == r[i].file)
        fail_at(st.file, r[i].line, "rec: file=" + shown(r[i].file) + " is already used by the receiver on line " +
                                        std::to_string(r[j].line) + " (give each receiver its own file)");
  }
}

// Index range [lo, hi] of the points (i-1)h, i = 1..n, with b1 - tol <= (i-1)h <= b2 + tol.
inline void covered_range(double b1, double b2, double h, int n, int& lo, int& hi) {
  auto in_lo = [&](int i) { return b1 - kBlockTol <= (i - 1) * h; };
  auto in_hi = [&](int i) { return (i - 1) * h <= b2 + kBlockTol; };
  double a = std::clamp((b1 - kBlockTol) / h + 1, 0.0, n + 1.0);
  double b = std::clamp((b2 + kBlockTol) / h + 1, 0.0, n + 1.0);
  lo = std::max(1, int(a) - 1);
  while (lo <= n && !in_lo(lo)) ++lo;
  hi = std::min(n, int(b) + 1);
  while (hi >= 1 && !in_hi(hi)) --hi;
}

struct IBox { int lo[3], hi[3]; };

// First grid point covered by no box, as {i,j,k}, or {0,0,0} if all are covered.
inline std::vector<int> first_uncovered(const std::vector<IBox>& boxes, const int n[3]) {
  auto breaks = [&](const std::vector<const IBox*>& bs, int d) {
    std::vector<int> v = {1, n[d] + 1};
    for (const IBox* b : bs) { v.push_back(b->lo[d]); v.push_back(b->hi[d] + 1); }
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
    v.erase(std::remove_if(v.begin(), v.end(), [&](int p) { return p < 1 || p > n[d]; }), v.end());
    return v;  // cell starts within 1..n
  };
  std::vector<const IBox*> all;
  for (const IBox& b : boxes) all.push_back(&b);
  for (int k : breaks(all, 2)) {
    std::vector<const IBox*> zk;
    for (const IBox* b : all)
      if (b->lo[2] <= k && k <= b->hi[2]) zk.push_back(b);
    for (int j : breaks(zk, 1)) {
      std::vector<std::pair<int, int>> xs;
      for (const IBox* b : zk)
        if (b->lo[1] <= j && j <= b->hi[1]) xs.push_back({b->lo[0], b->hi[0]});
      std::sort(xs.begin(), xs.end());
      int next = 1;  // first i not yet known to be covered
      for (const auto& x : xs) {
        if (x.first > next) break;
        next = std::max(next, x.second + 1);
      }
      if (next <= n[0]) return {next, j, k};
    }
  }
  return {0, 0, 0};
}

// What is wrong with the material rho, vp, vs at one point, or "". The moduli must be finite
// and not zero (rho*vp^2 overflows for vp=1e300, and the first step is NaN) and the bulk modulus
// rho (vp^2 - 4/3 vs^2) positive: without it the elastic energy is not positive definite and
// the scheme not stable (vs >= vp, a negative lambda, is the common typo). vp and vs are
// positive, so vp^2 - 4/3 vs^2 = (vp - c vs)(vp + c vs) has the sign of a function linear in
// z: checking both ends of a block's depth range checks every point between.
inline std::string material_problem(double rho, double vp, double vs, const char* pname, const char* sname) {
  const double mu = rho * vs * vs, la = rho * vp * vp - 2 * mu;
  const std::string at = std::string(pname) + "=" + fmt(vp) + ", " + sname + "=" + fmt(vs) + ", rho=" + fmt(rho);
  if (!finite_bits(mu) || !finite_bits(la) || !finite_bits((4 * mu + la) / rho) || !(mu >= DBL_MIN))
    return at + " give the moduli rho*" + pname + "^2 = " + fmt(rho * vp * vp) + " and rho*" + sname +
           "^2 = " + fmt(mu) + " (allowed: finite and not zero in double precision)";
  if (!(3 * vp * vp > 4 * vs * vs))
    return at + " give the bulk modulus rho*(" + pname + "^2 - 4/3 " + sname + "^2) = " +
           fmt(rho * (vp * vp - 4.0 / 3.0 * vs * vs)) + " (allowed: > 0, that is " + pname + " > 1.1547 " + sname + ")";
  return "";
}

inline void check_tps_material(const State& st) {
  const TestPointSourceCfg& t = st.cfg.tps;
  if (!t.on) return;
  const std::string m = material_problem(t.rho, t.cp, t.cs, "cp", "cs");
  if (!m.empty()) fail_at(st.file, st.tps_line, "testpointsource: " + m);
}

inline void check_blocks(State& st) {
  Config& c = st.cfg;
  const GridCfg& g = c.grid;
  double ext[3] = {g.xmax, g.ymax, g.zmax};
  const char* bname[6] = {"x1", "x2", "y1", "y2", "z1", "z2"};
  std::vector<IBox> boxes;
  for (std::size_t b = 0; b < c.blocks.size(); ++b) {
    BlockCfg& blk = c.blocks[b];
    const BlockExtra& e = st.blk[b];
    auto fail = [&](const std::string& m) { fail_at(st.file, blk.line, "block: " + m); };
    double* bound[6] = {&blk.x1, &blk.x2, &blk.y1, &blk.y2, &blk.z1, &blk.z2};
    IBox box;
    int n[3] = {g.nx, g.ny, g.nz};
    for (int d = 0; d < 3; ++d) {
      double &lo = *bound[2 * d], &hi = *bound[2 * d + 1];
      if (e.set[2 * d] && lo > ext[d])
        fail(std::string(bname[2 * d]) + "=" + fmt(lo) + " is outside the domain (allowed: " + bname[2 * d] +
             " <= " + fmt(ext[d]) + ")");
      if (e.set[2 * d + 1] && hi < 0)
        fail(std::string(bname[2 * d + 1]) + "=" + fmt(hi) + " is outside the domain (allowed: " +
             bname[2 * d + 1] + " >= 0)");
      if (!e.set[2 * d]) lo = -ext[d];          // defaults reach past the ghost points
      if (!e.set[2 * d + 1]) hi = 2 * ext[d];
      if (hi < lo)
        fail(std::string(bname[2 * d + 1]) + "=" + fmt(hi) + " is smaller than " + bname[2 * d] + "=" + fmt(lo) +
             " (allowed: " + bname[2 * d] + " <= " + bname[2 * d + 1] + ")");
      covered_range(lo, hi, g.h, n[d], box.lo[d], box.hi[d]);
    }
    bool nonempty = box.lo[0] <= box.hi[0] && box.lo[1] <= box.hi[1] && box.lo[2] <= box.hi[2];
    // c = c0 + grad*z is linear in z: positive at both ends of the block's grid range in z.
    if (nonempty) {
      double zs[2] = {(box.lo[2] - 1) * g.h, (box.hi[2] - 1) * g.h};
      struct P { const char* name; double v, grad; } ps[3] = {
          {"vp", blk.vp, blk.vpgrad}, {"vs", blk.vs, blk.vsgrad}, {"rho", blk.rho, blk.rhograd}};
      for (const P& p : ps)
        for (double z : zs)
          if (!(p.v + p.grad * z > 0))
            fail(std::string(p.name) + " + " + p.name + "grad*z = " + fmt(p.v + p.grad * z) + " at z=" + fmt(z) +
                 " (allowed: > 0 at every grid point of the block)");
      for (double z : zs) {
        const std::string m =
            material_problem(blk.rho + blk.rhograd * z, blk.vp + blk.vpgrad * z, blk.vs + blk.vsgrad * z, "vp", "vs");
        if (!m.empty()) fail("at z=" + fmt(z) + ": " + m);
      }
    }
    if (nonempty) boxes.push_back(box);
  }
  if (c.topo.on) return;  // coverage of the curved grids: checked by the material setup
  if (!material_from_blocks(c)) {
    const bool tps = c.tps.on;
    if (!c.blocks.empty())
      c.warnings.push_back(st.file + ":" + std::to_string(c.blocks[0].line) +
                           ": warning: block commands are ignored with " +
                           (tps ? std::string("testpointsource") : verify_name(c.verify.kind)) + " (line " +
                           std::to_string(tps ? st.tps_line : c.verify.line) + ")");
    return;
  }
  if (c.dg.on) return;  // check_dg: one block over the whole grid, or none in single mode
  if (c.blocks.empty())
    fail_at(st.file, st.grid_line, "grid: no material is defined (give block commands that cover the grid, "
                                   "or testpointsource)");
  int n[3] = {g.nx, g.ny, g.nz};
  std::vector<int> p = first_uncovered(boxes, n);
  if (p[0])
    fail_at(st.file, c.blocks.back().line,
            "block: the grid point (i,j,k)=(" + std::to_string(p[0]) + "," + std::to_string(p[1]) + "," +
                std::to_string(p[2]) + ") at (x,y,z)=(" + fmt((p[0] - 1) * g.h) + "," + fmt((p[1] - 1) * g.h) +
                "," + fmt((p[2] - 1) * g.h) + ") is in no block (allowed: the blocks together cover every "
                "grid point)");
}

inline void check_images(State& st);  // input_image.hpp
inline void check_verify(const State& st);  // input_verify.hpp
inline void twilight_conventions(State& st);  // input_verify.hpp
inline void check_dg(State& st);            // input_dg.hpp
inline void check_developer(const State& st);  // input_developer.hpp
inline const char* verify_name(VerifyKind k);

inline void check_deck(State& st) {
  if (!st.grid_line)
    fail_at(st.file, std::max(st.last_line, 1), "no grid command (a grid command is required, e.g. "
                                                 "grid h=H x=X y=Y z=Z)");
  if (!st.time_line)
    st.cfg.warnings.push_back(st.file + ":" + std::to_string(std::max(st.last_line, 1)) +
                              ": warning: no time command, so no time step is taken (add time "
                              "t=END_TIME or time steps=N)");
  twilight_conventions(st);  // before anything counts grid 1's planes
  check_grid_size(st);
  check_supergrid(st);
  check_dg(st);  // before the details: a command DG cannot take is named as such
  check_attenuation(st);
  check_developer(st);
  check_sources(st);
  check_recs(st);
  check_blocks(st);
  check_tps_material(st);
  check_images(st);
  check_verify(st);
}

}  // namespace input_detail
}  // namespace sw4

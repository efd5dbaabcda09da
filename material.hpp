// material.hpp: the material (rho, mu, lambda; with attenuation also Qp, Qs) at a grid point, built from the deck's blocks, and
// the largest wave speed over a box (NUMERICS 8, 7.1).
//
// Why built so: kept apart from grid.hpp so that the arrays and the kernels compile without the
// deck (a vendor's reduced case needs grid.hpp, sbp.hpp, stencil*.hpp and the three support
// headers precision.hpp, portable.hpp, threads.hpp: test/e2e/kernels_alone.sh). It reads the
// deck's plain values (config.hpp), not the parser, and a test problem's material reaches it
// from above, through test_problem_material (DESIGN.md, "Layers").
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "grid.hpp"
#include "config.hpp"

namespace sw4 {

// qp, qs: the quality factors times attenuation's qmultiplier (0 where no block gives them;
// the elastic parts never read them).
struct MaterialPoint {
  double rho, mu, la;
  double qp = 0, qs = 0;
};

// A test problem's own material (NUMERICS 25-28) at (x, y, z), the point (i, j, k) of grid
// `grid`. The test problems stand above this file (DESIGN.md, "Layers"), so the call goes
// through a pointer that verify/verify_material.hpp sets when a program includes it: a
// program that reads the material of a test problem's deck includes that header.
using TestProblemMaterial = MaterialPoint (*)(const Config& cfg, double x, double y, double z, int i, int j,
                                              int k, int grid);
inline TestProblemMaterial installed_test_problem_material = nullptr;

inline MaterialPoint test_problem_material(const Config& cfg, double x, double y, double z, int i, int j, int k,
                                           int grid) {
  if (!installed_test_problem_material)
    throw std::logic_error("material.hpp: a test problem's material needs verify/verify_material.hpp in the program");
  return installed_test_problem_material(cfg, x, y, z, i, j, k, grid);
}

// Blocks in input order at (x, y) with z the point's absolute depth and d its depth below the
// surface (the same without topography; NUMERICS 8, 22); false when no block holds the point.
// Q as SW4 sets it: from the last block holding the point that gives it (a block without qp
// leaves an earlier block's qp; with attenuation every block gives both), times qmultiplier,
// which SW4 applies once the material is set (NUMERICS 35.6).
constexpr double kBlockTolerance = 1e-5;  // a block holds points up to this far outside it

inline bool blocks_at(const Config& cfg, double x, double y, double z, double d, MaterialPoint& m) {
  constexpr double tol = kBlockTolerance;
  double rho = -1, cs = -1, cp = -1, qp = 0, qs = 0;
  bool set = false;
  for (const BlockCfg& b : cfg.blocks) {
    const double dd = b.absdepth ? z : d;
    if (b.x1 - tol <= x && x <= b.x2 + tol && b.y1 - tol <= y && y <= b.y2 + tol &&
        b.z1 - tol <= dd && dd <= b.z2 + tol) {
      rho = b.rho + b.rhograd * dd;
      cs = b.vs + b.vsgrad * dd;
      cp = b.vp + b.vpgrad * dd;
      if (b.qp > 0) qp = b.qp;
      if (b.qs > 0) qs = b.qs;
      set = true;
    }
  }
  if (set) {
    const double mu = rho * cs * cs, qm = cfg.att.qmultiplier;
    m = {rho, mu, rho * cp * cp - 2 * mu, qm * qp, qm * qs};
  }
  return set;
}

// Material at global grid point (i, j, k), ghosts included, exactly as the original builds it:
// blocks in input order at the owned columns and every k, k-ghosts not covered copied from
// k = 1 (k = nz), then i/j ghosts copied from the nearest boundary column. The parser has
// checked that every physical point is covered.
inline MaterialPoint material_at(const Config& cfg, int i, int j, int k) {
  const TestPointSourceCfg& tp = cfg.tps;
  if (tp.on) {
    const double mu = tp.rho * tp.cs * tp.cs;
    return {tp.rho, mu, tp.rho * tp.cp * tp.cp - 2 * mu};
  }
  const GridCfg& g = cfg.grid;
  if (cfg.verify.kind != VerifyKind::None)  // defined at ghost points too, unclamped
    return test_problem_material(cfg, (i - 1) * g.h, (j - 1) * g.h, (k - 1) * g.h, i, j, k, 0);
  i = std::min(std::max(i, 1), g.nx);
  j = std::min(std::max(j, 1), g.ny);
  const double x = (i - 1) * g.h, y = (j - 1) * g.h;
  auto at = [&](int kk, MaterialPoint& m) {
    const double z = (kk - 1) * g.h;
    return blocks_at(cfg, x, y, z, z, m);
  };
  MaterialPoint m{-1, 0, 0};
  if (!at(k, m)) {
    if (k < 1) at(1, m);
    else if (k > g.nz) at(g.nz, m);
  }
  return m;
}

// (4 mu + lambda)/rho of one point: the square of the speed in the CFL bound of NUMERICS 2.1.
inline double wave_speed2(const MaterialPoint& p) { return (4 * p.mu + p.la) / p.rho; }

// Largest wave_speed2 over box b (ghosts included), point by point: the definition that
// max_wave_speed2 below must equal to the last bit (test_grid checks it on random layouts).
inline double max_wave_speed2_pointwise(const Config& cfg, const Box& b) {
  double m = 0;
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) m = std::max(m, wave_speed2(material_at(cfg, i, j, k)));
  return m;
}

// The indices first..last whose coordinate (idx - 1) h passes a block's inside test along one
// axis, [lo, hi] (lo > hi: none). The test is monotone in idx, so a guess from a division and
// a few exact steps find both ends.
inline std::array<int, 2> block_index_range(double b1, double b2, double h, int first, int last) {
  auto in_lo = [&](int i) { return b1 - kBlockTolerance <= (i - 1) * h; };
  auto in_hi = [&](int i) { return (i - 1) * h <= b2 + kBlockTolerance; };
  const double span[2] = {first - 1.0, last + 1.0};
  int lo = int(std::clamp((b1 - kBlockTolerance) / h + 1, span[0], span[1])) - 1;
  lo = std::max(lo, first);
  while (lo > first && in_lo(lo - 1)) --lo;
  while (lo <= last && !in_lo(lo)) ++lo;
  int hi = int(std::clamp((b2 + kBlockTolerance) / h + 1, span[0], span[1])) + 1;
  hi = std::min(hi, last);
  while (hi < last && in_hi(hi + 1)) ++hi;
  while (hi >= first && !in_hi(hi)) --hi;
  return {lo, hi};
}

// Largest wave_speed2 over box b of a flat deck, without visiting every point. Along x and y a
// point's value depends only on which blocks hold its column (material_at clamps ghost columns
// to the boundary one), so the box's columns fall into cells between the blocks' index bounds;
// along z the same holds for runs of planes between the blocks' z bounds (split at k = 1 and
// nz + 1, where material_at's fallback for uncovered ghost planes changes). In one z run, a
// cell's value at plane k is decided by the last block holding it (its Q too when attenuation
// is on, since then every block gives Q) (and, for an uncovered ghost
// plane, the last block at k = 1 or nz), so one column per distinct decision and every plane
// of the run give every value the point loop sees, computed by the same material_at: the same
// maximum to the last bit (values are not assumed monotone in k, rounding could break that).
// Cost: runs x cells x blocks + planes x decisions, independent of nx and ny.
// max_material is the same walk for any f(material, k) >= 0 (cfl_stability.hpp asks for the
// CFL number over its limit, which depends on the plane as well); testpointsource's uniform
// material is given to f once per plane.
template <class F>
double max_material(const Config& cfg, const Box& b, F f) {
  if (b.size() == 0) return 0;
  if (cfg.tps.on) {
    const MaterialPoint p = material_at(cfg, b.ib, b.jb, b.kb);
    double m = 0;
    for (int k = b.kb; k <= b.ke; ++k) m = std::max(m, f(p, k));
    return m;
  }
  if (cfg.verify.kind != VerifyKind::None) {  // a test problem's material: point by point
    double m = 0;
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) m = std::max(m, f(material_at(cfg, i, j, k), k));
    return m;
  }
  const GridCfg& g = cfg.grid;
  const std::vector<BlockCfg>& blk = cfg.blocks;
  const int nb = int(blk.size());
  // Cell starts along one axis over first..last and, per cell, which blocks hold it.
  struct Axis {
    std::vector<int> start;                // cell c is start[c] .. start[c + 1] - 1
    std::vector<std::vector<char>> holds;  // holds[c][block]
  };
  auto cells = [&](int first, int last, int axis, const std::vector<int>& extra) {
    std::vector<std::array<int, 2>> r(nb);
    std::vector<int> cut = extra;
    cut.push_back(first);
    cut.push_back(last + 1);
    for (int n = 0; n < nb; ++n) {
      const BlockCfg& k = blk[n];
      const double lo[3] = {k.x1, k.y1, k.z1}, hi[3] = {k.x2, k.y2, k.z2};
      r[n] = block_index_range(lo[axis], hi[axis], g.h, first, last);
      if (r[n][0] <= r[n][1]) {
        cut.push_back(r[n][0]);
        cut.push_back(r[n][1] + 1);
      }
    }
    std::sort(cut.begin(), cut.end());
    cut.erase(std::unique(cut.begin(), cut.end()), cut.end());
    Axis a;
    for (int c : cut)
      if (first <= c && c <= last + 1) a.start.push_back(c);
    for (std::size_t c = 0; c + 1 < a.start.size(); ++c) {
      std::vector<char> h(nb);
      for (int n = 0; n < nb; ++n) h[n] = r[n][0] <= a.start[c] && a.start[c] <= r[n][1];
      a.holds.push_back(h);
    }
    return a;
  };
  auto clampi = [](int v, int n) { return std::min(std::max(v, 1), n); };
  const Axis ax = cells(clampi(b.ib, g.nx), clampi(b.ie, g.nx), 0, {});
  const Axis ay = cells(clampi(b.jb, g.ny), clampi(b.je, g.ny), 1, {});
  const Axis az = cells(b.kb, b.ke, 2, {1, g.nz + 1});
  const Axis a1 = cells(1, 1, 2, {}), an = cells(g.nz, g.nz, 2, {});  // the fallback planes
  auto last_holding = [&](const std::vector<char>& x, const std::vector<char>& y,
                          const std::vector<char>& z) {
    for (int n = nb - 1; n >= 0; --n)
      if (x[n] && y[n] && z[n]) return n;
    return -1;
  };
  double m = 0;
  for (std::size_t cz = 0; cz < az.holds.size(); ++cz) {
    const int k0 = az.start[cz], k1 = az.start[cz + 1] - 1;
    std::vector<std::array<int, 2>> seen;  // (decision, fallback decision) already represented
    std::vector<std::array<int, 2>> columns;
    for (std::size_t cy = 0; cy < ay.holds.size(); ++cy)
      for (std::size_t cx = 0; cx < ax.holds.size(); ++cx) {
        std::array<int, 2> d{last_holding(ax.holds[cx], ay.holds[cy], az.holds[cz]), -1};
        if (d[0] < 0 && k0 < 1 && !a1.holds.empty())
          d[1] = last_holding(ax.holds[cx], ay.holds[cy], a1.holds[0]);
        if (d[0] < 0 && k0 > g.nz && !an.holds.empty())
          d[1] = last_holding(ax.holds[cx], ay.holds[cy], an.holds[0]);
        if (std::find(seen.begin(), seen.end(), d) != seen.end()) continue;
        seen.push_back(d);
        columns.push_back({ax.start[cx], ay.start[cy]});
      }
    for (int k = k0; k <= k1; ++k)
      for (const std::array<int, 2>& c : columns)
        m = std::max(m, f(material_at(cfg, c[0], c[1], k), k));
  }
  return m;
}
inline double max_wave_speed2(const Config& cfg, const Box& b) {
  return max_material(cfg, b, [](const MaterialPoint& p, int) { return wave_speed2(p); });
}

}  // namespace sw4

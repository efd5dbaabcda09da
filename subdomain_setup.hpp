// subdomain_setup.hpp: a piece is built: its profiles, the grid-point sources and receivers
// it owns, then its arrays, material and (with topography) grid 1 and its metric; and its
// receivers' files are written; and the imbalance knob's extra work.
//
// Part of subdomain.hpp, which includes it at its end (include subdomain.hpp, not this).
//
// Why built so: setting up is cheap and done once, the phases are the hot path; keeping them
// apart keeps each file about one thing. Every value is computed from global indices and the
// deck, so a piece builds exactly what the whole grid would hold at its points, on any cut.
#pragma once

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "material.hpp"
#include "verify/twilight.hpp"  // twilight_profiles, twilight_sw4_profiles

namespace sw4 {

inline Subdomain::Subdomain(const Config& cfg, const PieceGeometry& pg)
    : grid(cartesian_grid(cfg)), box(pg.box), owned(pg.owned), eval(pg.owned) {
  for (int s = 0; s < 6; ++s) bc[s] = pg.bc[s];
  free_surface_top = bc[4] == Bc::FreeSurface;
  reference_kernel = cfg.dev.reference_kernel;
  time_order = cfg.dev.time_order;
  topo = cfg.topo.on;

  // Super-grid profiles from the physical boundary types (axis_taper). Under topography the
  // Cartesian grid's z runs from Z_t (NUMERICS 18.1).
  px = sample_profiles(axis_taper(cfg, 0), box.ib, box.ie, grid.h);
  py = sample_profiles(axis_taper(cfg, 1), box.jb, box.je, grid.h);
  if (topo) {
    topography = Topography(cfg.grid, cfg.topo);
    pz = sample_profiles(axis_taper(cfg, 2), box.kb, box.ke, grid.h, topography.grids.zt);
    TopGrid& g1 = top;
    g1.nc = topography.grids.nc;
    g1.box = {box.ib, box.ie, box.jb, box.je, 1 - kGhost, g1.nc + kGhost};
    g1.owned = {owned.ib, owned.ie, owned.jb, owned.je, 1, g1.nc};
    g1.eval = g1.owned;
    for (int s = 0; s < 4; ++s) g1.bc[s] = bc[s];
    g1.bc[4] = Bc::CurvedFreeSurface;
    g1.bc[5] = Bc::GridInterface;
  } else {
    pz = sample_profiles(axis_taper(cfg, 2), box.kb, box.ke, grid.h);
  }
  beta = cfg.sg.dc;
  if (twilight_sw4_stretching(cfg)) {  // SW4's analytic stretching, no damping (NUMERICS 25.6)
    px = twilight_sw4_profiles(cfg.verify.tw.omstrx, box.ib, box.ie, grid.h);
    py = twilight_sw4_profiles(cfg.verify.tw.omstry, box.jb, box.je, grid.h);
    pz = twilight_sw4_profiles(0, box.kb, box.ke, grid.h);
    beta = 0;
  } else if (cfg.verify.kind == VerifyKind::Twilight && cfg.has_supergrid_cmd) {  // smooth terms (NUMERICS 25.3)
    px = twilight_profiles(0, box.ib, box.ie, grid.h, grid.xmax);
    py = twilight_profiles(1, box.jb, box.je, grid.h, grid.ymax);
    pz = twilight_profiles(2, box.kb, box.ke, grid.h, grid.zmax);
  }
  setup_sources(cfg);
  setup_receivers(cfg);
  install_verification(*this, cfg);
}

// Grid-point sources on the owned columns of each grid; contributions to one point in input
// order. With topography a source may give values to both grids (NUMERICS 20.7).
inline void Subdomain::setup_sources(const Config& cfg) {
  std::vector<std::pair<long, PointForces::Contribution>> all0, all1;
  for (std::size_t s = 0; s < cfg.sources.size(); ++s) {
    tfun.push_back(TimeFunction::from(cfg.sources[s]));
    if (topo) {
      for (const TopoGridPointForce& f : topo_grid_point_forces(cfg.sources[s], topography)) {
        const PointForces::Contribution c{int(s), f.fx, f.fy, f.fz};
        if (f.grid == 0 && owned.contains(f.i, f.j, f.k)) all0.push_back({box.index(f.i, f.j, f.k), c});
        if (f.grid == 1 && top.owned.contains(f.i, f.j, f.k))
          all1.push_back({top.box.index(f.i, f.j, f.k), c});
      }
      continue;
    }
    for (const GridPointForce& f : grid_point_forces(cfg.sources[s], grid, free_surface_top))
      if (owned.contains(f.i, f.j, f.k))
        all0.push_back({box.index(f.i, f.j, f.k), {int(s), f.fx, f.fy, f.fz}});
  }
  forces_.build(std::move(all0));
  top.forces.build(std::move(all1));
  gval_.assign(cfg.sources.size(), 0.0);
}

// The receivers this piece owns, by the column and plane they record (NUMERICS 10.1, 21).
inline void Subdomain::setup_receivers(const Config& cfg) {
  for (const RecCfg& rc : cfg.recs) {
    if (!topo) {
      Receiver r = make_receiver(rc, grid);
      if (owned.contains(r.p.i, r.p.j, r.p.k)) receivers.push_back(std::move(r));
      continue;
    }
    const TopoRecPlace pl = place_receiver(rc, topography);
    if (pl.dropped) continue;
    if (pl.grid == 0 && owned.contains(pl.i, pl.j, pl.k))
      receivers.push_back(make_receiver(rc, pl, topography));
    if (pl.grid == 1 && top.owned.contains(pl.i, pl.j, pl.k))
      top.receivers.push_back(make_receiver(rc, pl, topography));
  }
  for (Receiver& r : receivers) set_sac_positions(r, cfg);
  for (Receiver& r : top.receivers) set_sac_positions(r, cfg);
}

inline std::string Subdomain::allocate(const Config& cfg) {
  for (Field* f : {&um, &u, &up, &acc})
    for (int c = 0; c < 3; ++c) (*f)[c].define(box);
  rho.define(box);
  mu.define(box);
  la.define(box);
  std::string problem;
  auto uncovered = [&](int g, int i, int j, int k) {
    if (!problem.empty()) return;
    problem = cfg.filename + ":" + std::to_string(cfg.blocks.empty() ? cfg.grid.line : cfg.blocks.back().line) +
              ": block: the point (i,j,k)=(" + std::to_string(i) + "," + std::to_string(j) + "," +
              std::to_string(k) + ") of the " + (g ? "curvilinear" : "Cartesian") +
              " grid is in no block (allowed: the blocks together cover every grid point)";
  };
  for (int k = box.kb; k <= box.ke; ++k)
    for (int j = box.jb; j <= box.je; ++j)
      for (int i = box.ib; i <= box.ie; ++i) {
        MaterialPoint m{1, 1, 1};
        if (!topo) m = material_at(cfg, i, j, k);
        else if (!material_cartesian_topo(cfg, topography, i, j, k, m)) uncovered(0, i, j, k);
        rho(i, j, k) = m.rho;
        mu(i, j, k) = m.mu;
        la(i, j, k) = m.la;
      }
  if (!topo) return problem;
  TopGrid& g1 = top;
  for (Field* f : {&g1.um, &g1.u, &g1.up, &g1.acc})
    for (int c = 0; c < 3; ++c) (*f)[c].define(g1.box);
  for (Array3* a : {&g1.rho, &g1.mu, &g1.la}) a->define(g1.box);
  for (int k = g1.box.kb; k <= g1.box.ke; ++k)
    for (int j = g1.box.jb; j <= g1.box.je; ++j)
      for (int i = g1.box.ib; i <= g1.box.ie; ++i) {
        MaterialPoint m{1, 1, 1};
        if (!material_curvilinear(cfg, topography, i, j, k, m)) uncovered(1, i, j, k);
        g1.rho(i, j, k) = m.rho;
        g1.mu(i, j, k) = m.mu;
        g1.la(i, j, k) = m.la;
      }
  if (!piece_metric(topography, g1.box, g1.met) && problem.empty())
    problem = cfg.filename + ":" + std::to_string(cfg.topo.line) +
              ": topography: the curvilinear grid folds (z_k <= 0 somewhere: lower gaussianAmp, "
              "or move zmax deeper)";
  return problem;
}

inline std::array<double, 2> Subdomain::max_speed2() const {
  double s0 = 0;
  for (long p = 0; p < long(rho.v.size()); ++p) {
    double m = mu.v[p], l = la.v[p];
    for (int nu = 0; nu < att.n; ++nu) {  // the moduli at infinite frequency (NUMERICS 36.4)
      m += att.mu[std::size_t(nu)].v[p];
      l += att.la[std::size_t(nu)].v[p];
    }
    s0 = std::max(s0, (4 * m + l) / rho.v[p]);
  }
  if (!topo) return {s0, 0};
  const Box bound = curvilinear_timestep_box(top.box, top.nc, topography.cfg.sw4_convention);
  if (!top.att.on()) return {s0, curvilinear_speed2(top.mu, top.la, top.rho, top.met, bound)};
  Array3 m = top.mu, l = top.la;  // the moduli at infinite frequency, as on grid 0
  for (int nu = 0; nu < top.att.n; ++nu)
    for (std::size_t p = 0; p < m.v.size(); ++p) {
      m.v[p] += top.att.mu[std::size_t(nu)].v[p];
      l.v[p] += top.att.la[std::size_t(nu)].v[p];
    }
  return {s0, curvilinear_speed2(m, l, top.rho, top.met, bound)};
}

// The smallest vs/h over the grids' array boxes, ghosts included, as SW4 takes it
// (attenuation's minppw=; EW::compute_minvsoverh).
inline double Subdomain::min_vs_over_h() const {
  double m = 1e300;
  for (std::size_t p = 0; p < mu.v.size(); ++p) m = std::min(m, double(mu.v[p]) / rho.v[p]);
  if (topo)  // grid 1 at its nominal h, its cells' variation ignored, as SW4 does
    for (std::size_t p = 0; p < top.mu.v.size(); ++p) m = std::min(m, double(top.mu.v[p]) / top.rho.v[p]);
  return std::sqrt(m) / grid.h;
}

// Each receiver's file (due_only: only those whose writeEvery step it is).
inline void Subdomain::write_receivers(const std::string& path, const UtcTime& utc,
                                       bool due_only) const {
  for (const Receiver& r : receivers)
    if (!due_only || r.write_due()) r.write(path, dt, grid, utc);
  for (const Receiver& r : top.receivers)
    if (!due_only || r.write_due()) r.write(path, dt, grid, utc);
}

// The imbalance knob's extra work (subdomain.hpp declares why).
inline void Subdomain::redo_work(double extra) {
  Target tg;
  for (int c = 0; c < 3; ++c) tg.out[c] = acc[c].data();
  for (; extra > 0; extra -= 1) {
    Box part = eval;
    if (extra < 1) part.ke = eval.kb + int(extra * (eval.ke - eval.kb + 1)) - 1;
    if (part.ke < part.kb) break;
    apply_lh<Update::Store>(u, part, tg);
    if (topo && extra >= 1)
      apply_lh_top<Update::Store>(top.u, detail::target(top.acc, nullptr, nullptr, top.rho, 1));
  }
}

}  // namespace sw4

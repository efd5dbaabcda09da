// attenuation/attenuation_setup.hpp: a piece's memory variables and moduli from the deck
// (NUMERICS 35, 36.5): the relaxation frequencies, and at every point of the array box the
// unrelaxed moduli and the mechanisms' moduli of the fit to the material's Q, or twilight's
// exact ones.
//
// Why built so: the fit is pointwise and depends only on the point's material and the deck's
// frequencies, so every piece fits its own points, ghosts and padding included, and a copy of a
// neighbour's point gets the neighbour's bits. The frequencies depend on the smallest vs/h of
// the whole grid when the deck gives minppw: the driver reduces it and passes it in.
#pragma once

#include <array>
#include <string>

#include "attenuation/memory_variables.hpp"
#include "attenuation/relaxation.hpp"
#include "material.hpp"
#include "topography/material_topography.hpp"
#include "verify/twilight_attenuation.hpp"

namespace sw4 {

// One grid's memory variables over its array box b: mv, and for a deck's material the grid's
// mu, la overwritten by the unrelaxed moduli. material(i, j, k) gives the deck's point (Q
// included), xyz(i, j, k) its coordinates for twilight's moduli. "" or what stops the run.
template <class Material, class Coordinates>
std::string fit_grid(MemoryVariables& mv, Array3& mu, Array3& la, const Box& b, const Config& cfg,
                     const Relaxation& rel, SlsFits& fits, Material material, Coordinates xyz) {
  if (cfg.att.nmech == 0) {  // SW4's simple attenuation: the moduli stay, U+ is scaled by Qs
    mv.simple = true;
    mv.simple_freq = cfg.att.maxfreq;
    mv.qs.define(b);
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) mv.qs(i, j, k) = Real(material(i, j, k).qs);
    return "";
  }
  mv.define(b, cfg.att.nmech);
  mv.omega = rel.omega;
  const bool twilight = cfg.verify.kind == VerifyKind::Twilight;
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const std::size_t p = std::size_t(b.index(i, j, k));
        if (twilight) {  // SW4's manufactured moduli; mu, la stay twilight's (NUMERICS 36.5)
          const std::array<double, 3> x = xyz(i, j, k);
          const auto m = twilight_visco_at(cfg.verify.tw, x[0], x[1], x[2]);
          mv.mu[0].v[p] = Real(m[0]);
          mv.la[0].v[p] = Real(m[1]);
          continue;
        }
        const MaterialPoint mp = material(i, j, k);
        ViscoPoint vp;
        const std::string why = visco_material(rel, mu.v[p], la.v[p], mp.qp, mp.qs, vp, &fits);
        if (!why.empty())
          return cfg.filename + ":" + std::to_string(cfg.att.line) + ": attenuation: at the point (i,j,k)=(" +
                 std::to_string(i) + "," + std::to_string(j) + "," + std::to_string(k) + ") " + why;
        mu.v[p] = Real(vp.mu0);
        la.v[p] = Real(vp.la0);
        for (int nu = 0; nu < cfg.att.nmech; ++nu) {
          mv.mu[std::size_t(nu)].v[p] = Real(vp.muVE[std::size_t(nu)]);
          mv.la[std::size_t(nu)].v[p] = Real(vp.laVE[std::size_t(nu)]);
        }
      }
  return "";
}

// Fills sd.att and, under topography, sd.top.att (and, for a deck's material, overwrites each
// grid's mu, la with the unrelaxed moduli). Returns "" or what stops the run.
template <class Piece>
std::string setup_attenuation(Piece& sd, const Config& cfg, double min_vs_over_h) {
  if (!cfg.att.on) return "";
  const Relaxation rel = cfg.att.nmech > 0 ? relaxation_frequencies(cfg.att, min_vs_over_h) : Relaxation{};
  SlsFits fits(rel);
  const double h = sd.grid.h, z0 = sd.topo ? sd.topography.grids.zt : 0;
  auto cartesian = [&](int i, int j, int k) {
    MaterialPoint m{1, 1, 1};
    if (!sd.topo) return material_at(cfg, i, j, k);
    material_cartesian_topo(cfg, sd.topography, i, j, k, m);  // allocate has reported a gap
    return m;
  };
  const std::string why = fit_grid(sd.att, sd.mu, sd.la, sd.box, cfg, rel, fits, cartesian, [&](int i, int j, int k) {
    return std::array<double, 3>{(i - 1) * h, (j - 1) * h, z0 + (k - 1) * h};
  });
  if (!why.empty() || !sd.topo) return why;
  auto curvilinear = [&](int i, int j, int k) {
    MaterialPoint m{1, 1, 1};
    material_curvilinear(cfg, sd.topography, i, j, k, m);
    return m;
  };
  return fit_grid(sd.top.att, sd.top.mu, sd.top.la, sd.top.box, cfg, rel, fits, curvilinear,
                  [&](int i, int j, int k) {
                    return std::array<double, 3>{(i - 1) * h, (j - 1) * h, sd.topography.map.z(i, j, k)};
                  });
}

// The largest (4 mu + la)/rho over box b with the moduli at infinite frequency, as
// Subdomain::max_speed2 takes it after setup_attenuation (NUMERICS 36.4), to the last bit, but by
// the material walk (material.hpp) and without arrays: --check prints a deck's time step without
// allocating its grid. For a deck's blocks (not twilight's own moduli); rel: the run's frequencies.
inline double max_visco_speed2(const Config& cfg, const Box& b, const Relaxation& rel) {
  SlsFits fits(rel);
  return max_material(cfg, b, [&](const MaterialPoint& p, int) {
    ViscoPoint vp;
    if (!visco_material(rel, double(Real(p.mu)), double(Real(p.la)), p.qp, p.qs, vp, &fits).empty()) return 0.0;
    double m = double(Real(vp.mu0)), l = double(Real(vp.la0));
    for (int nu = 0; nu < rel.n; ++nu) {
      m += double(Real(vp.muVE[std::size_t(nu)]));
      l += double(Real(vp.laVE[std::size_t(nu)]));
    }
    return (4 * m + l) / double(Real(p.rho));
  });
}

}  // namespace sw4

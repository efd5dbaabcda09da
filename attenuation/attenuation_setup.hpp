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

#include <string>

#include "attenuation/relaxation.hpp"
#include "material.hpp"
#include "verify/twilight_attenuation.hpp"

namespace sw4 {

// Fills sd.att (and, for a deck's material, overwrites mu, la with the unrelaxed moduli).
// Returns "" or what stops the run.
template <class Piece>
std::string setup_attenuation(Piece& sd, const Config& cfg, double min_vs_over_h) {
  if (!cfg.att.on) return "";
  const Box& b = sd.box;
  if (cfg.att.nmech == 0) {  // SW4's simple attenuation: the moduli stay, U+ is scaled by Qs
    sd.att.simple = true;
    sd.att.simple_freq = cfg.att.maxfreq;
    sd.att.qs.define(b);
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        for (int i = b.ib; i <= b.ie; ++i) sd.att.qs(i, j, k) = Real(material_at(cfg, i, j, k).qs);
    return "";
  }
  const Relaxation rel = relaxation_frequencies(cfg.att, min_vs_over_h);
  sd.att.define(sd.box, cfg.att.nmech);
  sd.att.omega = rel.omega;
  const bool twilight = cfg.verify.kind == VerifyKind::Twilight;
  SlsFits fits(rel);
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        const long p = b.index(i, j, k);
        if (twilight) {  // SW4's manufactured moduli; mu, la stay twilight's (NUMERICS 36.5)
          const double h = sd.grid.h;
          const auto m = twilight_visco_at(cfg.verify.tw, (i - 1) * h, (j - 1) * h, (k - 1) * h);
          sd.att.mu[0].v[std::size_t(p)] = Real(m[0]);
          sd.att.la[0].v[std::size_t(p)] = Real(m[1]);
          continue;
        }
        const MaterialPoint mp = material_at(cfg, i, j, k);
        ViscoPoint vp;
        const std::string why =
            visco_material(rel, sd.mu.v[std::size_t(p)], sd.la.v[std::size_t(p)], mp.qp, mp.qs, vp, &fits);
        if (!why.empty())
          return cfg.filename + ":" + std::to_string(cfg.att.line) + ": attenuation: at the point (i,j,k)=(" +
                 std::to_string(i) + "," + std::to_string(j) + "," + std::to_string(k) + ") " + why;
        sd.mu.v[std::size_t(p)] = Real(vp.mu0);
        sd.la.v[std::size_t(p)] = Real(vp.la0);
        for (int nu = 0; nu < cfg.att.nmech; ++nu) {
          sd.att.mu[std::size_t(nu)].v[std::size_t(p)] = Real(vp.muVE[std::size_t(nu)]);
          sd.att.la[std::size_t(nu)].v[std::size_t(p)] = Real(vp.laVE[std::size_t(nu)]);
        }
      }
  return "";
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

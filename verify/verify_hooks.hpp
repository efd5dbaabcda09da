// verify/verify_hooks.hpp: a test problem enters a piece of the grid through the Subdomain's
// hooks (subdomain.hpp): initial data, forcing, boundary data (NUMERICS 25-28).
//
// Part of subdomain.hpp, which includes it at its end (include subdomain.hpp, not this).
//
// Why built so: the solver's phases stay those of every run; a test problem only adds what its
// exact solution needs, at the points where the point sources add theirs, and a run without
// one pays a null test per phase. The hooks are installed by the constructor and again when a
// partition lands after a migration (onesided/subdomain_pack.hpp), so the tables they build
// from the arrays (twilight's L_s A and L_s B) are built lazily, where the piece lives, and
// never travel.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <memory>
#include <vector>

#include "verify/rayleigh_exact.hpp"
#include "verify/twilight.hpp"
#include "verify/verify_material.hpp"

namespace sw4 {

// Whether twilight runs with its smooth super-grid terms (a supergrid command without
// sgstretching; NUMERICS 25.3).
inline bool twilight_layers(const Config& cfg) {
  return cfg.verify.kind == VerifyKind::Twilight && cfg.has_supergrid_cmd && !cfg.verify.tw.sgstretching;
}

// twilight: per grid, the evaluated points' index and 13 numbers (rho, A, B, L_s A, L_s B),
// and A, B over the whole array box for the damping's share.
struct TwilightGridTable {
  std::vector<long> index;
  std::vector<std::array<double, 13>> v;
  Field A, B;
};

struct TwilightState {
  TwilightCfg tw;
  double h = 0, z0 = 0;  // grid 0's first plane is at z0 (Z_t under topography)
  int nz = 0;            // grid 0's planes
  bool layers = false;   // the smooth super-grid terms
  bool sw4_stretching = false;  // SW4's analytic stretching along x and y (sgstretching=1)
  double length[3] = {1, 1, 1};
  std::array<Stretch, 3> stretches_at(double x, double y, double z) const {
    const double p[3] = {x, y, z};
    std::array<Stretch, 3> s;
    if (sw4_stretching) {  // s^z = 1 (NUMERICS 25.6)
      s[0] = twilight_sw4_stretch(tw.omstrx, x);
      s[1] = twilight_sw4_stretch(tw.omstry, y);
    } else if (layers) {
      for (int d = 0; d < 3; ++d) s[d] = twilight_stretch(d, p[d], length[d]);
    }
    return s;
  }
  BoundaryData data0, data1;
  SurfaceForcing surface;
  // The piece the hooks serve, for grid 1's z and metric: set when they are installed and again
  // by every forcing and initial-data call, which come before any boundary stage of a step,
  // so a Subdomain moved after its constructor is found again.
  const Subdomain* piece = nullptr;
  double z1(int i, int j, int k) const { return piece->topography.map.z(i, j, k); }
  bool built = false;
  TwilightGridTable g0, g1;
  Field E, Em, damp;  // scratch of the damping's share
};

// The table of one grid: X(i, j, k) gives (x, y, z) of a point.
template <class Coord>
void build_table(const TwilightState& s, const Box& box, const Box& eval, const Array3& rho, Coord X,
                 TwilightGridTable& tb) {
  for (int c = 0; c < 3; ++c) {
    tb.A[c].define(box);
    tb.B[c].define(box);
  }
  for (int k = box.kb; k <= box.ke; ++k)
    for (int j = box.jb; j <= box.je; ++j)
      for (int i = box.ib; i <= box.ie; ++i) {
        const std::array<double, 3> p = X(i, j, k);
        const TwilightParts q = twilight_parts(s.tw, p[0], p[1], p[2]);
        for (int c = 0; c < 3; ++c) {
          tb.A[c](i, j, k) = q.A[c].v;
          tb.B[c](i, j, k) = q.B[c].v;
        }
        if (!eval.contains(i, j, k)) continue;
        const TwilightMaterial m = twilight_material(s.tw, p[0], p[1], p[2]);
        const std::array<Stretch, 3> st = s.stretches_at(p[0], p[1], p[2] - s.z0);
        const std::array<double, 3> LA = stretched_elastic(q.A, m.mu, m.la, st.data());
        const std::array<double, 3> LB = stretched_elastic(q.B, m.mu, m.la, st.data());
        std::array<double, 13> v{};
        v[0] = double(rho(i, j, k));
        for (int c = 0; c < 3; ++c) {
          v[1 + c] = q.A[c].v;
          v[4 + c] = q.B[c].v;
          v[7 + c] = LA[c];
          v[10 + c] = LB[c];
        }
        tb.index.push_back(box.index(i, j, k));
        tb.v.push_back(v);
      }
}

// F = rho u_tt - L_s u (stage 0) or its second time derivative (stage 1) at every evaluated
// point, with u = cos(w c t) A - sin(w c t) B and u_tt = -(w c)^2 u (NUMERICS 25.2).
template <class Add>
void add_twilight_forcing(const TwilightState& s, const TwilightGridTable& tb, int stage, double t, Add add) {
  const double wc = s.tw.omega * s.tw.c, wc2 = wc * wc;
  const double ct = std::cos(wc * t), st = std::sin(wc * t);
  const double a = stage == 0 ? -wc2 : wc2 * wc2, b = stage == 0 ? -1 : wc2;  // F = a rho u + b L u
  for (std::size_t n = 0; n < tb.index.size(); ++n) {
    const std::array<double, 13>& v = tb.v[n];
    double f[3];
    for (int c = 0; c < 3; ++c)
      f[c] = a * v[0] * (ct * v[1 + c] - st * v[4 + c]) + b * (ct * v[7 + c] - st * v[10 + c]);
    add(tb.index[n], f[0], f[1], f[2]);
  }
}

// The exact solution's share of the super-grid damping, added back (NUMERICS 25.3): the
// corrector takes beta/rho D(U - Um) off U+, so the forcing gives beta/rho D(E - Em) back, E
// and Em the exact solution at t and t - dt; what the damping then acts on is the error.
inline void add_twilight_damping_share(TwilightState& s, Subdomain& sd, double t) {
  const double wc = s.tw.omega * s.tw.c;
  const double c0 = std::cos(wc * t), s0 = std::sin(wc * t);
  const double c1 = std::cos(wc * (t - sd.dt)), s1 = std::sin(wc * (t - sd.dt));
  for (int c = 0; c < 3; ++c) {
    if (s.E[c].v.size() != sd.box.size()) {  // once per piece: no allocation in the time loop
      s.E[c].define(sd.box);
      s.Em[c].define(sd.box);
      s.damp[c].define(sd.box);
    }
    std::fill(s.damp[c].v.begin(), s.damp[c].v.end(), Real(0));
    for (long p = 0; p < long(sd.box.size()); ++p) {
      s.E[c].v[p] = Real(c0 * s.g0.A[c].v[p] - s0 * s.g0.B[c].v[p]);
      s.Em[c].v[p] = Real(c1 * s.g0.A[c].v[p] - s1 * s.g0.B[c].v[p]);
    }
  }
  supergrid_damping(s.damp, s.E, s.Em, sd.rho, sd.px, sd.py, sd.pz, sd.eval, Real(sd.beta));
  for (int c = 0; c < 3; ++c)
    for (long p = 0; p < long(sd.box.size()); ++p) sd.up[c].v[p] -= s.damp[c].v[p];
}

inline void install_twilight_attenuation(Subdomain& sd, TwilightState* E);  // below, with attenuation

// The forcing's tables of each grid, built once where the piece lives: by the first forcing
// call, or by the memory variables' hook when a partition lands between the predictor and
// the corrector (twilight_attenuation_hooks.hpp).
inline void ensure_twilight_tables(TwilightState& s, const Subdomain& p) {
  if (s.built) return;
  TwilightState* S = &s;
  build_table(s, p.box, p.eval, p.rho, [S](int i, int j, int k) {
    return std::array<double, 3>{(i - 1) * S->h, (j - 1) * S->h, S->z0 + (k - 1) * S->h};
  }, s.g0);
  if (p.topo)
    build_table(s, p.top.box, p.top.eval, p.top.rho, [S](int i, int j, int k) {
      return std::array<double, 3>{(i - 1) * S->h, (j - 1) * S->h, S->z1(i, j, k)};
    }, s.g1);
  s.built = true;
}

inline void install_twilight(Subdomain& sd, const Config& cfg) {
  auto s = std::make_shared<TwilightState>();
  s->tw = cfg.verify.tw;
  s->h = sd.grid.h;
  s->nz = sd.grid.nz;
  s->z0 = sd.topo ? sd.topography.grids.zt : 0;
  s->layers = twilight_layers(cfg);
  s->sw4_stretching = twilight_sw4_stretching(cfg);
  s->length[0] = sd.grid.xmax;
  s->length[1] = sd.grid.ymax;
  s->length[2] = sd.grid.zmax;
  TwilightState* S = s.get();
  s->data0.dirichlet = [S](int c, int i, int j, int k, double t) {
    return twilight_u(S->tw, (i - 1) * S->h, (j - 1) * S->h, S->z0 + (k - 1) * S->h, t)[c];
  };
  if (!sd.topo)
    s->data0.traction = [S](double x, double y, double t, double tau[3]) {
      const std::array<Stretch, 3> st = S->stretches_at(x, y, 0);
      twilight_flat_traction(S->tw, x, y, 0, t, st[0], st[1], tau);
    };
  if (free_surface_bottom(cfg))  // freelower=1: the bottom's sigma_.z (NUMERICS 4.1)
    s->data0.traction_bottom = [S](double x, double y, double t, double tau[3]) {
      const double zb = S->z0 + (S->nz - 1) * S->h;  // the plane k = nz, where the Dirichlet data put it
      const std::array<Stretch, 3> st = S->stretches_at(x, y, zb - S->z0);
      twilight_flat_traction(S->tw, x, y, zb, t, st[0], st[1], tau);
    };
  sd.boundary_data = &s->data0;
  s->piece = &sd;
  if (sd.topo) {
    s->data1.dirichlet = [S](int c, int i, int j, int k, double t) {
      return twilight_u(S->tw, (i - 1) * S->h, (j - 1) * S->h, S->z1(i, j, k), t)[c];
    };
    sd.top_boundary_data = &s->data1;
    s->surface = [S](int i, int j, double t, double tau[3]) {
      const double x = (i - 1) * S->h, y = (j - 1) * S->h;
      const std::array<Stretch, 3> st = S->stretches_at(x, y, 0);
      twilight_curved_traction(S->tw, S->piece->top.met, S->h, i, j, x, y, S->z1(i, j, 1), t, st[0].s, st[1].s,
                               tau);
    };
    sd.top_surface_forcing = &s->surface;
  }
  sd.extra_forcing = [S](Subdomain& p, int stage, double t) {
    S->piece = &p;
    ensure_twilight_tables(*S, p);
    add_twilight_forcing(*S, S->g0, stage, t, [&](long q, double fx, double fy, double fz) {
      p.add_force(q, fx, fy, fz, stage);
    });
    if (p.topo)
      add_twilight_forcing(*S, S->g1, stage, t, [&](long q, double fx, double fy, double fz) {
        p.add_force_top(q, fx, fy, fz, stage);
      });
    if (stage == 1 && p.beta > 0 && !p.topo) add_twilight_damping_share(*S, p, t);
  };
  sd.initial_data = [S](Subdomain& p) {
    S->piece = &p;
    auto fill = [&](Field& f, const Box& b, double t, auto z_of) {
      for (int k = b.kb; k <= b.ke; ++k)
        for (int j = b.jb; j <= b.je; ++j)
          for (int i = b.ib; i <= b.ie; ++i) {
            const std::array<double, 3> u = twilight_u(S->tw, (i - 1) * S->h, (j - 1) * S->h, z_of(i, j, k), t);
            for (int c = 0; c < 3; ++c) f[c](i, j, k) = Real(u[c]);
          }
    };
    auto z0 = [S](int, int, int k) { return S->z0 + (k - 1) * S->h; };
    fill(p.u, p.box, 0, z0);
    fill(p.um, p.box, -p.dt, z0);
    if (!p.topo) return;
    auto z1 = [S](int i, int j, int k) { return S->z1(i, j, k); };
    fill(p.top.u, p.top.box, 0, z1);
    fill(p.top.um, p.top.box, -p.dt, z1);
  };
  sd.hook_state = s;
  if (cfg.att.on && cfg.att.nmech > 0) install_twilight_attenuation(sd, S);
}

// testenergy: random U and Um in [-1, 1) at every point, ghosts included (their boundary
// conditions follow in record_initial), from the seed and the global indices (NUMERICS 26).
inline void install_energy(Subdomain& sd, const Config& cfg) {
  const unsigned long seed = cfg.verify.en.seed;
  sd.initial_data = [seed](Subdomain& p) {
    for (int grid = 0; grid < (p.topo ? 2 : 1); ++grid)
      for (int level = 0; level < 2; ++level) {
        Field& f = grid == 0 ? (level == 0 ? p.u : p.um) : (level == 0 ? p.top.u : p.top.um);
        const Box& b = grid == 0 ? p.box : p.top.box;
        for (int c = 0; c < 3; ++c)
          for (int k = b.kb; k <= b.ke; ++k)
            for (int j = b.jb; j <= b.je; ++j)
              for (int i = b.ib; i <= b.ie; ++i)
                f[c](i, j, k) = Real(2 * hashed_unit(seed, 10 + level * 3 + c, i, j, k, grid) - 1);
      }
  };
}

// The plane Rayleigh wave of testrayleigh along x, nwl wavelengths over [0, xmax].
inline RayleighProfile rayleigh_profile(const Config& cfg) {
  const RayleighCfg& r = cfg.verify.ray;
  RayleighWave w{r.rho, r.cp, r.cs, cfg.grid.xmax / r.nwl, r.amplitude, 0};
  return w.profile();
}

// testrayleigh: the exact wave as initial data and on the sides; the top is traction-free, as
// the wave is (NUMERICS 28).
inline void install_rayleigh(Subdomain& sd, const Config& cfg) {
  struct State {
    RayleighProfile wave;
    double h;
    BoundaryData data;
  };
  auto s = std::make_shared<State>();
  s->wave = rayleigh_profile(cfg);
  s->h = sd.grid.h;
  State* S = s.get();
  s->data.dirichlet = [S](int c, int i, int j, int k, double t) {
    return S->wave.displacement((i - 1) * S->h, (j - 1) * S->h, (k - 1) * S->h, t)[c];
  };
  sd.boundary_data = &s->data;
  sd.initial_data = [S](Subdomain& p) {
    const Box& b = p.box;
    for (int level = 0; level < 2; ++level) {
      Field& f = level == 0 ? p.u : p.um;
      const double t = level == 0 ? 0 : -p.dt;
      for (int k = b.kb; k <= b.ke; ++k)
        for (int j = b.jb; j <= b.je; ++j)
          for (int i = b.ib; i <= b.ie; ++i) {
            const std::array<double, 3> u = S->wave.displacement((i - 1) * S->h, (j - 1) * S->h, (k - 1) * S->h, t);
            for (int c = 0; c < 3; ++c) f[c](i, j, k) = Real(u[c]);
          }
    }
  };
  sd.hook_state = s;
}

inline void install_verification(Subdomain& sd, const Config& cfg) {
  switch (cfg.verify.kind) {
    case VerifyKind::Twilight: install_twilight(sd, cfg); break;
    case VerifyKind::Rayleigh: install_rayleigh(sd, cfg); break;
    case VerifyKind::Energy: install_energy(sd, cfg); break;
    default: break;
  }
}

}  // namespace sw4

#include "verify/twilight_attenuation_hooks.hpp"  // install_twilight_attenuation

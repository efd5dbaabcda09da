// dg_problem.hpp: what a DG run solves and measures (NUMERICS 30.1, 34): the material, a
// piece's elements, sources and receivers, the initial data, the exact solutions and the error
// norms.
//
// Why built so: the norms are sums over elements and quadrature nodes, added exactly
// (norms.hpp, ExactSum) so that they do not depend on how the grid is cut; the driver adds
// the pieces' parts over the ranks. No MPI here.
#pragma once

#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "dg/dg_piece.hpp"
#include "norms.hpp"
#include "pointsource_exact.hpp"
#include "receiver.hpp"

namespace sw4 {
namespace dg {

// The constant material (NUMERICS 30.1): the single-mode problem's own, testpointsource's, or
// the deck's one block (input/input_dg.hpp refuses anything else).
inline Material material(const Config& cfg) {
  Material m;
  if (cfg.dg.singlemode) return m;  // rho 1, mu 1, lambda 2
  double rho = 1, cp = 1, cs = 1;
  if (cfg.tps.on) {
    rho = cfg.tps.rho, cp = cfg.tps.cp, cs = cfg.tps.cs;
  } else if (!cfg.blocks.empty()) {
    rho = cfg.blocks[0].rho, cp = cfg.blocks[0].vp, cs = cfg.blocks[0].vs;
  }
  m.rho = rho;
  m.mu = rho * cs * cs;
  m.lambda = rho * cp * cp - 2 * m.mu;
  return m;
}

// Time step and steps (NUMERICS 33.1): dt0 = cfl h / (cp (q + 3/2)); with time t=T the steps
// are trunc(T/dt0 + 1) and dt = T/steps (T as given: the original truncated T to an integer).
struct StepPlan {
  double dt0 = 0, dt = 0;
  int nsteps = 0;
};
inline StepPlan step_plan(const Config& cfg) {
  StepPlan s;
  s.dt0 = cfg.dev.cfl / (material(cfg).cp() * (cfg.dg.order + 1.5)) * cfg.grid.h;
  if (cfg.time.by_time) {
    s.nsteps = int(cfg.time.t_end / s.dt0 + 1);
    s.dt = cfg.time.t_end / s.nsteps;
  } else {
    s.nsteps = std::max(cfg.time.steps, 0);
    s.dt = s.dt0;
  }
  return s;
}

// The element columns of a piece that owns the grid points oi x oj (the last point column
// belongs to no element: elements are the cells between points).
inline void place_piece(Piece& p, const GridCfg& g, const std::array<int, 2>& oi, const std::array<int, 2>& oj) {
  p.i0 = oi[0];
  p.i1 = oi[1] == g.nx ? g.nx - 1 : oi[1];
  p.j0 = oj[0];
  p.j1 = oj[1] == g.ny ? g.ny - 1 : oj[1];
  p.n1 = std::max(0, p.i1 - p.i0 + 1);
  p.n2 = std::max(0, p.j1 - p.j0 + 1);
  p.n3 = g.nz - 1;
  p.boundary[XLow] = p.i0 == 1;
  p.boundary[XHigh] = p.i1 == g.nx - 1;
  p.boundary[YLow] = p.j0 == 1;
  p.boundary[YHigh] = p.j1 == g.ny - 1;
}

// Where a point lies: its element (global, 1-based) and reference coordinates.
struct ElementPoint {
  int e[3];
  double r[3];
};
inline ElementPoint element_point(const GridCfg& g, double x, double y, double z) {
  const int n[3] = {g.nx, g.ny, g.nz};
  const double xs[3] = {x, y, z};
  ElementPoint ep;
  for (int d = 0; d < 3; ++d) {
    const AxisPlace a = place_on_axis(xs[d], g.h, n[d]);
    ep.e[d] = a.e;
    ep.r[d] = a.r;
  }
  return ep;
}
inline bool holds(const Piece& p, const ElementPoint& ep) {
  return p.i0 <= ep.e[0] && ep.e[0] <= p.i1 && p.j0 <= ep.e[1] && ep.e[1] <= p.j1;
}
inline long local_element(const Piece& p, const ElementPoint& ep) {
  return p.elem(ep.e[0] - p.i0, ep.e[1] - p.j0, ep.e[2] - 1);
}

// The deck's sources that lie in this piece.
inline void add_sources(Piece& p, const Config& cfg) {
  for (const SourceCfg& s : cfg.sources) {
    const ElementPoint ep = element_point(cfg.grid, s.x, s.y, s.z);
    if (!holds(p, ep)) continue;
    PointSource ps;
    ps.e = local_element(p, ep);
    ps.vec = source_vector(s, p.op->q, cfg.grid.h, ep.r);
    ps.g = TimeFunction::from(s);
    p.sources.push_back(std::move(ps));
  }
}

// u_h (or v_h) of local element e at reference point r.
inline std::array<double, 3> evaluate(const Piece& p, const std::vector<double>& W, long e, const double r[3]) {
  const int q = p.op->q, Q = q + 1, nm = p.op->nm;
  const std::vector<double> P0 = legendre(q, r[0]), P1 = legendre(q, r[1]), P2 = legendre(q, r[2]);
  std::array<double, 3> u{0, 0, 0};
  const double* w = W.data() + std::size_t(e) * std::size_t(p.op->nd);
  for (int c = 0; c < 3; ++c)
    for (int l3 = 0; l3 < Q; ++l3)
      for (int l2 = 0; l2 < Q; ++l2)
        for (int l1 = 0; l1 < Q; ++l1)
          u[std::size_t(c)] += w[c * nm + l1 + Q * (l2 + Q * l3)] * P0[std::size_t(l1)] * P1[std::size_t(l2)] * P2[std::size_t(l3)];
  return u;
}

// d[c][x] = d u_h,c / d x at reference point r of local element e (the modes' derivatives
// times 2/h).
inline void gradient(const Piece& p, long e, const double r[3], double d[3][3]) {
  const int q = p.op->q, Q = q + 1, nm = p.op->nm;
  std::vector<double> P[3], D[3];
  for (int a = 0; a < 3; ++a) {
    P[a] = legendre(q, r[a]);
    D[a] = legendre_derivative(q, r[a]);
  }
  const double* w = p.U.data() + std::size_t(e) * std::size_t(p.op->nd);
  const double s = 2 / p.op->h;
  for (int c = 0; c < 3; ++c) {
    double g[3] = {0, 0, 0};
    for (int l3 = 0; l3 < Q; ++l3)
      for (int l2 = 0; l2 < Q; ++l2)
        for (int l1 = 0; l1 < Q; ++l1) {
          const double u = w[c * nm + l1 + Q * (l2 + Q * l3)];
          const std::size_t i1 = std::size_t(l1), i2 = std::size_t(l2), i3 = std::size_t(l3);
          g[0] += u * D[0][i1] * P[1][i2] * P[2][i3];
          g[1] += u * P[0][i1] * D[1][i2] * P[2][i3];
          g[2] += u * P[0][i1] * P[1][i2] * D[2][i3];
        }
    for (int x = 0; x < 3; ++x) d[c][x] = s * g[x];
  }
}

// A receiver in a DG piece: sampled at its grid point (as the FD solver samples it), in the
// element the source rule gives that point.
struct Station {
  Receiver rec;
  long e = 0;
  double r[3] = {0, 0, 0};
};
inline std::vector<Station> add_stations(const Piece& p, const Config& cfg) {
  std::vector<Station> st;
  const GridCfg& g = cfg.grid;
  for (const RecCfg& rc : cfg.recs) {
    Station s;
    s.rec = make_receiver(rc, g);
    const ElementPoint ep = element_point(g, (s.rec.p.i - 1) * g.h, (s.rec.p.j - 1) * g.h, (s.rec.p.k - 1) * g.h);
    if (!holds(p, ep)) continue;
    s.e = local_element(p, ep);
    for (int d = 0; d < 3; ++d) s.r[d] = ep.r[d];
    st.push_back(std::move(s));
  }
  return st;
}
// One sample: displacement from U, velocity from V (the FD solver has no velocity sample at
// t = 0, so neither does this: the files have the same layout), the other modes from the
// gradient of u_h, exact where the FD run takes centred differences.
inline void record(const Piece& p, Station& s, bool initial) {
  const RecMode mode = s.rec.cfg.mode;
  const bool vel = mode == RecMode::Velocity;
  if (initial && vel) return;
  if (mode != RecMode::Displacement && !vel) {
    double d[3][3];
    gradient(p, s.e, s.r, d);
    append_gradient_sample(mode, d, s.rec.samples);
    return;
  }
  const std::array<double, 3> u = evaluate(p, vel ? p.V : p.U, s.e, s.r);
  for (int c = 0; c < 3; ++c) s.rec.samples.push_back(Real(u[std::size_t(c)]));
}

// ---------------------------------------------------------------------------------------------
// The single-mode problem (NUMERICS 34.1): a standing P wave between the mirror sides.

inline std::array<double, 3> single_mode_shape(double x, double y, double z) {
  const double tp = 2 * 3.14159265358979323846;
  const double sx = std::sin(tp * x), sy = std::sin(tp * y), sz = std::sin(tp * z);
  const double cx = std::cos(tp * x), cy = std::cos(tp * y), cz = std::cos(tp * z);
  return {cx * sy * sz, sx * cy * sz, sx * sy * cz};
}
inline double single_mode_omega() { return std::sqrt(12.0) * 2 * 3.14159265358979323846; }

inline std::array<double, 3> element_centre(const Piece& p, int a, int b, int k, double h) {
  return {(p.i0 + a - 0.5) * h, (p.j0 + b - 0.5) * h, (k + 0.5) * h};
}

// U = the L2 projection of the shape, with 3q + 4 Lobatto points per direction; V = 0.
inline void single_mode_initial_data(Piece& p, double h) {
  const Operators& op = *p.op;
  const int q = op.q, Q = op.Q, nm = op.nm;
  const Lgl g = lgl(3 * q + 3);
  const int n = int(g.r.size());
  std::vector<std::vector<double>> P(g.r.size());
  for (int i = 0; i < n; ++i) P[std::size_t(i)] = legendre(q, g.r[std::size_t(i)]);
  std::vector<double> pi(P[0].size(), 0.0);
  for (int l = 0; l < Q; ++l)
    for (int i = 0; i < n; ++i) pi[std::size_t(l)] += g.w[std::size_t(i)] * P[std::size_t(i)][std::size_t(l)] * P[std::size_t(i)][std::size_t(l)];
  std::fill(p.U.begin(), p.U.end(), 0.0);
  std::fill(p.V.begin(), p.V.end(), 0.0);
  for (int k = 0; k < p.n3; ++k)
    for (int b = 0; b < p.n2; ++b)
      for (int a = 0; a < p.n1; ++a) {
        const std::array<double, 3> xc = element_centre(p, a, b, k, h);
        double* u = &p.U[std::size_t(p.elem(a, b, k)) * std::size_t(op.nd)];
        for (int k3 = 0; k3 < n; ++k3)
          for (int k2 = 0; k2 < n; ++k2)
            for (int k1 = 0; k1 < n; ++k1) {
              const std::array<double, 3> f = single_mode_shape(xc[0] + 0.5 * h * g.r[std::size_t(k1)],
                                                                xc[1] + 0.5 * h * g.r[std::size_t(k2)],
                                                                xc[2] + 0.5 * h * g.r[std::size_t(k3)]);
              const double w = g.w[std::size_t(k1)] * g.w[std::size_t(k2)] * g.w[std::size_t(k3)];
              for (int l3 = 0; l3 < Q; ++l3)
                for (int l2 = 0; l2 < Q; ++l2)
                  for (int l1 = 0; l1 < Q; ++l1) {
                    const double phi = P[std::size_t(k1)][std::size_t(l1)] * P[std::size_t(k2)][std::size_t(l2)] *
                                       P[std::size_t(k3)][std::size_t(l3)] * w;
                    for (int c = 0; c < 3; ++c) u[c * nm + l1 + Q * (l2 + Q * l3)] += f[std::size_t(c)] * phi;
                  }
            }
        for (int l3 = 0; l3 < Q; ++l3)
          for (int l2 = 0; l2 < Q; ++l2)
            for (int l1 = 0; l1 < Q; ++l1)
              for (int c = 0; c < 3; ++c)
                u[c * nm + l1 + Q * (l2 + Q * l3)] /= pi[std::size_t(l1)] * pi[std::size_t(l2)] * pi[std::size_t(l3)];
      }
}

// The parts of the norms a DG run prints: per component the exact sum of the weighted squares,
// and the largest |error| in u_z.
struct Norms {
  ExactSum l2[3];
  double max_z = 0;
};

// Errors of u_h against exact(x, y, z) at the q + 2 Lobatto points of each element, weighted
// by (h/2)^3 w w w; elements that skip(centre) says are left out.
template <class Exact, class Skip>
Norms element_errors(const Piece& p, double h, Exact exact, Skip skip) {
  Norms nrm;
  const Lgl& g = p.op->face_rule;
  const int n = int(g.r.size());
  for (int k = 0; k < p.n3; ++k)
    for (int b = 0; b < p.n2; ++b)
      for (int a = 0; a < p.n1; ++a) {
        const std::array<double, 3> xc = element_centre(p, a, b, k, h);
        if (skip(xc)) continue;
        for (int k3 = 0; k3 < n; ++k3)
          for (int k2 = 0; k2 < n; ++k2)
            for (int k1 = 0; k1 < n; ++k1) {
              const double r[3] = {g.r[std::size_t(k1)], g.r[std::size_t(k2)], g.r[std::size_t(k3)]};
              const std::array<double, 3> uh = evaluate(p, p.U, p.elem(a, b, k), r);
              const std::array<double, 3> ex = exact(xc[0] + 0.5 * h * r[0], xc[1] + 0.5 * h * r[1], xc[2] + 0.5 * h * r[2]);
              const double w = 0.125 * h * h * h * g.w[std::size_t(k1)] * g.w[std::size_t(k2)] * g.w[std::size_t(k3)];
              for (int c = 0; c < 3; ++c) {
                const double d = ex[std::size_t(c)] - uh[std::size_t(c)];
                nrm.l2[c].add(d * d * w);
              }
              nrm.max_z = std::max(nrm.max_z, std::fabs(ex[2] - uh[2]));
            }
      }
  return nrm;
}

inline Norms single_mode_errors(const Piece& p, double h, double t) {
  const double c = std::cos(single_mode_omega() * t);
  return element_errors(p, h, [c](double x, double y, double z) {
    std::array<double, 3> f = single_mode_shape(x, y, z);
    for (double& v : f) v *= c;
    return f;
  }, [](const std::array<double, 3>&) { return false; });
}

// testpointsource: the whole-space solution of the deck's sources; elements whose centre is
// within one S wavelength (cs / freq) of a source are left out, where the exact solution is
// singular and no polynomial follows it (the original left out a fixed radius of 1).
inline Norms pointsource_errors(const Piece& p, const Config& cfg, double t) {
  const double h = cfg.grid.h;
  return element_errors(p, h, [&](double x, double y, double z) {
    std::array<double, 3> u{0, 0, 0};
    for (const SourceCfg& s : cfg.sources) {
      const std::array<double, 3> e = exact_point_source(s, cfg.tps.rho, cfg.tps.cp, cfg.tps.cs, x, y, z, t, h);
      for (int c = 0; c < 3; ++c) u[std::size_t(c)] += e[std::size_t(c)];
    }
    return u;
  }, [&](const std::array<double, 3>& xc) {
    for (const SourceCfg& s : cfg.sources) {
      const double dx = xc[0] - s.x, dy = xc[1] - s.y, dz = xc[2] - s.z, r = cfg.tps.cs / s.freq;
      if (dx * dx + dy * dy + dz * dz < r * r) return true;
    }
    return false;
  });
}

// testpointsource's receivers against the exact solution at their grid points, as the FD run
// compares its own (verify/verify_errors.hpp): every displacement sample, squares weighted by dt.
inline void station_errors(const std::vector<Station>& st, const Config& cfg, double dt, ErrorNorm& e) {
  const double h = cfg.grid.h;
  for (const Station& s : st) {
    const Receiver& r = s.rec;
    if (r.cfg.mode != RecMode::Displacement || r.cfg.nsew) continue;
    const double x = (r.p.i - 1) * h, y = (r.p.j - 1) * h, z = (r.p.k - 1) * h;
    for (std::size_t n = 0; n < r.nsamples(); ++n) {
      std::array<double, 3> ex{0, 0, 0};
      for (const SourceCfg& src : cfg.sources) {
        const std::array<double, 3> u = exact_point_source(src, cfg.tps.rho, cfg.tps.cp, cfg.tps.cs, x, y, z, double(n) * dt, h);
        for (int c = 0; c < 3; ++c) ex[std::size_t(c)] += u[std::size_t(c)];
      }
      for (int c = 0; c < 3; ++c) {
        const double d = double(r.samples[n * 3 + std::size_t(c)]) - ex[std::size_t(c)];
        e.linf = std::max(e.linf, std::fabs(d));
        e.solmax = std::max(e.solmax, std::fabs(ex[std::size_t(c)]));
        e.l2sum.add(dt * d * d);
      }
    }
  }
}

}  // namespace dg
}  // namespace sw4

// subdomain.hpp: one piece of the grid and the phases of a time step (DESIGN.md, "Time step
// as phases"; NUMERICS.md 2.2).
//
// Why built so: a Subdomain is everything a piece of the grid needs to advance (its arrays,
// index boxes, boundary types, material, super-grid profiles, the grid-point sources and the
// receivers it owns), and a time step is three plain phases separated by two halo exchanges:
//
//     predictor(t)   forcing + L_h(U) + predictor            -> U*
//     -- exchange U* --
//     corrector(t)   BC(U*), U'' , L_h(U'') + corrector, super-grid damping -> U+
//     -- exchange U+ --
//     finish(t)      BC(U+), record receivers, rotate (Um, U, U+) <- (U, U+, Um)
//
// The two-sided driver owns one Subdomain per rank and calls phase, exchange, phase...; the
// one-sided driver owns several per rank and runs each phase when its halos are in. Nothing
// here knows about MPI. Every value a piece computes depends only on global indices, so the
// result does not depend on how the grid is cut.
#pragma once

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "grid.hpp"
#include "input.hpp"
#include "receiver.hpp"
#include "source.hpp"
#include "stencil.hpp"
#include "stencil_reference.hpp"
#include "supergrid.hpp"

namespace sw4 {

// Where a piece lies: its array box (ghosts and padding included), the points it owns, and the
// condition on each of its six sides.
struct PieceGeometry {
  Box box, owned;
  Bc bc[6];
};

// The boundary type of each physical side for a deck (NUMERICS 1.5).
inline void physical_bcs(const Config& cfg, Bc bc[6]) {
  for (int s = 0; s < 6; ++s) bc[s] = Bc::SuperGrid;
  if (!cfg.tps.on || cfg.tps.halfspace) bc[4] = Bc::FreeSurface;
}

// Piece (pi, pj) of a p1 x p2 grid of pieces (x index pi, y index pj).
inline PieceGeometry piece_geometry(const Config& cfg, int p1, int p2, int pi, int pj) {
  const GridCfg& g = cfg.grid;
  PieceGeometry pg;
  const auto ri = split_1d(g.nx, p1, pi), rj = split_1d(g.ny, p2, pj);
  const auto oi = owned_1d(ri, g.nx), oj = owned_1d(rj, g.ny);
  pg.box = {ri[0], ri[1], rj[0], rj[1], 1 - kGhost, g.nz + kGhost};
  pg.owned = {oi[0], oi[1], oj[0], oj[1], 1, g.nz};
  Bc phys[6];
  physical_bcs(cfg, phys);
  pg.bc[0] = pi == 0 ? phys[0] : Bc::Processor;
  pg.bc[1] = pi == p1 - 1 ? phys[1] : Bc::Processor;
  pg.bc[2] = pj == 0 ? phys[2] : Bc::Processor;
  pg.bc[3] = pj == p2 - 1 ? phys[3] : Bc::Processor;
  pg.bc[4] = phys[4];
  pg.bc[5] = phys[5];
  return pg;
}

// A grid point and component as one number that orders points as the NaN report wants (by k,
// then j, then i, then component), independent of the cut: the global index into a box with
// room for the ghost points on each side (index 1 - kGhost is 0).
inline long point_key(const GridCfg& g, int i, int j, int k, int c) {
  const long ni = g.nx + 2 * kGhost, nj = g.ny + 2 * kGhost, o = kGhost - 1;
  return (((k + o) * nj + (j + o)) * ni + (i + o)) * 3 + c;
}
struct PointOfKey {
  int i, j, k, c;
};
inline PointOfKey point_of_key(const GridCfg& g, long key) {
  const long ni = g.nx + 2 * kGhost, nj = g.ny + 2 * kGhost, q = key / 3;
  const int o = kGhost - 1;
  return {int(q % ni) - o, int(q / ni % nj) - o, int(q / (ni * nj)) - o, int(key % 3)};
}

// Seconds spent in each part of a step, as the original's timing table reports them.
struct PhaseTimes {
  double comm = 0, bc = 0, scheme = 0, supergrid = 0, forcing = 0;
};

class Subdomain {
 public:
  GridCfg grid;
  Box box, owned, eval;  // eval: where L_h is evaluated (owned columns, k = 1..nz)
  Bc bc[6];
  bool free_surface_top = false;
  Field um, u, up, acc;  // U at t - dt, t, t + dt; U'' (and scratch)
  Array3 rho, mu, la;
  Profiles px, py, pz;
  double beta = 0;          // super-grid damping coefficient (0: no damping)
  std::vector<TimeFunction> tfun;  // one per source of the deck, input order
  std::vector<Receiver> receivers; // the receivers this piece owns, input order
  PhaseTimes times;
  bool timing = false;            // accumulate `times` for this step
  bool reference_kernel = false;  // L_h point by point (stencil_reference.hpp), not rhs4
  double dt = 0;

  // Test hooks: boundary data (Dirichlet sides, surface traction) and a body force added as
  // the point sources are (stage 0: F(t) in the predictor, stage 1: F_tt(t) in the corrector).
  const BoundaryData* boundary_data = nullptr;
  std::function<void(Subdomain&, int stage, double t)> extra_forcing;

  Subdomain() = default;
  // Geometry, super-grid profiles, sources and receivers: cheap, no 3-D array.
  Subdomain(const Config& cfg, const PieceGeometry& pg);
  // The 3-D arrays: solution levels (zero) and material.
  void allocate(const Config& cfg);

  std::size_t point_sources() const { return contrib_.size(); }
  std::size_t unique_point_sources() const { return points_.size(); }


  void predictor(double t);
  void corrector(double t);
  void finish(double t);
  void record_initial();
  void write_receivers(const std::string& path, const UtcTime& utc, bool due_only) const;

  // The point_key of the first NaN in U (owned points), or -1.
  long first_nan() const;

  // Extra work that changes nothing: L_h(U) into the scratch field, `extra` times over (a
  // fraction as that share of the rows). The co-design knob `imbalance` emulates a slow node
  // by redoing work, not by sleeping.
  void redo_work(double extra);

  // The whole state between two phases, as bytes (a partition migrating in one-sided mode):
  // the three solution levels, material, profiles, point sources, receivers and timers. The
  // time functions are rebuilt from the deck.
  void pack(std::vector<char>& out) const;
  void unpack(const char*& in, const Config& cfg);

  // Scale U+ - U* by dt^2/rho (stage 0) or dt^4/(12 rho) (stage 1) at point p: used by the
  // forcing of the point sources and by the test hooks.
  void add_force(long p, double fx, double fy, double fz, int stage) {
    const double f = (stage == 0 ? dt * dt : dt * dt * dt * dt / 12) / rho.v[p];
    up[0].v[p] += f * fx;
    up[1].v[p] += f * fy;
    up[2].v[p] += f * fz;
  }

 private:
  struct Contribution {
    int source;
    double fx, fy, fz;
  };
  struct SourcePoint {
    long p;
    int first, count;  // contributions, in input order
  };
  std::vector<Contribution> contrib_;
  std::vector<SourcePoint> points_;
  std::vector<double> gval_;  // time-function values of this step, per source
  RhsWorkspace ws;            // scratch of the operator's interior kernel

  Medium medium() const { return {&mu, &la, &px.str, &py.str, &pz.str}; }
  // L_h(f) on box b, consumed as `mode` says, by the kernel the deck chose.
  template <Update mode>
  void apply_lh(const Field& f, const Box& b, const Target& tg) {
    if (reference_kernel) rhs4_reference<mode>(f, medium(), b, free_surface_top, grid.h, tg);
    else rhs4<mode>(f, medium(), b, free_surface_top, grid.h, tg, ws);
  }
  void add_point_forces(double t, int stage);
  void boundary_conditions(Field& f, double t);
};

// ---------------------------------------------------------------------------------------------

inline Subdomain::Subdomain(const Config& cfg, const PieceGeometry& pg)
    : grid(cfg.grid), box(pg.box), owned(pg.owned), eval(pg.owned) {
  for (int s = 0; s < 6; ++s) bc[s] = pg.bc[s];
  free_surface_top = bc[4] == Bc::FreeSurface;
  reference_kernel = cfg.dev.reference_kernel;

  // Super-grid profiles from the physical boundary types (every side but a free surface).
  Bc phys[6];
  physical_bcs(cfg, phys);
  const double width = cfg.sg.gp * grid.h;
  auto taper = [&](int lo, int hi, double x1) {
    Taper tp;
    tp.left = phys[lo] == Bc::SuperGrid;
    tp.right = phys[hi] == Bc::SuperGrid;
    tp.x0 = 0;
    tp.x1 = x1;
    tp.width = width;
    return tp;
  };
  px = sample_profiles(taper(0, 1, grid.xmax), box.ib, box.ie, grid.h);
  py = sample_profiles(taper(2, 3, grid.ymax), box.jb, box.je, grid.h);
  pz = sample_profiles(taper(4, 5, grid.zmax), box.kb, box.ke, grid.h);
  beta = cfg.sg.dc;

  // Grid-point sources on the owned columns; contributions to one point in input order.
  std::vector<std::pair<long, Contribution>> all;
  for (std::size_t s = 0; s < cfg.sources.size(); ++s) {
    tfun.push_back(TimeFunction::from(cfg.sources[s]));
    for (const GridPointForce& f : grid_point_forces(cfg.sources[s], grid, free_surface_top))
      if (owned.contains(f.i, f.j, f.k))
        all.push_back({box.index(f.i, f.j, f.k), {int(s), f.fx, f.fy, f.fz}});
  }
  std::stable_sort(all.begin(), all.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (std::size_t n = 0; n < all.size(); ++n) {
    if (points_.empty() || points_.back().p != all[n].first)
      points_.push_back({all[n].first, int(n), 0});
    points_.back().count++;
    contrib_.push_back(all[n].second);
  }
  gval_.assign(cfg.sources.size(), 0.0);

  for (const RecCfg& rc : cfg.recs) {
    Receiver r = make_receiver(rc, grid);
    if (owned.contains(r.p.i, r.p.j, r.p.k)) receivers.push_back(std::move(r));
  }
}

inline void Subdomain::allocate(const Config& cfg) {
  for (Field* f : {&um, &u, &up, &acc})
    for (int c = 0; c < 3; ++c) (*f)[c].define(box);
  rho.define(box);
  mu.define(box);
  la.define(box);
  for (int k = box.kb; k <= box.ke; ++k)
    for (int j = box.jb; j <= box.je; ++j)
      for (int i = box.ib; i <= box.ie; ++i) {
        const MaterialPoint m = material_at(cfg, i, j, k);
        rho(i, j, k) = m.rho;
        mu(i, j, k) = m.mu;
        la(i, j, k) = m.la;
      }
}

// F = sum of the point sources' values times g(t) (stage 0) or g''(t) (stage 1), summed per
// point in input order, then scaled into U+ like the operator's result.
inline void Subdomain::add_point_forces(double t, int stage) {
  for (std::size_t s = 0; s < tfun.size(); ++s)
    gval_[s] = stage == 0 ? tfun[s].g(t) : tfun[s].g_tt(t);
  for (const SourcePoint& sp : points_) {
    double fx = 0, fy = 0, fz = 0;
    for (int n = sp.first; n < sp.first + sp.count; ++n) {
      const Contribution& c = contrib_[n];
      fx += c.fx * gval_[c.source];
      fy += c.fy * gval_[c.source];
      fz += c.fz * gval_[c.source];
    }
    add_force(sp.p, fx, fy, fz, stage);
  }
  if (extra_forcing) extra_forcing(*this, stage, t);
}

inline void Subdomain::boundary_conditions(Field& f, double t) {
  apply_bc(f, bc, mu, la, px.str, py.str, grid, t, boundary_data);
}

namespace detail {
inline double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
}  // namespace detail

inline void Subdomain::predictor(double t) {
  const double t0 = detail::now();
  Target tg;
  for (int c = 0; c < 3; ++c) {
    tg.out[c] = up[c].data();
    tg.u[c] = u[c].data();
    tg.um[c] = um[c].data();
  }
  tg.rho = rho.data();
  tg.factor = dt * dt;
  apply_lh<Update::Predictor>(u, eval, tg);
  predictor_frame(up, u, um, eval);
  const double t1 = detail::now();
  add_point_forces(t, 0);
  const double t2 = detail::now();
  if (timing) {
    times.scheme += t1 - t0;
    times.forcing += t2 - t1;
  }
}

inline void Subdomain::corrector(double t) {
  const double t0 = detail::now();
  boundary_conditions(up, t + dt);
  const double t1 = detail::now();
  acceleration(acc, up, u, um, dt);
  Target tg;
  for (int c = 0; c < 3; ++c) tg.out[c] = up[c].data();
  tg.rho = rho.data();
  tg.factor = dt * dt * dt * dt / 12;
  apply_lh<Update::Corrector>(acc, eval, tg);
  const double t2 = detail::now();
  add_point_forces(t, 1);
  const double t3 = detail::now();
  if (beta > 0) supergrid_damping(up, u, um, rho, px, py, pz, eval, beta);
  const double t4 = detail::now();
  if (timing) {
    times.bc += t1 - t0;
    times.scheme += t2 - t1;
    times.forcing += t3 - t2;
    times.supergrid += t4 - t3;
  }
}

inline void Subdomain::finish(double t) {
  const double t0 = detail::now();
  boundary_conditions(up, t + dt);
  if (timing) times.bc += detail::now() - t0;
  for (Receiver& r : receivers) r.record(up, u, um, grid.h, dt);
  std::swap(um, u);  // (Um, U, U+) <- (U, U+, Um): moves of the vectors, no copies
  std::swap(u, up);
}

inline void Subdomain::record_initial() {
  for (Receiver& r : receivers) r.record_initial(u, grid.h);
}

inline void Subdomain::write_receivers(const std::string& path, const UtcTime& utc,
                                       bool due_only) const {
  for (const Receiver& r : receivers)
    if (!due_only || r.write_due()) r.write(path, dt, grid, utc);
}

// The smallest index wins, whichever thread finds it first.
inline long Subdomain::first_nan() const {
  long first = LONG_MAX;
  SW4_OMP(parallel for schedule(static) reduction(min : first))
  for (int k = owned.kb; k <= owned.ke; ++k)
    for (int j = owned.jb; j <= owned.je; ++j)
      for (int i = owned.ib; i <= owned.ie; ++i)
        for (int c = 0; c < 3; ++c)
          if (std::isnan(u[c](i, j, k)))
            first = std::min(first, point_key(grid, i, j, k, c));
  return first == LONG_MAX ? -1 : first;
}

inline void Subdomain::redo_work(double extra) {
  Target tg;
  for (int c = 0; c < 3; ++c) tg.out[c] = acc[c].data();
  for (; extra > 0; extra -= 1) {
    Box part = eval;
    if (extra < 1) part.ke = eval.kb + int(extra * (eval.ke - eval.kb + 1)) - 1;
    if (part.ke < part.kb) break;
    apply_lh<Update::Store>(u, part, tg);
  }
}

namespace detail {
inline void put_bytes(std::vector<char>& out, const void* p, std::size_t n) {
  const char* c = static_cast<const char*>(p);
  out.insert(out.end(), c, c + n);
}
inline void get_bytes(const char*& in, void* p, std::size_t n) {
  if (n) std::memcpy(p, in, n);  // an empty vector's data() may be null, which memcpy forbids
  in += n;
}
template <class T>
void put_vector(std::vector<char>& out, const std::vector<T>& v) {
  const uint64_t n = v.size();
  put_bytes(out, &n, sizeof n);
  put_bytes(out, v.data(), n * sizeof(T));
}
template <class T>
void get_vector(const char*& in, std::vector<T>& v) {
  uint64_t n = 0;
  get_bytes(in, &n, sizeof n);
  v.resize(n);
  get_bytes(in, v.data(), n * sizeof(T));
}
inline void put_array(std::vector<char>& out, const Array3& a) {
  put_bytes(out, &a.box, sizeof a.box);
  put_bytes(out, a.v.data(), a.v.size() * sizeof(double));
}
inline void get_array(const char*& in, Array3& a) {
  Box b;
  get_bytes(in, &b, sizeof b);
  a.define(b);
  get_bytes(in, a.v.data(), a.v.size() * sizeof(double));
}
inline void put_profile(std::vector<char>& out, const Array1& a) {
  put_bytes(out, &a.b, sizeof a.b);
  put_vector(out, a.v);
}
inline void get_profile(const char*& in, Array1& a) {
  get_bytes(in, &a.b, sizeof a.b);
  get_vector(in, a.v);
}
}  // namespace detail

inline void Subdomain::pack(std::vector<char>& out) const {
  using namespace detail;
  out.reserve(out.size() + 13 * box.size() * sizeof(double) + 4096 +
              contrib_.size() * sizeof(Contribution) + points_.size() * sizeof(SourcePoint));
  put_bytes(out, &grid, sizeof grid);
  put_bytes(out, &box, sizeof box);
  put_bytes(out, &owned, sizeof owned);
  put_bytes(out, &eval, sizeof eval);
  put_bytes(out, bc, sizeof bc);
  const double scalars[3] = {beta, dt, double(free_surface_top)};
  put_bytes(out, scalars, sizeof scalars);
  put_bytes(out, &times, sizeof times);
  for (const Field* f : {&um, &u, &up})
    for (const Array3& a : *f) put_array(out, a);
  for (const Array3* a : {&rho, &mu, &la}) put_array(out, *a);
  for (const Profiles* pr : {&px, &py, &pz})
    for (const Array1* a : {&pr->str, &pr->dc, &pr->co}) put_profile(out, *a);
  put_vector(out, contrib_);
  put_vector(out, points_);
  const uint64_t nrec = receivers.size();
  put_bytes(out, &nrec, sizeof nrec);
  for (const Receiver& r : receivers) r.pack(out);
}

inline void Subdomain::unpack(const char*& in, const Config& cfg) {
  using namespace detail;
  get_bytes(in, &grid, sizeof grid);
  get_bytes(in, &box, sizeof box);
  get_bytes(in, &owned, sizeof owned);
  get_bytes(in, &eval, sizeof eval);
  get_bytes(in, bc, sizeof bc);
  double scalars[3];
  get_bytes(in, scalars, sizeof scalars);
  beta = scalars[0];
  dt = scalars[1];
  free_surface_top = scalars[2] != 0;
  get_bytes(in, &times, sizeof times);
  for (Field* f : {&um, &u, &up})
    for (Array3& a : *f) get_array(in, a);
  for (Array3& a : acc) a.define(box);
  for (Array3* a : {&rho, &mu, &la}) get_array(in, *a);
  for (Profiles* pr : {&px, &py, &pz})
    for (Array1* a : {&pr->str, &pr->dc, &pr->co}) get_profile(in, *a);
  get_vector(in, contrib_);
  get_vector(in, points_);
  uint64_t nrec = 0;
  get_bytes(in, &nrec, sizeof nrec);
  receivers.clear();
  for (uint64_t n = 0; n < nrec; ++n) receivers.push_back(Receiver::unpack(in));
  tfun.clear();
  for (const SourceCfg& src : cfg.sources) tfun.push_back(TimeFunction::from(src));
  gval_.assign(cfg.sources.size(), 0.0);
  reference_kernel = cfg.dev.reference_kernel;
}

}  // namespace sw4

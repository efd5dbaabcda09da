// subdomain.hpp: one piece of the grid and the phases of a time step (DESIGN.md, "Time step
// as phases"; NUMERICS.md 2.2).
//
// Why built so: a Subdomain is everything a piece of the grid needs to advance (its arrays,
// index boxes, boundary types, material, super-grid profiles, the grid-point sources and the
// receivers it owns), and a time step is three plain phases separated by two halo exchanges:
//
//     predictor(t)   L_h(U) + predictor, point forces g(t)                        -> U*
//     -- exchange U* --
//     corrector(t)   BC(U*), U'', L_h(U'') + corrector, point forces g''(t), damping -> U+
//     -- exchange U+ --
//     finish(t)      BC(U+), record receivers, rotate (Um, U, U+) <- (U, U+, Um)
//
// in that order within a phase: a point source's force is added to U* or U+ after the
// operator's update there, and the super-grid damping comes last. With `developer
// time_order=2` (NUMERICS 2.4) the corrector phase only damps (U+ = U* - damping; nmech=0
// also scales it), so the drivers and the exchanges stay those of the fourth order. The
// two-sided driver owns one Subdomain per rank and its loop reads predictor, exchange of U*,
// corrector, exchange of U+, then the end of the step (finish, step_end.hpp); the one-sided
// driver owns several per rank and runs each phase when its halos are in. Nothing here knows
// about MPI. Every value a piece computes depends only on global indices, so the result does
// not depend on how the grid is cut.
//
// With topography a piece holds two grids over the same columns (NUMERICS 14): the Cartesian
// one below in the members that a flat run uses (its top side is the interface, so L_h there
// has no closure) and the curvilinear one on top in `top`. Each phase does its work on grid 0,
// then on grid 1 (NUMERICS 19.2), and every boundary-condition stage ends with the injection
// that makes the two grids agree (NUMERICS 19.1). Grid 1 is a few planes next to grid 0's
// many, so the phases, the halos and a partition's packing simply carry both.
#pragma once

#include <algorithm>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "boundary.hpp"
#include "topography/boundary_curvilinear.hpp"
#include "grid.hpp"
#include "config.hpp"
#include "topography/material_topography.hpp"
#include "receiver.hpp"
#include "source.hpp"
#include "topography/receiver_topography.hpp"
#include "topography/source_topography.hpp"
#include "stencil.hpp"
#include "topography/stencil_curvilinear.hpp"
#include "topography/stencil_curvilinear_reference.hpp"
#include "stencil_reference.hpp"
#include "supergrid.hpp"
#include "topography/timestep_curvilinear.hpp"
#include "topography/topography.hpp"
#include "attenuation/free_surface_attenuation.hpp"
#include "attenuation/attenuation_setup.hpp"

namespace sw4 {

// Where a piece lies: its array box (ghosts and padding included), the points it owns, and the
// condition on each of its six sides.
struct PieceGeometry {
  Box box, owned;
  Bc bc[6];
};

// The boundary type of each physical side for a deck (NUMERICS 1.5); with topography, of the
// Cartesian grid, whose top is the interface (NUMERICS 16.5).
inline void physical_bcs(const Config& cfg, Bc bc[6]) {
  for (int s = 0; s < 6; ++s) bc[s] = dirichlet_sides(cfg) ? Bc::Dirichlet : Bc::SuperGrid;
  if (!cfg.tps.on || cfg.tps.halfspace) bc[4] = Bc::FreeSurface;
  if (cfg.topo.on) bc[4] = Bc::GridInterface;
  if (cfg.verify.kind == VerifyKind::Twilight) {  // SW4's side keys (NUMERICS 25.6)
    const TwilightCfg& tw = cfg.verify.tw;
    if (tw.sgstretching) {  // SW4: the sides 0-3 and a top that is not free become super-grid
      for (int s = 0; s < 4; ++s) bc[s] = Bc::SuperGrid;
      if (!cfg.topo.on) bc[4] = Bc::SuperGrid;  // the interface stays one
      bc[5] = Bc::Dirichlet;
    }
    if (tw.freeupper && !cfg.topo.on) bc[4] = Bc::FreeSurface;
    if (!tw.freeupper && bc[4] == Bc::FreeSurface) bc[4] = bc[0];  // as the other sides: exact or layers
    if (tw.freelower) bc[5] = Bc::FreeSurface;
  }
}

// The grid the flat members of a piece hold: the deck's grid, or with topography the Cartesian
// grid below the interface, whose bottom has moved (NUMERICS 14.3).
inline GridCfg cartesian_grid(const Config& cfg) {
  GridCfg g = cfg.grid;
  if (cfg.topo.on) {
    const TopoGrids t = topography_grids(cfg.grid, cfg.topo);
    g.nz = t.n0;
    g.zmax = t.zmax;
  }
  return g;
}

// The hooks of the deck's test problem, if it has one (verify/verify_hooks.hpp).
class Subdomain;
inline void install_verification(Subdomain& sd, const Config& cfg);

// The layers along axis 0 (x), 1 (y) or 2 (z) of the (Cartesian) grid: a side has one when its
// physical boundary is super-grid; its width is gp h. The z coordinate runs from 0 at the
// grid's first plane (Z_t under topography: the caller samples with that origin).
inline Taper axis_taper(const Config& cfg, int axis) {
  const GridCfg g = cartesian_grid(cfg);
  Bc phys[6];
  physical_bcs(cfg, phys);
  Taper tp;
  tp.left = phys[2 * axis] == Bc::SuperGrid;
  tp.right = phys[2 * axis + 1] == Bc::SuperGrid;
  tp.x0 = 0;
  tp.x1 = axis == 0 ? g.xmax : axis == 1 ? g.ymax : g.zmax;
  tp.width = cfg.sg.gp * g.h;
  if (cfg.verify.kind == VerifyKind::Energy) tp.eps = cfg.verify.en.sg_eps;  // NUMERICS 26
  return tp;
}

// Piece (pi, pj) of a p1 x p2 grid of pieces (x index pi, y index pj).
inline PieceGeometry piece_geometry(const Config& cfg, int p1, int p2, int pi, int pj) {
  const GridCfg g = cartesian_grid(cfg);
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

// A grid point and component as one number that orders points as the stop line wants (by k,
// then j, then i, then component), independent of the cut: the global index into a box with
// room for the ghost points on each side (index 1 - kGhost is 0). With topography the
// curvilinear grid's planes come first (they are on top): `above` is the number of planes
// before this grid's k = 1 - kGhost (nc + 2 kGhost for the Cartesian grid, 0 otherwise).
// (key_of: the formula on nx and ny alone, callable from the CUDA build's look, gpu/gpu_look.hpp.)
SW4_HD inline long key_of(int nx, int ny, int i, int j, int k, int c, int above = 0) {
  const long ni = nx + 2 * kGhost, nj = ny + 2 * kGhost, o = kGhost - 1;
  return (((k + o + above) * nj + (j + o)) * ni + (i + o)) * 3 + c;
}
inline long point_key(const GridCfg& g, int i, int j, int k, int c, int above = 0) {
  return key_of(g.nx, g.ny, i, j, k, c, above);
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

// Grid 1 of a piece under topography: the curvilinear grid over the piece's columns, k = -1..nc+2.
struct TopGrid {
  int nc = 0;
  Box box, owned, eval;  // eval: owned columns, k = 1..nc
  Bc bc[6];  // sides 0-3 as the Cartesian grid's; top CurvedFreeSurface, bottom GridInterface
  Field um, u, up, acc;
  Array3 rho, mu, la;
  Metric met;
  PointForces forces;
  std::vector<Receiver> receivers;  // the receivers in grid 1 this piece owns
  MemoryVariables att;  // grid 1's memory variables: the same mechanisms and omega as grid 0's
};

class Subdomain {
 public:
  GridCfg grid;          // the Cartesian grid (below the interface with topography)
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
  int time_order = 4;  // 2: the corrector phase only damps (NUMERICS 2.4)
  double dt = 0;
  bool topo = false;  // topography: grid 1 in `top`, the mapping in `topography`
  Topography topography;
  TopGrid top;
  MemoryVariables att;  // the visco-elastic model's memory variables (attenuation/; n = 0: none)

  // The hooks of a test problem (verify/verify_hooks.hpp) and of the unit tests: boundary data
  // (Dirichlet sides, surface traction) of each grid, a body force added as the point sources
  // are (stage 0: F(t) in the predictor, stage 1: F_tt(t) in the corrector), the initial data
  // (set by record_initial before the first step), and what the pointers point into.
  const BoundaryData* boundary_data = nullptr;
  const BoundaryData* top_boundary_data = nullptr;
  const SurfaceForcing* top_surface_forcing = nullptr;
  std::function<void(Subdomain&, int stage, double t)> extra_forcing;
  // A test problem's share of alpha+ (stage 0: after the predictor, 1: after the corrector).
  std::function<void(Subdomain&, int stage, double t)> memory_forcing;
  std::function<void(Subdomain&)> initial_data;
  std::shared_ptr<const void> hook_state;

  Subdomain() = default;
  // Geometry, super-grid profiles, sources and receivers: cheap, no 3-D array.
  Subdomain(const Config& cfg, const PieceGeometry& pg);
  // The 3-D arrays: solution levels (zero), material, with topography the metric. Returns ""
  // or what stops the run (a point no block covers, a grid that folds).
  std::string allocate(const Config& cfg);
  // After allocate: memory variables, fitted moduli (attenuation_setup.hpp); the grid's min vs/h.
  std::string attenuate(const Config& cfg, double vs_over_h) { return setup_attenuation(*this, cfg, vs_over_h); }
  double min_vs_over_h() const;

  const PointForces& point_forces() const { return forces_; }  // the CUDA build's copy (gpu/)
  std::size_t point_sources() const { return forces_.contrib.size() + top.forces.contrib.size(); }
  std::size_t unique_point_sources() const {
    return forces_.points.size() + top.forces.points.size();
  }
  // The largest (4 mu + lambda)/rho on the Cartesian grid and, with topography, the largest
  // eigenvalue bound of the curvilinear grid (0 without; NUMERICS 2.1, 18.3). Needs allocate.
  std::array<double, 2> max_speed2() const;

  void predictor(double t);
  void corrector(double t);
  void finish(double t);
  // The corrector in two parts, the first while U*'s halos travel (subdomain_overlap.hpp):
  // corrector_inner then corrector_rim give U+ bit for bit as corrector does. Flat grids only.
  bool can_overlap() const { return !topo && !extra_forcing && !boundary_data && time_order == 4 && !att.any(); }
  void corrector_inner(double t);
  void corrector_rim(double t);
  // A corrector's phases into the timing table: BC, scheme, forcing, super-grid, from 5 clocks.
  void count_corrector(double t0, double t1, double t2, double t3, double t4) {
    if (!timing) return;
    times.bc += t1 - t0;
    times.scheme += t2 - t1;
    times.forcing += t3 - t2;
    times.supergrid += t4 - t3;
  }
  void record_initial();
  void write_receivers(const std::string& path, const UtcTime& utc, bool due_only) const;

  // One look at U (owned points of both grids; subdomain_look.hpp): the largest |u| as the
  // bits of float_bits.hpp (NaN above infinity above every finite value), the first point in
  // point_key order that holds it, and the first point whose |u| bits are above `bound` (a NaN,
  // an infinity or beyond the bound of solution_check.hpp) with its bits; keys -1: none.
  struct Look {
    std::int64_t bits = -1, bad_bits = 0;
    long max_key = -1, bad_key = -1;
  };
  Look look(std::int64_t bound) const;

  // Extra work that changes nothing: L_h(U) into the scratch field, `extra` times over (a
  // fraction as that share of the rows). The co-design knob `imbalance` emulates a slow node
  // by redoing work, not by sleeping.
  void redo_work(double extra);

  // The whole state between two phases, as bytes (a partition migrating in one-sided mode):
  // the solution levels, material, metric, profiles, point sources, receivers and timers of
  // both grids (subdomain_pack.hpp). The time functions and the mapping are rebuilt from the deck.
  void pack(std::vector<char>& out) const;
  void unpack(const char*& in, const Config& cfg);

  // Scale U+ - U* by dt^2/rho (stage 0) or dt^4/(12 rho) (stage 1) at point p: used by the
  // forcing of the point sources and by the test hooks.
  void add_force(long p, double fx, double fy, double fz, int stage) {
    add_force_to(up, rho, p, fx, fy, fz, stage);
  }
  void add_force_top(long p, double fx, double fy, double fz, int stage) {
    add_force_to(top.up, top.rho, p, fx, fy, fz, stage);
  }
  // L_h(f) of the Cartesian grid into out at the points of eval, by the deck's kernel, with the
  // deck's moduli or (m, l) (the energy of testenergy: verify/energy.hpp).
  void lh(const Field& f, Field& out, const Array3* m = nullptr, const Array3* l = nullptr) {
    const Medium md = m ? Medium{m, l, &px.str, &py.str, &pz.str} : medium();
    apply_lh_with<Update::Store>(md, f, eval, detail_target(out));
  }
  void lh_top(const Field& f, Field& out) { apply_lh_top<Update::Store>(f, detail_target(out)); }

 private:
  PointForces forces_;        // grid-point sources on the (Cartesian) grid
  std::vector<double> gval_;  // time-function values of this step, per source
  RhsWorkspace ws;            // scratch of the operator's interior kernel

  void add_force_to(Field& f, const Array3& r, long p, double fx, double fy, double fz, int stage) {
    const double s = (stage == 0 ? dt * dt : dt * dt * dt * dt / 12) / r.v[p];
    f[0].v[p] += s * fx;
    f[1].v[p] += s * fy;
    f[2].v[p] += s * fz;
  }
  Medium medium() const { return {&mu, &la, &px.str, &py.str, &pz.str}; }
  CurvMedium curv_medium() const { return {&top.mu, &top.la, &top.met, &px.str, &py.str}; }
  // L_h(f) on box b, consumed as `mode` says, by the kernel the deck chose; md: the moduli
  // (the deck's, or a mechanism's for the memory variables).
  template <Update mode>
  void apply_lh(const Field& f, const Box& b, const Target& tg) { apply_lh_with<mode>(medium(), f, b, tg); }
  template <Update mode>
  void apply_lh_with(const Medium& md, const Field& f, const Box& b, const Target& tg) {
    // A free bottom (twilight freelower=1): its six mirrored closure rows exist only in the
    // reference form, so the tuned kernel runs the rows above them and the reference the rest
    // (NUMERICS 4.1; a test problem's rows, not a figure of merit).
    const int nzb = bc[5] == Bc::FreeSurface ? grid.nz : 0;
    if (reference_kernel) {
      rhs4_reference<mode>(f, md, b, free_surface_top, grid.h, tg, nzb);
    } else if (nzb == 0) {
      rhs4<mode>(f, md, b, free_surface_top, grid.h, tg, ws);
    } else {
      Box upper = b, lower = b;
      upper.ke = std::min(b.ke, nzb - 6);
      lower.kb = std::max(b.kb, nzb - 5);
      if (upper.ke >= upper.kb) rhs4<mode>(f, md, upper, free_surface_top, grid.h, tg, ws);
      if (lower.ke >= lower.kb) rhs4_reference<mode>(f, md, lower, false, grid.h, tg, nzb);
    }
  }
  void apply_memory_lh(std::vector<Field> MemoryVariables::*level, double factor);  // attenuation/subdomain_memory.hpp
  void memory_predictor_phase(double t), memory_corrector_phase(double t), simple_attenuation_phase();
  // The curvilinear L_h on grid 1, by the kernel the deck chose.
  template <Update mode>
  void apply_lh_top(const Field& f, const Target& tg) {
    if (reference_kernel) rhs_curvilinear_reference<mode>(f, curv_medium(), top.eval, tg);
    else rhs_curvilinear<mode>(f, curv_medium(), top.eval, tg);
  }
  void add_point_forces(double t, int stage);
  void damp();  // the super-grid dissipation of U+ (NUMERICS 5.3), both grids
  static Target detail_target(Field& out) {
    Target tg;
    for (int c = 0; c < 3; ++c) tg.out[c] = out[c].data();
    return tg;
  }
  Box overlap_cols_, overlap_eval_;  // the inner part's columns and L_h box (corrector_inner)
  void add_corrector_forces(double t, bool inner);
  void boundary_conditions(Field& f, Field& f1, double t, std::vector<Field> MemoryVariables::*alpha = nullptr);
  void setup_sources(const Config& cfg);
  void setup_receivers(const Config& cfg);
};

// ---------------------------------------------------------------------------------------------

// F = sum of the point sources' values times g(t) (stage 0) or g''(t) (stage 1), summed per
// point in input order, then scaled into U+ like the operator's result.
inline void Subdomain::add_point_forces(double t, int stage) {
  for (std::size_t s = 0; s < tfun.size(); ++s)
    gval_[s] = stage == 0 ? tfun[s].g(t) : tfun[s].g_tt(t);
  forces_.apply(gval_, [&](long p, double fx, double fy, double fz) {
    add_force_to(up, rho, p, fx, fy, fz, stage);
  });
  top.forces.apply(gval_, [&](long p, double fx, double fy, double fz) {
    add_force_to(top.up, top.rho, p, fx, fy, fz, stage);
  });
  if (extra_forcing) extra_forcing(*this, stage, t);
}

// One boundary-condition stage (NUMERICS 4, 17.2): the Cartesian grid's sides, then grid 1's
// sides and its curved free surface, then the injection between the two.
// With attenuation the free surfaces' ghosts take the memory variables' share (alpha: the level
// of f's time, on both grids).
inline void Subdomain::boundary_conditions(Field& f, Field& f1, double t,
                                           std::vector<Field> MemoryVariables::*alpha) {
  apply_bc(f, bc, mu, la, px.str, py.str, grid, t, boundary_data);
  if (alpha && att.on()) free_surface_memory(f, bc, grid.nz, mu, la, att, att.*alpha, px.str, py.str);
  if (!topo) return;
  apply_bc(f1, top.bc, top.mu, top.la, px.str, py.str, grid, t, top_boundary_data);
  if (alpha && top.att.on()) {
    const CurvilinearMemoryShare share{&top.att, &(top.att.*alpha), &top.met, &px.str, &py.str};
    free_surface_curvilinear(f1, top.mu, top.la, top.met, px.str, py.str, top_surface_forcing, t, &share);
  } else {
    free_surface_curvilinear(f1, top.mu, top.la, top.met, px.str, py.str, top_surface_forcing, t);
  }
  inject_interface(f, f1, top.nc);
}

namespace detail {
inline double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}
inline Target target(Field& out, const Field* u, const Field* um, const Array3& rho, double factor) {
  Target tg;
  for (int c = 0; c < 3; ++c) {
    tg.out[c] = out[c].data();
    if (u) tg.u[c] = (*u)[c].data();
    if (um) tg.um[c] = (*um)[c].data();
  }
  tg.rho = rho.data();
  tg.factor = factor;
  return tg;
}
}  // namespace detail

inline void Subdomain::predictor(double t) {
  const double t0 = detail::now();
  apply_lh<Update::Predictor>(u, eval, detail::target(up, &u, &um, rho, dt * dt));
  predictor_frame(up, u, um, eval);
  if (topo) {
    apply_lh_top<Update::Predictor>(top.u, detail::target(top.up, &top.u, &top.um, top.rho, dt * dt));
    predictor_frame(top.up, top.u, top.um, top.eval);
  }
  if (att.on()) apply_memory_lh(&MemoryVariables::a, -dt * dt);  // NUMERICS 36.1; after grid 1's store
  const double t1 = detail::now();
  add_point_forces(t, 0);
  if (att.on()) memory_predictor_phase(t);  // after the forces: a test's hooks build their tables there
  const double t2 = detail::now();
  if (timing) {
    times.scheme += t1 - t0;
    times.forcing += t2 - t1;
  }
}

// Second order in time (NUMERICS 2.4): no U'', no L_h(U''), no g''; U+ is U* with the damping
// (and nmech=0's scaling), alpha+ the predictor's (NUMERICS 36.8), and U*'s boundary conditions
// are left to finish().
inline void Subdomain::corrector(double t) {
  const double t0 = detail::now();
  if (time_order == 2) {
    damp();
    if (att.simple) simple_attenuation_phase();
    const double t1 = detail::now();
    count_corrector(t0, t0, t0, t0, t1);
    return;
  }
  boundary_conditions(up, top.up, t + dt, &MemoryVariables::ap);
  const double t1 = detail::now();
  const double f4 = dt * dt * dt * dt / 12;
  acceleration(acc, up, u, um, dt, acc[0].box);
  if (att.on()) memory_corrector_phase(t);  // alpha+ from U*, alpha'' in the oldest level
  apply_lh<Update::Corrector>(acc, eval, detail::target(up, nullptr, nullptr, rho, f4));
  if (topo) {
    acceleration(top.acc, top.up, top.u, top.um, dt, top.acc[0].box);
    apply_lh_top<Update::Corrector>(top.acc, detail::target(top.up, nullptr, nullptr, top.rho, f4));
  }
  if (att.on()) apply_memory_lh(&MemoryVariables::am, -f4);  // after grid 1's U'' is taken from U*
  const double t2 = detail::now();
  add_point_forces(t, 1);
  const double t3 = detail::now();
  damp();
  if (att.simple) simple_attenuation_phase();
  const double t4 = detail::now();
  count_corrector(t0, t1, t2, t3, t4);
}

inline void Subdomain::damp() {
  if (!(beta > 0)) return;
  supergrid_damping(up, u, um, rho, px, py, pz, eval, beta);
  if (topo) supergrid_damping_curvilinear(top.up, top.u, top.um, top.rho, top.met.J, px, py, top.eval, beta);
}

inline void Subdomain::finish(double t) {
  const double t0 = detail::now();
  boundary_conditions(up, top.up, t + dt, &MemoryVariables::ap);
  if (timing) times.bc += detail::now() - t0;
  for (Receiver& r : receivers) r.record(up, u, um, grid.h, dt);
  for (Receiver& r : top.receivers) r.record(top.up, top.u, top.um, grid.h, dt);
  std::swap(um, u);  // (Um, U, U+) <- (U, U+, Um): moves of the vectors, no copies
  std::swap(u, up);
  std::swap(top.um, top.u);
  std::swap(top.u, top.up);
  att.rotate();
  top.att.rotate();
}

// The initial data of a test problem, with the boundary conditions of t = 0 and -dt, then
// the receivers' first samples.
inline void Subdomain::record_initial() {
  if (initial_data) {
    initial_data(*this);
    boundary_conditions(u, top.u, 0, &MemoryVariables::a);
    boundary_conditions(um, top.um, -dt, &MemoryVariables::am);
  }
  for (Receiver& r : receivers) r.record_initial(u, grid.h);
  for (Receiver& r : top.receivers) r.record_initial(top.u, grid.h);
}

}  // namespace sw4

#include "subdomain_setup.hpp"  // the constructor, allocate, sources, receivers, redo_work
#include "onesided/subdomain_pack.hpp"   // Subdomain::pack, Subdomain::unpack
#include "subdomain_overlap.hpp"  // Subdomain::corrector_inner, Subdomain::corrector_rim
#include "attenuation/subdomain_memory.hpp"  // the memory variables' phases
#include "subdomain_look.hpp"     // Subdomain::look
#include "verify/verify_hooks.hpp"  // install_verification

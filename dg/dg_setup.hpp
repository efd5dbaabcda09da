// dg_setup.hpp: a DG piece made ready to run (NUMERICS 30, 33): its operators, elements,
// initial data, sources and receivers, and one time step of it with the face exchange left to
// the caller.
//
// Why built so: both drivers (sw4lite_dg.hpp's two-sided loop, the one-sided partitions) build
// their pieces and take their steps through these functions, so the arithmetic is the same in
// both and the results are the same to the bit. No MPI here.
#pragma once

#include <map>
#include <memory>
#include <tuple>

#include "checks/float_bits.hpp"
#include "dg/dg_problem.hpp"

namespace sw4 {
namespace dg {

// The element operators of a deck, built once per process and shared by its pieces.
inline std::shared_ptr<const Operators> shared_operators(const Config& cfg) {
  static std::map<std::tuple<int, double, double, double, double>, std::shared_ptr<const Operators>> cache;
  const Material m = material(cfg);
  const auto key = std::make_tuple(cfg.dg.order, cfg.grid.h, m.rho, m.mu, m.lambda);
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, std::make_shared<const Operators>(build_operators(cfg.dg.order, cfg.grid.h, m))).first;
  return it->second;
}

// The tuned kernels' tables of those operators (built once as well).
inline std::shared_ptr<const TunedTables> shared_tuned(const Operators& op) {
  static std::map<const Operators*, std::shared_ptr<const TunedTables>> cache;
  auto it = cache.find(&op);
  if (it == cache.end()) it = cache.emplace(&op, std::make_shared<const TunedTables>(build_tuned(op))).first;
  return it->second;
}

// The piece over the grid points oi x oj (a piece_geometry's owned range) at t = 0.
inline Piece make_piece(const Config& cfg, const std::array<int, 2>& oi, const std::array<int, 2>& oj) {
  Piece p;
  p.op = shared_operators(cfg);
  p.tuned = shared_tuned(*p.op);
  place_piece(p, cfg.grid, oi, oj);
  p.mirror_sides = cfg.dg.singlemode;
  p.reference = cfg.dev.reference_kernel;
  allocate(p);
  if (cfg.dg.singlemode) single_mode_initial_data(p, cfg.grid.h);
  add_sources(p, cfg);
  return p;
}

// This piece's part of the norms at time t ("": the deck has no exact solution).
inline bool has_norms(const Config& cfg) { return cfg.dg.singlemode || (cfg.tps.on && !cfg.sources.empty()); }
inline Norms norms(const Piece& p, const Config& cfg, double t) {
  return cfg.dg.singlemode ? single_mode_errors(p, cfg.grid.h, t) : pointsource_errors(p, cfg, t);
}

// Whether every coefficient of U and V is finite (the run stops otherwise); by the bits, which
// fast math cannot fold away (checks/float_bits.hpp).
inline bool finite(const Piece& p) {
  bool ok = true;
  for (double x : p.U) ok = ok && finite_bits(x);
  for (double x : p.V) ok = ok && finite_bits(x);
  return ok;
}

// The steps after which both drivers ask finite(): every kFiniteCheckEvery-th, the last, and
// every one with developer checkfornan=1, so that a run that blows up stops at the same step,
// with the same line, in either binary.
constexpr long kFiniteCheckEvery = 100;
inline bool checked_step(const Config& cfg, long n, long nsteps) {
  return cfg.dev.checkfornan || n == nsteps || n % kFiniteCheckEvery == 0;
}

}  // namespace dg
}  // namespace sw4

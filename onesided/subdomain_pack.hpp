// subdomain_pack.hpp: a piece's whole state as bytes, and back (a partition that migrates).
//
// Part of subdomain.hpp, which includes it at its end (include subdomain.hpp, not this).
//
// Why built so: in one-sided mode a partition moves between ranks between two phases, so
// everything a phase reads travels: the three solution levels (U'' is scratch and is not sent),
// material, profiles, point sources, receivers and timers, with attenuation the memory
// variables (all three levels of every mechanism: between the predictor and the corrector the
// newest holds alpha+ of the predictor) with the mechanisms' moduli and omega (NUMERICS 36.6),
// and with topography the same for grid 1 plus its metric. What the deck determines (time
// functions, the mapping, a test problem's hooks and tables) is rebuilt on arrival instead of
// sent. The layout is private to this pair of functions.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace sw4 {

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
  put_bytes(out, a.v.data(), a.v.size() * sizeof(Real));
}
inline void get_array(const char*& in, Array3& a) {
  Box b;
  get_bytes(in, &b, sizeof b);
  a.define(b);
  get_bytes(in, a.v.data(), a.v.size() * sizeof(Real));
}
inline void put_profile(std::vector<char>& out, const Array1& a) {
  put_bytes(out, &a.b, sizeof a.b);
  put_vector(out, a.v);
}
inline void get_profile(const char*& in, Array1& a) {
  get_bytes(in, &a.b, sizeof a.b);
  get_vector(in, a.v);
}
inline void put_receivers(std::vector<char>& out, const std::vector<Receiver>& rs) {
  const uint64_t n = rs.size();
  put_bytes(out, &n, sizeof n);
  for (const Receiver& r : rs) r.pack(out);
}
inline void get_receivers(const char*& in, std::vector<Receiver>& rs) {
  uint64_t n = 0;
  get_bytes(in, &n, sizeof n);
  rs.clear();
  for (uint64_t k = 0; k < n; ++k) rs.push_back(Receiver::unpack(in));
}
// nmech = 0's Qs travels too (its factors are remade where it lands, from the same bits).
inline void put_memory(std::vector<char>& out, const MemoryVariables& mv) {
  const int64_t n = mv.n;
  put_bytes(out, &n, sizeof n);
  const double simple[2] = {double(mv.simple), mv.simple_freq};
  put_bytes(out, simple, sizeof simple);
  if (mv.simple) put_array(out, mv.qs);
  if (n == 0) return;
  put_vector(out, mv.omega);
  for (const std::vector<Field>* lv : {&mv.am, &mv.a, &mv.ap})
    for (const Field& f : *lv)
      for (const Array3& a : f) put_array(out, a);
  for (const std::vector<Array3>* m : {&mv.mu, &mv.la})
    for (const Array3& a : *m) put_array(out, a);
}
inline void get_memory(const char*& in, MemoryVariables& mv) {
  int64_t n = 0;
  get_bytes(in, &n, sizeof n);
  mv = MemoryVariables{};
  mv.n = int(n);
  double simple[2];
  get_bytes(in, simple, sizeof simple);
  mv.simple = simple[0] != 0;
  mv.simple_freq = simple[1];
  if (mv.simple) get_array(in, mv.qs);
  if (n == 0) return;
  get_vector(in, mv.omega);
  for (std::vector<Field>* lv : {&mv.am, &mv.a, &mv.ap}) {
    lv->assign(std::size_t(n), Field{});
    for (Field& f : *lv)
      for (Array3& a : f) get_array(in, a);
  }
  for (std::vector<Array3>* m : {&mv.mu, &mv.la}) {
    m->assign(std::size_t(n), Array3{});
    for (Array3& a : *m) get_array(in, a);
  }
}
}  // namespace detail

inline void Subdomain::pack(std::vector<char>& out) const {
  using namespace detail;
  out.reserve(out.size() + ((13 + MemoryVariables::reals_per_point(att.n)) * box.size() +
                               (17 + MemoryVariables::reals_per_point(top.att.n)) * top.box.size()) *
                               sizeof(Real) + 4096 +
              forces_.contrib.size() * sizeof(PointForces::Contribution) +
              forces_.points.size() * sizeof(PointForces::SourcePoint));
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
  put_vector(out, forces_.contrib);
  put_vector(out, forces_.points);
  put_receivers(out, receivers);
  put_memory(out, att);
  if (!topo) return;
  put_bytes(out, &top.box, sizeof top.box);
  put_bytes(out, &top.owned, sizeof top.owned);
  put_bytes(out, &top.eval, sizeof top.eval);
  put_bytes(out, top.bc, sizeof top.bc);
  for (const Field* f : {&top.um, &top.u, &top.up})
    for (const Array3& a : *f) put_array(out, a);
  for (const Array3* a : {&top.rho, &top.mu, &top.la, &top.met.J, &top.met.m1, &top.met.m2,
                          &top.met.m3, &top.met.m4})
    put_array(out, *a);
  put_vector(out, top.forces.contrib);
  put_vector(out, top.forces.points);
  put_receivers(out, top.receivers);
  put_memory(out, top.att);
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
  get_vector(in, forces_.contrib);
  get_vector(in, forces_.points);
  get_receivers(in, receivers);
  get_memory(in, att);
  topo = cfg.topo.on;
  if (topo) {
    topography = Topography(cfg.grid, cfg.topo);
    top.nc = topography.grids.nc;
    get_bytes(in, &top.box, sizeof top.box);
    get_bytes(in, &top.owned, sizeof top.owned);
    get_bytes(in, &top.eval, sizeof top.eval);
    get_bytes(in, top.bc, sizeof top.bc);
    for (Field* f : {&top.um, &top.u, &top.up})
      for (Array3& a : *f) get_array(in, a);
    for (Array3& a : top.acc) a.define(top.box);
    for (Array3* a : {&top.rho, &top.mu, &top.la, &top.met.J, &top.met.m1, &top.met.m2,
                      &top.met.m3, &top.met.m4})
      get_array(in, *a);
    get_vector(in, top.forces.contrib);
    get_vector(in, top.forces.points);
    get_receivers(in, top.receivers);
    get_memory(in, top.att);
  }
  tfun.clear();
  for (const SourceCfg& src : cfg.sources) tfun.push_back(TimeFunction::from(src));
  gval_.assign(cfg.sources.size(), 0.0);
  reference_kernel = cfg.dev.reference_kernel;
  time_order = cfg.dev.time_order;
  install_verification(*this, cfg);  // its tables are rebuilt from the deck where it lands
}

}  // namespace sw4

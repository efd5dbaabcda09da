// gpu/gpu_piece.hpp: a piece of the grid in device memory: what a Subdomain holds that the
// time step reads or writes, laid out as the host's arrays are (DESIGN.md, "The GPU build").
//
// Why built so: the set-up (material, profiles, sources, receivers, a restart) is the CPU
// build's, done once on the host in a Subdomain, so the CUDA build has no second copy of it;
// a DevicePiece is then made from that Subdomain and holds the solution levels, the material,
// the profiles, the point sources and the receivers' sample points on the device for the whole
// run. Every 3-D array keeps the host's box, strides and offset, so a point's linear index is
// the same number on both sides and a point formula reads the same neighbours. What goes back
// to the host goes in whole arrays (download: images, checkpoints, the error norms) or in
// batches (the receivers' samples: gpu/gpu_receivers.hpp).
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "gpu/device.hpp"
#include "subdomain.hpp"

namespace sw4 {
namespace gpu {

// One field's three components on the device.
struct DeviceField {
  Buffer<Real> c[3];
  void make(std::size_t n) {
    for (auto& b : c) b.resize(n);
  }
  void upload(const Field& f) {
    for (int k = 0; k < 3; ++k) c[k].upload(f[k].data(), f[k].v.size());
  }
  void download(Field& f) const {
    for (int k = 0; k < 3; ++k) c[k].download(f[k].data(), f[k].v.size());
  }
  void swap(DeviceField& o) {
    for (int k = 0; k < 3; ++k) std::swap(c[k], o.c[k]);
  }
};

// A field's three device pointers, as a launch's lambda captures them (by value).
struct Ptr3 {
  Real* c[3];
};
struct CPtr3 {
  const Real* c[3];
};
inline Ptr3 ptrs(DeviceField& f) { return {{f.c[0].data(), f.c[1].data(), f.c[2].data()}}; }
inline CPtr3 cptrs(const DeviceField& f) { return {{f.c[0].data(), f.c[1].data(), f.c[2].data()}}; }

// A 1-D profile on the device, read by global index: at()[i] is element i.
struct DeviceProfile {
  Buffer<Real> v;
  int first = 0;
  void make(const Array1& a) {
    v.resize(a.v.size());
    v.upload(a.v.data(), a.v.size());
    first = a.b;
  }
  const Real* at() const { return v.data() - first; }
};

// The index layout every 3-D array of a piece shares (the host Array3's).
struct Layout {
  Box box;
  long sj = 0, sk = 0, offset = 0;
  SW4_HD long index(int i, int j, int k) const { return offset + i + sj * j + sk * k; }
};

// The point sources of one grid, as PointForces holds them: per point its array index and
// its contributions in input order.
struct DeviceForces {
  Buffer<long> p;
  Buffer<int> first, count, source;
  Buffer<double> f;  // fx, fy, fz of each contribution
  long points = 0;
  void make(const PointForces& pf) {
    points = long(pf.points.size());
    std::vector<long> pv;
    std::vector<int> fv, cv, sv;
    std::vector<double> xv;
    for (const auto& sp : pf.points) {
      pv.push_back(sp.p);
      fv.push_back(sp.first);
      cv.push_back(sp.count);
    }
    for (const auto& c : pf.contrib) {
      sv.push_back(c.source);
      xv.insert(xv.end(), {c.fx, c.fy, c.fz});
    }
    upload_vector(p, pv);
    upload_vector(first, fv);
    upload_vector(count, cv);
    upload_vector(source, sv);
    upload_vector(f, xv);
  }
  template <class T>
  static void upload_vector(Buffer<T>& b, const std::vector<T>& v) {
    b.resize(v.size());
    b.upload(v.data(), v.size());
  }
};

// One grid of a piece on the device: grid 0 (Cartesian) or, with topography, grid 1
// (curvilinear, with its metric).
struct DeviceGrid {
  Layout L;
  Box eval, owned;
  Bc bc[6];
  bool free_surface_top = false;
  bool curvilinear = false;
  int nc = 0;  // grid 1's planes (curvilinear)
  DeviceField um, u, up, acc;
  Buffer<Real> rho, mu, la;
  Buffer<Real> J, m1, m2, m3, m4;  // the metric (curvilinear)
  DeviceForces forces;

  void make(const Field& hum, const Field& hu, const Array3& r, const Array3& m, const Array3& l) {
    L = {r.box, r.sj, r.sk, r.offset};
    const std::size_t n = r.v.size();
    for (DeviceField* f : {&um, &u, &up, &acc}) f->make(n);
    um.upload(hum);
    u.upload(hu);
    for (auto* a : {&rho, &mu, &la}) a->resize(n);
    rho.upload(r.data(), n);
    mu.upload(m.data(), n);
    la.upload(l.data(), n);
  }
  void make_metric(const Metric& met) {
    Buffer<Real>* d[5] = {&J, &m1, &m2, &m3, &m4};
    const Array3* h[5] = {&met.J, &met.m1, &met.m2, &met.m3, &met.m4};
    for (int a = 0; a < 5; ++a) {
      d[a]->resize(h[a]->v.size());
      d[a]->upload(h[a]->data(), h[a]->v.size());
    }
  }
};

struct DevicePiece {
  GridCfg grid;
  int time_order = 4;
  double dt = 0, beta = 0;
  bool topo = false;
  DeviceGrid g0, g1;                   // g1: the curvilinear grid (topography)
  DeviceProfile str[3], dc[3], co[3];  // x, y, z: stretching, damping, corner taper
  Buffer<double> gval;                 // the time functions of this stage, per source
  std::size_t sources = 0;

  explicit DevicePiece(const Subdomain& sd) {
    grid = sd.grid;
    time_order = sd.time_order;
    dt = sd.dt;
    beta = sd.beta;
    topo = sd.topo;
    g0.eval = sd.eval;
    g0.owned = sd.owned;
    for (int s = 0; s < 6; ++s) g0.bc[s] = sd.bc[s];
    g0.free_surface_top = sd.free_surface_top;
    g0.make(sd.um, sd.u, sd.rho, sd.mu, sd.la);
    g0.forces.make(sd.point_forces());
    if (topo) {
      const TopGrid& t = sd.top;
      g1.eval = t.eval;
      g1.owned = t.owned;
      for (int s = 0; s < 6; ++s) g1.bc[s] = t.bc[s];
      g1.curvilinear = true;
      g1.nc = t.nc;
      g1.make(t.um, t.u, t.rho, t.mu, t.la);
      g1.make_metric(t.met);
      g1.forces.make(t.forces);
    }
    const Profiles* pr[3] = {&sd.px, &sd.py, &sd.pz};
    for (int d = 0; d < 3; ++d) {
      str[d].make(pr[d]->str);
      dc[d].make(pr[d]->dc);
      co[d].make(pr[d]->co);
    }
    sources = sd.tfun.size();
    gval.resize(sources);
  }

  // The solution levels back to the host's Subdomain (what an image, a checkpoint or the error
  // norms read; they went to the device, a restart's included, when the piece was made). U+ and
  // U'' are scratch between steps.
  void download_solution(Subdomain& sd) const {
    synchronize("a download");
    g0.um.download(sd.um);
    g0.u.download(sd.u);
    if (!topo) return;
    g1.um.download(sd.top.um);
    g1.u.download(sd.top.u);
  }
  // (Um, U, U+) <- (U, U+, Um) on both grids, as Subdomain::finish does.
  void rotate() {
    for (DeviceGrid* g : {&g0, &g1}) {
      g->um.swap(g->u);
      g->u.swap(g->up);
    }
  }
  // Bytes of device memory a piece holds: the fields and the material (15 values a point), and
  // on the curvilinear grid the metric (5 more).
  static double bytes(double points, double curvilinear_points) {
    return (points * 15 + curvilinear_points * 20) * sizeof(Real);
  }
};

}  // namespace gpu
}  // namespace sw4

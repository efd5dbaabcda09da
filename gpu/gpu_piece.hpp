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

struct DevicePiece {
  GridCfg grid;
  Box eval, owned;
  Bc bc[6];
  Layout L;
  bool free_surface_top = false;
  int time_order = 4;
  double dt = 0, beta = 0;
  DeviceField um, u, up, acc;
  Buffer<Real> rho, mu, la;
  DeviceProfile str[3], dc[3], co[3];  // x, y, z: stretching, damping, corner taper
  // Point sources as PointForces holds them: per point its array index and contributions.
  Buffer<long> force_p;
  Buffer<int> force_first, force_count, force_source;
  Buffer<double> force_f;  // fx, fy, fz of each contribution
  Buffer<double> gval;     // the time functions of this stage, per source
  long force_points = 0;
  std::size_t sources = 0;

  explicit DevicePiece(const Subdomain& sd) {
    grid = sd.grid;
    eval = sd.eval;
    owned = sd.owned;
    for (int s = 0; s < 6; ++s) bc[s] = sd.bc[s];
    const Array3& r = sd.rho;
    L = {r.box, r.sj, r.sk, r.offset};
    free_surface_top = sd.free_surface_top;
    time_order = sd.time_order;
    dt = sd.dt;
    beta = sd.beta;
    const std::size_t n = r.v.size();
    for (DeviceField* f : {&um, &u, &up, &acc}) f->make(n);
    upload_solution(sd);
    for (auto* a : {&rho, &mu, &la}) a->resize(n);
    rho.upload(sd.rho.data(), n);
    mu.upload(sd.mu.data(), n);
    la.upload(sd.la.data(), n);
    const Profiles* pr[3] = {&sd.px, &sd.py, &sd.pz};
    for (int d = 0; d < 3; ++d) {
      str[d].make(pr[d]->str);
      dc[d].make(pr[d]->dc);
      co[d].make(pr[d]->co);
    }
    const PointForces& pf = sd.point_forces();
    force_points = long(pf.points.size());
    std::vector<long> p;
    std::vector<int> first, count, source;
    std::vector<double> f;
    for (const auto& sp : pf.points) {
      p.push_back(sp.p);
      first.push_back(sp.first);
      count.push_back(sp.count);
    }
    for (const auto& c : pf.contrib) {
      source.push_back(c.source);
      f.insert(f.end(), {c.fx, c.fy, c.fz});
    }
    upload_vector(force_p, p);
    upload_vector(force_first, first);
    upload_vector(force_count, count);
    upload_vector(force_source, source);
    upload_vector(force_f, f);
    sources = sd.tfun.size();
    gval.resize(sources);
  }

  // The solution levels to and from the host's Subdomain (a restart's state in, the arrays an
  // image, a checkpoint or the error norms read out). U+ and U'' are scratch between steps.
  void upload_solution(const Subdomain& sd) {
    um.upload(sd.um);
    u.upload(sd.u);
  }
  void download_solution(Subdomain& sd) const {
    synchronize("a download");
    um.download(sd.um);
    u.download(sd.u);
  }
  // Bytes of device memory a piece of n points holds: the fields and the material.
  static double bytes(double points) { return points * 15 * sizeof(Real); }

 private:
  template <class T>
  static void upload_vector(Buffer<T>& b, const std::vector<T>& v) {
    b.resize(v.size());
    b.upload(v.data(), v.size());
  }
};

}  // namespace gpu
}  // namespace sw4

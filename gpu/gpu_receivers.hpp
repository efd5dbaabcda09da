// gpu/gpu_receivers.hpp: the receivers of a piece sampled on the device, their samples copied to
// the host in batches (DESIGN.md, "The GPU build").
//
// Why built so: a receiver's sample reads a few values around its grid point (the point itself,
// or its six neighbours for the derivative modes; U- too for velocity), every step, and a
// copy from the device per step and receiver would cost more than the step. So each step one
// launch gathers, for every receiver, the 3 x 3 x 3 values around its point of U+ and U- into
// a slot of a batch in device memory; when the batch is full, or before a file is due, one copy
// brings it to the host, where each slot becomes a tiny field around the point and the
// receiver's own record() makes the sample: the arithmetic of every mode stays receiver.hpp's
// and receiver_modes.hpp's, the same bits as the CPU build's.
#pragma once

#include <algorithm>
#include <vector>

#include "gpu/gpu_piece.hpp"

namespace sw4 {
namespace gpu {

class DeviceReceivers {
 public:
  static constexpr int kCube = 27;             // points around a receiver
  static constexpr int kSlot = 2 * 3 * kCube;  // U+ and U-, three components each

  // The receivers of one grid of a piece (its arrays' layout L), a batch of up to `slots` steps.
  DeviceReceivers(const std::vector<Receiver>& recs, const Layout& L, int slots) {
    n_ = int(recs.size());
    if (n_ == 0) return;
    slots_ = std::max(1, slots);
    std::vector<long> idx;
    for (const Receiver& r : recs)
      for (int c = 0; c < kCube; ++c) {
        const int i = r.p.i + c % 3 - 1, j = r.p.j + c / 3 % 3 - 1, k = r.p.k + c / 9 - 1;
        idx.push_back(L.box.contains(i, j, k) ? L.index(i, j, k) : -1);
      }
    index_.resize(idx.size());
    index_.upload(idx.data(), idx.size());
    batch_.resize(std::size_t(slots_) * n_ * kSlot);
    host_.resize(batch_.size());
    for (const Receiver& r : recs) {
      const Box b{r.p.i - 1, r.p.i + 1, r.p.j - 1, r.p.j + 1, r.p.k - 1, r.p.k + 1};
      Field up, um;
      for (int c = 0; c < 3; ++c) up[c].define(b), um[c].define(b);
      around_.push_back({up, um});
    }
  }

  // The values around every receiver after a step, into the next slot.
  void gather(DeviceField& up, DeviceField& um) {
    if (n_ == 0) return;
    const CPtr3 p = cptrs(up), m = cptrs(um);
    const long* idx = index_.data();
    Real* out = batch_.data() + std::size_t(pending_) * n_ * kSlot;
    for_range(long(n_) * kCube, SW4_POINT_LAMBDA(long t) {
      const long q = idx[t], r = t / kCube, o = t % kCube;
      for (int c = 0; c < 3; ++c) {
        out[r * kSlot + c * kCube + o] = q < 0 ? Real(0) : p.c[c][q];
        out[r * kSlot + (3 + c) * kCube + o] = q < 0 ? Real(0) : m.c[c][q];
      }
    });
    ++pending_;
  }
  bool full() const { return n_ > 0 && pending_ == slots_; }
  // Whether a receiver file falls due once the gathered slots are samples (Receiver::write_due).
  bool file_due(const std::vector<Receiver>& recs) const {
    for (const Receiver& r : recs) {
      const long n = long(r.nsamples()) + pending_;
      if (r.cfg.writeEvery > 0 && n > 1 && (n - 1) % r.cfg.writeEvery == 0) return true;
    }
    return false;
  }

  // The gathered slots as samples of the host's receivers, in step order.
  void flush(std::vector<Receiver>& recs, double h, double dt) {
    if (n_ == 0 || pending_ == 0) return;
    synchronize("the receivers' samples");
    const std::size_t n = std::size_t(pending_) * n_ * kSlot;
    batch_.download(host_.data(), n);
    for (int s = 0; s < pending_; ++s)
      for (int r = 0; r < n_; ++r) {
        const Real* v = host_.data() + (std::size_t(s) * n_ + r) * kSlot;
        Field& up = around_[r][0];
        Field& um = around_[r][1];
        for (int c = 0; c < 3; ++c)
          for (int o = 0; o < kCube; ++o) {
            up[c].v[o] = v[c * kCube + o];
            um[c].v[o] = v[(3 + c) * kCube + o];
          }
        recs[r].record(up, up, um, h, dt);
      }
    pending_ = 0;
  }

 private:
  int n_ = 0, slots_ = 1, pending_ = 0;
  Buffer<long> index_;
  Buffer<Real> batch_;
  std::vector<Real> host_;
  std::vector<std::array<Field, 2>> around_;  // U+ and U- around each receiver, on the host
};

}  // namespace gpu
}  // namespace sw4

// gpu/gpu_halo.hpp: the two-sided halo exchange of a device piece: the planes packed and
// unpacked on the device, MPI_Sendrecv between ranks through host buffers, or straight from
// device memory with a CUDA-aware MPI (MPI_CUDA_AWARE=1).
//
// Why built so: it moves what halo.hpp's HaloSendrecv moves, in the same order: x first (two
// owned planes to each neighbour, two padding planes from each), then y over the whole i range,
// so that the corners arrive through the x neighbours' y exchange. MPI's derived datatypes
// cannot describe device memory to an MPI that does not know it, so each direction's planes are
// packed by one launch into a contiguous buffer (component, k, j, i), copied to the host,
// exchanged, copied back and unpacked by another; a side without a neighbour (MPI_PROC_NULL)
// receives nothing and its padding is left as the boundary conditions will set it. The
// buffers are made once, for the larger of the two directions.
#pragma once

#include <mpi.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include "gpu/gpu_kernels.hpp"
#include "halo.hpp"

namespace sw4 {
namespace gpu {

// The region r of a field's components to and from a contiguous buffer: component by
// component, i fastest.
inline void pack_region(const Layout& L, const CPtr3 a, const Box& r, Real* out) {
  const int ni = r.ni(), nj = r.nj();
  const long per = long(r.size());
  const Box rb = r;
  const Layout l = L;
  for_box(rb, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long t = (i - rb.ib) + long(ni) * ((j - rb.jb) + long(nj) * (k - rb.kb));
    const long q = l.index(i, j, k);
    for (int c = 0; c < 3; ++c) out[c * per + t] = a.c[c][q];
  });
}
inline void unpack_region(const Layout& L, const Ptr3 a, const Box& r, const Real* in) {
  const int ni = r.ni(), nj = r.nj();
  const long per = long(r.size());
  const Box rb = r;
  const Layout l = L;
  for_box(rb, SW4_POINT_LAMBDA(int i, int j, int k) {
    const long t = (i - rb.ib) + long(ni) * ((j - rb.jb) + long(nj) * (k - rb.kb));
    const long q = l.index(i, j, k);
    for (int c = 0; c < 3; ++c) a.c[c][q] = in[c * per + t];
  });
}

class DeviceHalo {
 public:
  DeviceHalo(MPI_Comm cart, const Layout& L) : comm_(cart), L_(L) {
    MPI_Cart_shift(comm_, 0, 1, &left_, &right_);
    MPI_Cart_shift(comm_, 1, 1, &down_, &up_);
    const Box& b = L.box;
    const std::size_t n = std::size_t(3) * kPadding * b.nk() * std::max(b.nj(), b.ni());
    for (auto* d : {&dsend_[0], &dsend_[1], &drecv_[0], &drecv_[1]}) d->resize(n);
    for (auto* h : {&hsend_[0], &hsend_[1], &hrecv_[0], &hrecv_[1]}) h->resize(n);
    const char* aware = std::getenv("MPI_CUDA_AWARE");
    aware_ = kDevice && aware && std::strcmp(aware, "1") == 0;
  }
  bool cuda_aware() const { return aware_; }

  // The padding of f's three components from the neighbours.
  void exchange(DeviceField& f) {
    const Box& b = L_.box;
    Box lo = b, hi = b, from_lo = b, from_hi = b;
    // x: planes ie-3, ie-2 -> right's ib, ib+1; ib+2, ib+3 -> left's ie-1, ie
    hi.ib = b.ie - 3, hi.ie = b.ie - 2, lo.ib = b.ib + 2, lo.ie = b.ib + 3;
    from_lo.ie = b.ib + 1, from_hi.ib = b.ie - 1;
    direction(f, hi, lo, from_lo, from_hi, right_, left_, 1);
    lo = hi = from_lo = from_hi = b;
    hi.jb = b.je - 3, hi.je = b.je - 2, lo.jb = b.jb + 2, lo.je = b.jb + 3;
    from_lo.je = b.jb + 1, from_hi.jb = b.je - 1;
    direction(f, hi, lo, from_lo, from_hi, up_, down_, 3);
  }

 private:
  MPI_Comm comm_;
  Layout L_;
  int left_ = MPI_PROC_NULL, right_ = MPI_PROC_NULL, down_ = MPI_PROC_NULL, up_ = MPI_PROC_NULL;
  bool aware_ = false;
  Buffer<Real> dsend_[2], drecv_[2];
  std::vector<Real> hsend_[2], hrecv_[2];

  // One direction: `hi` to the neighbour above (tag), `lo` to the one below (tag + 1); what
  // comes from below lands in from_lo, from above in from_hi.
  void direction(DeviceField& f, const Box& hi, const Box& lo, const Box& from_lo,
                 const Box& from_hi, int above, int below, int tag) {
    const std::size_t n = 3 * hi.size();
    pack(f, hi, dsend_[0]);
    pack(f, lo, dsend_[1]);
    synchronize("a halo's packing");
    Real *s0 = hsend_[0].data(), *s1 = hsend_[1].data(), *r0 = hrecv_[0].data(), *r1 = hrecv_[1].data();
    if (aware_) {
      s0 = dsend_[0].data(), s1 = dsend_[1].data(), r0 = drecv_[0].data(), r1 = drecv_[1].data();
    } else {
      dsend_[0].download(s0, n);
      dsend_[1].download(s1, n);
    }
    MPI_Sendrecv(s0, int(n), kMpiReal, above, tag, r0, int(n), kMpiReal, below, tag, comm_, MPI_STATUS_IGNORE);
    MPI_Sendrecv(s1, int(n), kMpiReal, below, tag + 1, r1, int(n), kMpiReal, above, tag + 1, comm_,
                 MPI_STATUS_IGNORE);
    if (below != MPI_PROC_NULL) {
      if (!aware_) drecv_[0].upload(r0, n);
      unpack(f, from_lo, drecv_[0]);
    }
    if (above != MPI_PROC_NULL) {
      if (!aware_) drecv_[1].upload(r1, n);
      unpack(f, from_hi, drecv_[1]);
    }
  }
  void pack(DeviceField& f, const Box& r, Buffer<Real>& buf) { pack_region(L_, cptrs(f), r, buf.data()); }
  void unpack(DeviceField& f, const Box& r, Buffer<Real>& buf) { unpack_region(L_, ptrs(f), r, buf.data()); }
};

}  // namespace gpu
}  // namespace sw4

// halo.hpp: the halo exchange between neighbouring pieces of the grid (NUMERICS.md 2.3): the
// interface every communication model implements, the reference model (blocking send-receive)
// and the eight-direction plan the other models share.
//
// Why built so: two-sided mode is the reference: one piece per rank on a non-periodic
// Cartesian communicator, exchanged with MPI_Sendrecv and derived datatypes (no packing by
// hand), first in x, then in y over the full i range, so the corners arrive with the y planes.
// Each piece sends its last two owned planes and receives its two padding planes; a side on the
// physical boundary talks to MPI_PROC_NULL.
//
// The other models (`developer halo=`, halo_select.hpp) cannot lean on x-then-y: their
// messages travel at once, so a corner's padding would arrive from the y neighbour before that
// neighbour had its own corner from x. They send the corners as their own messages to the
// diagonal neighbours instead (HaloPlan): eight regions per piece, pairwise disjoint, each
// point of the padding written by exactly one message from the piece that owns it. Pieces
// overlap by the padding, so a region has the same global indices in the sender's array and in
// the receiver's: one Box per direction names both ends. An x region spans the ghost rows
// where the piece has no y neighbour (and a y region the ghost columns), as x-then-y does;
// where a y neighbour exists the corner rows are left to the diagonal message. Every point
// then ends with the value x-then-y gives it: the owner's (tested bitwise, test/checks/halo.sh).
#pragma once

#include <mpi.h>

#include <array>

#include "grid.hpp"

namespace sw4 {

// The MPI datatype of a field's value (precision.hpp), for every halo model.
inline const MPI_Datatype kMpiReal = sizeof(Real) == 4 ? MPI_FLOAT : MPI_DOUBLE;

// What the driver calls: fill the padding of a field's three components from the neighbours.
// start sends the owned planes and lets the neighbours' come; finish waits until the padding
// holds them. A model that can carry its messages while the caller computes leaves them in
// flight after start (pending()); in between the caller may read the field but must neither
// write the planes sent (HaloPlan::send_box) nor touch the padding (recv_box): the corrector's
// inner part keeps to that (subdomain_overlap.hpp). The blocking models do all in start.
class Halo {
 public:
  virtual ~Halo() = default;
  virtual void start(Field& f) = 0;
  virtual void finish() {}
  virtual bool pending() const { return false; }
  void exchange(Field& f) {
    start(f);
    finish();
  }
};

class HaloSendrecv final : public Halo {
 public:
  HaloSendrecv(MPI_Comm cart, const Box& box) : comm_(cart), box_(box) {
    MPI_Cart_shift(comm_, 0, 1, &left_, &right_);
    MPI_Cart_shift(comm_, 1, 1, &down_, &up_);
    const int ni = box.ni(), nj = box.nj(), nk = box.nk();
    MPI_Type_vector(nj * nk, kPadding, ni, kMpiReal, &xplanes_);
    MPI_Type_vector(nk, kPadding * ni, ni * nj, kMpiReal, &yplanes_);
    MPI_Type_commit(&xplanes_);
    MPI_Type_commit(&yplanes_);
  }
  ~HaloSendrecv() override {
    MPI_Type_free(&xplanes_);
    MPI_Type_free(&yplanes_);
  }
  HaloSendrecv(const HaloSendrecv&) = delete;
  HaloSendrecv& operator=(const HaloSendrecv&) = delete;

  void start(Field& f) override {
    const Box& b = box_;
    for (int c = 0; c < 3; ++c) {
      Array3& a = f[c];
      // x: owned planes ie-3, ie-2 -> right neighbour's ib, ib+1; ib+2, ib+3 -> left's ie-1, ie
      MPI_Sendrecv(&a(b.ie - 3, b.jb, b.kb), 1, xplanes_, right_, 1, &a(b.ib, b.jb, b.kb), 1,
                   xplanes_, left_, 1, comm_, MPI_STATUS_IGNORE);
      MPI_Sendrecv(&a(b.ib + 2, b.jb, b.kb), 1, xplanes_, left_, 2, &a(b.ie - 1, b.jb, b.kb), 1,
                   xplanes_, right_, 2, comm_, MPI_STATUS_IGNORE);
    }
    for (int c = 0; c < 3; ++c) {
      Array3& a = f[c];
      MPI_Sendrecv(&a(b.ib, b.je - 3, b.kb), 1, yplanes_, up_, 3, &a(b.ib, b.jb, b.kb), 1,
                   yplanes_, down_, 3, comm_, MPI_STATUS_IGNORE);
      MPI_Sendrecv(&a(b.ib, b.jb + 2, b.kb), 1, yplanes_, down_, 4, &a(b.ib, b.je - 1, b.kb), 1,
                   yplanes_, up_, 4, comm_, MPI_STATUS_IGNORE);
    }
  }

 private:
  MPI_Comm comm_;
  Box box_;
  int left_ = MPI_PROC_NULL, right_ = MPI_PROC_NULL, down_ = MPI_PROC_NULL, up_ = MPI_PROC_NULL;
  MPI_Datatype xplanes_ = MPI_DATATYPE_NULL, yplanes_ = MPI_DATATYPE_NULL;
};

// A region of an array over `array` as an MPI datatype whose extent starts at the array's first
// point, so every model addresses a region by (the array's data(), this type).
inline MPI_Datatype region_type(const Box& array, const Box& r) {
  const int sizes[3] = {array.nk(), array.nj(), array.ni()};
  const int sub[3] = {r.nk(), r.nj(), r.ni()};
  const int start[3] = {r.kb - array.kb, r.jb - array.jb, r.ib - array.ib};
  MPI_Datatype t = MPI_DATATYPE_NULL;
  MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, kMpiReal, &t);
  MPI_Type_commit(&t);
  return t;
}

// The eight directions of a piece: its neighbours (MPI_PROC_NULL off the grid), what it sends
// each (owned planes) and where what each sends lands (padding), as boxes and as datatypes.
struct HaloPlan {
  static constexpr int kDirs = 8;
  MPI_Comm comm = MPI_COMM_NULL;
  Box box;
  std::array<int, kDirs> dx{}, dy{}, rank{};
  std::array<Box, kDirs> send_box{}, recv_box{};
  std::array<MPI_Datatype, kDirs> send{}, recv{};

  // Direction d's opposite: the direction in which the neighbour at d sees this piece.
  static int opposite(int d) { return kDirs - 1 - d; }

  HaloPlan(MPI_Comm cart, const Box& b) : comm(cart), box(b) {
    int dims[2], periods[2], me[2];
    MPI_Cart_get(cart, 2, dims, periods, me);
    auto rank_at = [&](int x, int y) {
      if (x < 0 || y < 0 || x >= dims[0] || y >= dims[1]) return int(MPI_PROC_NULL);
      const int c[2] = {x, y};
      int r = MPI_PROC_NULL;
      MPI_Cart_rank(cart, c, &r);
      return r;
    };
    // In this order opposite(d) = 7 - d: (-1,-1) (0,-1) (1,-1) (-1,0) | (1,0) (-1,1) (0,1) (1,1).
    int d = 0;
    for (int y = -1; y <= 1; ++y)
      for (int x = -1; x <= 1; ++x)
        if (x != 0 || y != 0) {
          dx[d] = x;
          dy[d] = y;
          rank[d] = rank_at(me[0] + x, me[1] + y);
          ++d;
        }
    const bool left = me[0] > 0, right = me[0] + 1 < dims[0];
    const bool down = me[1] > 0, up = me[1] + 1 < dims[1];
    // One axis of a region: owned planes toward the neighbour (s = -1, +1), padding planes
    // from it, or along the side (s = 0) the owned range plus ghosts where no neighbour is.
    auto span = [](int lo, int hi, int s, bool recv, bool has_lo, bool has_hi) {
      if (s > 0) return recv ? std::array<int, 2>{hi - 1, hi} : std::array<int, 2>{hi - 3, hi - 2};
      if (s < 0) return recv ? std::array<int, 2>{lo, lo + 1} : std::array<int, 2>{lo + 2, lo + 3};
      return std::array<int, 2>{has_lo ? lo + kPadding : lo, has_hi ? hi - kPadding : hi};
    };
    for (d = 0; d < kDirs; ++d)
      for (bool r : {false, true}) {
        const auto i = span(b.ib, b.ie, dx[d], r, left, right);
        const auto j = span(b.jb, b.je, dy[d], r, down, up);
        (r ? recv_box : send_box)[d] = Box{i[0], i[1], j[0], j[1], b.kb, b.ke};
      }
    for (d = 0; d < kDirs; ++d) {
      send[d] = rank[d] == MPI_PROC_NULL ? MPI_DATATYPE_NULL : region_type(b, send_box[d]);
      recv[d] = rank[d] == MPI_PROC_NULL ? MPI_DATATYPE_NULL : region_type(b, recv_box[d]);
    }
  }
  ~HaloPlan() {
    for (int d = 0; d < kDirs; ++d) {
      if (send[d] != MPI_DATATYPE_NULL) MPI_Type_free(&send[d]);
      if (recv[d] != MPI_DATATYPE_NULL) MPI_Type_free(&recv[d]);
    }
  }
  HaloPlan(const HaloPlan&) = delete;
  HaloPlan& operator=(const HaloPlan&) = delete;

  // The neighbours' boxes (an empty Box off the grid), for the models that write into their arrays.
  std::array<Box, kDirs> neighbour_boxes() const {
    static_assert(sizeof(Box) == 6 * sizeof(int), "a Box travels as six ints");
    std::array<Box, kDirs> nb{};
    std::array<MPI_Request, 2 * kDirs> req{};
    for (int d = 0; d < kDirs; ++d) {
      MPI_Irecv(&nb[d], 6, MPI_INT, rank[d], 100 + opposite(d), comm, &req[2 * d]);
      MPI_Isend(&box, 6, MPI_INT, rank[d], 100 + d, comm, &req[2 * d + 1]);
    }
    MPI_Waitall(2 * kDirs, req.data(), MPI_STATUSES_IGNORE);
    return nb;
  }
};

}  // namespace sw4

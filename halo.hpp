// halo.hpp: the halo exchange between neighbouring pieces of the grid (NUMERICS.md 2.3).
//
// Why built so: two-sided mode is the reference: one piece per rank on a non-periodic
// Cartesian communicator, exchanged with MPI_Sendrecv and derived datatypes (no packing by
// hand), first in x, then in y over the full i range, so the corners arrive with the y planes.
// Each piece sends its last two owned planes and receives its two padding planes; a side on the
// physical boundary talks to MPI_PROC_NULL.
#pragma once

#include <mpi.h>

#include "grid.hpp"

namespace sw4 {

class HaloExchange {
 public:
  HaloExchange(MPI_Comm cart, const Box& box) : comm_(cart), box_(box) {
    MPI_Cart_shift(comm_, 0, 1, &left_, &right_);
    MPI_Cart_shift(comm_, 1, 1, &down_, &up_);
    const int ni = box.ni(), nj = box.nj(), nk = box.nk();
    MPI_Type_vector(nj * nk, kPadding, ni, MPI_DOUBLE, &xplanes_);
    MPI_Type_vector(nk, kPadding * ni, ni * nj, MPI_DOUBLE, &yplanes_);
    MPI_Type_commit(&xplanes_);
    MPI_Type_commit(&yplanes_);
  }
  ~HaloExchange() {
    MPI_Type_free(&xplanes_);
    MPI_Type_free(&yplanes_);
  }
  HaloExchange(const HaloExchange&) = delete;
  HaloExchange& operator=(const HaloExchange&) = delete;

  void exchange(Field& f) {
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

}  // namespace sw4

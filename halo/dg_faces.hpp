// dg_faces.hpp: the two-sided exchange of a DG piece's edge faces (NUMERICS 32.4).
//
// Why built so: a DG element needs only its neighbours' traces on the shared face, so each
// stage sends one plane of face traces across each x and y edge, never volume data, and z is
// never cut. x first, then y, each with MPI_Sendrecv on the Cartesian communicator; at the
// domain's sides the partner is MPI_PROC_NULL and the flux uses the boundary's mirror state.
#pragma once

#include <mpi.h>

#include <vector>

#include "dg/dg_piece.hpp"

namespace sw4 {

class DgFaceExchange {
 public:
  DgFaceExchange(MPI_Comm cart, dg::Piece& p) : cart_(cart) {
    MPI_Cart_shift(cart, 0, 1, &nb_[dg::XLow], &nb_[dg::XHigh]);
    MPI_Cart_shift(cart, 1, 1, &nb_[dg::YLow], &nb_[dg::YHigh]);
    for (int s = 0; s < 4; ++s) {
      send_[s].resize(dg::face_plane_size(p, dg::Side(s)));
      recv_[s].resize(send_[s].size());
    }
  }
  // Pieces in one row of the process grid have the same n2, in one column the same n1, so
  // the plane a neighbour sends has the size this piece expects.
  void exchange(dg::Piece& p) {
    const dg::Side order[4][2] = {{dg::XHigh, dg::XLow}, {dg::XLow, dg::XHigh},
                                  {dg::YHigh, dg::YLow}, {dg::YLow, dg::YHigh}};
    for (const auto& o : order) {  // send o[0]'s faces, receive into o[1]'s padding
      const dg::Side to = o[0], from = o[1];
      if (nb_[to] != MPI_PROC_NULL) dg::pack_face(p, to, send_[to].data());
      MPI_Sendrecv(send_[to].data(), nb_[to] == MPI_PROC_NULL ? 0 : int(send_[to].size()), MPI_DOUBLE, nb_[to], 7,
                   recv_[from].data(), nb_[from] == MPI_PROC_NULL ? 0 : int(recv_[from].size()), MPI_DOUBLE,
                   nb_[from], 7, cart_, MPI_STATUS_IGNORE);
      if (nb_[from] != MPI_PROC_NULL) dg::unpack_face(p, from, recv_[from].data());
    }
  }

 private:
  MPI_Comm cart_;
  int nb_[4] = {MPI_PROC_NULL, MPI_PROC_NULL, MPI_PROC_NULL, MPI_PROC_NULL};
  std::vector<double> send_[4], recv_[4];
};

}  // namespace sw4

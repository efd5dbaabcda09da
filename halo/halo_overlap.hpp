// halo_overlap.hpp: the two halo exchanges of a two-sided step on one piece, and the corrector
// that may overlap the first (DESIGN.md, "Overlap").
//
// Why built so: a step is predictor, exchange of U*, corrector, exchange of U+ (subdomain.hpp),
// and the driver's loop reads as exactly that. Under it the first exchange may overlap the
// corrector: start_exchange leaves grid 0's messages in flight when the model can carry them
// while the piece computes (isend, rma-fence, rma-pscw, rma-passive: Halo::pending) and the
// driver says the corrector can be split (Subdomain::can_overlap); corrector() then runs the
// inner part, waits for the halos and runs the rim. Why the inner part may run before the halos
// land, and why the bits do not move, is subdomain_overlap.hpp's essay. Otherwise (sendrecv,
// neighbor, topography, the test hooks) the exchange is complete when start_exchange returns
// and the corrector is the plain one. The exchange of U+ stays whole: everything after it (the
// step's BC, the receivers) reads the halos or follows what does.
#pragma once

#include <mpi.h>

#include <memory>
#include <string>

#include "halo.hpp"
#include "halo/halo_select.hpp"
#include "subdomain.hpp"

namespace sw4 {

// The halos of one piece: grid 0's and, with topography, grid 1's, exchanged after grid 0's
// (NUMERICS 19.3). An exchange moves sd.up (U* after the predictor, U+ after the corrector)
// and adds its seconds to the piece's "BC comm" when the step is timed. Collective over `cart`.
class PieceHalos {
 public:
  PieceHalos(const std::string& model, MPI_Comm cart, Subdomain& sd)
      : sd_(sd), grid0_(make_halo(model, cart, sd.box)),
        grid1_(sd.topo ? make_halo(model, cart, sd.top.box) : nullptr) {}

  // Starts the exchange. It stays in flight only when `overlap` and grid 0's model can carry
  // it (never with topography); otherwise it is complete on return.
  void start_exchange(bool overlap) {
    const double c0 = MPI_Wtime();
    grid0_->start(sd_.up);
    in_flight_ = overlap && !grid1_ && grid0_->pending();
    if (!in_flight_) {
      grid0_->finish();
      if (grid1_) grid1_->exchange(sd_.top.up);
    }
    count(c0);
  }
  // Waits for the exchange left in flight.
  void finish_exchange() {
    if (!in_flight_) return;
    const double c0 = MPI_Wtime();
    grid0_->finish();
    in_flight_ = false;
    count(c0);
  }
  bool in_flight() const { return in_flight_; }
  void exchange() { start_exchange(false); }

 private:
  void count(double c0) {
    if (sd_.timing) sd_.times.comm += MPI_Wtime() - c0;
  }
  Subdomain& sd_;
  std::unique_ptr<Halo> grid0_, grid1_;
  bool in_flight_ = false;
};

// The corrector of a step whose exchange of U* `halos` has started: with the exchange in
// flight, the inner part while it travels, the wait, then the rim (the same bits as the plain
// corrector: subdomain_overlap.hpp); otherwise the plain corrector.
inline void corrector(Subdomain& sd, PieceHalos& halos, double t) {
  if (!halos.in_flight()) return sd.corrector(t);
  sd.corrector_inner(t);
  halos.finish_exchange();
  sd.corrector_rim(t);
}

}  // namespace sw4

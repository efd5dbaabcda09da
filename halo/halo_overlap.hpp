// halo_overlap.hpp: the exchange of U* and the corrector of a step, overlapped where the halo
// model allows (DESIGN.md "Overlap").
//
// Why built so: the step's phases (subdomain.hpp) put the first exchange between the
// predictor, which makes U*, and the corrector, which reads U*'s halos only near a piece's
// sides. So the driver starts the exchange, runs the corrector's inner part while a model
// that can (isend, rma-fence, rma-pscw, rma-passive: Halo::pending) keeps the messages in
// flight, waits, and runs the rim. The blocking models (sendrecv, neighbor), topography and
// the test hooks take the plain path. The second exchange (U+, before the step's BC and the
// receivers) stays whole: everything after it reads the halos or follows what does.
#pragma once

#include <mpi.h>

#include "halo.hpp"
#include "subdomain.hpp"

namespace sw4 {

// Exchange sd.up (grid 1's with h1) and run the corrector; returns the seconds in the halo calls.
inline double exchange_and_correct(Subdomain& sd, Halo& h, Halo* h1, double t) {
  double c0 = MPI_Wtime();
  h.start(sd.up);
  if (h1 || !sd.can_overlap() || !h.pending()) {
    h.finish();
    if (h1) h1->exchange(sd.top.up);
    const double comm = MPI_Wtime() - c0;
    sd.corrector(t);
    return comm;
  }
  double comm = MPI_Wtime() - c0;
  sd.corrector_inner(t);
  c0 = MPI_Wtime();
  h.finish();
  comm += MPI_Wtime() - c0;
  sd.corrector_rim(t);
  return comm;
}

}  // namespace sw4

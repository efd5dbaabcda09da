// onesided_run.hpp: the one-sided driver's set-up of the partitions (with attenuation's one
// reduction) and its time loop: the partitions run in segments, one per
// checkpoint, image, receiver-file or energy-file step, and the outputs of a segment's last
// step are written once the runtime has quiesced (output/checkpoint_run.hpp, "One-sided mode",
// says why).
#pragma once

#include <mpi.h>

#include <algorithm>
#include <string>

#include "onesided/onesided.hpp"
#include "output/checkpoint_run.hpp"
#include "output/image_io.hpp"

namespace sw4 {

// The setup handlers, where each partition lives; with attenuation then the fit (the
// attenuate handler, onesided.hpp) with the least vs/h of the whole grid, the minimum over
// the partitions and the ranks as ./sw4lite reduces it over its pieces. A setup problem stops
// the run (stop_on_problem: the driver's, agreed across ranks) before anything is fitted.
template <class StopOnProblem>
void set_up_partitions(MPI_Comm comm, OneSidedRun& os, StopOnProblem stop_on_problem) {
  amr::Runtime& rt = *os.rt;
  rt.for_each<Partition>([&](amr::Gid gid, Partition&) { rt.invoke(gid, os.setup); });
  rt.quiesce();
  if (!os.cfg->att.on) return;
  std::string problem;
  double mine = 1e300;
  rt.for_each<Partition>([&](amr::Gid, Partition& p) {
    if (problem.empty()) problem = p.problem;
    mine = std::min(mine, p.sd.min_vs_over_h());
  });
  stop_on_problem(problem);
  MPI_Allreduce(&mine, &os.min_vs_over_h, 1, MPI_DOUBLE, MPI_MIN, comm);
  rt.for_each<Partition>([&](amr::Gid gid, Partition&) { rt.invoke(gid, os.attenuate); });
  rt.quiesce();
}

// The time loop from os.first_step to nsteps, a segment per checkpoint, image, receiver-file or
// energy-file step (images and files pause the partitions as checkpoints do; a fresh run's
// images of step 0 make a segment of no step); after_segment (the driver's solution check,
// agreed across ranks, and testenergy's file) runs once each segment that took steps has
// quiesced, before anything of that step is written. "" or what stops the run.
template <class AfterSegment>
std::string run_partitions(MPI_Comm comm, OneSidedRun& os, Checkpointing& ck, Imaging& images,
                           long nsteps, const UtcTime& utc, AfterSegment after_segment) {
  amr::Runtime& rt = *os.rt;
  long at = os.first_step;
  // The images of the initial data (step 0, SW4's): a first segment of no step, in which the
  // start handler sets the initial data and every partition pauses; nothing to agree on yet.
  bool initial = os.first_step == 0 && images.due(0);
  for (amr::Handler<Partition> go = os.start;; go = os.resume, initial = false) {
    os.pause_at = initial ? 0
                          : std::min({ck.next(at), images.next(at), next_receiver_write(*os.cfg, at),
                                      next_energy_write(*os.cfg, at)});
    rt.for_each<Partition>([&](amr::Gid gid, Partition&) { rt.invoke(gid, go); });
    rt.quiesce();
    if (!initial) after_segment();
    at = os.pause_at;
    if (at > os.first_step)  // the receivers' files due at the pause, once the ranks agreed
      rt.for_each<Partition>([&](amr::Gid, Partition& p) { os.end.write(p.sd); });
    if (initial || (at > os.first_step && (ck.due(at) || images.due(at)))) {
      double mine = 0, t = 0;  // every partition has the same t; a rank may hold none
      rt.for_each<Partition>([&](amr::Gid, Partition& p) { mine = p.t; });
      MPI_Allreduce(&mine, &t, 1, MPI_DOUBLE, MPI_MAX, comm);
      const std::string e = ck.due(at) ? ck.write(comm, partition_pieces(rt), at, t, utc) : "";
      if (!e.empty()) return e;
      const std::string ei = images.due(at) ? images.write(comm, partition_pieces(rt), at, t) : "";
      if (!ei.empty()) return ei;
    }
    if (at >= nsteps) return "";
  }
}

}  // namespace sw4

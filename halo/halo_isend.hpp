// halo_isend.hpp: the halo exchange by nonblocking point-to-point messages, all eight
// directions at once (`developer halo=isend`).
//
// Why built so: the model promises that messages posted together progress together: 24
// receives and 24 sends (8 directions x 3 components) are posted in one go and completed by
// one MPI_Waitall, so no message waits for another as the x-then-y chain of MPI_Sendrecv does
// (four rounds, each a full latency). What it costs: the corners become their own messages
// (HaloPlan, halo.hpp), 4 small ones more per component, instead of a second phase, because a
// second phase would bring back the chain this model is meant to remove. The receives are
// posted before the sends so that, under a small eager limit, a rendezvous message finds its
// buffer waiting. The derived datatypes go to MPI as they are: no packing by hand. The
// messages stay in flight between start and finish, so the corrector's inner part runs while
// they travel (subdomain_overlap.hpp); how far they progress meanwhile is the library's affair
// (with no progress thread a rendezvous message may wait for the MPI_Waitall).
#pragma once

#include <mpi.h>

#include <array>

#include "halo.hpp"

namespace sw4 {

class HaloIsend final : public Halo {
 public:
  HaloIsend(MPI_Comm cart, const Box& box) : plan_(cart, box) {}

  void start(Field& f) override {
    const HaloPlan& p = plan_;
    int& n = n_;
    n = 0;
    for (int c = 0; c < 3; ++c)
      for (int d = 0; d < HaloPlan::kDirs; ++d)
        if (p.rank[d] != MPI_PROC_NULL)  // the tag names the direction the sender sent toward
          MPI_Irecv(f[c].data(), 1, p.recv[d], p.rank[d], tag(c, HaloPlan::opposite(d)), p.comm, &req_[n++]);
    for (int c = 0; c < 3; ++c)
      for (int d = 0; d < HaloPlan::kDirs; ++d)
        if (p.rank[d] != MPI_PROC_NULL)
          MPI_Isend(f[c].data(), 1, p.send[d], p.rank[d], tag(c, d), p.comm, &req_[n++]);
  }
  void finish() override {
    MPI_Waitall(n_, req_.data(), MPI_STATUSES_IGNORE);
    n_ = 0;
  }
  bool pending() const override { return n_ > 0; }

 private:
  static int tag(int c, int d) { return 10 + HaloPlan::kDirs * c + d; }
  HaloPlan plan_;
  std::array<MPI_Request, 2 * 3 * HaloPlan::kDirs> req_{};
  int n_ = 0;  // requests in flight
};

}  // namespace sw4

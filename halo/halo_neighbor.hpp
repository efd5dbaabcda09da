// halo_neighbor.hpp: the halo exchange as one neighbourhood collective per component on a
// graph topology of the eight neighbours (`developer halo=neighbor`).
//
// Why built so: the model promises that MPI sees the whole exchange as one operation, so an
// implementation may schedule, pack or aggregate it as it likes; the application only states
// who its neighbours are (once, MPI_Dist_graph_create_adjacent) and what goes to each (the
// HaloPlan datatypes, one per neighbour: MPI_Neighbor_alltoallw is the variant that takes a
// datatype per block). A Cartesian topology would give only the four face neighbours and so a
// second phase for the corners; the graph names the diagonals too, so one call per component
// does it all. What it costs: a communicator (built once, freed with the object) and a
// collective call, which every neighbour must enter: it synchronises the neighbourhood, as
// MPI_Sendrecv does. Sources and destinations are listed in the same direction order, and a
// pair of pieces are neighbours in one direction only, so block d matches the neighbour's
// block opposite(d). The send and receive buffers are the same array (the regions are
// disjoint); the receive side is addressed through `base + 1 element` and a displacement of
// -1 element so that no MPI takes the two arguments for an aliased buffer.
#pragma once

#include <mpi.h>

#include <vector>

#include "halo.hpp"

namespace sw4 {

class HaloNeighbor final : public Halo {
 public:
  HaloNeighbor(MPI_Comm cart, const Box& box) : plan_(cart, box) {
    std::vector<int> ranks;
    for (int d = 0; d < HaloPlan::kDirs; ++d)
      if (plan_.rank[d] != MPI_PROC_NULL) {
        ranks.push_back(plan_.rank[d]);
        send_.push_back(plan_.send[d]);
        recv_.push_back(plan_.recv[d]);
      }
    const int n = int(ranks.size());
    MPI_Dist_graph_create_adjacent(cart, n, ranks.data(), MPI_UNWEIGHTED, n, ranks.data(),
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &graph_);
    counts_.assign(std::size_t(n), 1);
    sdispl_.assign(std::size_t(n), 0);
    rdispl_.assign(std::size_t(n), -MPI_Aint(sizeof(Real)));
  }
  ~HaloNeighbor() override { MPI_Comm_free(&graph_); }
  HaloNeighbor(const HaloNeighbor&) = delete;
  HaloNeighbor& operator=(const HaloNeighbor&) = delete;

  void start(Field& f) override {
    for (int c = 0; c < 3; ++c)
      MPI_Neighbor_alltoallw(f[c].data(), counts_.data(), sdispl_.data(), send_.data(),
                             f[c].data() + 1, counts_.data(), rdispl_.data(), recv_.data(), graph_);
  }

 private:
  HaloPlan plan_;  // owns the datatypes
  MPI_Comm graph_ = MPI_COMM_NULL;
  std::vector<MPI_Datatype> send_, recv_;
  std::vector<int> counts_;
  std::vector<MPI_Aint> sdispl_, rdispl_;
};

}  // namespace sw4

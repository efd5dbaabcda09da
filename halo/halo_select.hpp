// halo_select.hpp: the two-sided binary's halo exchange by name (`developer halo=NAME`,
// `--halo NAME`; the names are input.hpp's halo_models()).
//
// Why built so: the models are interchangeable behind the Halo interface and give the same
// bits (every padding point gets its owner's value, whoever carries it), so the driver asks
// for one by name and never learns which it got. Only this file knows them all; a name that
// is not one of them was refused by the parser or the option loop before a run begins.
#pragma once

#include <mpi.h>

#include <memory>
#include <string>

#include "halo.hpp"
#include "halo/halo_isend.hpp"
#include "halo/halo_neighbor.hpp"
#include "halo/halo_rma.hpp"
#include "halo/halo_rma_passive.hpp"

namespace sw4 {

// Collective over `cart`: every rank names the same model.
inline std::unique_ptr<Halo> make_halo(const std::string& name, MPI_Comm cart, const Box& box) {
  if (name == "isend") return std::make_unique<HaloIsend>(cart, box);
  if (name == "neighbor") return std::make_unique<HaloNeighbor>(cart, box);
  if (name == "rma-fence") return std::make_unique<HaloRma>(cart, box, HaloRma::Sync::Fence);
  if (name == "rma-pscw") return std::make_unique<HaloRma>(cart, box, HaloRma::Sync::Pscw);
  if (name == "rma-passive") return std::make_unique<HaloRmaPassive>(cart, box);
  return std::make_unique<HaloSendrecv>(cart, box);
}

}  // namespace sw4

// halo_select.hpp: the two-sided binary's halo exchange by name (`developer halo=NAME`,
// `--halo NAME`; the names are input.hpp's halo_models()), and the line that refuses a model
// the build does not have (shmem outside ./sw4lite-shmem).
//
// Why built so: the models are interchangeable behind the Halo interface and give the same
// bits (every padding point gets its owner's value, whoever carries it), so the driver asks
// for one by name and never learns which it got. Only this file knows them all; a name that
// is not one of them was refused by the parser or the option loop before a run begins. One model,
// shmem, needs the OpenSHMEM build (halo/halo_shmem.hpp, halo/shmem_start.hpp): the parser knows
// the name in every build so that a deck reads the same everywhere, and halo_build_problem says
// in one line which binary runs it.
#pragma once

#include <mpi.h>

#include <memory>
#include <string>

#include "halo.hpp"
#include "halo/halo_isend.hpp"
#include "halo/halo_neighbor.hpp"
#include "halo/halo_rma.hpp"
#include "halo/halo_rma_passive.hpp"
#ifdef SW4LITE_SHMEM
#include "halo/halo_shmem.hpp"
#endif

namespace sw4 {

// Collective over `cart`: every rank names the same model.
inline std::unique_ptr<Halo> make_halo(const std::string& name, MPI_Comm cart, const Box& box) {
  if (name == "isend") return std::make_unique<HaloIsend>(cart, box);
  if (name == "neighbor") return std::make_unique<HaloNeighbor>(cart, box);
  if (name == "rma-fence") return std::make_unique<HaloRma>(cart, box, HaloRma::Sync::Fence);
  if (name == "rma-pscw") return std::make_unique<HaloRma>(cart, box, HaloRma::Sync::Pscw);
  if (name == "rma-passive") return std::make_unique<HaloRmaPassive>(cart, box);
#ifdef SW4LITE_SHMEM
  if (name == "shmem") return std::make_unique<HaloShmem>(cart, box);
#endif
  return std::make_unique<HaloSendrecv>(cart, box);
}

// "" when this build runs `model`; else why not, in one line after `what` ("FILE:LINE: developer:
// halo=shmem" or "sw4lite: --halo shmem").
inline std::string halo_build_problem(const std::string& model, const std::string& what) {
#ifndef SW4LITE_SHMEM
  if (model == "shmem")
    return what + " needs the OpenSHMEM build: ./sw4lite-shmem (make SHMEM=1; Open MPI's oshc++), "
#ifdef SW4LITE_ONESIDED
                  "not the one-sided binary, whose halos go through its runtime";
#else
                  "not this binary";
#endif
#endif
  (void)model;
  (void)what;
  return "";
}

}  // namespace sw4

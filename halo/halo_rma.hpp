// halo_rma.hpp: the halo exchange by one-sided puts into the neighbours' arrays, synchronised
// actively: by fences (`developer halo=rma-fence`) or by post/start/complete/wait with the
// group of neighbours (`developer halo=rma-pscw`).
//
// Why built so: the model promises that the sender writes straight into the receiver's padding
// planes (MPI_Put of the HaloPlan regions, no receive to match, no buffer in between) and asks
// in return for an epoch around the puts that says when the target's memory may be written and
// when it holds the data. The epochs are the whole cost, and the two flavours differ in whom
// they wait for:
// - fence: collective over all ranks of the window, twice per exchange (open: every target has
//   finished reading its padding; close: every put has landed): as strong as a barrier, and as
//   dear, whatever the neighbourhood;
// - PSCW: each rank waits only for its neighbours (post: "my padding may be written", start:
//   wait for the targets' posts, complete: my puts are done, wait: the puts into me are done).
// The windows cover the arrays the driver exchanges (padding planes included), one per
// component, made once: the driver rotates three buffers per field (U-, U, U+ by moves), so a
// window is created the first time a buffer is seen (every rank sees the same sequence, so the
// collective creation matches) and kept until the object dies. The target's region is the same
// global box as the sender's (pieces overlap by the padding), described in the target's array.
// Between start (the puts issued) and finish (the epoch closed) the caller computes on the
// window's memory away from the regions in flight (subdomain_overlap.hpp): local stores to
// other locations of a window during an epoch are allowed under MPI-3's unified memory model
// only, so under the separate model start closes the epoch at once (nothing overlaps). For the
// same reason the closing fence no longer asserts MPI_MODE_NOSTORE.
#pragma once

#include <mpi.h>

#include <utility>
#include <vector>

#include "halo.hpp"

namespace sw4 {

// The windows over a field's buffers and the neighbours' view of the regions (target types).
class RmaWindows {
 public:
  RmaWindows(MPI_Comm cart, const Box& box, bool passive) : plan(cart, box), passive_(passive) {
    int size = 1;
    MPI_Comm_size(cart, &size);
    alone = size == 1;
    const std::array<Box, HaloPlan::kDirs> nb = plan.neighbour_boxes();
    for (int d = 0; d < HaloPlan::kDirs; ++d)
      target[d] = plan.rank[d] == MPI_PROC_NULL ? MPI_DATATYPE_NULL : region_type(nb[d], plan.send_box[d]);
    MPI_Info_create(&info_);
    if (!passive_) MPI_Info_set(info_, "no_locks", "true");  // lets MPI skip the lock machinery
  }
  ~RmaWindows() {
    for (auto& w : wins_) {
      if (passive_) MPI_Win_unlock_all(w.second);
      MPI_Win_free(&w.second);
    }
    for (MPI_Datatype& t : target)
      if (t != MPI_DATATYPE_NULL) MPI_Type_free(&t);
    MPI_Info_free(&info_);
  }
  RmaWindows(const RmaWindows&) = delete;
  RmaWindows& operator=(const RmaWindows&) = delete;

  // The window over this array (collective the first time the buffer is seen).
  MPI_Win of(Array3& a) {
    for (const auto& w : wins_)
      if (w.first == a.data()) return w.second;
    MPI_Win w = MPI_WIN_NULL;
    MPI_Win_create(a.data(), MPI_Aint(a.v.size() * sizeof(Real)), int(sizeof(Real)), info_,
                   plan.comm, &w);
    if (passive_) MPI_Win_lock_all(MPI_MODE_NOCHECK, w);  // one epoch for the window's life
    int* model = nullptr;
    int flag = 0;
    MPI_Win_get_attr(w, MPI_WIN_MODEL, &model, &flag);
    if (!flag || *model != MPI_WIN_UNIFIED) unified = false;
    wins_.emplace_back(a.data(), w);
    return w;
  }
  // The puts of direction d, one per component (completion is the caller's epoch's business).
  void put(Field& f, const std::array<MPI_Win, 3>& w, int d) {
    for (int c = 0; c < 3; ++c)
      MPI_Put(f[c].data(), 1, plan.send[d], plan.rank[d], 0, 1, target[d], w[c]);
  }

  HaloPlan plan;
  std::array<MPI_Datatype, HaloPlan::kDirs> target{};
  // One rank has no neighbour and makes no window: there is nothing to put, and Open MPI 4.1
  // refuses MPI_Win_create on a one-rank communicator (MPI_ERR_WIN) with its default components.
  bool alone = false;
  bool unified = true;  // every window so far under the unified memory model

 private:
  bool passive_;
  MPI_Info info_ = MPI_INFO_NULL;
  std::vector<std::pair<const Real*, MPI_Win>> wins_;
};

class HaloRma final : public Halo {
 public:
  enum class Sync { Fence, Pscw };
  HaloRma(MPI_Comm cart, const Box& box, Sync sync) : rma_(cart, box, false), sync_(sync) {
    if (rma_.alone) return;
    std::vector<int> ranks;
    for (int d = 0; d < HaloPlan::kDirs; ++d)
      if (rma_.plan.rank[d] != MPI_PROC_NULL) ranks.push_back(rma_.plan.rank[d]);
    MPI_Group all = MPI_GROUP_NULL;
    MPI_Comm_group(cart, &all);
    MPI_Group_incl(all, int(ranks.size()), ranks.data(), &neighbours_);
    MPI_Group_free(&all);
  }
  ~HaloRma() override {
    if (neighbours_ != MPI_GROUP_NULL) MPI_Group_free(&neighbours_);
  }
  HaloRma(const HaloRma&) = delete;
  HaloRma& operator=(const HaloRma&) = delete;

  void start(Field& f) override {
    if (rma_.alone) return;
    w_ = {rma_.of(f[0]), rma_.of(f[1]), rma_.of(f[2])};
    if (sync_ == Sync::Fence) {  // the assertion: no epoch runs into an exchange
      for (MPI_Win x : w_) MPI_Win_fence(MPI_MODE_NOPRECEDE, x);
    } else {
      // Neighbourhoods are symmetric: the ranks this piece writes to are those that write to it.
      for (MPI_Win x : w_) MPI_Win_post(neighbours_, 0, x);
      for (MPI_Win x : w_) MPI_Win_start(neighbours_, 0, x);
    }
    for (int d = 0; d < HaloPlan::kDirs; ++d)
      if (rma_.plan.rank[d] != MPI_PROC_NULL) rma_.put(f, w_, d);
    open_ = true;
    if (!rma_.unified) finish();
  }
  void finish() override {
    if (!open_) return;
    open_ = false;
    if (sync_ == Sync::Fence) {  // ... nor out of one
      for (MPI_Win x : w_) MPI_Win_fence(MPI_MODE_NOSUCCEED, x);
      return;
    }
    for (MPI_Win x : w_) MPI_Win_complete(x);
    for (MPI_Win x : w_) MPI_Win_wait(x);
  }
  bool pending() const override { return open_; }

 private:
  RmaWindows rma_;
  Sync sync_;
  MPI_Group neighbours_ = MPI_GROUP_NULL;
  std::array<MPI_Win, 3> w_{MPI_WIN_NULL, MPI_WIN_NULL, MPI_WIN_NULL};  // the epoch in flight
  bool open_ = false;
};

}  // namespace sw4

// halo_rma_passive.hpp: the halo exchange by puts under passive-target synchronisation, with
// counters the ranks raise in each other's memory (`developer halo=rma-passive`).
//
// Why built so: the model promises that a target takes no part in an access: every window is
// locked once (MPI_Win_lock_all at creation, unlocked before it is freed) and data moves by
// put and flush alone. What it takes away is every "when": nothing tells the receiver that its
// padding holds the data, nor the sender that the receiver has stopped reading the old padding
// (a fast neighbour would overwrite the U+ halos a slow one is still using in its corrector).
// So the application builds its own post/wait from two monotonic counters per neighbour in a
// small window of its own: `ready` ("exchange e may write into me") and `done` ("exchange e's
// data is in you"), raised with MPI_Accumulate(MPI_SUM) and read with MPI_Fetch_and_op
// (MPI_NO_OP), atomic with respect to each other. Per exchange e, per neighbour d:
//   1. raise the neighbour's ready counter: this rank is past its last read of the padding;
//   2. when the own ready counter of d reaches e: put the three components, MPI_Win_flush the
//      data windows toward d, then raise d's done counter;
//   3. wait until every own done counter reaches e, then MPI_Win_sync the data windows.
// The ordering argument: MPI_Win_flush returns only once the puts are complete at the target,
// so the accumulate issued after it cannot be seen before the data is there; the receiver's
// MPI_Win_sync after seeing the counter orders its later loads after the puts (needed under
// the separate memory model, a no-op under the unified one). The counters never reset: a
// neighbour one exchange ahead finds the counter already past the value it waits for.
// What it costs: two small atomics per neighbour and a polling loop (which also gives MPI's
// progress engine its turns); it gains that each pair of neighbours waits only for each other.
// Split for the overlap (subdomain_overlap.hpp): start does step 1 and step 2 toward the
// neighbours already ready, finish the rest of step 2 and step 3. The computation in between
// stores only away from the regions in flight (allowed under the unified memory model; under
// the separate one start does it all, as halo_rma.hpp says).
#pragma once

#include <mpi.h>

#include <cstdint>

#include "halo/halo_rma.hpp"

namespace sw4 {

class HaloRmaPassive final : public Halo {
 public:
  HaloRmaPassive(MPI_Comm cart, const Box& box) : rma_(cart, box, true) {
    MPI_Comm_rank(cart, &me_);
    if (rma_.alone) return;
    std::int64_t* base = nullptr;
    MPI_Win_allocate(MPI_Aint(2 * HaloPlan::kDirs * sizeof(std::int64_t)), int(sizeof(std::int64_t)),
                     MPI_INFO_NULL, cart, &base, &counters_);
    for (int s = 0; s < 2 * HaloPlan::kDirs; ++s) base[s] = 0;
    MPI_Win_lock_all(MPI_MODE_NOCHECK, counters_);
    MPI_Win_sync(counters_);
    MPI_Barrier(cart);  // every counter is zero before anyone raises one
  }
  ~HaloRmaPassive() override {
    if (rma_.alone) return;
    MPI_Win_unlock_all(counters_);
    MPI_Win_free(&counters_);
  }
  HaloRmaPassive(const HaloRmaPassive&) = delete;
  HaloRmaPassive& operator=(const HaloRmaPassive&) = delete;

  void start(Field& f) override {
    if (rma_.alone) return;
    const HaloPlan& p = rma_.plan;
    f_ = &f;
    w_ = {rma_.of(f[0]), rma_.of(f[1]), rma_.of(f[2])};
    ++count_;
    // Slot d of a rank's counters belongs to its neighbour in direction d, which sees the rank
    // in direction opposite(d): a rank raises slot opposite(d) of its neighbour d.
    for (int d = 0; d < HaloPlan::kDirs; ++d) {
      sent_[d] = p.rank[d] == MPI_PROC_NULL;
      if (!sent_[d]) raise(p.rank[d], HaloPlan::opposite(d));
    }
    MPI_Win_flush_all(counters_);
    open_ = true;
    put_ready();
    if (!rma_.unified) finish();
  }
  void finish() override {
    if (!open_) return;
    open_ = false;
    const HaloPlan& p = rma_.plan;
    while (put_ready()) {
    }
    for (int d = 0; d < HaloPlan::kDirs; ++d)
      while (p.rank[d] != MPI_PROC_NULL && read(HaloPlan::kDirs + d) < count_) {
      }
    for (MPI_Win x : w_) MPI_Win_sync(x);
  }
  bool pending() const override { return open_; }

 private:
  void raise(int rank, int slot) {
    const std::int64_t one = 1;
    MPI_Accumulate(&one, 1, MPI_INT64_T, rank, slot, 1, MPI_INT64_T, MPI_SUM, counters_);
  }
  // One pass of step 2 over the neighbours not yet served: true while some are not ready.
  bool put_ready() {
    const HaloPlan& p = rma_.plan;
    bool waiting = false;
    for (int d = 0; d < HaloPlan::kDirs; ++d) {
      if (sent_[d]) continue;
      if (read(d) < count_) {
        waiting = true;
        continue;
      }
      rma_.put(*f_, w_, d);
      for (MPI_Win x : w_) MPI_Win_flush(p.rank[d], x);  // the data is in d's memory ...
      raise(p.rank[d], HaloPlan::kDirs + HaloPlan::opposite(d));  // ... before d can see this
      MPI_Win_flush(p.rank[d], counters_);
      sent_[d] = true;
    }
    return waiting;
  }
  std::int64_t read(int slot) {
    std::int64_t v = 0;
    MPI_Fetch_and_op(nullptr, &v, MPI_INT64_T, me_, slot, MPI_NO_OP, counters_);
    MPI_Win_flush(me_, counters_);
    return v;
  }

  RmaWindows rma_;
  MPI_Win counters_ = MPI_WIN_NULL;
  int me_ = 0;
  std::int64_t count_ = 0;
  Field* f_ = nullptr;  // the exchange in flight: its field, windows, and who has its data
  std::array<MPI_Win, 3> w_{MPI_WIN_NULL, MPI_WIN_NULL, MPI_WIN_NULL};
  bool sent_[HaloPlan::kDirs] = {};
  bool open_ = false;
};

}  // namespace sw4

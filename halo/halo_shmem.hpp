// halo/halo_shmem.hpp: the halo exchange by OpenSHMEM puts into the neighbours' symmetric
// receive buffers, a flag per direction saying that they have landed (`developer halo=shmem`,
// ./sw4lite-shmem only: make SHMEM=1).
//
// Why built so: the model promises that a PE writes into its neighbour's memory with no receive
// to match and no epoch to open, and that the neighbour learns of it by a word that changes, not
// by a collective: so no barrier in an exchange. What it asks in return is memory that every PE
// has at the same address, the symmetric heap, while the field's arrays are ordinary vectors;
// so each direction's planes are packed, put (shmem_putmem) into a receive buffer of the
// neighbour's on the symmetric heap, and unpacked there into the padding. The library is Open
// MPI 4.1's OpenSHMEM 1.4, which has no put-with-signal yet: the data puts, then shmem_fence
// (puts to one PE land in order across it), then a put of the flag, set to the number of the
// exchange; the receiver waits with shmem_wait_until for its flag to reach that number.
// Counters, not on/off flags, so no flag is ever reset and a neighbour a whole exchange ahead
// cannot be mistaken for the current one.
//
// The sender must not overwrite a buffer its neighbour has not yet unpacked: two buffers per
// direction, by the parity of the exchange's number. That is enough, without an acknowledgment:
// neighbours are mutual, and a PE can start exchange n + 2 (writing the buffer of exchange n)
// only after the neighbour's planes of exchange n + 1 reached it, which the neighbour put only
// after it had finished exchange n, unpacking included.
//
// The order is HaloSendrecv's (halo.hpp): x first, then y over the full i range, so the corners
// come with the y planes and every padding point gets its owner's value (the same bytes as
// sendrecv: test/checks/shmem.sh). start puts the x planes and leaves them in flight (pending):
// the corrector's inner part runs while they travel (halo/halo_overlap.hpp); finish waits for
// them, unpacks, then puts, waits for and unpacks the y planes, which carry the x padding. The
// buffers are as large as the largest piece's planes on any PE (symmetric objects have one size
// everywhere), allocated once (collective: every PE makes the same Halo objects in the same
// order) and freed when the object dies (collective again).
#pragma once

#include <mpi.h>
#include <shmem.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "halo.hpp"

namespace sw4 {

class HaloShmem final : public Halo {
 public:
  // Directions: 0 toward -x, 1 toward +x, 2 toward -y, 3 toward +y; d ^ 1 is d's opposite.
  static constexpr int kDirs = 4;

  HaloShmem(MPI_Comm cart, const Box& box) : box_(box) {
    std::array<int, kDirs> cart_rank{};
    MPI_Cart_shift(cart, 0, 1, &cart_rank[0], &cart_rank[1]);
    MPI_Cart_shift(cart, 1, 1, &cart_rank[2], &cart_rank[3]);
    // PEs are MPI_COMM_WORLD's ranks (halo/shmem_start.hpp); the Cartesian ranks may be reordered.
    MPI_Group cart_group = MPI_GROUP_NULL, world_group = MPI_GROUP_NULL;
    MPI_Comm_group(cart, &cart_group);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_translate_ranks(cart_group, kDirs, cart_rank.data(), world_group, pe_.data());
    MPI_Group_free(&cart_group);
    MPI_Group_free(&world_group);
    int world = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &world);
    if (shmem_my_pe() != world)
      throw std::runtime_error("halo=shmem: OpenSHMEM's PE " + std::to_string(shmem_my_pe()) +
                               " is not MPI rank " + std::to_string(world) + " (the model needs them equal)");
    const long x = 3L * kPadding * box.nj() * box.nk(), y = 3L * box.ni() * kPadding * box.nk();
    long cap = std::max(x, y);
    MPI_Allreduce(MPI_IN_PLACE, &cap, 1, MPI_LONG, MPI_MAX, cart);
    cap_ = std::size_t(cap);
    // One block: the four flags, then the 2 x 4 receive buffers (parity, direction of the sender).
    block_ = shmem_malloc(kFlagBytes + sizeof(Real) * 2 * kDirs * cap_);
    if (!block_)
      throw std::runtime_error("halo=shmem: the symmetric heap has no room for " +
                               std::to_string(2 * kDirs * cap_ * sizeof(Real)) +
                               " bytes of receive buffers (set SHMEM_SYMMETRIC_SIZE larger)");
    flags_ = static_cast<long*>(block_);
    for (int d = 0; d < kDirs; ++d) flags_[d] = 0;
    recv_ = reinterpret_cast<Real*>(static_cast<char*>(block_) + kFlagBytes);
    send_.resize(cap_);
    shmem_barrier_all();  // no neighbour's first flag may land before this PE zeroed its own
  }
  ~HaloShmem() override { shmem_free(block_); }
  HaloShmem(const HaloShmem&) = delete;
  HaloShmem& operator=(const HaloShmem&) = delete;

  void start(Field& f) override {
    field_ = &f;
    ++exchange_;
    put_axis(0);
  }
  void finish() override {
    if (!field_) return;
    wait_axis(0);
    put_axis(1);
    wait_axis(1);
    field_ = nullptr;
  }
  bool pending() const override { return field_ != nullptr; }

 private:
  static constexpr std::size_t kFlagBytes = 64;  // four longs, the buffers kept aligned after them

  // The planes sent toward d (owned) or received from d (padding), as a box of global indices:
  // x planes over the full j range, y planes over the full i range (x-then-y, halo.hpp).
  Box planes(int d, bool received) const {
    Box r = box_;
    int& lo = d < 2 ? r.ib : r.jb;
    int& hi = d < 2 ? r.ie : r.je;
    const int b = lo, e = hi;
    if (d % 2 == 0) {  // toward / from the low side
      lo = received ? b : b + 2;
      hi = lo + kPadding - 1;
    } else {
      hi = received ? e : e - 2;
      lo = hi - kPadding + 1;
    }
    return r;
  }
  Real* slot(int d) { return recv_ + (std::size_t(exchange_ & 1) * kDirs + std::size_t(d)) * cap_; }

  // Copies the three components over r into buf (pack) or back (unpack); returns the values moved.
  std::size_t copy(const Box& r, Real* buf, bool pack) {
    std::size_t n = 0;
    for (int c = 0; c < 3; ++c) {
      Array3& a = (*field_)[c];
      for (int k = r.kb; k <= r.ke; ++k)
        for (int j = r.jb; j <= r.je; ++j) {
          Real* row = &a(r.ib, j, k);
          const std::size_t len = std::size_t(r.ni());
          if (pack) std::memcpy(buf + n, row, len * sizeof(Real));
          else std::memcpy(row, buf + n, len * sizeof(Real));
          n += len;
        }
    }
    return n;
  }

  // The planes of one axis to both neighbours, then (after the fence) the flags saying so.
  void put_axis(int axis) {
    bool any = false;
    for (int d = 2 * axis; d < 2 * axis + 2; ++d) {
      if (pe_[d] == MPI_PROC_NULL) continue;
      const std::size_t n = copy(planes(d, false), send_.data(), true);
      // Lands in the neighbour's buffer for data from its side d ^ 1; send_ is free on return.
      shmem_putmem(slot(d ^ 1), send_.data(), n * sizeof(Real), pe_[d]);
      any = true;
    }
    if (!any) return;
    shmem_fence();
    for (int d = 2 * axis; d < 2 * axis + 2; ++d)
      if (pe_[d] != MPI_PROC_NULL) shmem_long_p(&flags_[d ^ 1], exchange_, pe_[d]);
  }
  // Waits for the planes of one axis from both neighbours and unpacks them into the padding.
  void wait_axis(int axis) {
    for (int d = 2 * axis; d < 2 * axis + 2; ++d) {
      if (pe_[d] == MPI_PROC_NULL) continue;
      shmem_long_wait_until(&flags_[d], SHMEM_CMP_GE, exchange_);
      copy(planes(d, true), slot(d), false);
    }
  }

  Box box_;
  std::array<int, kDirs> pe_{};  // the neighbours' PEs, MPI_PROC_NULL off the grid
  std::size_t cap_ = 0;          // values in one receive buffer (the largest message anywhere)
  void* block_ = nullptr;        // on the symmetric heap
  long* flags_ = nullptr;        // flags_[d]: the last exchange whose planes from side d landed
  Real* recv_ = nullptr;
  std::vector<Real> send_;
  long exchange_ = 0;            // this object's exchanges so far (the same count on every PE)
  Field* field_ = nullptr;       // the field of the exchange in flight
};

}  // namespace sw4

// amr_transport.hpp: the MPI layer under the active-message runtime (amr_runtime.hpp).
//
// Why built so: everything the runtime sends is a nonblocking MPI_Isend of a byte buffer that
// the transport owns until the send completes, and everything it receives is found by
// MPI_Improbe and taken with MPI_Imrecv, so no call here ever waits for another rank: a rank
// that is busy in a handler can never deadlock one that is sending to it, whatever the size of
// the message or the eager limit of the MPI underneath.
//
// Three duplicates of the user's communicator keep traffic apart:
//   msg  invocations, their headers and the small control messages (probed with ANY_TAG);
//   data payloads of large invocations, received only by receives posted for them, so that a
//        probe on msg never takes one by mistake;
//   mig  the packed states of migrating objects ("a transfer on its own communicator").
// Each send and each completed receive is counted; the sums over ranks are what quiescence
// detection compares. At most kInFlight sends are posted at a time and the rest wait in order
// in a backlog: flooding Open MPI with tens of thousands of pending sends makes its progress
// engine walk all of them on every call (quadratic time). Completed sends are reaped once a
// few have piled up, or on an idle poll, not on every poll (an MPI call per small message).
// Buffers come from and return to a small pool that keeps their memory initialised, so a
// steady stream of halo-sized messages neither allocates nor zero-fills.
#pragma once

// Open MPI's (and MPICH's) C++ bindings do not compile under -Wextra -Werror; only the C API
// is used, so keep them out. Include this header before <mpi.h> elsewhere in a file.
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <algorithm>
#include <array>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <vector>

namespace amr {

enum Channel : int { kMsgChan = 0, kDataChan = 1, kMigChan = 2, kChannels = 3 };

// Reusable byte buffers. A buffer in the pool has size == capacity (all of it initialised), so
// handing one out is a shrink, never a fill; a request only takes a buffer that is not much
// bigger than it needs, so a 16 MB buffer is not spent on an 8-byte message. The pool keeps at
// most 32 buffers and 256 MB, dropping the smallest first (big buffers are the costly ones).
class BufferPool {
 public:
  std::vector<char> get(std::size_t n) {
    std::size_t best = free_.size();
    for (std::size_t i = 0; i < free_.size(); ++i) {
      const std::size_t c = free_[i].capacity();
      if (c >= n && c <= 2 * n + 4096 && (best == free_.size() || c < free_[best].capacity()))
        best = i;
    }
    std::vector<char> b;
    if (best < free_.size()) {
      b.swap(free_[best]);
      free_[best].swap(free_.back());
      free_.pop_back();
      bytes_ -= b.capacity();
      b.resize(n);
    } else {
      b.reserve(std::max<std::size_t>(n, 256));
      b.resize(n);
    }
    return b;
  }
  void put(std::vector<char>&& b) {
    const std::size_t c = b.capacity();
    if (c == 0 || c > kMaxBytes) return;
    while (!free_.empty() && (free_.size() >= kMaxBuffers || bytes_ + c > kMaxBytes)) {
      auto it = std::min_element(free_.begin(), free_.end(), [](const auto& x, const auto& y) {
        return x.capacity() < y.capacity();
      });
      if (it->capacity() >= c) return;  // keep the bigger ones; drop b
      bytes_ -= it->capacity();
      it->swap(free_.back());
      free_.pop_back();
    }
    b.resize(c);
    bytes_ += c;
    free_.push_back(std::move(b));
  }

 private:
  static constexpr std::size_t kMaxBuffers = 32, kMaxBytes = std::size_t(256) << 20;
  std::vector<std::vector<char>> free_;
  std::size_t bytes_ = 0;
};

struct Arrival {
  int source = -1, tag = -1;
  std::vector<char> buf;        // the message
  std::array<char, 64> meta{};  // what the receive was posted with (a large payload's header)
};

class Transport {
 public:
  explicit Transport(MPI_Comm user) : user_(user) {
    MPI_Comm_rank(user, &rank_);
    MPI_Comm_size(user, &size_);
    for (auto& c : comm_) MPI_Comm_dup(user, &c);
  }
  Transport(const Transport&) = delete;
  Transport& operator=(const Transport&) = delete;
  // After quiesce() nothing is pending and this is quick. Without it, waiting could hang, so
  // what is still pending is let go with a warning (and its buffers with it: MPI may still
  // touch them).
  ~Transport() {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (finalized) return;
    int done = 1;
    if (!sreq_.empty()) MPI_Testall(int(sreq_.size()), sreq_.data(), &done, MPI_STATUSES_IGNORE);
    if (!done || !rreq_.empty() || !backlog_.empty()) {
      std::fprintf(stderr, "amr_runtime: rank %d: destroyed with messages in flight (call quiesce() first)\n", rank_);
      for (auto* reqs : {&sreq_, &rreq_})
        for (auto& r : *reqs)
          if (r != MPI_REQUEST_NULL) {
            if (reqs == &rreq_) MPI_Cancel(&r);
            MPI_Request_free(&r);
          }
      for (auto& b : sbuf_) (void)new std::vector<char>(std::move(b));  // deliberately leaked
      for (auto& a : rinfo_) (void)new std::vector<char>(std::move(a.buf));
    }
    for (auto& c : comm_) MPI_Comm_free(&c);
  }

  int rank() const { return rank_; }
  int size() const { return size_; }
  MPI_Comm user() const { return user_; }
  MPI_Comm comm(Channel ch) const { return comm_[ch]; }
  BufferPool& pool() { return pool_; }

  // Sends all of buf; the transport keeps it alive until the send has completed.
  void send(std::vector<char>&& buf, int dest, int tag, Channel ch) {
    if (!backlog_.empty() || sreq_.size() >= kInFlight) backlog_.push_back({std::move(buf), dest, tag, ch});
    else post_send(std::move(buf), dest, tag, ch);
  }
  bool backlogged() const { return !backlog_.empty(); }

  // One matched probe on ch. A message found is received into a pooled buffer; it lands in
  // `done` now or, if MPI has not finished moving it, from a later progress().
  bool probe(Channel ch, std::vector<Arrival>& done) {
    int flag = 0;
    MPI_Message m;
    MPI_Status st;
    MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_[ch], &flag, &m, &st);
    if (!flag) return false;
    int n = 0;
    MPI_Get_count(&st, MPI_BYTE, &n);
    Arrival a;
    a.source = st.MPI_SOURCE;
    a.tag = st.MPI_TAG;
    a.buf = pool_.get(std::size_t(n));
    MPI_Request r;
    MPI_Imrecv(a.buf.data(), n, MPI_BYTE, &m, &r);
    int ok = 0;
    MPI_Test(&r, &ok, MPI_STATUS_IGNORE);
    if (ok) {
      arrived(a);
      done.push_back(std::move(a));
    } else {
      rreq_.push_back(r);
      rinfo_.push_back(std::move(a));
    }
    return true;
  }

  // Posts a receive of n bytes from source on ch (a large payload whose header came first).
  void post(int source, std::size_t n, int tag, Channel ch, const void* meta, std::size_t nmeta) {
    Arrival a;
    a.source = source;
    a.tag = tag;
    a.buf = pool_.get(n);
    std::copy_n(static_cast<const char*>(meta), std::min(nmeta, a.meta.size()), a.meta.begin());
    MPI_Request r;
    MPI_Irecv(a.buf.data(), int(n), MPI_BYTE, source, tag, comm_[ch], &r);
    rreq_.push_back(r);
    rinfo_.push_back(std::move(a));
  }

  // Hands over completed receives; reaps sends when a few have piled up.
  void progress(std::vector<Arrival>& done) {
    if (sreq_.size() >= kReapAt || !backlog_.empty()) reap_sends();
    if (rreq_.empty()) return;
    idx_.resize(rreq_.size());
    int count = 0;
    MPI_Testsome(int(rreq_.size()), rreq_.data(), &count, idx_.data(), MPI_STATUSES_IGNORE);
    if (count <= 0) return;
    for (int k = 0; k < count; ++k) {
      Arrival& a = rinfo_[std::size_t(idx_[std::size_t(k)])];
      arrived(a);
      done.push_back(std::move(a));
    }
    compact(rreq_, rinfo_);
  }

  // Completed sends give their buffers back to the pool; the backlog moves up.
  void reap_sends() {
    if (sreq_.empty()) return;
    idx_.resize(sreq_.size());
    int count = 0;
    MPI_Testsome(int(sreq_.size()), sreq_.data(), &count, idx_.data(), MPI_STATUSES_IGNORE);
    if (count <= 0) return;
    for (int k = 0; k < count; ++k) pool_.put(std::move(sbuf_[std::size_t(idx_[std::size_t(k)])]));
    compact(sreq_, sbuf_);
    while (!backlog_.empty() && sreq_.size() < kInFlight) {
      Waiting& b = backlog_.front();
      post_send(std::move(b.buf), b.dest, b.tag, b.ch);
      backlog_.pop_front();
    }
  }

  std::uint64_t sent() const { return sent_; }
  std::uint64_t received() const { return received_; }
  std::uint64_t bytes_sent() const { return bytes_sent_; }
  std::uint64_t bytes_received() const { return bytes_received_; }

 private:
  struct Waiting {
    std::vector<char> buf;
    int dest, tag;
    Channel ch;
  };
  static constexpr std::size_t kInFlight = 128, kReapAt = 16;

  void post_send(std::vector<char>&& buf, int dest, int tag, Channel ch) {
    MPI_Request r;
    MPI_Isend(buf.data(), int(buf.size()), MPI_BYTE, dest, tag, comm_[ch], &r);
    ++sent_;
    bytes_sent_ += buf.size();
    sreq_.push_back(r);
    sbuf_.push_back(std::move(buf));
  }
  void arrived(const Arrival& a) {
    ++received_;
    bytes_received_ += a.buf.size();
  }
  template <class Info>  // drops the entries whose requests completed (MPI_REQUEST_NULL)
  static void compact(std::vector<MPI_Request>& req, std::vector<Info>& info) {
    std::size_t w = 0;
    for (std::size_t i = 0; i < req.size(); ++i) {
      if (req[i] == MPI_REQUEST_NULL) continue;
      if (w != i) {
        req[w] = req[i];
        info[w] = std::move(info[i]);
      }
      ++w;
    }
    req.resize(w);
    info.resize(w);
  }

  MPI_Comm user_;
  std::array<MPI_Comm, kChannels> comm_{};
  int rank_ = 0, size_ = 1;
  BufferPool pool_;
  std::vector<MPI_Request> sreq_;  // posted sends, at most kInFlight
  std::vector<std::vector<char>> sbuf_;
  std::deque<Waiting> backlog_;
  std::vector<MPI_Request> rreq_;  // posted receives
  std::vector<Arrival> rinfo_;
  std::vector<int> idx_;
  std::uint64_t sent_ = 0, received_ = 0, bytes_sent_ = 0, bytes_received_ = 0;
};

}  // namespace amr

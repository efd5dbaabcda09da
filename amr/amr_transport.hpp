// amr_transport.hpp (amr: active-message runtime): the MPI layer under the runtime
// (amr_runtime.hpp).
//
// Why built so: everything the runtime sends is a nonblocking MPI_Isend of a byte buffer that
// the transport owns until the send completes, and everything it receives lands in a receive
// it posted (nonblocking) or is found by MPI_Improbe and taken with MPI_Imrecv, so no call here
// ever waits for another rank: a rank that is busy in a handler can never deadlock one that is
// sending to it, whatever the size of the message or the eager limit of the MPI underneath.
//
// Three duplicates of the user's communicator keep traffic apart:
//   msg  invocations, their headers and the small control messages, each at most 4 KB (the
//        engine's kSmallMsg), taken by the ring below (or probed with ANY_TAG);
//   data payloads of large invocations, received only by receives posted for them, so that
//        nothing on msg ever takes one by mistake;
//   mig  the packed states of migrating objects ("a transfer on its own communicator").
// Each send and each completed receive is counted; the sums over ranks are what quiescence
// detection compares. At most kInFlight sends are posted at a time and the rest wait in order
// in a backlog: flooding Open MPI with tens of thousands of pending sends makes its progress
// engine walk all of them on every call (quadratic time). Completed sends are reaped once a
// few have piled up, or on an idle poll, not on every poll (an MPI call per small message).
// Buffers come from and return to a pool (amr_pool.hpp), so a steady stream of messages, small
// or halo-sized, neither allocates nor zero-fills.
//
// Small messages are what the per-message costs are for. A send of up to kTestAtOnce bytes is
// tested once right after MPI_Isend: an eager message is complete at once, so its request is
// freed and its buffer is back in the pool, still in cache, before the next message wants one,
// and no request list grows. On the receiving side a receive posted in advance takes a message
// straight off the wire, and MPI_Test on it progresses and looks again in the same call. A
// probe pays twice: MPI first files the message as unexpected (a copy into a fragment of its
// own), and Open MPI's MPI_Improbe reports nothing on the very call whose progress brought the
// message in, so it is found one poll late, and MPI_Imrecv copies it again. So the transport
// keeps a ring of receives for the msg channel (prepost(); the runtime posts 16 unless told
// otherwise), any source and any tag, which is why everything sent there must fit one of them.
// They are tested in posting order, which is the order MPI matches them in, so messages from
// one sender still come in the order sent; each completed one is copied out (a small copy)
// and posted again at the next progress(), off the way from a message to its handler. What
// finds every receive of the ring taken waits inside MPI, in order, until they are posted
// again; so the ring changes how fast a message is found, never whether. With no ring
// (prepost(0)) the msg channel is probed like the others.
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
#include <exception>
#include <vector>

#include "amr/amr_pool.hpp"

namespace amr {

enum Channel : int { kMsgChan = 0, kDataChan = 1, kMigChan = 2, kChannels = 3 };

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
    std::vector<Arrival> late;
    unpost_ring(late);  // after quiesce() nothing can have come; without it, lost like the rest
    int done = late.empty() ? 1 : 0;
    if (done && !sreq_.empty()) MPI_Testall(int(sreq_.size()), sreq_.data(), &done, MPI_STATUSES_IGNORE);
    if (!done || !rreq_.empty() || !backlog_.empty()) {
      if (std::uncaught_exceptions() == 0)  // unwinding: the exception's catcher says what went wrong
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

  // The ring of receives posted in advance: n receives of up to `bytes` each, any tag, on ch
  // (n = 0: none; every message on ch must then fit `bytes`). Messages that a ring being taken
  // down had already received land in `done`.
  void prepost(int n, std::size_t bytes, Channel ch, std::vector<Arrival>& done) {
    unpost_ring(done);
    if (n <= 0) return;
    ring_ch_ = ch;
    ring_bytes_ = int(bytes);
    ring_buf_.assign(std::size_t(n), std::vector<char>(bytes));
    ring_req_.assign(std::size_t(n), MPI_REQUEST_NULL);
    ring_head_ = ring_posted_ = 0;
    repost_ring();
  }
  int preposted() const { return int(ring_req_.size()); }

  // The next message on ch: kArrived, and it is in `a` (whose buffer the caller takes);
  // kPending, and it comes from a later progress() once MPI has finished moving it; kNone:
  // nothing there. On the ring's channel the ring's next receive is tested (its receives take
  // every message there; what finds them all full waits in MPI until they are posted again);
  // elsewhere a matched probe is made, and a message found is received into a pooled buffer.
  enum Probe { kNone, kArrived, kPending };
  Probe receive(Channel ch, Arrival& a) {
    if (ring_req_.empty() || ch != ring_ch_) return probe(ch, a);
    if (ring_posted_ == 0) repost_ring();  // all taken in this poll: more may wait
    return take_ring(a) ? kArrived : kNone;
  }
  Probe probe(Channel ch, Arrival& a) {
    int flag = 0;
    MPI_Message m;
    MPI_Status st;
    MPI_Improbe(MPI_ANY_SOURCE, MPI_ANY_TAG, comm_[ch], &flag, &m, &st);
    if (!flag) return kNone;
    int n = 0;
    MPI_Get_count(&st, MPI_BYTE, &n);
    a.source = st.MPI_SOURCE;
    a.tag = st.MPI_TAG;
    a.buf = pool_.get(std::size_t(n));
    MPI_Request r;
    MPI_Imrecv(a.buf.data(), n, MPI_BYTE, &m, &r);
    int ok = 0;
    MPI_Test(&r, &ok, MPI_STATUS_IGNORE);
    if (ok) {
      arrived(a);
      return kArrived;
    }
    rreq_.push_back(r);
    rinfo_.push_back(std::move(a));
    return kPending;
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

  // Posts again the ring's receives taken since the last call; hands over completed receives;
  // reaps sends when a few have piled up.
  void progress(std::vector<Arrival>& done) {
    if (ring_posted_ < ring_req_.size()) repost_ring();
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
  static constexpr std::size_t kInFlight = 128, kReapAt = 16, kTestAtOnce = 4096;

  void post_send(std::vector<char>&& buf, int dest, int tag, Channel ch) {
    MPI_Request r;
    MPI_Isend(buf.data(), int(buf.size()), MPI_BYTE, dest, tag, comm_[ch], &r);
    ++sent_;
    bytes_sent_ += buf.size();
    if (buf.size() <= kTestAtOnce) {  // eager: most likely done already
      int done = 0;
      MPI_Test(&r, &done, MPI_STATUS_IGNORE);
      if (done) return pool_.put(std::move(buf));
    }
    sreq_.push_back(r);
    sbuf_.push_back(std::move(buf));
  }

  // The ring: ring_posted_ receives are posted, from ring_head_ on (in posting order, which
  // is the order they match in: they all match the same messages); the ones after them were
  // taken and wait to be posted again. Reposting waits for the next progress() so that it is
  // not on the way from a message to its handler.
  void repost_ring() {
    const std::size_t k = ring_req_.size();
    for (; ring_posted_ < k; ++ring_posted_) {
      const std::size_t i = (ring_head_ + ring_posted_) % k;
      MPI_Irecv(ring_buf_[i].data(), ring_bytes_, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, comm_[ring_ch_],
                &ring_req_[i]);
    }
  }
  bool take_ring(Arrival& a) {
    int flag = 0;
    MPI_Status st;
    MPI_Test(&ring_req_[ring_head_], &flag, &st);
    if (!flag) return false;
    ring_arrival(ring_head_, st, a);
    ring_head_ = ring_head_ + 1 == ring_req_.size() ? 0 : ring_head_ + 1;
    --ring_posted_;
    return true;
  }
  void ring_arrival(std::size_t i, const MPI_Status& st, Arrival& a) {  // copied out: the buffer stays
    int n = 0;
    MPI_Get_count(&st, MPI_BYTE, &n);
    a.source = st.MPI_SOURCE;
    a.tag = st.MPI_TAG;
    a.buf = pool_.get(std::size_t(n));
    if (n > 0) std::copy_n(ring_buf_[i].data(), n, a.buf.data());
    arrived(a);
  }
  // Cancels the ring's receives; one that had matched a message already delivers it.
  void unpost_ring(std::vector<Arrival>& done) {
    for (std::size_t k = 0; k < ring_posted_; ++k) {
      const std::size_t i = (ring_head_ + k) % ring_req_.size();
      MPI_Cancel(&ring_req_[i]);
      MPI_Status st;
      MPI_Wait(&ring_req_[i], &st);
      int cancelled = 0;
      MPI_Test_cancelled(&st, &cancelled);
      if (!cancelled) {
        done.emplace_back();
        ring_arrival(i, st, done.back());
      }
    }
    ring_req_.clear();
    ring_buf_.clear();
    ring_head_ = ring_posted_ = 0;
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
  std::vector<MPI_Request> ring_req_;  // the receives posted in advance, matched in this order
  std::vector<std::vector<char>> ring_buf_;
  std::size_t ring_head_ = 0;          // the one that matches next
  std::size_t ring_posted_ = 0;        // posted, from ring_head_ on
  int ring_bytes_ = 0;
  Channel ring_ch_ = kMsgChan;
  std::uint64_t sent_ = 0, received_ = 0, bytes_sent_ = 0, bytes_received_ = 0;
};

}  // namespace amr

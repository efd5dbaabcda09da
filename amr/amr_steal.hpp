// amr_steal.hpp (amr: active-message runtime): the work-stealing policy of the runtime, kept apart
// from its mechanism.
//
// Why built so: who to ask and what to give are decisions a co-design study wants to read and
// change in one place; the messages that carry them live in amr_engine.hpp.
//
// Whom a thief asks (VictimSweep): its ring neighbours first (rank+1, then rank-1), then a few
// ranks drawn at random. Neighbours first because an application that places neighbouring
// partitions on neighbouring ranks keeps its halos short when work moves one rank over; random
// victims next because they find a hot spot anywhere in a few tries without every thief
// hammering the same rank. One sweep asks each of these at most once; a thief whose whole
// sweep was refused goes dormant and asks again only when a victim that refused it wakes it
// (which that victim does as soon as it has something to give). Dormancy is what lets an idle
// machine fall silent, so that quiescence can be detected.
//
// What a victim gives (pick_victim_object): nothing unless its runnable work exceeds the
// threshold; then the movable object with the most runnable work that is still at most half of
// the victim's total, so the victim keeps at least as much as it gives and a single object
// holding all the work is not passed around in circles.
//
// StealState is one rank's side of the protocol, as thief (whom to ask next, how many requests
// are out, dormant or not) and as victim (whom it refused and owes a wake-up). The runtime
// sends the messages; this class only decides. No MPI here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace amr {

class VictimSweep {
 public:
  VictimSweep(int rank, int nranks, int random_victims)
      : rank_(rank), n_(nranks), random_(random_victims), rng_(0x9e3779b9u + unsigned(rank)) {
    restart();
  }
  // A new sweep; `first` (a rank that just offered work) is asked before the others.
  void restart(int first = -1) {
    order_.clear();
    at_ = 0;
    if (n_ < 2) return;
    add(first);
    add((rank_ + 1) % n_);
    add((rank_ + n_ - 1) % n_);
    int others = n_ - int(order_.size()) - 1;  // ranks not yet listed, excluding this one
    int want = random_ < others ? random_ : others;
    std::uniform_int_distribution<int> pick(0, n_ - 1);
    while (want > 0) {
      if (add(pick(rng_))) --want;
    }
  }
  int next() { return at_ < order_.size() ? order_[at_++] : -1; }  // -1: sweep exhausted
  bool exhausted() const { return at_ >= order_.size(); }

 private:
  bool add(int r) {
    if (r < 0 || r >= n_ || r == rank_) return false;
    for (int o : order_)
      if (o == r) return false;
    order_.push_back(r);
    return true;
  }
  int rank_, n_, random_;
  std::mt19937 rng_;
  std::vector<int> order_;
  std::size_t at_ = 0;
};

struct StealCandidate {
  double load = 0;       // runnable work of this object
  bool movable = false;  // the application allows it to move now
};

// Index of the object to give a thief, or -1 to refuse.
inline int pick_victim_object(const std::vector<StealCandidate>& objs, double threshold) {
  double total = 0;
  for (const auto& o : objs) total += o.load;
  if (!(total > threshold)) return -1;
  int best = -1;
  for (std::size_t i = 0; i < objs.size(); ++i) {
    const auto& o = objs[i];
    if (!o.movable || !(o.load > 0) || o.load > total / 2) continue;
    if (best < 0 || o.load > objs[std::size_t(best)].load) best = int(i);
  }
  return best;
}

class StealState {
 public:
  StealState(int rank, int nranks) : np_(nranks), sweep_(rank, nranks, 2) {}

  void enable(bool on) {
    on_ = on;
    dormant_ = false;
    sweep_.restart();
  }
  bool enabled() const { return on_ && np_ > 1; }
  // A victim gives only above one invocation of runnable work; a thief has one request out.
  static constexpr double kThreshold = 1;
  static constexpr int kMaxOutstanding = 1;

  // Thief. `idle`: nothing runnable here and nothing on its way. Returns the rank to ask now
  // (the request counts as outstanding from here on), or -1.
  int next_request(bool idle) {
    if (!idle || !may_request()) return -1;
    const int v = sweep_.next();
    if (v < 0) {
      if (outstanding_ == 0) dormant_ = true;  // the whole sweep said no
      return -1;
    }
    ++outstanding_;
    return v;
  }
  bool may_request() const { return enabled() && !dormant_ && outstanding_ < kMaxOutstanding; }
  void answered() {  // a refusal, or an offer of an object
    if (outstanding_ > 0) --outstanding_;
  }
  void landed() {  // a stolen object arrived: when idle again, sweep afresh
    dormant_ = false;
    sweep_.restart();
  }
  void woken(int by) {  // a victim that refused now has work to give: ask it first
    dormant_ = false;
    sweep_.restart(by);
  }
  // Could this rank still send a request before it receives anything? (Quiescence waits
  // until it cannot.)
  bool active() const { return enabled() && (!dormant_ || outstanding_ > 0); }
  bool waiting() const { return outstanding_ > 0; }  // requests out, answers due

  // Victim.
  void refused(int thief) {
    for (int r : refused_)
      if (r == thief) return;
    refused_.push_back(thief);
  }
  bool owes_wake() const { return !refused_.empty(); }
  std::vector<int> take_refused() {
    std::vector<int> r;
    r.swap(refused_);
    return r;
  }

 private:
  int np_;
  bool on_ = true, dormant_ = false;
  int outstanding_ = 0;
  VictimSweep sweep_;
  std::vector<int> refused_;  // thieves this rank said no to since it last woke them
};

}  // namespace amr

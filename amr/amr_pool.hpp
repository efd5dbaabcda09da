// amr_pool.hpp (amr: active-message runtime): reusable byte buffers for the runtime's transport
// (amr_transport.hpp).
//
// Why built so: every message the runtime sends or receives lives in a std::vector<char> (the
// type a handler takes() its payload as), and a fresh vector costs an allocation and, when it
// is resized, a zero-fill of every byte. Both are paid per message unless buffers are reused,
// and for an 8-byte invocation they are a good part of its cost. Two kinds of reuse:
// - Small buffers (capacity under 128 KB) sit in bins by power of two of their capacity, each
//   a stack: get() takes the last one put (warm in cache) from the bin that certainly holds
//   enough, put() files a buffer by the bytes it certainly has. O(1) both ways. A small buffer
//   goes back as it is, without a fill: the next get() of a size it has seen shrinks it, and
//   only a larger one fills the difference (messages of one kind repeat their sizes).
// - Large buffers (halos, migrated states) are few and costly: at most 32 of them and 256 MB
//   are kept, the smallest dropped first, and one is handed out only if it is not much bigger
//   than asked for (a 16 MB buffer is not spent on a 64 KB message). A large buffer is kept
//   with size == capacity (all of it initialised, filled once when put back), so handing it
//   out is a shrink, never a fill.
// No MPI here.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <utility>
#include <vector>

namespace amr {

class BufferPool {
 public:
  std::vector<char> get(std::size_t n) {
    if (n <= kSmallMax) {
      int k = kMinShift;  // the bin whose every buffer holds n bytes
      while ((std::size_t(1) << k) < n) ++k;
      std::vector<std::vector<char>>& bin = bins_[std::size_t(k - kMinShift)];
      std::vector<char> b;
      if (!bin.empty()) {
        b.swap(bin.back());
        bin.pop_back();
      } else {
        b.reserve(std::size_t(1) << k);
      }
      b.resize(n);
      return b;
    }
    return get_large(n);
  }

  void put(std::vector<char>&& b) {
    const std::size_t c = b.capacity();
    if (c < (std::size_t(1) << kMinShift)) return;  // too small to be worth keeping
    if (c < (std::size_t(2) << kMaxShift)) {
      int k = kMinShift;  // the largest bin this buffer is big enough for
      while (k < kMaxShift && (std::size_t(2) << k) <= c) ++k;
      std::vector<std::vector<char>>& bin = bins_[std::size_t(k - kMinShift)];
      if (bin.size() >= bin_limit(k)) return;
      bin.push_back(std::move(b));
      return;
    }
    put_large(std::move(b));
  }

 private:
  // Bins for capacities 2^8 .. 2^16 and up to 2^17 - 1; each keeps up to 2 MB, 8 to 256 buffers.
  static constexpr int kMinShift = 8, kMaxShift = 16;
  static constexpr std::size_t kSmallMax = std::size_t(1) << kMaxShift;
  static constexpr std::size_t kMaxLarge = 32, kMaxLargeBytes = std::size_t(256) << 20;
  static std::size_t bin_limit(int k) {
    return std::min<std::size_t>(256, std::max<std::size_t>(8, (std::size_t(2) << 20) >> k));
  }

  std::vector<char> get_large(std::size_t n) {
    std::size_t best = large_.size();
    for (std::size_t i = 0; i < large_.size(); ++i) {
      const std::size_t c = large_[i].capacity();
      if (c >= n && c <= 2 * n + 4096 && (best == large_.size() || c < large_[best].capacity()))
        best = i;
    }
    std::vector<char> b;
    if (best < large_.size()) {
      b.swap(large_[best]);
      large_[best].swap(large_.back());
      large_.pop_back();
      large_bytes_ -= b.capacity();
    } else {
      b.reserve(n);
    }
    b.resize(n);
    return b;
  }
  void put_large(std::vector<char>&& b) {
    const std::size_t c = b.capacity();
    if (c > kMaxLargeBytes) return;
    while (!large_.empty() && (large_.size() >= kMaxLarge || large_bytes_ + c > kMaxLargeBytes)) {
      auto it = std::min_element(large_.begin(), large_.end(), [](const auto& x, const auto& y) {
        return x.capacity() < y.capacity();
      });
      if (it->capacity() >= c) return;  // keep the bigger ones; drop b
      large_bytes_ -= it->capacity();
      it->swap(large_.back());
      large_.pop_back();
    }
    b.resize(c);
    large_bytes_ += c;
    large_.push_back(std::move(b));
  }

  std::array<std::vector<std::vector<char>>, kMaxShift - kMinShift + 1> bins_;
  std::vector<std::vector<char>> large_;
  std::size_t large_bytes_ = 0;
};

}  // namespace amr

// amr_pack.hpp (amr: active-message runtime): bytes in and bytes out for the runtime
// (amr_runtime.hpp).
//
// Why built so: a mobile object travels as bytes, and so does every payload, so the runtime
// needs one small, checked way to write and read them. `Writer` appends to a std::vector<char>
// (the buffer the runtime will send, so an object packs straight into it, no second copy);
// `Reader` walks a byte range and throws `UnpackError` the moment a read would run past its end,
// which the runtime turns into one line naming rank, object and handler before MPI_Abort (as it
// does a handler's `ProtocolError`: a message that reads right but comes out of turn).
// Only trivially copyable values and vectors of them are written: the two ranks run the same
// binary on the same kind of machine, so bytes are the format (no endianness games).
// `Mobile` is the base of every object the runtime can hold and move; `Message` is what a
// handler receives: a view of its payload, with `take()` to own the bytes without a copy.
// No MPI here.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace amr {

using Gid = std::int64_t;  // global id of a mobile object, chosen by the application, >= 0

struct UnpackError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A message that unpacks but that its object has no answer for in the state it is in (an event
// out of turn, a sender it does not know): the application's protocol is broken, not the bytes.
// A handler throws it; the runtime names rank, handler and object before MPI_Abort.
struct ProtocolError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Writer {
 public:
  explicit Writer(std::vector<char>& out) : out_(out) {}
  void bytes(const void* p, std::size_t n) {
    const char* c = static_cast<const char*>(p);
    if (n) out_.insert(out_.end(), c, c + n);  // one copy; no zero-fill first
  }
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>, "put() writes trivially copyable values");
    bytes(&v, sizeof v);
  }
  template <class T>
  void put(const std::vector<T>& v) {
    put<std::uint64_t>(v.size());
    bytes(v.data(), v.size() * sizeof(T));
  }
  std::size_t size() const { return out_.size(); }
  std::vector<char>& buffer() { return out_; }

 private:
  std::vector<char>& out_;
};

class Reader {
 public:
  Reader(const void* p, std::size_t n) : p_(static_cast<const char*>(p)), n_(n) {}
  void bytes(void* dst, std::size_t n) {
    need(n);
    if (n) std::memcpy(dst, p_ + at_, n);
    at_ += n;
  }
  // A view of the next n bytes, for unpacking without a copy.
  const char* view(std::size_t n) {
    need(n);
    const char* p = p_ + at_;
    at_ += n;
    return p;
  }
  template <class T>
  void get(T& v) {
    static_assert(std::is_trivially_copyable_v<T>, "get() reads trivially copyable values");
    bytes(&v, sizeof v);
  }
  template <class T>
  void get(std::vector<T>& v) {
    std::uint64_t n = 0;
    get(n);
    if (n > left() / sizeof(T)) fail(n * sizeof(T));
    v.resize(n);
    bytes(v.data(), n * sizeof(T));
  }
  template <class T>
  T get() {
    T v{};
    get(v);
    return v;
  }
  std::size_t left() const { return n_ - at_; }
  std::size_t offset() const { return at_; }

 private:
  void need(std::size_t n) const {
    if (n > n_ - at_) fail(n);
  }
  [[noreturn]] void fail(std::size_t n) const {
    throw UnpackError("wanted " + std::to_string(n) + " bytes at offset " + std::to_string(at_) +
                      " of " + std::to_string(n_));
  }
  const char* p_;
  std::size_t n_, at_ = 0;
};

// Base of every object the runtime holds. pack() writes what unpack() needs to rebuild the
// object in a default-constructed one on another rank.
class Mobile {
 public:
  virtual ~Mobile() = default;
  virtual void pack(Writer& w) const = 0;
  virtual void unpack(Reader& r) = 0;
};

// What a handler receives. The payload is a view; take() moves its bytes out (no copy),
// after which data() and size() see nothing.
class Message {
 public:
  Message(Gid gid, Gid from, int source, int handler, std::vector<char>& payload)
      : gid_(gid), from_(from), source_(source), handler_(handler), payload_(payload) {}
  Gid gid() const { return gid_; }            // the object this runs on
  Gid from() const { return from_; }          // the invoking object, or -1 (not from a handler)
  int source() const { return source_; }      // the rank that invoked
  int handler() const { return handler_; }
  const char* data() const { return payload_.data(); }
  std::size_t size() const { return payload_.size(); }
  Reader reader() const { return Reader(payload_.data(), payload_.size()); }
  template <class V>
  V as() const {  // a payload of exactly one value
    static_assert(std::is_trivially_copyable_v<V>, "as() reads trivially copyable values");
    if (payload_.size() != sizeof(V))
      throw UnpackError("wanted exactly " + std::to_string(sizeof(V)) + " bytes, have " +
                        std::to_string(payload_.size()));
    V v;
    std::memcpy(&v, payload_.data(), sizeof v);
    return v;
  }
  std::vector<char> take() {
    std::vector<char> out;
    out.swap(payload_);
    return out;
  }

 private:
  Gid gid_, from_;
  int source_, handler_;
  std::vector<char>& payload_;
};

}  // namespace amr

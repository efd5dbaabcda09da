// gpu/device.hpp: the little a GPU build needs from CUDA: device arrays, launches over a box
// or a range, atomics for the look's reduction, and CUDA errors as exceptions (DESIGN.md,
// "The GPU build").
//
// Why built so: the kernels of the CUDA build (gpu/gpu_kernels.hpp) are lambdas over grid
// points that call the point formulas the CPU build shares (stencil_point.hpp, boundary.hpp,
// supergrid.hpp), and this file is the only place that says how they are launched. Under nvcc
// (`make GPU=cuda`) a launch is a CUDA kernel of one thread per point, i fastest in a block of
// 32 x 8, and a Buffer is device memory; under a plain C++ compiler the same calls are loops
// over the box on the host's threads and a Buffer is host memory. So the whole device step,
// launch shapes aside, runs and is tested on any machine: `build/sw4lite_gpuhost` is the CUDA
// build's driver on this host backend, and test/checks/gpu.sh compares it with ./sw4lite.
// Every CUDA call is checked; a failure throws gpu::Error, which the driver turns into one line
// and exit status 1 on every rank.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

#include "grid.hpp"
#include "portable.hpp"
#include "threads.hpp"

#if defined(__CUDACC__)
#include <cuda_runtime.h>
#endif

namespace sw4 {
namespace gpu {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

#if defined(__CUDACC__)
constexpr bool kDevice = true;
constexpr const char* kBackend = "CUDA";
inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess)
    throw Error(std::string("CUDA error in ") + what + ": " + cudaGetErrorString(e));
}
#else
constexpr bool kDevice = false;
constexpr const char* kBackend = "host";
#endif

// n values of T in device memory (host memory on the host backend), zero when made.
template <class T>
class Buffer {
 public:
  Buffer() = default;
  explicit Buffer(std::size_t n) { resize(n); }
  ~Buffer() { release(); }
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  Buffer(Buffer&& o) noexcept : p_(o.p_), n_(o.n_) { o.p_ = nullptr, o.n_ = 0; }
  Buffer& operator=(Buffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  void resize(std::size_t n) {
    release();
    if (n == 0) return;
#if defined(__CUDACC__)
    check(cudaMalloc(reinterpret_cast<void**>(&p_), n * sizeof(T)), "cudaMalloc");
    n_ = n;
    check(cudaMemset(p_, 0, n * sizeof(T)), "cudaMemset");
#else
    p_ = new T[n]();
    n_ = n;
#endif
  }
  // n values between the host and this buffer, from or to its element `at`.
  void upload(const T* host, std::size_t n, std::size_t at = 0) {
    if (n == 0) return;
#if defined(__CUDACC__)
    check(cudaMemcpy(p_ + at, host, n * sizeof(T), cudaMemcpyHostToDevice), "cudaMemcpy to the device");
#else
    std::memcpy(p_ + at, host, n * sizeof(T));
#endif
  }
  void download(T* host, std::size_t n, std::size_t at = 0) const {
    if (n == 0) return;
#if defined(__CUDACC__)
    check(cudaMemcpy(host, p_ + at, n * sizeof(T), cudaMemcpyDeviceToHost), "cudaMemcpy to the host");
#else
    std::memcpy(host, p_ + at, n * sizeof(T));
#endif
  }
  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
  void release() {
#if defined(__CUDACC__)
    if (p_) cudaFree(p_);  // no check: a destructor runs while an error unwinds
#else
    delete[] p_;
#endif
    p_ = nullptr;
    n_ = 0;
  }
};

// The lambda of a launch: device code under nvcc (--extended-lambda), a plain lambda elsewhere.
#define SW4_POINT_LAMBDA [=] SW4_HD

#if defined(__CUDACC__)
template <class F>
__global__ void box_kernel(int ib, int jb, int kb, int ni, int nj, int nk, F f) {
  const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
  const int j = int(blockIdx.y * blockDim.y + threadIdx.y);
  const int k = int(blockIdx.z);
  if (i < ni && j < nj && k < nk) f(ib + i, jb + j, kb + k);
}
template <class F>
__global__ void range_kernel(long n, F f) {
  const long t = long(blockIdx.x) * blockDim.x + threadIdx.x;
  if (t < n) f(t);
}
#endif

// f(i, j, k) at every point of b, in any order and at once: f must not read what another
// point of the same launch writes.
template <class F>
void for_box(const Box& b, F f) {
  if (b.size() == 0) return;
#if defined(__CUDACC__)
  const dim3 block(32, 8, 1);
  const dim3 grid(unsigned(b.ni() + 31) / 32, unsigned(b.nj() + 7) / 8, unsigned(b.nk()));
  box_kernel<<<grid, block>>>(b.ib, b.jb, b.kb, b.ni(), b.nj(), b.nk(), f);
  check(cudaGetLastError(), "a kernel launch");
#else
  SW4_OMP(parallel for collapse(2) schedule(static))
  for (int k = b.kb; k <= b.ke; ++k)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) f(i, j, k);
#endif
}

// f(t) for t = 0..n-1, likewise.
template <class F>
void for_range(long n, F f) {
  if (n <= 0) return;
#if defined(__CUDACC__)
  range_kernel<<<unsigned((n + 127) / 128), 128>>>(n, f);
  check(cudaGetLastError(), "a kernel launch");
#else
  SW4_OMP(parallel for schedule(static))
  for (long t = 0; t < n; ++t) f(t);
#endif
}

// Waits for every launch so far; where an asynchronous error of a kernel shows.
inline void synchronize(const char* what) {
#if defined(__CUDACC__)
  check(cudaDeviceSynchronize(), what);
#else
  (void)what;
#endif
}

// Atomic maximum and minimum of 64-bit integers (the look's reduction, gpu/gpu_look.hpp).
SW4_HD inline void atomic_max(unsigned long long* p, unsigned long long v) {
#if defined(__CUDA_ARCH__)
  atomicMax(p, v);
#elif defined(__GNUC__)
  unsigned long long old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v > old && !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
#else
  SW4_OMP(critical(sw4_gpu_atomic))
  if (v > *p) *p = v;
#endif
}
SW4_HD inline void atomic_min(unsigned long long* p, unsigned long long v) {
#if defined(__CUDA_ARCH__)
  atomicMin(p, v);
#elif defined(__GNUC__)
  unsigned long long old = __atomic_load_n(p, __ATOMIC_RELAXED);
  while (v < old && !__atomic_compare_exchange_n(p, &old, v, true, __ATOMIC_RELAXED, __ATOMIC_RELAXED)) {
  }
#else
  SW4_OMP(critical(sw4_gpu_atomic))
  if (v < *p) *p = v;
#endif
}

}  // namespace gpu
}  // namespace sw4

namespace sw4 {
namespace gpu {

// The device a rank runs on: the one of its index on the node modulo the devices it sees
// (CUDA_VISIBLE_DEVICES narrows those), its name and memory. Throws Error when there is none.
struct DeviceInfo {
  std::string name;
  int index = 0, count = 0;
  double memory = 0, free = 0;  // bytes
};
inline DeviceInfo select_device(int node_rank, double host_memory) {
  (void)host_memory;
  DeviceInfo d;
#if defined(__CUDACC__)
  const cudaError_t e = cudaGetDeviceCount(&d.count);
  if (e != cudaSuccess || d.count == 0)
    throw Error(std::string("no CUDA device (") +
                (e != cudaSuccess ? cudaGetErrorString(e) : "cudaGetDeviceCount found none") +
                "; allowed: a machine with an NVIDIA GPU, or ./sw4lite)");
  d.index = node_rank % d.count;
  check(cudaSetDevice(d.index), "cudaSetDevice");
  cudaDeviceProp p;
  check(cudaGetDeviceProperties(&p, d.index), "cudaGetDeviceProperties");
  d.name = p.name;
  std::size_t fr = 0, tot = 0;
  check(cudaMemGetInfo(&fr, &tot), "cudaMemGetInfo");
  d.memory = double(tot);
  d.free = double(fr);
#else
  (void)node_rank;
  d.name = "the host backend (no GPU)";
  d.count = 1;
  d.memory = d.free = host_memory;
#endif
  return d;
}

}  // namespace gpu
}  // namespace sw4

// portable.hpp: the only place that names a compiler: forced inlining, loop hints, the CPU's
// cycle counter.
//
// Why built so: the kernels want a few things the C++ standard cannot say (inline this helper,
// these loop iterations are independent), and each compiler spells them its own way or not at
// all. Gathered here, every other file stays standard C++, and a compiler that does not know a
// hint gets a plain fallback instead of an error or a warning. The order of the tests matters:
// Intel's icpx, NVIDIA's nvc++, Cray's CC and IBM's XL define __GNUC__ (and some __clang__) too,
// but do not take every GCC or Clang pragma, so they are recognised first and given only what
// they are known to accept.
//
//   SW4_INLINE         before a function: inline, and inlined even where the compiler would not
//   SW4_INLINE_LAMBDA  after a lambda's parameter list: the same for a lambda
//   SW4_IVDEP          before a loop: its iterations do not depend on each other
//   SW4_HD             before a function: callable from the host and, under nvcc, from the
//                      GPU too (__host__ __device__; empty elsewhere): the point formulas that
//                      the CPU build and the CUDA build share (gpu/, DESIGN.md "The GPU build")
//   SW4_HAVE_TSC       defined when sw4_tsc() reads the x86 time-stamp counter
#pragma once

#include <cstdint>

#define SW4_ALWAYS_INLINE_ATTR __attribute__((always_inline))
#if defined(__INTEL_LLVM_COMPILER)  // icpx: Clang inside; Intel's own ivdep
#define SW4_INLINE inline SW4_ALWAYS_INLINE_ATTR
#define SW4_INLINE_LAMBDA SW4_ALWAYS_INLINE_ATTR
#define SW4_IVDEP _Pragma("ivdep")
#elif defined(__NVCOMPILER) || defined(__ibmxl__) || defined(__xlC__)
// nvc++ and XL take GNU attributes but warn about the GCC and Clang loop pragmas.
#define SW4_INLINE inline SW4_ALWAYS_INLINE_ATTR
#define SW4_INLINE_LAMBDA SW4_ALWAYS_INLINE_ATTR
#define SW4_IVDEP
#elif defined(_CRAYC) && !defined(__clang__)  // Cray's classic front end: nothing assumed
#define SW4_INLINE inline
#define SW4_INLINE_LAMBDA
#define SW4_IVDEP
#elif defined(__clang__)  // also Cray CC 9 and later
#define SW4_INLINE inline SW4_ALWAYS_INLINE_ATTR
#define SW4_INLINE_LAMBDA SW4_ALWAYS_INLINE_ATTR
#define SW4_IVDEP _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define SW4_INLINE inline SW4_ALWAYS_INLINE_ATTR
#define SW4_INLINE_LAMBDA SW4_ALWAYS_INLINE_ATTR
#define SW4_IVDEP _Pragma("GCC ivdep")
#else
#define SW4_INLINE inline
#define SW4_INLINE_LAMBDA
#define SW4_IVDEP
#endif

#if defined(__CUDACC__)
#define SW4_HD __host__ __device__
#else
#define SW4_HD
#endif

// The runtime's clock (amr_stats.hpp) reads the time-stamp counter where the builtin exists.
#if defined(__has_builtin) && (defined(__x86_64__) || defined(__i386__))
#if __has_builtin(__builtin_ia32_rdtsc)
#define SW4_HAVE_TSC 1
inline std::uint64_t sw4_tsc() { return __builtin_ia32_rdtsc(); }
#endif
#endif

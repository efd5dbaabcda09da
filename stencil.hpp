// stencil.hpp: the SW4 operator and the pieces of the time step (NUMERICS.md 2-5).
//
// Read the formula first: stencil_reference.hpp writes L_h point by point as NUMERICS.md 3
// states it (reference::lh; `developer kernel=reference` runs it). This file and its parts
// are the same operator rearranged for speed, checked against that one by test_kernels.
//
// Why built so: these are pure functions over arrays and index boxes, so the two-sided driver,
// the one-sided partitions and the unit tests call the same code. L_h is fused with the update
// that consumes it (store, predictor or corrector, a template parameter), so a point's result
// is written once, where it is computed. L_h itself is a difference of fluxes, each computed
// once per point (stencil_interior.hpp); the six free-surface rows use the same machinery with
// the z terms of the SBP closure (stencil_surface.hpp). Every grid point is computed by the
// same arithmetic whoever owns it, which is what makes the results bitwise identical on any
// decomposition.
#pragma once

#include "grid.hpp"
#include "sbp.hpp"
#include "threads.hpp"

// Helpers called inside the point loops must be inlined, or the loops do not vectorise:
// SW4_INLINE, SW4_INLINE_LAMBDA (after a lambda's parameter list) and SW4_IVDEP come from here.
#include "portable.hpp"

namespace sw4 {

// What is done with r = L_h(u) at a point p (r already divided by h^2):
//   Store      out = r
//   Predictor  out = 2u - um + factor r / rho      (factor = dt^2)
//   Corrector  out += factor r / rho               (factor = dt^4/12)
enum class Update { Store, Predictor, Corrector };

struct Target {
  Real* out[3] = {nullptr, nullptr, nullptr};
  const Real* u[3] = {nullptr, nullptr, nullptr};
  const Real* um[3] = {nullptr, nullptr, nullptr};
  const Real* rho = nullptr;
  Real factor = 1.0;
};

// The material and super-grid stretching that L_h needs.
struct Medium {
  const Array3* mu;
  const Array3* la;
  const Array1* strx;
  const Array1* stry;
  const Array1* strz;
};

namespace kernel {

// Undivided 4th-order centred difference of f at p along stride s (f' ~ d4 / 12h).
SW4_HD SW4_INLINE Real d4(const Real* f, long p, long s) {
  return f[p - 2 * s] - 8 * f[p - s] + 8 * f[p + s] - f[p + 2 * s];
}

template <Update mode>
SW4_HD SW4_INLINE void store(Real* const* out, const Real* const* u, const Real* const* um,
                         const Real* rho, Real factor, long p, Real r1, Real r2, Real r3) {
  if constexpr (mode == Update::Store) {
    out[0][p] = r1;
    out[1][p] = r2;
    out[2][p] = r3;
  } else if constexpr (mode == Update::Predictor) {
    const Real f = factor / rho[p];
    out[0][p] = 2 * u[0][p] - um[0][p] + f * r1;
    out[1][p] = 2 * u[1][p] - um[1][p] + f * r2;
    out[2][p] = 2 * u[2][p] - um[2][p] + f * r3;
  } else {
    const Real f = factor / rho[p];
    out[0][p] += f * r1;
    out[1][p] += f * r2;
    out[2][p] += f * r3;
  }
}

}  // namespace kernel
}  // namespace sw4

#include "stencil_interior.hpp"
#include "stencil_surface.hpp"

namespace sw4 {

// L_h(u) at every point of `eval` (the owned columns, k = 1..nz), consumed as `mode` says.
// With a free surface on top, rows k = 1..6 use the SBP closure.
template <Update mode>
void rhs4(const Field& u, const Medium& md, const Box& eval, bool free_surface_top, double h,
          const Target& t, RhsWorkspace& ws) {
  int kfirst = eval.kb;
  if (free_surface_top) {
    kernel::rhs4_surface<mode>(u, md, eval.ib, eval.ie, eval.jb, eval.je, h, t, ws);
    kfirst = 7;
  }
  kernel::rhs4_interior<mode>(u, md, eval.ib, eval.ie, eval.jb, eval.je, kfirst, eval.ke, h, t, ws);
}

// The predictor where L_h is not evaluated (ghost and padding points): U* = 2U - Um. Those
// values are overwritten by the halo exchange and the boundary conditions, but writing them
// keeps every array fully defined.
inline void predictor_frame(Field& up, const Field& u, const Field& um, const Box& eval) {
  const Box& b = up[0].box;
  SW4_OMP(parallel)
  for (int c = 0; c < 3; ++c) {
    Real* out = up[c].data();
    const Real* a = u[c].data();
    const Real* m = um[c].data();
    SW4_OMP(for schedule(static) nowait)
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j) {
        const bool row_inside = eval.kb <= k && k <= eval.ke && eval.jb <= j && j <= eval.je;
        const long base = up[c].index(0, j, k);
        for (int i = b.ib; i <= b.ie; ++i) {
          if (row_inside && i == eval.ib) i = eval.ie + 1;  // skip the evaluated stretch
          if (i > b.ie) break;
          out[base + i] = 2 * a[base + i] - m[base + i];
        }
      }
  }
}

// U'' = (U* - 2U + Um) / dt^2 on box b: the corrector's whole arrays (acc[0].box), or one part
// of them in the overlapped corrector (subdomain_overlap.hpp). Threads take whole planes, so a
// point's arithmetic does not depend on the thread count.
inline void acceleration(Field& acc, const Field& up, const Field& u, const Field& um, double dt,
                         const Box& b) {
  const Real idt2 = Real(1.0 / (dt * dt));
  SW4_OMP(parallel)
  for (int c = 0; c < 3; ++c) {
    Real* out = acc[c].data();
    const Real* p = up[c].data();
    const Real* a = u[c].data();
    const Real* m = um[c].data();
    SW4_OMP(for schedule(static) nowait)
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j) {
        const long q0 = acc[c].index(b.ib, j, k), q1 = q0 + b.ni();
        SW4_IVDEP
        for (long q = q0; q < q1; ++q) out[q] = (p[q] - 2 * a[q] + m[q]) * idt2;
      }
  }
}

}  // namespace sw4

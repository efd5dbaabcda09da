// dg_flux.hpp: what happens on an element's faces (NUMERICS 32): its traces, the numerical
// flux between an element and its neighbour, the mirror states of the boundary conditions,
// and the surface integrals that carry the fluxes into the element's equations.
//
// Why built so: an element talks to its neighbours only through traces on the shared faces,
// so these are the only data that cross a partition's edge (dg_piece.hpp packs them). Both
// elements of an interior face compute the same flux from the same two traces with the same
// operations, so the result does not depend on which side, rank or thread computes it.
#pragma once

#include "dg/dg_element.hpp"

namespace sw4 {
namespace dg {

// Traces of one element: for each face f, 6 rows of nf values: v_1..v_3, w_1..w_3, where
// w = sigma(u_h) e_d (the stress times the positive axis vector, d = face_dir(f)).
inline std::size_t trace_size(const Operators& op) { return std::size_t(36 * op.nf); }

inline void element_traces(const Operators& op, const double* U, const double* V, double* tr) {
  const int nm = op.nm, nd = op.nd, nf = op.nf;
  for (int f = 0; f < 6; ++f) {
    double* t = tr + std::size_t(6 * nf * f);
    const double* LV = op.LV[f].data();
    const double* LU = op.LU[f].data();
    for (int node = 0; node < nf; ++node) {
      const double* lv = LV + std::size_t(node) * nm;
      for (int c = 0; c < 3; ++c) {
        const double* v = V + c * nm;
        double s = 0;
        for (int l = 0; l < nm; ++l) s += lv[l] * v[l];
        t[c * nf + node] = s;
      }
      for (int b = 0; b < 3; ++b) {
        const double* lu = LU + std::size_t(node * 3 + b) * nd;
        double s = 0;
        for (int j = 0; j < nd; ++j) s += lu[j] * U[j];
        t[(3 + b) * nf + node] = s;
      }
    }
  }
}

// The boundary's outside state on face f (NUMERICS 32.3): a mirror of the inside one.
// mirror_sides: every side a symmetry plane (the single-mode problem); otherwise the top
// (face 4 of the first element layer) is free and every other side a rigid wall.
inline void mirror_state(const Operators& op, int f, bool mirror_sides, const double* in, double* out) {
  const int nf = op.nf, d = face_dir(f);
  double sv[3], sw[3];
  for (int c = 0; c < 3; ++c) {
    if (mirror_sides) {
      sv[c] = c == d ? 1 : -1;
      sw[c] = -sv[c];
    } else if (f == 4) {
      sv[c] = 1;
      sw[c] = -1;
    } else {
      sv[c] = -1;
      sw[c] = 1;
    }
  }
  for (int c = 0; c < 3; ++c)
    for (int n = 0; n < nf; ++n) {
      out[c * nf + n] = sv[c] * in[c * nf + n];
      out[(3 + c) * nf + n] = sw[c] * in[(3 + c) * nf + n];
    }
}

// The flux on face f from the inside traces `in` and the outside ones `out` (NUMERICS 32.2):
// dv = v* - v_in and ws = w*, 3 x nf each. alpha = 1/2: the average, then the penalties.
inline void numerical_flux(const Operators& op, int f, const double* in, const double* out, double* dv, double* ws) {
  const int nf = op.nf;
  const double tau = op.tau, beta = op.beta, s = face_sign(f);
  for (int c = 0; c < 3; ++c)
    for (int n = 0; n < nf; ++n) {
      const double vi = in[c * nf + n], vo = out[c * nf + n];
      const double wi = in[(3 + c) * nf + n], wo = out[(3 + c) * nf + n];
      const double vstar = (0.5 * vi + 0.5 * vo) - s * tau * (wi - wo);
      ws[c * nf + n] = (0.5 * wi + 0.5 * wo) - s * beta * (vi - vo);
      dv[c * nf + n] = vstar - vi;
    }
}

// F_u += int_face (sigma(psi) n) . (v* - v_in), F_v += int_face psi . (sigma n)*: the face's
// tables already hold s_f (h/2)^2 and the weights.
inline void surface_integrals(const Operators& op, int f, const double* dv, const double* ws, double* Fu, double* Fv) {
  const int nm = op.nm, nd = op.nd, n3 = 3 * op.nf, nf = op.nf;
  const double* LUT = op.LUT[f].data();
  for (int j = 0; j < nd; ++j) {
    const double* row = LUT + std::size_t(j) * n3;
    double s = 0;
    for (int n = 0; n < n3; ++n) s += row[n] * dv[n];
    Fu[j] += s;
  }
  const double* LVT = op.LVT[f].data();
  for (int l = 0; l < nm; ++l) {
    const double* row = LVT + std::size_t(l) * nf;
    for (int c = 0; c < 3; ++c) {
      double s = 0;
      for (int n = 0; n < nf; ++n) s += row[n] * ws[c * nf + n];
      Fv[c * nm + l] += s;
    }
  }
}

}  // namespace dg
}  // namespace sw4

// dg_piece.hpp: a DG piece of the grid (NUMERICS 30.1, 33): the elements of a block of columns,
// their coefficients, the traces on their faces, and the stage of the Taylor stepper that turns
// one time derivative of the solution into the next.
//
// Why built so: a stage is two phases with an exchange between them, as the FD step is.
// traces() needs only the piece's own coefficients; the faces on the piece's x and y edges
// then travel to the neighbours (pack_face/unpack_face: the two-sided exchange in
// halo/dg_faces.hpp, the one-sided one in onesided/dg_step.hpp), and stage() needs only the
// piece's traces and the neighbours' edge faces. The traces live on the piece's elements plus
// one layer of columns around them in x and y, where the neighbours' faces land.
#pragma once

#include <algorithm>
#include <memory>
#include <vector>

#include "dg/dg_flux.hpp"
#include "dg/dg_source.hpp"
#include "dg/dg_tuned.hpp"
#include "threads.hpp"

namespace sw4 {
namespace dg {

// The four edges of a piece that can face a neighbour.
enum Side { XLow = 0, XHigh = 1, YLow = 2, YHigh = 3 };

// Terms of the Taylor series: max(4, q + 1) (NUMERICS 33.1).
inline int taylor_terms(int q) { return std::max(4, q + 1); }

struct Piece {
  std::shared_ptr<const Operators> op;
  std::shared_ptr<const TunedTables> tuned;  // the tuned kernels' tables (dg_tuned.hpp)
  int i0 = 1, i1 = 0, j0 = 1, j1 = 0;  // global element columns (1-based)
  int n1 = 0, n2 = 0, n3 = 0;          // elements along x, y, z
  bool boundary[4] = {false, false, false, false};  // the side is the domain's, not a neighbour's
  bool mirror_sides = false;           // the single-mode problem's symmetry planes
  bool reference = false;              // kernel=reference: the plain dense face tables
  std::vector<double> U, V;            // the solution, nd per element per field
  std::vector<double> Uc, Vc, Un, Vn;  // the current and the next time derivative
  std::vector<double> tr;              // traces on the padded element layout
  std::vector<PointSource> sources;
  std::vector<double> s;               // the sources' Taylor coefficients at this step, per source
  int ntay = 4;

  long elements() const { return long(n1) * n2 * n3; }
  long elem(int a, int b, int k) const { return a + long(n1) * (b + long(n2) * k); }
  // Padded index: a = -1..n1, b = -1..n2.
  long padded(int a, int b, int k) const { return (a + 1) + long(n1 + 2) * ((b + 1) + long(n2 + 2) * k); }
  double* trace(int a, int b, int k, int f) {
    return tr.data() + std::size_t(padded(a, b, k)) * trace_size(*op) + std::size_t(6 * op->nf * f);
  }
};

inline void allocate(Piece& p) {
  const std::size_t n = std::size_t(p.elements()) * std::size_t(p.op->nd);
  p.U.assign(n, 0.0);
  p.V.assign(n, 0.0);
  p.Uc.assign(n, 0.0);
  p.Vc.assign(n, 0.0);
  p.Un.assign(n, 0.0);
  p.Vn.assign(n, 0.0);
  p.tr.assign(std::size_t(p.n1 + 2) * std::size_t(p.n2 + 2) * std::size_t(p.n3) * trace_size(*p.op), 0.0);
  p.ntay = taylor_terms(p.op->q);
}

// Phase 1 of a stage: every element's traces from the current derivative (Uc, Vc).
inline void traces(Piece& p) {
  const int nd = p.op->nd;
  const long ncol = long(p.n1) * p.n2;
  SW4_OMP(parallel for schedule(static))
  for (long col = 0; col < ncol; ++col) {
    const int a = int(col % p.n1), b = int(col / p.n1);
    for (int k = 0; k < p.n3; ++k) {
      const std::size_t e = std::size_t(p.elem(a, b, k)) * std::size_t(nd);
      if (p.reference) element_traces(*p.op, &p.Uc[e], &p.Vc[e], p.trace(a, b, k, 0));
      else element_traces_tuned(*p.op, *p.tuned, &p.Uc[e], &p.Vc[e], p.trace(a, b, k, 0));
    }
  }
}

// The faces a side sends, and where the neighbour's land: side XHigh sends face 1 of the last
// column and receives face 0 of the neighbour's first column into the padding column n1.
inline std::size_t face_plane_size(const Piece& p, Side s) {
  const int n = s == XLow || s == XHigh ? p.n2 : p.n1;
  return std::size_t(n) * std::size_t(p.n3) * std::size_t(6 * p.op->nf);
}
template <class F>
void for_each_face(Piece& p, Side s, bool own, F fn) {
  const std::size_t len = std::size_t(6 * p.op->nf);
  const bool x = s == XLow || s == XHigh, high = s == XHigh || s == YHigh;
  // own: my edge elements' faces on this side; else: the padding's faces that touch my edge
  const int f = 2 * (x ? 0 : 1) + (own == high ? 1 : 0);
  const int at = own ? (high ? (x ? p.n1 - 1 : p.n2 - 1) : 0) : (high ? (x ? p.n1 : p.n2) : -1);
  const int n = x ? p.n2 : p.n1;
  for (int k = 0; k < p.n3; ++k)
    for (int m = 0; m < n; ++m) fn(x ? p.trace(at, m, k, f) : p.trace(m, at, k, f), len);
}
inline void pack_face(Piece& p, Side s, double* out) {
  for_each_face(p, s, true, [&](const double* t, std::size_t len) { out = std::copy(t, t + len, out); });
}
inline void unpack_face(Piece& p, Side s, const double* in) {
  for_each_face(p, s, false, [&](double* t, std::size_t len) {
    std::copy(in, in + len, t);
    in += len;
  });
}

// The sources' coefficients g^(k)(t), k = 0..ntay, for the step starting at t.
inline void source_coefficients(Piece& p, const TaylorWeights& w, double t, double dt) {
  p.s.clear();
  for (const PointSource& ps : p.sources) {
    const std::vector<double> d = w.derivatives([&](double tt) { return ps.g.g(tt); }, t, dt);
    p.s.insert(p.s.end(), d.begin(), d.end());
  }
}

// Start of a step: the derivative of order 0 is the solution.
inline void begin_step(Piece& p) {
  p.Uc = p.U;
  p.Vc = p.V;
}

// One element's stage k: F_u and F_v from its faces and sources, then
// U^(k) = V^(k-1) + K~^-1 F_u and V^(k) = M^-1 (F_v - K U^(k-1)) (NUMERICS 33.2).
inline void element_stage(Piece& p, int a, int b, int k, int stage, double* Fu, double* Fv, double* dv, double* ws,
                          double* out) {
  const Operators& op = *p.op;
  const int nd = op.nd, nm = op.nm;
  std::fill(Fu, Fu + nd, 0.0);
  std::fill(Fv, Fv + nd, 0.0);
  for (int f = 0; f < 6; ++f) {
    const int d = face_dir(f), sgn = face_sign(f);
    const int na = a + (d == 0 ? sgn : 0), nb = b + (d == 1 ? sgn : 0), nk = k + (d == 2 ? sgn : 0);
    const double* in = p.trace(a, b, k, f);
    const double* o;
    const bool at_domain = (d == 0 && ((na < 0 && p.boundary[XLow]) || (na >= p.n1 && p.boundary[XHigh]))) ||
                           (d == 1 && ((nb < 0 && p.boundary[YLow]) || (nb >= p.n2 && p.boundary[YHigh]))) ||
                           (d == 2 && (nk < 0 || nk >= p.n3));
    if (at_domain) {
      mirror_state(op, f, p.mirror_sides, in, out);
      o = out;
    } else {
      o = p.trace(na, nb, nk, f ^ 1);
    }
    numerical_flux(op, f, in, o, dv, ws);
    if (p.reference) surface_integrals(op, f, dv, ws, Fu, Fv);
    else surface_integrals_tuned(op, *p.tuned, f, dv, ws, Fu, Fv);
  }
  const long e = p.elem(a, b, k);
  for (std::size_t n = 0; n < p.sources.size(); ++n)
    if (p.sources[n].e == e) {
      const double g = p.s[n * std::size_t(p.ntay + 1) + std::size_t(stage - 1)];
      const double* v = p.sources[n].vec.data();
      for (int j = 0; j < nd; ++j) Fv[j] += g * v[j];
    }
  const std::size_t off = std::size_t(e) * std::size_t(nd);
  const double* Uc = &p.Uc[off];
  const double* Vc = &p.Vc[off];
  double* Un = &p.Un[off];
  double* Vn = &p.Vn[off];
  const double* Ki = op.Kt_inv.data();
  const double* K = op.K.data();
  for (int i = 0; i < nd; ++i) {
    const double* ki = Ki + std::size_t(i) * nd;
    const double* kk = K + std::size_t(i) * nd;
    double su = 0, sk = 0;
    for (int j = 0; j < nd; ++j) {
      su += ki[j] * Fu[j];
      sk += kk[j] * Uc[j];
    }
    Un[i] = Vc[i] + su;
    Vn[i] = op.M_inv[std::size_t(i % nm)] * (Fv[i] - sk);
  }
}

// Phase 2 of stage `stage` (1..ntay): the next derivative, added to the solution times
// d = dt^stage / stage!, and made the current one.
inline void stage(Piece& p, int stage, double d) {
  const Operators& op = *p.op;
  const int nd = op.nd;
  const long ncol = long(p.n1) * p.n2;
  SW4_OMP(parallel)
  {
    const std::size_t nu = std::size_t(nd), nf3 = std::size_t(3 * op.nf);
    std::vector<double> Fu(nu), Fv(nu), dv(nf3), ws(nf3), out(2 * nf3);
    SW4_OMP(for schedule(static))
    for (long col = 0; col < ncol; ++col) {
      const int a = int(col % p.n1), b = int(col / p.n1);
      for (int k = 0; k < p.n3; ++k) {
        element_stage(p, a, b, k, stage, Fu.data(), Fv.data(), dv.data(), ws.data(), out.data());
        const std::size_t off = std::size_t(p.elem(a, b, k)) * std::size_t(nd);
        for (int j = 0; j < nd; ++j) {
          p.U[off + std::size_t(j)] += d * p.Un[off + std::size_t(j)];
          p.V[off + std::size_t(j)] += d * p.Vn[off + std::size_t(j)];
        }
      }
    }
  }
  p.Uc.swap(p.Un);
  p.Vc.swap(p.Vn);
}

// d for the stage after `stage`: dt^(stage+1) / (stage+1)!, built as the original builds it.
inline double next_factor(double d, double dt, int stage) { return d * dt / (stage + 1); }

}  // namespace dg
}  // namespace sw4

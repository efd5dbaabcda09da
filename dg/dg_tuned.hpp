// dg_tuned.hpp: the tuned forms of an element's traces and surface integrals (NUMERICS 32):
// the same results as element_traces and surface_integrals (dg_flux.hpp), with the same data
// layouts, computed by sum factorization instead of the dense face tables.
//
// Why built so: the basis is a tensor product of Legendre polynomials and the face nodes a
// tensor product of LGL nodes, so a face trace is a contraction of the normal index with
// P_i(+-1) or P'_i(+-1) followed by two one-dimensional contractions with the tables of P and
// P' at the face nodes. That is O(q^4) work per face where the dense tables cost O(q^5); the
// surface integrals are the same contractions transposed. The sizes are fixed per degree, so
// q = 1..5 are compiled with constant extents; other degrees run the same code with run-time
// extents. Results differ from the dense form only by rounding.
#pragma once

#include <cassert>
#include <stdexcept>
#include <string>
#include <vector>

#include "dg/dg_element.hpp"

namespace sw4 {
namespace dg {

// The largest Q = q + 1 the scratch arrays hold (input/input_dg.hpp allows q <= 8).
constexpr int kTunedMaxQ = 9;

// The one-dimensional tables of the factorized kernels, built once per Operators.
struct TunedTables {
  int Q = 0, np = 0;
  std::vector<double> P, D;  // np x Q, row n: P_m(r_n) and (2/h) P'_m(r_n) at the face_rule nodes
  std::vector<double> Pn, Dn;  // 2 x Q, row 0 at r = -1, row 1 at r = +1: P_i(r), (2/h) P'_i(r)
  std::vector<double> W2;      // nf: (h/2)^2 w_n1 w_n2, the face weights without the sign s_f
};

inline TunedTables build_tuned(const Operators& op) {
  if (op.Q > kTunedMaxQ) throw std::runtime_error("DG: the tuned kernels hold degrees up to " + std::to_string(kTunedMaxQ - 1));
  TunedTables t;
  const int Q = op.Q, np = op.np, q = op.q;
  const double s = 2 / op.h;
  t.Q = Q;
  t.np = np;
  t.P.resize(std::size_t(np * Q));
  t.D.resize(std::size_t(np * Q));
  for (int n = 0; n < np; ++n) {
    const std::vector<double> p = legendre(q, op.face_rule.r[std::size_t(n)]);
    const std::vector<double> d = legendre_derivative(q, op.face_rule.r[std::size_t(n)]);
    for (int m = 0; m < Q; ++m) {
      t.P[std::size_t(n * Q + m)] = p[std::size_t(m)];
      t.D[std::size_t(n * Q + m)] = s * d[std::size_t(m)];
    }
  }
  t.Pn.resize(std::size_t(2 * Q));
  t.Dn.resize(std::size_t(2 * Q));
  for (int side = 0; side < 2; ++side) {
    const std::vector<double> p = legendre(q, side ? 1.0 : -1.0), d = legendre_derivative(q, side ? 1.0 : -1.0);
    for (int i = 0; i < Q; ++i) {
      t.Pn[std::size_t(side * Q + i)] = p[std::size_t(i)];
      t.Dn[std::size_t(side * Q + i)] = s * d[std::size_t(i)];
    }
  }
  t.W2.resize(std::size_t(np * np));
  for (int n2 = 0; n2 < np; ++n2)
    for (int n1 = 0; n1 < np; ++n1)
      t.W2[std::size_t(n1 + np * n2)] =
          0.25 * op.h * op.h * op.face_rule.w[std::size_t(n1)] * op.face_rule.w[std::size_t(n2)];
  return t;
}

namespace tuned {

// A face array's two indices: slow 2 (t2), fast 1 (t1); modes are Q per index, nodes np.
// out[m2][n1] = sum_m1 T[n1][m1] in[m2][m1]: the fast index from modes to nodes.
inline void fast_fwd(int Q, int np, const double* T, const double* in, double* out) {
  for (int m2 = 0; m2 < Q; ++m2)
    for (int n = 0; n < np; ++n) {
      double s = 0;
      for (int m = 0; m < Q; ++m) s += T[n * Q + m] * in[m2 * Q + m];
      out[m2 * np + n] = s;
    }
}
// out[n2][n1] = sum_m2 T[n2][m2] in[m2][n1]: the slow index from modes to nodes.
inline void slow_fwd(int Q, int np, const double* T, const double* in, double* out) {
  for (int n2 = 0; n2 < np; ++n2) {
    double* o = out + n2 * np;
    for (int n = 0; n < np; ++n) o[n] = 0;
    for (int m = 0; m < Q; ++m) {
      const double c = T[n2 * Q + m];
      for (int n = 0; n < np; ++n) o[n] += c * in[m * np + n];
    }
  }
}
// The transposes: out[m2][n1] = sum_n2 T[n2][m2] in[n2][n1], then out[m2][m1] (+)= sum_n1 T[n1][m1] in[m2][n1].
inline void slow_bwd(int Q, int np, const double* T, const double* in, double* out) {
  for (int m = 0; m < Q; ++m) {
    double* o = out + m * np;
    for (int n = 0; n < np; ++n) o[n] = 0;
    for (int n2 = 0; n2 < np; ++n2) {
      const double c = T[n2 * Q + m];
      for (int n = 0; n < np; ++n) o[n] += c * in[n2 * np + n];
    }
  }
}
inline void fast_bwd(int Q, int np, const double* T, const double* in, double* out, bool add) {
  for (int m2 = 0; m2 < Q; ++m2)
    for (int m = 0; m < Q; ++m) {
      double s = add ? out[m2 * Q + m] : 0.0;
      for (int n = 0; n < np; ++n) s += T[n * Q + m] * in[m2 * np + n];
      out[m2 * Q + m] = s;
    }
}

// Strides of the mode index l = l1 + Q l2 + Q^2 l3 along direction e.
inline int stride(int Q, int e) { return e == 0 ? 1 : e == 1 ? Q : Q * Q; }

// QT = Q at compile time, or 0: Q from op at run time.
template <int QT>
void traces(const Operators& op, const TunedTables& tt, const double* U, const double* V, double* tr) {
  constexpr int QM = QT ? QT : kTunedMaxQ, MM = QM * QM, NM = (QM + 1) * (QM + 1);
  const int Q = QT ? QT : op.Q, np = Q + 1, nf = np * np, nm = Q * Q * Q;
  const double la = op.mat.lambda, mu = op.mat.mu;
  const double* P = tt.P.data();
  const double* D = tt.D.data();
  const double* dn = tt.Dn.data() + Q;  // (2/h) P'_i(+1)
  for (int d = 0; d < 3; ++d) {
    const int t1 = d == 0 ? 1 : 0, t2 = d == 2 ? 1 : 2;
    const int sd = stride(Q, d), s1 = stride(Q, t1), s2 = stride(Q, t2);
    // The normal contraction for both faces of direction d at once: P_i(+-1) = (+-1)^i and
    // P'_i(+-1) = (+-1)^(i+1) P'_i(1), so the even and odd i's sums give both.
    // Arrays 0..2: v_c, 3..5: u_c, 6..8: the normal derivatives of u_c.
    double E[9][MM], O[9][MM];
    for (int k = 0; k < 9; ++k)
      for (int m = 0; m < Q * Q; ++m) E[k][m] = O[k][m] = 0;
    for (int c = 0; c < 3; ++c)
      for (int i = 0; i < Q; ++i) {
        double* ev = (i % 2 ? O : E)[c];
        double* eu = (i % 2 ? O : E)[3 + c];
        double* ed = (i % 2 ? O : E)[6 + c];
        const double k = dn[i];
        const double* v = V + c * nm + i * sd;
        const double* u = U + c * nm + i * sd;
        for (int m2 = 0; m2 < Q; ++m2)
          for (int m1 = 0; m1 < Q; ++m1) {
            const int j = m1 * s1 + m2 * s2, m = m2 * Q + m1;
            ev[m] += v[j];
            eu[m] += u[j];
            ed[m] += k * u[j];
          }
      }
    for (int side = 0; side < 2; ++side) {
      const int f = 2 * d + side;
      double A[9][MM], B[12][QM * (QM + 1)], g[3][3][NM];
      for (int k = 0; k < 9; ++k)
        for (int m = 0; m < Q * Q; ++m)
          A[k][m] = side ? E[k][m] + O[k][m] : (k < 6 ? E[k][m] - O[k][m] : O[k][m] - E[k][m]);
      // Face nodes: B 0..2 = P v_c, 3..5 = P u_c, 6..8 = D u_c, 9..11 = P du_c/dn.
      for (int c = 0; c < 3; ++c) {
        fast_fwd(Q, np, P, A[c], B[c]);
        fast_fwd(Q, np, P, A[3 + c], B[3 + c]);
        fast_fwd(Q, np, D, A[3 + c], B[6 + c]);
        fast_fwd(Q, np, P, A[6 + c], B[9 + c]);
      }
      double* t = tr + std::size_t(6 * nf * f);
      for (int c = 0; c < 3; ++c) {
        slow_fwd(Q, np, P, B[c], t + c * nf);
        slow_fwd(Q, np, P, B[6 + c], g[c][t1]);
        slow_fwd(Q, np, D, B[3 + c], g[c][t2]);
        slow_fwd(Q, np, P, B[9 + c], g[c][d]);
      }
      // w = sigma(u) e_d = lambda (div u) e_d + mu (grad u + grad u^T) e_d; g[c][e] = d_e u_c.
      for (int b = 0; b < 3; ++b) {
        double* w = t + (3 + b) * nf;
        for (int n = 0; n < nf; ++n) w[n] = mu * (g[b][d][n] + g[d][b][n]);
        if (b == d)
          for (int n = 0; n < nf; ++n) w[n] += la * (g[0][0][n] + g[1][1][n] + g[2][2][n]);
      }
    }
  }
}

template <int QT>
void surface(const Operators& op, const TunedTables& tt, int f, const double* dv, const double* ws, double* Fu,
             double* Fv) {
  constexpr int QM = QT ? QT : kTunedMaxQ, MM = QM * QM, NM = (QM + 1) * (QM + 1);
  const int Q = QT ? QT : op.Q, np = Q + 1, nf = np * np, nm = Q * Q * Q;
  const double la = op.mat.lambda, mu = op.mat.mu;
  const int d = face_dir(f), t1 = d == 0 ? 1 : 0, t2 = d == 2 ? 1 : 2, side = f % 2;
  const int sd = stride(Q, d), s1 = stride(Q, t1), s2 = stride(Q, t2);
  const double* P = tt.P.data();
  const double* D = tt.D.data();
  const double* pn = tt.Pn.data() + side * Q;
  const double* dn = tt.Dn.data() + side * Q;
  double W[NM], X[NM], Y[QM * (QM + 1)], Z0[MM], Z1[MM], Zv[3][MM];
  for (int n = 0; n < nf; ++n) W[n] = face_sign(f) * tt.W2[std::size_t(n)];
  // F_v: phi_l is P P at the nodes, so two transposed contractions per component.
  for (int c = 0; c < 3; ++c) {
    for (int n = 0; n < nf; ++n) X[n] = W[n] * ws[c * nf + n];
    slow_bwd(Q, np, P, X, Y);
    fast_bwd(Q, np, P, Y, Zv[c], false);
  }
  // Rows that K~ replaces get nothing from the face: kept as they are (bitwise, as the dense
  // form's zero rows leave them).
  const int rot[3] = {Q, Q * Q, 1};  // mode(0,1,0), mode(0,0,1), mode(1,0,0)
  double keep[3][2];
  for (int a = 0; a < 3; ++a) {
    keep[a][0] = Fu[a * nm];
    keep[a][1] = Fu[a * nm + rot[a]];
  }
  for (int a = 0; a < 3; ++a) {
    // F_u[(l,a)] = sum_j sum_nodes d_j phi_l G_{a,j}: the t1 and t2 derivatives give Z0 (times
    // P_i(+-1) later), the normal one Z1 (times P'_i(+-1)).
    const int js[3] = {t1, t2, d};
    for (int k = 0; k < 3; ++k) {
      const int j = js[k];
      // G_{a,j} = W (lambda dv_d [j == a] + mu dv_a [j == d] + mu dv_j [a == d]): zero for the
      // tangential j != a when a != d, so that one is skipped.
      if (j != a && j != d && a != d) continue;
      const double ca = j == a ? la : 0.0, cd = j == d ? mu : 0.0, cj = a == d ? mu : 0.0;
      for (int n = 0; n < nf; ++n)
        X[n] = W[n] * (ca * dv[d * nf + n] + cd * dv[a * nf + n] + cj * dv[j * nf + n]);
      slow_bwd(Q, np, k == 1 ? D : P, X, Y);
      // Z0 takes k = 0 and 1 (exactly one of them when a != d), Z1 takes k = 2.
      fast_bwd(Q, np, k == 0 ? D : P, Y, k == 2 ? Z1 : Z0, k == 1 && (a == d || t1 == a));
    }
    double* fu = Fu + a * nm;
    double* fv = Fv + a * nm;
    for (int i = 0; i < Q; ++i)
      for (int m2 = 0; m2 < Q; ++m2)
        for (int m1 = 0; m1 < Q; ++m1) {
          const int l = i * sd + m1 * s1 + m2 * s2, m = m2 * Q + m1;
          fu[l] += pn[i] * Z0[m] + dn[i] * Z1[m];
          fv[l] += pn[i] * Zv[a][m];
        }
  }
  for (int a = 0; a < 3; ++a) {
    Fu[a * nm] = keep[a][0];
    Fu[a * nm + rot[a]] = keep[a][1];
  }
}

}  // namespace tuned

// The traces of dg_flux.hpp's element_traces: tr holds 6 faces of 6 x nf (v_1..v_3, w_1..w_3).
inline void element_traces_tuned(const Operators& op, const TunedTables& t, const double* U, const double* V,
                                 double* tr) {
  assert(t.Q == op.Q);
  switch (op.Q) {
    case 2: return tuned::traces<2>(op, t, U, V, tr);
    case 3: return tuned::traces<3>(op, t, U, V, tr);
    case 4: return tuned::traces<4>(op, t, U, V, tr);
    case 5: return tuned::traces<5>(op, t, U, V, tr);
    case 6: return tuned::traces<6>(op, t, U, V, tr);
    default: return tuned::traces<0>(op, t, U, V, tr);
  }
}

// dg_flux.hpp's surface_integrals: Fu and Fv (nd each) += face f's integrals of dv and ws (3 x nf).
inline void surface_integrals_tuned(const Operators& op, const TunedTables& t, int f, const double* dv,
                                    const double* ws, double* Fu, double* Fv) {
  assert(t.Q == op.Q);
  switch (op.Q) {
    case 2: return tuned::surface<2>(op, t, f, dv, ws, Fu, Fv);
    case 3: return tuned::surface<3>(op, t, f, dv, ws, Fu, Fv);
    case 4: return tuned::surface<4>(op, t, f, dv, ws, Fu, Fv);
    case 5: return tuned::surface<5>(op, t, f, dv, ws, Fu, Fv);
    case 6: return tuned::surface<6>(op, t, f, dv, ws, Fu, Fv);
    default: return tuned::surface<0>(op, t, f, dv, ws, Fu, Fv);
  }
}

}  // namespace dg
}  // namespace sw4

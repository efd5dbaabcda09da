// dg_element.hpp: the element operators of the energy-based DG method (NUMERICS 31): the
// elastic stiffness K, the u-equation's matrix K~ (K with the rigid motions' rows replaced) and
// its inverse, the diagonal mass matrix, and the face tables that give an element's traces and
// take its surface integrals.
//
// Why built so: every element is the same cube with the same constant material, so one set of
// matrices serves the whole grid. They are built once in double from the exact one-dimensional
// integrals (dg_basis.hpp), which makes the semi-discrete operator the exact Galerkin operator.
// The original inverts K~ explicitly and so does this: the stage update is then two
// matrix-vector products per element, the kernel shape vendors' compilers are tested on.
#pragma once

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "dg/dg_basis.hpp"

namespace sw4 {
namespace dg {

// The constant material of a DG run.
struct Material {
  double rho = 1, mu = 1, lambda = 2;
  double cp() const { return std::sqrt((2 * mu + lambda) / rho); }
};

// A in place by its inverse: Gauss-Jordan with partial pivoting. A singular matrix throws.
inline void invert(std::vector<double>& A, int n) {
  std::vector<double> inv(std::size_t(n) * std::size_t(n), 0.0);
  for (int i = 0; i < n; ++i) inv[std::size_t(i) * n + i] = 1;
  auto at = [n](std::vector<double>& M, int i, int j) -> double& { return M[std::size_t(i) * n + j]; };
  for (int c = 0; c < n; ++c) {
    int piv = c;
    for (int r = c + 1; r < n; ++r)
      if (std::fabs(at(A, r, c)) > std::fabs(at(A, piv, c))) piv = r;
    if (at(A, piv, c) == 0) throw std::runtime_error("DG: the u-equation's element matrix is singular");
    if (piv != c)
      for (int j = 0; j < n; ++j) {
        std::swap(at(A, c, j), at(A, piv, j));
        std::swap(at(inv, c, j), at(inv, piv, j));
      }
    const double d = at(A, c, c);
    for (int j = 0; j < n; ++j) {
      at(A, c, j) /= d;
      at(inv, c, j) /= d;
    }
    for (int r = 0; r < n; ++r) {
      if (r == c) continue;
      const double f = at(A, r, c);
      if (f == 0) continue;
      for (int j = 0; j < n; ++j) {
        at(A, r, j) -= f * at(A, c, j);
        at(inv, r, j) -= f * at(inv, c, j);
      }
    }
  }
  A.swap(inv);
}

// Face f = 0..5: x-low, x-high, y-low, y-high, z-low (towards the surface), z-high.
inline int face_dir(int f) { return f / 2; }
inline int face_sign(int f) { return f % 2 == 0 ? -1 : 1; }

struct Operators {
  int q = 1, Q = 2, nm = 8, nd = 24;  // degree, modes per direction, modes, unknowns per field
  int np = 3, nf = 9;                 // LGL points per direction on faces, nodes per face
  double h = 1;
  Material mat;
  double tau = 0, beta = 0.5;  // the flux's penalties (NUMERICS 32.2)
  Lgl face_rule;               // LGL(q+1)
  std::vector<double> K, Kt_inv, M_inv;  // nd x nd, nd x nd, nm (mass diagonal's inverse)
  // Per face: LV[node][l] = phi_l; LU[(node*3 + b)][(a*nm + l)] = (sigma(phi_l e_a) e_d)_b;
  // LVT, LUT: their transposes times s_f (h/2)^2 w_node, the surface integrals' tables, with
  // the replaced rows of K~ zero in LUT.
  std::vector<double> LV[6], LU[6], LVT[6], LUT[6];

  int mode(int l1, int l2, int l3) const { return l1 + Q * (l2 + Q * l3); }
};

// The rows of K~ that hold the rigid motions instead of K (NUMERICS 31.2): the three means
// (l = 0, a) and the three rotations.
inline bool replaced_row(const Operators& op, int l, int a) {
  return l == 0 || (a == 0 && l == op.mode(0, 1, 0)) || (a == 1 && l == op.mode(0, 0, 1)) ||
         (a == 2 && l == op.mode(1, 0, 0));
}

inline Operators build_operators(int q, double h, const Material& mat) {
  Operators op;
  op.q = q;
  op.Q = q + 1;
  op.nm = op.Q * op.Q * op.Q;
  op.nd = 3 * op.nm;
  op.np = q + 2;
  op.nf = op.np * op.np;
  op.h = h;
  op.mat = mat;
  op.tau = 0.1 * mat.rho / (mat.lambda + 2 * mat.mu);
  op.face_rule = lgl(q + 1);
  const int Q = op.Q, nm = op.nm, nd = op.nd;
  const std::vector<double> A[2][2] = {{legendre_integrals(Q, 0, 0), legendre_integrals(Q, 0, 1)},
                                       {legendre_integrals(Q, 1, 0), legendre_integrals(Q, 1, 1)}};
  auto idx = [Q](int l, int d) { return d == 0 ? l % Q : d == 1 ? (l / Q) % Q : l / (Q * Q); };
  // G^{ab}_{lm} = int d_a phi_l d_b phi_m over the reference cube.
  auto G = [&](int a, int b, int l, int m) {
    double g = 1;
    for (int d = 0; d < 3; ++d) g *= A[d == a][d == b][std::size_t(idx(l, d) * Q + idx(m, d))];
    return g;
  };
  const double la = mat.lambda, mu = mat.mu;
  op.K.assign(std::size_t(nd) * nd, 0.0);
  for (int a = 0; a < 3; ++a)
    for (int b = 0; b < 3; ++b)
      for (int l = 0; l < nm; ++l)
        for (int m = 0; m < nm; ++m) {
          double k = la * G(a, b, l, m) + mu * G(b, a, l, m);
          if (a == b) k += mu * (G(0, 0, l, m) + G(1, 1, l, m) + G(2, 2, l, m));
          op.K[std::size_t(a * nm + l) * nd + std::size_t(b * nm + m)] = 0.5 * h * k;
        }
  // K~: K with the six rigid-motion rows; int d_{x_d} phi_m dx = 2h^2 when m_d is odd and the
  // other two indices are 0.
  std::vector<double> Kt = op.K;
  auto dint = [&](int m, int d) {
    for (int e = 0; e < 3; ++e)
      if (e != d && idx(m, e) != 0) return 0.0;
    return idx(m, d) % 2 == 1 ? 2 * h * h : 0.0;
  };
  auto row = [&](int l, int a) { return &Kt[std::size_t(a * nm + l) * nd]; };
  for (int a = 0; a < 3; ++a) {
    double* r = row(0, a);
    for (int j = 0; j < nd; ++j) r[j] = 0;
    r[a * nm] = h * h * h;
  }
  // Row (l, a) = int (d_{x_{c2}} u_{c1} - d_{x_{c1}} u_{c2}), c2 = c1 + 1 (mod 3).
  const int rot[3][3] = {{0, op.mode(0, 1, 0), 0},   // int (d_y u_1 - d_x u_2)
                         {1, op.mode(0, 0, 1), 1},   // int (d_z u_2 - d_y u_3)
                         {2, op.mode(1, 0, 0), 2}};  // int (d_x u_3 - d_z u_1)
  for (const auto& rr : rot) {
    double* r = row(rr[1], rr[0]);
    for (int j = 0; j < nd; ++j) r[j] = 0;
    const int c1 = rr[2], c2 = (rr[2] + 1) % 3;
    for (int m = 0; m < nm; ++m) {
      r[c1 * nm + m] += dint(m, c2);
      r[c2 * nm + m] -= dint(m, c1);
    }
  }
  op.Kt_inv = Kt;
  invert(op.Kt_inv, nd);
  op.M_inv.resize(std::size_t(nm));
  for (int l = 0; l < nm; ++l) {
    double m = mat.rho * 0.125 * h * h * h;
    for (int d = 0; d < 3; ++d) m *= 2.0 / (2 * idx(l, d) + 1);
    op.M_inv[std::size_t(l)] = 1 / m;
  }
  // Face tables.
  const Lgl& g = op.face_rule;
  const int np = op.np, nf = op.nf;
  for (int f = 0; f < 6; ++f) {
    const int d = face_dir(f), t1 = d == 0 ? 1 : 0, t2 = d == 2 ? 1 : 2;
    op.LV[f].assign(std::size_t(nf) * nm, 0.0);
    op.LU[f].assign(std::size_t(3 * nf) * nd, 0.0);
    op.LVT[f].assign(std::size_t(nm) * nf, 0.0);
    op.LUT[f].assign(std::size_t(nd) * 3 * nf, 0.0);
    for (int n2 = 0; n2 < np; ++n2)
      for (int n1 = 0; n1 < np; ++n1) {
        const int node = n1 + np * n2;
        double r[3];
        r[d] = face_sign(f);
        r[t1] = g.r[std::size_t(n1)];
        r[t2] = g.r[std::size_t(n2)];
        std::vector<double> P[3], D[3];
        for (int e = 0; e < 3; ++e) {
          P[e] = legendre(q, r[e]);
          D[e] = legendre_derivative(q, r[e]);
        }
        const double wsurf = face_sign(f) * 0.25 * h * h * g.w[std::size_t(n1)] * g.w[std::size_t(n2)];
        for (int l = 0; l < nm; ++l) {
          const int i1 = idx(l, 0), i2 = idx(l, 1), i3 = idx(l, 2);
          const double phi = P[0][std::size_t(i1)] * P[1][std::size_t(i2)] * P[2][std::size_t(i3)];
          const double grad[3] = {2 / h * D[0][std::size_t(i1)] * P[1][std::size_t(i2)] * P[2][std::size_t(i3)],
                                  2 / h * P[0][std::size_t(i1)] * D[1][std::size_t(i2)] * P[2][std::size_t(i3)],
                                  2 / h * P[0][std::size_t(i1)] * P[1][std::size_t(i2)] * D[2][std::size_t(i3)]};
          op.LV[f][std::size_t(node) * nm + l] = phi;
          op.LVT[f][std::size_t(l) * nf + node] = wsurf * phi;
          for (int a = 0; a < 3; ++a)
            for (int b = 0; b < 3; ++b) {
              // (sigma(phi e_a))_{bd} = lambda delta_bd d_a phi + mu (delta_ab d_d phi + delta_ad d_b phi)
              const double s = (b == d ? la * grad[a] : 0.0) + mu * ((a == b ? grad[d] : 0.0) + (a == d ? grad[b] : 0.0));
              op.LU[f][std::size_t(node * 3 + b) * nd + std::size_t(a * nm + l)] = s;
              if (!replaced_row(op, l, a))
                op.LUT[f][std::size_t(a * nm + l) * (3 * nf) + std::size_t(b * nf + node)] = wsurf * s;
            }
        }
      }
  }
  return op;
}

}  // namespace dg
}  // namespace sw4

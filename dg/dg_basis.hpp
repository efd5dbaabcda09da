// dg_basis.hpp: the one-dimensional pieces of the DG method (NUMERICS 30.2-30.3): Legendre
// polynomials and their derivatives, the Legendre-Gauss-Lobatto rule, and the exact integrals
// of products of Legendre polynomials and their derivatives on [-1, 1].
//
// Why built so: every element operator is a tensor product of these, so they are computed once
// in double from their closed forms and recurrences; nothing here depends on the grid.
#pragma once

#include <cmath>
#include <vector>

namespace sw4 {
namespace dg {

// P_0..P_n at r (P_n(1) = 1): k P_k = (2k-1) r P_{k-1} - (k-1) P_{k-2}.
inline std::vector<double> legendre(int n, double r) {
  std::vector<double> p(std::size_t(n + 1), 1.0);
  if (n >= 1) p[1] = r;
  for (int k = 2; k <= n; ++k) p[std::size_t(k)] = ((2 * k - 1) * r * p[std::size_t(k - 1)] - (k - 1) * p[std::size_t(k - 2)]) / k;
  return p;
}

// P'_0..P'_n at r: P'_k = P'_{k-2} + (2k-1) P_{k-1}.
inline std::vector<double> legendre_derivative(int n, double r) {
  const std::vector<double> p = legendre(n, r);
  std::vector<double> d(std::size_t(n + 1), 0.0);
  if (n >= 1) d[1] = 1;
  for (int k = 2; k <= n; ++k) d[std::size_t(k)] = d[std::size_t(k - 2)] + (2 * k - 1) * p[std::size_t(k - 1)];
  return d;
}

// The n+1 Lobatto nodes (the ends and the zeros of P'_n), ascending, and their weights
// 2 / (n(n+1) P_n(r)^2): exact for polynomials up to degree 2n-1.
struct Lgl {
  std::vector<double> r, w;
};

// Newton on (1 - r^2) P'_n from the Chebyshev-Lobatto points, using the identity
// (1 - r^2) P'_n = n (P_{n-1} - r P_n); the ends are set exactly.
inline Lgl lgl(int n) {
  Lgl g;
  g.r.resize(std::size_t(n + 1));
  g.w.resize(std::size_t(n + 1));
  const double pi = 3.14159265358979323846;
  for (int k = 0; k <= n; ++k) {
    double x = -std::cos(pi * k / n);
    if (k > 0 && k < n)
      for (int it = 0; it < 100; ++it) {
        const std::vector<double> p = legendre(n, x);
        const double dx = (x * p[std::size_t(n)] - p[std::size_t(n - 1)]) / ((n + 1) * p[std::size_t(n)]);
        x -= dx;
        if (std::fabs(dx) < 2.2204e-16) break;
      }
    if (k == 0) x = -1;
    if (k == n) x = 1;
    g.r[std::size_t(k)] = x;
    const double pn = legendre(n, x)[std::size_t(n)];
    g.w[std::size_t(k)] = 2.0 / (n * (n + 1) * pn * pn);
  }
  return g;
}

// The exact integrals A^{pq}_{ij} = int P_i^(p) P_j^(q) dr for p, q in {0, 1}, Q x Q, row i.
inline std::vector<double> legendre_integrals(int Q, int p, int q) {
  std::vector<double> A(std::size_t(Q * Q), 0.0);
  for (int i = 0; i < Q; ++i)
    for (int j = 0; j < Q; ++j) {
      double a = 0;
      if (p == 0 && q == 0) a = i == j ? 2.0 / (2 * i + 1) : 0.0;
      else if (p == 1 && q == 0) a = (i > j && (i + j) % 2 == 1) ? 2.0 : 0.0;
      else if (p == 0 && q == 1) a = (j > i && (i + j) % 2 == 1) ? 2.0 : 0.0;
      else {
        const int m = i < j ? i : j;
        a = (i + j) % 2 == 0 ? double(m) * (m + 1) : 0.0;
      }
      A[std::size_t(i * Q + j)] = a;
    }
  return A;
}

}  // namespace dg
}  // namespace sw4

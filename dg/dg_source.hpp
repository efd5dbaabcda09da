// dg_source.hpp: point sources in the DG method (NUMERICS 33.3-33.4): which element holds a
// point and where in it, the projection of a point force or moment tensor on the element's
// test functions, and the time derivatives of the source's time function that the Taylor
// stepper needs.
//
// Why built so: the stepper advances the time derivatives of the solution, so stage k needs
// g^(k-1)(t). They come from the deck's own time function sampled at Chebyshev-Lobatto points
// around t and differentiated by Fornberg's weights, which works for every time function the
// FD solver takes (closed forms, Dirac, discrete samples) without a derivative formula for each.
#pragma once

#include <cmath>
#include <vector>

#include "dg/dg_basis.hpp"
#include "config.hpp"
#include "time_function.hpp"

namespace sw4 {
namespace dg {

// Weights c[j][k] with sum_j c[j][k] p(x_j) = p^(k)(z) for polynomials p of degree <= n
// (Fornberg's recursion), k = 0..m; c is (n+1) x (m+1), row j.
inline std::vector<double> fornberg_weights(double z, const std::vector<double>& x, int m) {
  const int n = int(x.size()) - 1;
  std::vector<double> c(std::size_t((n + 1) * (m + 1)), 0.0);
  auto C = [&](int j, int k) -> double& { return c[std::size_t(j * (m + 1) + k)]; };
  double c1 = 1, c4 = x[0] - z;
  C(0, 0) = 1;
  for (int i = 1; i <= n; ++i) {
    const int mn = i < m ? i : m;
    double c2 = 1;
    const double c5 = c4;
    c4 = x[std::size_t(i)] - z;
    for (int j = 0; j < i; ++j) {
      const double c3 = x[std::size_t(i)] - x[std::size_t(j)];
      c2 *= c3;
      if (j == i - 1) {
        for (int k = mn; k >= 1; --k) C(i, k) = c1 * (k * C(i - 1, k - 1) - c5 * C(i - 1, k)) / c2;
        C(i, 0) = -c1 * c5 * C(i - 1, 0) / c2;
      }
      for (int k = mn; k >= 1; --k) C(j, k) = (c4 * C(j, k) - k * C(j, k - 1)) / c3;
      C(j, 0) = c4 * C(j, 0) / c3;
    }
    c1 = c2;
  }
  return c;
}

// g, g', ..., g^(ntay) at t from ntay + 4 samples over [t - dt/2, t + dt/2].
class TaylorWeights {
 public:
  explicit TaylorWeights(int ntay) : ntay_(ntay) {
    const int nsrc = ntay + 3;
    const double pi = 3.14159265358979323846;
    for (int j = 0; j <= nsrc; ++j) tau_.push_back(-0.5 * std::cos(pi * j / nsrc));
    c_ = fornberg_weights(0.0, tau_, ntay);
  }
  template <class G>
  std::vector<double> derivatives(const G& g, double t, double dt) const {
    std::vector<double> s(std::size_t(ntay_ + 1), 0.0);
    std::vector<double> gj(tau_.size());
    for (std::size_t j = 0; j < tau_.size(); ++j) gj[j] = g(t + dt * tau_[j]);
    for (int k = 0; k <= ntay_; ++k) {
      double v = 0;
      for (std::size_t j = 0; j < tau_.size(); ++j) v += c_[j * std::size_t(ntay_ + 1) + std::size_t(k)] * gj[j];
      for (int p = 0; p < k; ++p) v /= dt;
      s[std::size_t(k)] = v;
    }
    return s;
  }

 private:
  int ntay_;
  std::vector<double> tau_, c_;
};

// The element (1-based, 1..n-1) and reference coordinate of a point along one axis: a point
// on a face between two elements goes to the upper one (r = -1), the last face to the last
// element (r = +1).
struct AxisPlace {
  int e = 1;
  double r = 0;
};
inline AxisPlace place_on_axis(double x, double h, int npoints) {
  const double n = std::trunc(x / h);
  const double xs = std::fabs(x - n * h) < 1e-10 ? x + 0.1 * h : x;
  AxisPlace p;
  p.e = int(std::trunc(xs / h + 1));
  if (p.e > npoints - 1) p.e = npoints - 1;
  if (p.e < 1) p.e = 1;
  p.r = 2 * (x - (p.e - 1) * h) / h - 1;
  return p;
}

// The source's vector on the element's v test functions (3 nm, component-major): a force F
// gives F_c phi_l(r); a moment tensor M gives sum_j M_cj d_{x_j} phi_l(r), the weak form of
// the force density -M grad delta.
inline std::vector<double> source_vector(const SourceCfg& s, int q, double h, const double r[3]) {
  const int Q = q + 1, nm = Q * Q * Q;
  std::vector<double> P[3], D[3];
  for (int e = 0; e < 3; ++e) {
    P[e] = legendre(q, r[e]);
    D[e] = legendre_derivative(q, r[e]);
  }
  const double M[3][3] = {{s.mxx, s.mxy, s.mxz}, {s.mxy, s.myy, s.myz}, {s.mxz, s.myz, s.mzz}};
  const double F[3] = {s.fx, s.fy, s.fz};
  std::vector<double> v(std::size_t(3 * nm), 0.0);
  for (int l3 = 0; l3 < Q; ++l3)
    for (int l2 = 0; l2 < Q; ++l2)
      for (int l1 = 0; l1 < Q; ++l1) {
        const int l = l1 + Q * (l2 + Q * l3);
        const double p1 = P[0][std::size_t(l1)], p2 = P[1][std::size_t(l2)], p3 = P[2][std::size_t(l3)];
        const double grad[3] = {2 / h * D[0][std::size_t(l1)] * p2 * p3, 2 / h * p1 * D[1][std::size_t(l2)] * p3,
                                2 / h * p1 * p2 * D[2][std::size_t(l3)]};
        for (int c = 0; c < 3; ++c)
          v[std::size_t(c * nm + l)] = s.is_force ? F[c] * p1 * p2 * p3
                                                  : M[c][0] * grad[0] + M[c][1] * grad[1] + M[c][2] * grad[2];
      }
  return v;
}

// One source inside a piece: its element (local index), vector and time function.
struct PointSource {
  long e = 0;
  std::vector<double> vec;
  TimeFunction g;
};

}  // namespace dg
}  // namespace sw4

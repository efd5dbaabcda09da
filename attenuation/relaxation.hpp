// relaxation.hpp: the material fit of the visco-elastic model (NUMERICS 35): the relaxation
// frequencies omega_nu of n standard linear solids, the collocation frequencies, the weights
// that make Q(omega) nearly constant over the band, and the unrelaxed moduli mu0, lambda0 and
// the mechanisms' muVE_nu, lambdaVE_nu of one point; and Q(omega) of a fit, back from it.
//
// Why built so: the fit is a pure function of (relaxation, mu, lambda, Qp, Qs) per grid point,
// so it stands apart from the arrays and the time stepping that use it, without MPI or the
// deck's parser, and a test can check each formula alone. The least-squares problem is tiny
// ((2n-1) x n, n <= 8) and is solved here by Householder QR in double, as LAPACK's dgels in
// SW4 does, rather than through the normal equations, whose condition number is the square of
// the matrix's: the columns of neighbouring mechanisms are close to parallel (NUMERICS 35.4).
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "config.hpp"

namespace sw4 {

constexpr int kMaxSls = 8;  // the most mechanisms (SW4's nmech limit)

// The band and the frequencies of the fit (rad/s). n = 0: no mechanisms (omega, omc empty).
struct Relaxation {
  int n = 0;
  std::vector<double> omega;  // omega_nu, nu = 0..n-1, increasing
  double omega_min = 0, omega_max = 0, omega_phase = 0;
  std::vector<double> omc;    // the 2n-1 collocation frequencies
};

// The band, the mechanisms and the collocation frequencies of NUMERICS 35.2, 35.3, as SW4's
// EW::setup_attenuation_relaxation and the start of its EW::setup_viscoelastic set them.
// min_vs_over_h: the least vs/h over every grid point, read only when minppw > 0.
inline Relaxation relaxation_frequencies(const AttenuationCfg& a, double min_vs_over_h) {
  const double two_pi = 2 * M_PI;
  Relaxation r;
  r.n = a.nmech;
  r.omega_max = a.minppw > 0 ? two_pi * min_vs_over_h / a.minppw : two_pi * a.maxfreq;
  r.omega_min = r.omega_max / 100;  // always two decades
  r.omega_phase = two_pi * a.phasefreq;
  if (r.n == 1) {
    r.omega = {r.omega_max};
    r.omc = {r.omega_max};
  } else if (r.n > 1) {
    const double ratio = std::pow(r.omega_max / r.omega_min, 1.0 / (r.n - 1));
    for (int nu = 0; nu < r.n; ++nu) r.omega.push_back(r.omega_min * std::pow(ratio, nu));
    r.omega[r.n - 1] = r.omega_max;  // the end exactly, not through pow's rounding
    for (int q = 0; q <= 2 * r.n - 2; ++q) r.omc.push_back(r.omega_min * std::pow(ratio, 0.5 * q));
  }
  return r;
}

// The least-squares solution x (n values) of A x ~ b, A m x n row-major with m >= n, by
// Householder QR: each reflection H = I - 2 v v^T / v^T v zeroes a column below the diagonal
// and is applied to the later columns and to b; then R x = (Q^T b)_{0..n-1} backwards. Returns
// "" or why there is no unique solution (a column dependent on the others, to rounding).
inline std::string least_squares_qr(std::vector<double> A, int m, int n, std::vector<double> b,
                                    std::vector<double>& x) {
  if (m < n || n < 1 || int(A.size()) != m * n || int(b.size()) != m)
    return "least_squares_qr: needs an m x n matrix with m >= n >= 1 and m values";
  auto a = [&](int i, int j) -> double& { return A[std::size_t(i) * n + j]; };
  double scale = 0;
  for (double v : A) scale = std::max(scale, std::fabs(v));
  for (int j = 0; j < n; ++j) {
    double norm = 0;
    for (int i = j; i < m; ++i) norm = std::hypot(norm, a(i, j));
    if (!(norm > 64 * m * 2.220446049250313e-16 * scale))
      return "least_squares_qr: column " + std::to_string(j) + " is dependent on the others";
    // v = column + sign(a_jj) |column| e_j: the sign that avoids cancellation
    const double alpha = a(j, j) >= 0 ? -norm : norm;
    std::vector<double> v(m - j);
    for (int i = j; i < m; ++i) v[i - j] = a(i, j);
    v[0] -= alpha;
    double vv = 0;
    for (double e : v) vv += e * e;
    auto reflect = [&](auto get) {  // y -= 2 v (v.y)/(v.v) on rows j..m-1
      double vy = 0;
      for (int i = j; i < m; ++i) vy += v[i - j] * get(i);
      const double f = 2 * vy / vv;
      for (int i = j; i < m; ++i) get(i) -= f * v[i - j];
    };
    for (int c = j + 1; c < n; ++c) reflect([&](int i) -> double& { return a(i, c); });
    reflect([&](int i) -> double& { return b[i]; });
    a(j, j) = alpha;
  }
  x.assign(n, 0);
  for (int j = n - 1; j >= 0; --j) {
    double s = b[j];
    for (int c = j + 1; c < n; ++c) s -= a(j, c) * x[c];
    x[j] = s / a(j, j);
  }
  return "";
}

// The weights beta_nu of one quality factor Q (NUMERICS 35.4): least squares over the
// collocation frequencies of  sum_nu beta_nu (omc_q omega_nu + omega_nu^2/Q)/(omega_nu^2 +
// omc_q^2) = 1/Q, which is Q(omc_q) = Q with the denominators cleared. "" or why not.
inline std::string sls_weights(const Relaxation& r, double Q, std::vector<double>& beta) {
  const int n = r.n, m = 2 * n - 1;
  if (n == 0) {
    beta.clear();
    return "";
  }
  if (!(Q > 0)) return "the quality factor " + std::to_string(Q) + " is not > 0";
  std::vector<double> A(std::size_t(m) * n), rhs(m, 1 / Q);
  for (int q = 0; q < m; ++q)
    for (int nu = 0; nu < n; ++nu) {
      const double w = r.omega[nu], c = r.omc[q];
      A[std::size_t(q) * n + nu] = (c * w + w * w / Q) / (w * w + c * c);
    }
  return least_squares_qr(A, m, n, rhs, beta);
}

// M(omega)/M_u = 1 - sum_nu beta_nu omega_nu/(omega_nu + i omega) (NUMERICS 35.1): the complex
// modulus of the mechanisms, relative to the unrelaxed one.
inline std::complex<double> sls_modulus_ratio(const Relaxation& r, const double* beta, double omega) {
  std::complex<double> m = 1;
  for (int nu = 0; nu < r.n; ++nu) m -= beta[nu] * r.omega[nu] / std::complex<double>(r.omega[nu], omega);
  return m;
}

// The model's quality factor at omega: Re M / Im M (infinite without mechanisms).
inline double sls_quality(const Relaxation& r, const double* beta, double omega) {
  const std::complex<double> m = sls_modulus_ratio(r, beta, omega);
  return m.real() / m.imag();
}

// The visco-elastic material of one point (NUMERICS 35.5; SW4: EW::setup_viscoelastic).
struct ViscoPoint {
  double mu0, la0;                  // the unrelaxed moduli
  std::array<double, kMaxSls> muVE{}, laVE{};  // mu_nu, lambda_nu; nu >= n stay 0
};

// One Q's fit: its weights and |M(omega_phase)| / M_unrelaxed, or why there is none. name:
// qp or qs, for the message.
struct SlsFit {
  std::string why;
  std::vector<double> w;
  double ratio = 1;
};
inline SlsFit sls_fit(const Relaxation& r, double Q, const char* name) {
  SlsFit f;
  const std::string why = sls_weights(r, Q, f.w);
  if (!why.empty()) {
    f.why = std::string(name) + ": " + why;
    return f;
  }
  double sum = 0;
  for (double x : f.w) sum += x;
  if (!(sum < 1)) {
    f.why = std::string(name) + " = " + std::to_string(Q) + ": the weights sum to " + std::to_string(sum) +
            " >= 1 (allowed: a larger " + name + "; the relaxed modulus would not be positive)";
    return f;
  }
  f.ratio = std::abs(sls_modulus_ratio(r, f.w.data(), r.omega_phase));
  return f;
}

// The fits of a run's points: they depend on Q alone (the weights on Q and n, the ratio on the
// weights), and a block's Q is constant, so each distinct Q is fitted once, not at each of the
// grid's points (LOH.3 at h = 100 has 1.6e7 of them).
class SlsFits {
 public:
  explicit SlsFits(const Relaxation& r) : r_(r) {}
  const SlsFit& get(double Q, const char* name) {
    auto it = memo_.find({Q, name});
    if (it == memo_.end()) it = memo_.emplace(std::make_pair(Q, std::string(name)), sls_fit(r_, Q, name)).first;
    return it->second;
  }

 private:
  const Relaxation& r_;
  std::map<std::pair<double, std::string>, SlsFit> memo_;
};

// mu, la: the moduli the deck's vp, vs, rho give, read as those at omega_phase; qp, qs the
// point's quality factors. Returns "" or why the fit fails (a Q <= 0, weights summing to >= 1,
// which a Q too small for the band gives). n = 0: mu0 = mu, la0 = la, no mechanisms. fits: the
// run's memo (the call makes its own when null).
inline std::string visco_material(const Relaxation& r, double mu, double la, double qp, double qs,
                                  ViscoPoint& out, SlsFits* fits = nullptr) {
  out = ViscoPoint{mu, la, {}, {}};
  if (r.n == 0) return "";
  if (r.n > kMaxSls) return "more than " + std::to_string(kMaxSls) + " mechanisms";
  SlsFits own(r);
  SlsFits& memo = fits ? *fits : own;
  // |M(omega_phase)| = M: the unrelaxed modulus that gives the deck's modulus there
  const SlsFit& beta = memo.get(qs, "qs");
  if (!beta.why.empty()) return beta.why;
  const SlsFit& gamma = memo.get(qp, "qp");
  if (!gamma.why.empty()) return gamma.why;
  const double mu0 = mu / beta.ratio, kappa0 = (la + 2 * mu) / gamma.ratio;
  out.mu0 = mu0;
  out.la0 = kappa0 - 2 * mu0;
  for (int nu = 0; nu < r.n; ++nu) {
    out.muVE[nu] = mu0 * beta.w[std::size_t(nu)];
    out.laVE[nu] = kappa0 * gamma.w[std::size_t(nu)] - 2 * out.muVE[nu];
  }
  return "";
}

// nmech = 0: SW4's damping without memory variables (EW::simpleAttenuation): after each step
// the new solution is multiplied, point by point, by exp(-pi f_c dt / Qs), f_c = maxfreq in Hz.
inline double simple_attenuation_factor(double maxfreq, double dt, double qs) {
  return std::exp(-M_PI * maxfreq * dt / qs);
}

}  // namespace sw4

// source.hpp: source time functions, point-source grid weights, exact point-source solution.
//
// Why built so. A source is a point in space times a function of time, f(x,t) = S(x) g(t - t0).
// The two factors never meet until the time loop, so they are built apart: grid_point_forces()
// turns the spatial part into a short list of grid-point values once at set-up, and a
// TimeFunction gives g and its exact second derivative (the corrector needs g'', NUMERICS §2.2)
// once per source per step. The time loop multiplies the two; nothing here allocates after
// set-up, and a TimeFunction is a few numbers plus, for a user series, a shared table.
//
// The weights are the original's (NUMERICS §6.2): a 6-point tensor-product approximation of
// delta and delta' in each direction whose discrete moments are exact up to degree 4, so the
// grid force has exactly the moments of the continuous one. Near the free surface the z-weights
// switch to a 5-point stencil that stays inside the domain, and weights on k = 1..4 are divided by
// the SBP norm weights, so that the moments hold in the SBP inner product the scheme is built on.
// The original's quirks are kept (they decide the published numbers): moment sources give all
// 216 points, zero or not; force sources skip zero products; only 1 <= k <= nz is kept.
//
// Every time function of the original (§6.3) is here with derivatives derived from its value, so
// g_t and g_tt are exact, and cut-offs and piecewise ends follow the original.
//
// Discrete (user time series): the samples s_m at times tau_m = t_s + m*dt (tau = t - t0; freq
// is ignored) are joined by a piecewise quintic: on each interval the unique quintic that matches
// value, slope and curvature at both ends, with slope and curvature at a sample taken from
// fourth-order centred differences of the samples (second order at the second and next-to-last
// sample). The curve passes through every sample, has a continuous second derivative (so g''
// in the corrector is the exact derivative of a C2 function), reproduces quartic polynomials
// exactly away from the ends, and is local: a sample only moves the few intervals around it, so
// one spike does not ring through the whole record as it would with a global spline. Outside the
// record the function holds the nearest end sample: before the first sample it is s_0 (zero for a
// record that starts at zero), after the last it keeps the final value (a step stays up); slope
// and curvature at the first and last sample are set to zero so that these constant pieces join
// smoothly (C2). The original has per-interval quintics as well, but no way to build them from
// a file, and it clamps the time outside the record, so its derivatives there are the end slope.
//
// The exact solution (§7.2) is the whole-space Stokes solution for the four time functions the
// original supports, with its freq quirk for moment sources kept (see exact_point_source).
#pragma once

#include <array>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "input.hpp"

namespace sw4 {

inline const char* source_time_function_name(TimeFunctionType t) {
  switch (t) {  // a switch, so that a new enumerator without a name is a compiler warning
    case TimeFunctionType::Gaussian: return "Gaussian";
    case TimeFunctionType::GaussianInt: return "GaussianInt";
    case TimeFunctionType::Ricker: return "Ricker";
    case TimeFunctionType::RickerInt: return "RickerInt";
    case TimeFunctionType::Ramp: return "Ramp";
    case TimeFunctionType::Triangle: return "Triangle";
    case TimeFunctionType::Sawtooth: return "Sawtooth";
    case TimeFunctionType::SmoothWave: return "SmoothWave";
    case TimeFunctionType::VerySmoothBump: return "VerySmoothBump";
    case TimeFunctionType::C6SmoothBump: return "C6SmoothBump";
    case TimeFunctionType::Brune: return "Brune";
    case TimeFunctionType::BruneSmoothed: return "BruneSmoothed";
    case TimeFunctionType::DBrune: return "DBrune";
    case TimeFunctionType::GaussianWindow: return "GaussianWindow";
    case TimeFunctionType::Liu: return "Liu";
    case TimeFunctionType::Dirac: return "Dirac";
    case TimeFunctionType::Discrete: return "Discrete";
  }
  return "?";
}

// ------------------------------------------------------------------------------------------------
// Time functions. Each returns {g, g', g''} at tau (x = f*tau); g and g'' are what the time loop
// needs, and computing the three together keeps each function's formulas side by side.
namespace tf {
using G3 = std::array<double, 3>;
constexpr double pi = 3.14159265358979323846;
constexpr double min_exponent = -700;  // the original's underflow cut (Source.C find_min_exponent)

inline G3 gaussian(double tau, double f) {
  const double x = f * tau, e = x * x / 2;
  if (!(-e > min_exponent)) return {0, 0, 0};
  const double c = f / std::sqrt(2 * pi), E = std::exp(-e);
  return {c * E, -c * f * x * E, c * f * f * (x * x - 1) * E};
}
inline G3 gaussian_int(double tau, double f) {  // the value has no cut, its derivatives have
  const double x = f * tau, e = x * x / 2, g = 0.5 * (1 + std::erf(x / std::sqrt(2.0)));
  if (!(-e > min_exponent)) return {g, 0, 0};
  const double c = f / std::sqrt(2 * pi), E = std::exp(-e);
  return {g, c * E, -c * f * x * E};
}
inline G3 ricker(double tau, double f) {
  const double x = f * tau, u = (pi * x) * (pi * x);
  if (!(-u > min_exponent)) return {0, 0, 0};
  const double E = std::exp(-u);
  return {(2 * u - 1) * E, 2 * pi * pi * f * x * (3 - 2 * u) * E,
          2 * pi * pi * f * f * (3 - 12 * u + 4 * u * u) * E};
}
inline G3 ricker_int(double tau, double f) {
  const double x = f * tau, u = (pi * x) * (pi * x);
  if (!(-u > min_exponent)) return {0, 0, 0};
  const double E = std::exp(-u);
  return {-tau * E, (2 * u - 1) * E, 2 * pi * pi * f * x * (3 - 2 * u) * E};
}
inline G3 ramp(double tau, double f) {
  const double x = f * tau;
  if (x < 0) return {0, 0, 0};
  if (x > 1) return {1, 0, 0};
  return {0.5 * (1 - std::cos(pi * x)), 0.5 * pi * f * std::sin(pi * x),
          0.5 * pi * pi * f * f * std::cos(pi * x)};
}
// Four-term Fourier sums of the triangle wave; w = angular argument of the first term.
inline G3 fourier4(double w, double dw, double amp) {
  double s = 0, c = 0, s2 = 0;
  for (int n = 1, sign = 1; n <= 7; n += 2, sign = -sign) {
    s += sign * std::sin(n * w) / (n * n);
    c += sign * std::cos(n * w) / n;
    s2 += sign * std::sin(n * w);
  }
  return {amp * s, amp * dw * c, -amp * dw * dw * s2};
}
inline G3 triangle(double tau, double f) {
  const double x = f * tau;
  if (x < 0 || x > 1) return {0, 0, 0};
  return fourier4(pi * x, pi * f, 2 * f * 8 / (pi * pi));
}
inline G3 sawtooth(double tau, double f) {
  const double x = f * tau;
  if (x < 0 || x > 1) return {0, 0, 0};
  return fourier4(2 * pi * x, 2 * pi * f, 8 / (pi * pi));
}
inline G3 smooth_wave(double tau, double f) {
  const double x = f * tau;
  if (x < 0 || x > 1) return {0, 0, 0};
  const double c3 = 2187. / 8, c4 = -10935. / 8, c5 = 19683. / 8, c6 = -15309. / 8, c7 = 2187. / 4;
  return {x * x * x * (c3 + x * (c4 + x * (c5 + x * (c6 + x * c7)))),
          f * x * x * (3 * c3 + x * (4 * c4 + x * (5 * c5 + x * (6 * c6 + x * 7 * c7)))),
          f * f * x * (6 * c3 + x * (12 * c4 + x * (20 * c5 + x * (30 * c6 + x * 42 * c7))))};
}
inline G3 very_smooth_bump(double tau, double f) {  // 1024 p^5, p = x(1-x)
  const double x = f * tau;
  if (x < 0 || x > 1) return {0, 0, 0};
  const double p = x * (1 - x), q = 1 - 2 * x, p3 = p * p * p;
  return {1024 * p3 * p * p, 5120 * f * p3 * p * q, 5120 * f * f * p3 * (4 * q * q - 2 * p)};
}
inline G3 c6_smooth_bump(double tau, double f) {  // 51480 p^7, p = x(1-x)
  const double x = f * tau;
  if (x < 0 || x > 1) return {0, 0, 0};
  const double p = x * (1 - x), q = 1 - 2 * x, p5 = p * p * p * p * p;
  return {51480 * p5 * p * p, 360360 * f * p5 * p * q, 360360 * f * f * p5 * (6 * q * q - 2 * p)};
}
inline G3 brune(double tau, double f) {
  const double x = f * tau;
  if (x < 0) return {0, 0, 0};
  if (!(-x > min_exponent)) return {1, 0, 0};
  const double E = std::exp(-x);
  return {1 - E * (1 + x), f * x * E, f * f * (1 - x) * E};
}
inline G3 dbrune(double tau, double f) {
  const double x = f * tau;
  if (x < 0 || !(-x > min_exponent)) return {0, 0, 0};
  const double E = std::exp(-x);
  return {f * x * E, f * f * (1 - x) * E, f * f * f * (x - 2) * E};
}
inline G3 brune_smoothed(double tau, double f) {  // 1 - e^-x P(x) below x = H, Brune above
  const double x = f * tau, H = 2.31, hi = 1 / H;
  if (x < 0) return {0, 0, 0};
  if (x >= H) return brune(tau, f);
  const double c3 = -1.5 * hi, c4 = 1.5 * hi * hi, c5 = -0.5 * hi * hi * hi, E = std::exp(-x);
  const double P = 1 + x * (1 + x * (0.5 + x * (c3 + x * (c4 + x * c5))));
  const double P1 = 1 + x * (1 + x * (3 * c3 + x * (4 * c4 + x * 5 * c5)));
  const double P2 = 1 + x * (6 * c3 + x * (12 * c4 + x * 20 * c5));
  return {1 - E * P, f * E * (P - P1), f * f * E * (2 * P1 - P - P2)};
}
inline G3 gaussian_window(double tau, double f) {  // ncyc fixed at 5 as in the original
  const double x = f * tau, q = 1.0 / (5.0 * 5.0), e = 0.5 * x * x * q;
  if (!(-e > min_exponent)) return {0, 0, 0};
  const double E = std::exp(-e), s = std::sin(x), c = std::cos(x);
  return {s * E, f * (c - x * q * s) * E,
          f * f * ((x * x * q * q - 1 - q) * s - 2 * x * q * c) * E};
}
inline G3 liu(double tau, double f) {  // in tau, not x: T = 2 pi / f
  const double T = 2 * pi / f, t1 = 0.13 * T, t2 = T - t1, ipi = 1 / pi;
  if (tau < 0) return {0, 0, 0};
  if (tau >= T) return {1, 0, 0};
  const double cn = 1 / (1.4 * t1 + 1.2 * t1 * ipi + 0.3 * t2);
  if (tau <= t1) {
    const double a = pi * tau / t1;
    return {cn * (0.7 * tau - 0.7 * t1 * ipi * std::sin(a) -
                  1.2 * t1 * ipi * (std::cos(a / 2) - 1)),
            cn * (0.7 - 0.7 * std::cos(a) + 0.6 * std::sin(a / 2)),
            cn * pi / t1 * (0.7 * std::sin(a) + 0.3 * std::cos(a / 2))};
  }
  const double b = pi * (tau - t1) / t2;
  if (tau <= 2 * t1) {
    const double a = pi * tau / t1;
    return {cn * (tau - 0.3 * t1 + 1.2 * t1 * ipi - 0.7 * t1 * ipi * std::sin(a) +
                  0.3 * t2 * ipi * std::sin(b)),
            cn * (1 - 0.7 * std::cos(a) + 0.3 * std::cos(b)),
            cn * (0.7 * pi / t1 * std::sin(a) - 0.3 * pi / t2 * std::sin(b))};
  }
  return {cn * (0.3 * tau + 1.1 * t1 + 1.2 * t1 * ipi + 0.3 * t2 * ipi * std::sin(b)),
          cn * (0.3 + 0.3 * std::cos(b)), -cn * 0.3 * pi / t2 * std::sin(b)};
}
// Five-level discrete pulse of the original (f should be 1/dt). Weights w(alpha) of the level
// k0; g = f w, and since alpha = -f tau - k0, g' = -f^2 w', g'' = f^3 w''. (The original's own
// first-derivative routine has the opposite sign; only g and g'' reach the solution.)
inline G3 dirac(double tau, double f) {
  const double kappa = -tau * f;
  const int k0 = static_cast<int>(std::floor(kappa + 0.5));
  if (k0 < -2 || k0 > 2) return {0, 0, 0};
  const double a = kappa - k0, a2 = a * a;
  const double c1 = 2.59765625, c2 = 10.0625, c3 = 22.875, c4 = 26.6666666666667,
               c5 = 11.6666666666667, a1 = 0.41015625, b1 = 2.140625, e1 = 3.4609375;
  const double p = a2 * a2 * (c1 - a2 * (c2 - a2 * (c3 - a2 * (c4 - a2 * c5))));
  const double p1 =
      a2 * a * (4 * c1 - a2 * (6 * c2 - a2 * (8 * c3 - a2 * (10 * c4 - a2 * 12 * c5))));
  const double p2 = a2 * (31.171875 - a2 * (301.875 - a2 * (1281.0 - a2 * (2400.0 - a2 * 1540.0))));
  double w, w1, w2;
  switch (k0) {
    case 2: w = a * (1 - a2) / 12 - a1 * a2 + p; w1 = (1 - 3 * a2) / 12 - 2 * a1 * a + p1;
            w2 = -a / 2 - 2 * a1 + p2; break;
    case 1: w = a * (a2 - 4) / 6 + b1 * a2 - 4 * p; w1 = (3 * a2 - 4) / 6 + 2 * b1 * a - 4 * p1;
            w2 = a + 2 * b1 - 4 * p2; break;
    case 0: w = 1 - e1 * a2 + 6 * p; w1 = -2 * e1 * a + 6 * p1; w2 = -2 * e1 + 6 * p2; break;
    case -1: w = a * (4 - a2) / 6 + b1 * a2 - 4 * p; w1 = (4 - 3 * a2) / 6 + 2 * b1 * a - 4 * p1;
             w2 = -a + 2 * b1 - 4 * p2; break;
    default: w = a * (a2 - 1) / 12 - a1 * a2 + p; w1 = (3 * a2 - 1) / 12 - 2 * a1 * a + p1;
             w2 = a / 2 - 2 * a1 + p2; break;
  }
  return {f * w, -f * f * w1, f * f * f * w2};
}
}  // namespace tf

// g(t - t0) and its exact derivatives for one source.
struct TimeFunction {
  static TimeFunction from(const SourceCfg& src) {
    TimeFunction T;
    T.type_ = src.type;
    T.freq_ = src.freq;
    T.t0_ = src.t0;
    if (src.type == TimeFunctionType::Discrete) T.build_discrete(src);
    return T;
  }
  double g(double t) const { return all(t - t0_)[0]; }
  double g_t(double t) const { return all(t - t0_)[1]; }
  double g_tt(double t) const { return all(t - t0_)[2]; }

  // {g, g', g''} at tau = t - t0.
  tf::G3 all(double tau) const {
    const double f = freq_;
    switch (type_) {
      case TimeFunctionType::Gaussian: return tf::gaussian(tau, f);
      case TimeFunctionType::GaussianInt: return tf::gaussian_int(tau, f);
      case TimeFunctionType::Ricker: return tf::ricker(tau, f);
      case TimeFunctionType::RickerInt: return tf::ricker_int(tau, f);
      case TimeFunctionType::Ramp: return tf::ramp(tau, f);
      case TimeFunctionType::Triangle: return tf::triangle(tau, f);
      case TimeFunctionType::Sawtooth: return tf::sawtooth(tau, f);
      case TimeFunctionType::SmoothWave: return tf::smooth_wave(tau, f);
      case TimeFunctionType::VerySmoothBump: return tf::very_smooth_bump(tau, f);
      case TimeFunctionType::C6SmoothBump: return tf::c6_smooth_bump(tau, f);
      case TimeFunctionType::Brune: return tf::brune(tau, f);
      case TimeFunctionType::BruneSmoothed: return tf::brune_smoothed(tau, f);
      case TimeFunctionType::DBrune: return tf::dbrune(tau, f);
      case TimeFunctionType::GaussianWindow: return tf::gaussian_window(tau, f);
      case TimeFunctionType::Liu: return tf::liu(tau, f);
      case TimeFunctionType::Dirac: return tf::dirac(tau, f);
      case TimeFunctionType::Discrete: return discrete(tau);
    }
    return {0, 0, 0};
  }
  TimeFunctionType type() const { return type_; }
  double freq() const { return freq_; }
  double t0() const { return t0_; }

 private:
  TimeFunctionType type_ = TimeFunctionType::RickerInt;
  double freq_ = 1, t0_ = 0;
  // Discrete: nseg_ intervals of length dt_ from ts_; 6 Taylor coefficients each, in the local
  // variable u = (tau - tau_m)/dt in [0,1]. Shared, so copies of a TimeFunction stay cheap.
  double ts_ = 0, dt_ = 1, first_ = 0, last_ = 0;
  int nseg_ = 0;
  std::shared_ptr<const std::vector<double>> coef_;

  void build_discrete(const SourceCfg& src) {
    const std::vector<double>& s = src.samples;
    const int n = static_cast<int>(s.size());
    ts_ = src.sample_t0;
    dt_ = src.sample_dt;
    first_ = n > 0 ? s.front() : 0;
    last_ = n > 0 ? s.back() : 0;
    if (n < 2) return;  // zero or one sample: a constant
    if (!(dt_ > 0))
      throw std::invalid_argument("Discrete time function: sample spacing must be > 0");
    // Knot slope and curvature in the local variable u: v = dt g', a = dt^2 g''.
    std::vector<double> v(n, 0.0), a(n, 0.0);
    for (int m = 1; m < n - 1; ++m) {
      if (m >= 2 && m <= n - 3) {
        v[m] = (s[m - 2] - 8 * s[m - 1] + 8 * s[m + 1] - s[m + 2]) / 12;
        a[m] = (-s[m - 2] + 16 * s[m - 1] - 30 * s[m] + 16 * s[m + 1] - s[m + 2]) / 12;
      } else {
        v[m] = (s[m + 1] - s[m - 1]) / 2;
        a[m] = s[m + 1] - 2 * s[m] + s[m - 1];
      }
    }
    auto c = std::make_shared<std::vector<double>>(6 * (n - 1));
    for (int m = 0; m < n - 1; ++m) {
      // Quintic with value, slope, curvature (s, v, a) at u = 0 and at u = 1.
      const double A = s[m + 1] - s[m] - v[m] - a[m] / 2, B = v[m + 1] - v[m] - a[m],
                   C = a[m + 1] - a[m];
      double* q = c->data() + 6 * m;
      q[0] = s[m];
      q[1] = v[m];
      q[2] = a[m] / 2;
      q[3] = 10 * A - 4 * B + C / 2;
      q[4] = -15 * A + 7 * B - C;
      q[5] = 6 * A - 3 * B + C / 2;
    }
    nseg_ = n - 1;
    coef_ = std::move(c);
  }
  tf::G3 discrete(double tau) const {
    if (nseg_ == 0 || tau <= ts_) return {first_, 0, 0};
    const double r = (tau - ts_) / dt_;
    if (r >= nseg_) return {last_, 0, 0};
    int m = static_cast<int>(std::floor(r));
    if (m > nseg_ - 1) m = nseg_ - 1;
    const double u = r - m;
    const double* q = coef_->data() + 6 * m;
    const double g = q[0] + u * (q[1] + u * (q[2] + u * (q[3] + u * (q[4] + u * q[5]))));
    const double g1 = q[1] + u * (2 * q[2] + u * (3 * q[3] + u * (4 * q[4] + u * 5 * q[5])));
    const double g2 = 2 * q[2] + u * (6 * q[3] + u * (12 * q[4] + u * 20 * q[5]));
    return {g, g1 / dt_, g2 / (dt_ * dt_)};
  }
};

// ------------------------------------------------------------------------------------------------
// 1-D source weights (NUMERICS §6.2). Index m = 0..5 is the point ic-2+m; a = q - ic.
// W: sum_m W_m (m-2-a)^p = delta_p0, D: sum_m D_m (m-2-a)^p = -delta_p1, for p = 0..4.
inline std::array<double, 6> delta_weights(double a) {
  const double a2 = a * a, a3 = a2 * a, a4 = a2 * a2;
  const double P5 = a4 * a * (5.0 / 3 - 7.0 / 24 * a - 17.0 / 12 * a2 + 9.0 / 8 * a3 - a4 / 4);
  return {(2 * a - a2 - 2 * a3 - 19 * a4) / 24 + P5,
          (-4 * a + 4 * a2 + a3) / 6 + 4 * a4 - 5 * P5,
          1 - 5.0 / 4 * a2 - 97.0 / 12 * a4 + 10 * P5,
          (4 * a + 4 * a2 - a3 + 49 * a4) / 6 - 10 * P5,
          (-2 * a - a2 + 2 * a3) / 24 - 33.0 / 8 * a4 + 5 * P5,
          5.0 / 6 * a4 - P5};
}
inline std::array<double, 6> delta_derivative_weights(double a) {
  const double a2 = a * a, a3 = a2 * a, a4 = a2 * a2;
  const double Q = a4 * (-25.0 / 12 - 0.75 * a + 59.0 / 12 * a2 - 4 * a3 + a4);
  return {(-1 + a + 3 * a2 + 8 * a3) / 12 + Q,
          2.0 / 3 * (1 - 2 * a) - a2 / 2 - 3.5 * a3 - 5 * Q,
          2.5 * a + 22.0 / 3 * a3 + 10 * Q,
          2.0 / 3 * (-1 - 2 * a) + a2 / 2 - 23.0 / 3 * a3 - 10 * Q,
          (1 + a) / 12 - a2 / 4 + 4 * a3 + 5 * Q,
          -5.0 / 6 * a3 - Q};
}
// Near the surface (kc = 3, c <= 0): quartic Lagrange interpolation on the 5 points kc-2..kc+2,
// and minus its c-derivative; the same moments, p = 0..4.
inline std::array<double, 6> delta_weights_surface(double c) {
  const double c2 = c * c, c3 = c2 * c, c4 = c2 * c2;
  return {(2 * c - c2 - 2 * c3 + c4) / 24, (-4 * c + 4 * c2 + c3 - c4) / 6,
          1 - 1.25 * c2 + 0.25 * c4, (4 * c + 4 * c2 - c3 - c4) / 6,
          (-2 * c - c2 + 2 * c3 + c4) / 24, 0};
}
inline std::array<double, 6> delta_derivative_weights_surface(double c) {
  const double c2 = c * c, c3 = c2 * c;
  return {(-1 + c + 3 * c2 - 2 * c3) / 12, (2 - 4 * c - 1.5 * c2 + 2 * c3) / 3, 2.5 * c - c3,
          (-2 - 4 * c + 1.5 * c2 + 2 * c3) / 3, (1 + c - 3 * c2 - 2 * c3) / 12, 0};
}
// SBP norm weights of the boundary rows k = 1..4 (the h-scaled diagonal of the SBP norm).
constexpr std::array<double, 4> sbp_hnorm = {17.0 / 48, 59.0 / 48, 43.0 / 48, 49.0 / 48};

// One source's value at one grid point, before the time function.
struct GridPointForce {
  int i, j, k;
  double fx, fy, fz;
};

// All grid-point values of one source on the global grid (global indices, 1 <= k <= nz; no
// ownership filter). Moment sources: all 6x6x6 points, zero or not; force sources: only nonzero
// products, none if F = 0. The 5-point surface z-weights are chosen by position alone (kc = 3
// and c <= 0), as the original does whatever the top boundary; the SBP-norm division of the
// weights on k = 1..4 only with a free-surface top (the original tests is_onesided(top)). The
// original's matching correction at the bottom is left out: no deck makes the bottom one-sided.
inline std::vector<GridPointForce> grid_point_forces(const SourceCfg& src, const GridCfg& grid,
                                                     bool free_surface_top) {
  const double h = grid.h;
  const double q = src.x / h + 1, r = src.y / h + 1, s = src.z / h + 1;  // z_min = 0
  int ic = static_cast<int>(std::floor(q)), jc = static_cast<int>(std::floor(r)),
      kc = static_cast<int>(std::floor(s));
  // Bias the stencil inside: no source weight on ghost points.
  if (ic <= 2) ic = 3;
  if (ic >= grid.nx - 2) ic = grid.nx - 3;
  if (jc <= 2) jc = 3;
  if (jc >= grid.ny - 2) jc = grid.ny - 3;
  if (kc >= grid.nz) kc = grid.nz - 1;
  if (kc < 1) kc = 1;
  if (kc <= 2) kc = 3;
  if (kc >= grid.nz - 2) kc = grid.nz - 3;
  const double a = q - ic, b = r - jc, c = s - kc;
  const auto Wi = delta_weights(a), Wj = delta_weights(b), Di = delta_derivative_weights(a),
             Dj = delta_derivative_weights(b);
  const bool surface = (kc == 3 && c <= 0);
  auto Wk = surface ? delta_weights_surface(c) : delta_weights(c);
  auto Dk = surface ? delta_derivative_weights_surface(c) : delta_derivative_weights(c);
  if (free_surface_top)
    for (int m = 0; m < 6; ++m) {
      const int k = kc - 2 + m;
      if (1 <= k && k <= 4) {
        Wk[m] /= sbp_hnorm[k - 1];
        Dk[m] /= sbp_hnorm[k - 1];
      }
    }

  std::vector<GridPointForce> out;
  if (src.is_force) {
    if (src.fx == 0 && src.fy == 0 && src.fz == 0) return out;
    for (int k = kc - 2; k <= kc + 3; ++k)
      for (int j = jc - 2; j <= jc + 3; ++j)
        for (int i = ic - 2; i <= ic + 3; ++i) {
          double w = Wi[i - ic + 2] * Wj[j - jc + 2] * Wk[k - kc + 2];
          if (w == 0 || k < 1 || k > grid.nz) continue;
          w /= h * h * h;
          out.push_back({i, j, k, w * src.fx, w * src.fy, w * src.fz});
        }
    return out;
  }
  // f_a = -sum_b M_ab G_b / h^3 with G = grad of the discrete delta: G_x = D_i W_j W_k / h ...
  const double hi = 1 / h, ih3 = 1.0 / (h * h * h);
  out.reserve(216);
  for (int k = kc - 2; k <= kc + 3; ++k) {
    if (k < 1 || k > grid.nz) continue;
    for (int j = jc - 2; j <= jc + 3; ++j)
      for (int i = ic - 2; i <= ic + 3; ++i) {
        const int mi = i - ic + 2, mj = j - jc + 2, mk = k - kc + 2;
        const double Gx = hi * Di[mi] * Wj[mj] * Wk[mk];
        const double Gy = Wi[mi] * hi * Dj[mj] * Wk[mk];
        const double Gz = Wi[mi] * Wj[mj] * hi * Dk[mk];
        out.push_back({i, j, k, -(src.mxx * Gx + src.mxy * Gy + src.mxz * Gz) * ih3,
                       -(src.mxy * Gx + src.myy * Gy + src.myz * Gz) * ih3,
                       -(src.mxz * Gx + src.myz * Gy + src.mzz * Gz) * ih3});
      }
  }
  return out;
}

// ------------------------------------------------------------------------------------------------
// Exact whole-space solution (NUMERICS §7.2). Ingredients, for the unit-frequency pulses p(y):
// A = p(tau - R/alpha), B = p(tau - R/beta), C = int_{R/alpha}^{R/beta} L p(tau - L) dL,
// D = p'(tau - R/alpha)/(alpha^3 R), E = p'(tau - R/beta)/(beta^3 R).
namespace stokes {
inline bool is_pulse(TimeFunctionType t) {
  return t == TimeFunctionType::SmoothWave || t == TimeFunctionType::VerySmoothBump ||
         t == TimeFunctionType::C6SmoothBump;
}
// Unit pulse and its derivative, zero unless 0 < y < 1 (strictly, as the original).
inline tf::G3 pulse3(TimeFunctionType t, double y) {
  if (!(y > 0 && y < 1)) return {0, 0, 0};
  if (t == TimeFunctionType::SmoothWave) return tf::smooth_wave(y, 1);
  if (t == TimeFunctionType::VerySmoothBump) return tf::very_smooth_bump(y, 1);
  return tf::c6_smooth_bump(y, 1);
}
inline double pulse(TimeFunctionType t, double y) { return pulse3(t, y)[0]; }
inline double pulse_t(TimeFunctionType t, double y) { return pulse3(t, y)[1]; }
// Primitive P(L) with dP/dL = L p(tau - L): with y = tau - L, P = G2(y) - tau G1(y), where
// G1 = int_0^y p and G2 = int_0^y s p(s) ds (then dP/dL = -(y - tau) p(y) = L p(tau - L)).
// The polynomial forms lose digits to cancellation as y -> 1, so for the two symmetric bumps
// (p(y) = p(1-y), area A) y > 1/2 is reflected: P(y, tau) = A (1/2 - tau) + P(1 - y, 1 - tau).
// The pointsource run only meets y < 1/2, where the C6 form is the original's, roundoff and all.
inline double pulse_primitive_direct(TimeFunctionType t, double y, double tau) {
  if (t == TimeFunctionType::C6SmoothBump) {  // the form of NUMERICS §7.2
    const double y2 = y * y, y4 = y2 * y2;
    return std::pow(y, 8) *
           (-3217.5 * std::pow(y, 8) + 3432.0 * (7 + tau) * std::pow(y, 7) -
            25740.0 * (3 + tau) * std::pow(y, 6) + 27720.0 * (5 + 3 * tau) * std::pow(y, 5) -
            150150.0 * (tau + 1) * y4 + 32760.0 * (3 + 5 * tau) * y2 * y -
            36036.0 * (1 + 3 * tau) * y2 + 5720.0 * (1 + 7 * tau) * y - 6435.0 * tau);
  }
  // p = sum_j c_j y^(k0+j)
  static const double sw[] = {2187. / 8, -10935. / 8, 19683. / 8, -15309. / 8, 2187. / 4};
  static const double vsb[] = {1024, -5120, 10240, -10240, 5120, -1024};
  const bool is_sw = (t == TimeFunctionType::SmoothWave);
  const double* c = is_sw ? sw : vsb;
  const int k0 = is_sw ? 3 : 5, n = is_sw ? 5 : 6;
  double G1 = 0, G2 = 0;  // G1 = y^(k0+1) sum c_j y^j/(k0+j+1), G2 = y^(k0+2) sum c_j y^j/(k0+j+2)
  for (int j = n - 1; j >= 0; --j) {
    G1 = G1 * y + c[j] / (k0 + j + 1);
    G2 = G2 * y + c[j] / (k0 + j + 2);
  }
  return std::pow(y, k0 + 1) * (y * G2 - tau * G1);
}
inline double pulse_primitive(TimeFunctionType t, double L, double tau) {
  const double y = tau - L;
  if (y > 0.5 && t != TimeFunctionType::SmoothWave) {
    const double area = t == TimeFunctionType::C6SmoothBump ? 1.0 : 1024.0 / 2772;  // 1024 B(6,6)
    return area * (0.5 - tau) + pulse_primitive_direct(t, 1 - y, 1 - tau);
  }
  return pulse_primitive_direct(t, y, tau);
}
// C for a unit pulse, the integration range clipped to the pulse's support.
inline double pulse_integral(TimeFunctionType t, double tau, double R, double alpha, double beta) {
  const double lo = (R / alpha > tau - 1) ? R / alpha : tau - 1;
  const double hi = (R / beta < tau) ? R / beta : tau;
  if (!(lo < tau && hi > tau - 1)) return 0;
  return pulse_primitive(t, hi, tau) - pulse_primitive(t, lo, tau);
}
// Gaussian of standard deviation sigma (unit area): value, derivative, and C in closed form.
inline double gauss(double y, double sigma) {
  return std::exp(-y * y / (2 * sigma * sigma)) / (sigma * std::sqrt(2 * tf::pi));
}
inline double gauss_t(double y, double sigma) { return -gauss(y, sigma) * y / (sigma * sigma); }
inline double gaussian_integral(double tau, double R, double sigma, double alpha, double beta) {
  const double yb = tau - R / beta, ya = tau - R / alpha, s2 = std::sqrt(2.0) * sigma;
  return -0.5 * tau * (std::erf(yb / s2) - std::erf(ya / s2)) -
         sigma / std::sqrt(2 * tf::pi) *
             (std::exp(-yb * yb / (2 * sigma * sigma)) - std::exp(-ya * ya / (2 * sigma * sigma)));
}
}  // namespace stokes

inline bool has_exact_solution(TimeFunctionType type) {
  return stokes::is_pulse(type) || type == TimeFunctionType::Gaussian;
}

// Displacement at (x,y,z), time t, of source src in a homogeneous whole space (rho, cp, cs); zero
// within 1e-3 h of the source. Force sources are exact for any freq. Moment sources with the
// polynomial pulses use time freq*(t - t0) but the unscaled distance, exactly as the original
// (EW.C get_exact_point_source), so they are the true solution only for freq = 1; kept so that
// the error norms agree with the original for every deck. The Gaussian is exact for any freq.
inline std::array<double, 3> exact_point_source(const SourceCfg& src, double rho, double cp,
                                                double cs, double x, double y, double z, double t,
                                                double h) {
  if (!has_exact_solution(src.type))
    throw std::invalid_argument(
        std::string("testpointsource: no exact solution for time function ") +
        source_time_function_name(src.type) +
        " (allowed: SmoothWave, VerySmoothBump, C6SmoothBump, Gaussian)");
  // Wave speeds from mu and lambda as the original stores them.
  const double mu = rho * cs * cs, la = rho * cp * cp - 2 * mu;
  const double beta = std::sqrt(mu / rho), alpha = std::sqrt((2 * mu + la) / rho);
  const double r[3] = {x - src.x, y - src.y, z - src.z};
  const double R = std::sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2]);
  if (R < 1e-3 * h) return {0, 0, 0};
  const bool gaussian = (src.type == TimeFunctionType::Gaussian);
  const double sigma = 1 / src.freq;
  double time = (t - src.t0) * src.freq;
  if (gaussian) time *= sigma;
  const double a2 = alpha * alpha, b2 = beta * beta, fourpirho = 4 * tf::pi * rho;

  if (src.is_force) {
    // Pulses: time in units of 1/freq, so the distance is scaled too: Rf = freq R, C/freq^2.
    const double Rf = gaussian ? R : src.freq * R;
    const double A = gaussian ? stokes::gauss(time - R / alpha, sigma)
                              : stokes::pulse(src.type, time - Rf / alpha);
    const double B = gaussian ? stokes::gauss(time - R / beta, sigma)
                              : stokes::pulse(src.type, time - Rf / beta);
    const double C = gaussian ? stokes::gaussian_integral(time, R, sigma, alpha, beta)
                              : stokes::pulse_integral(src.type, time, Rf, alpha, beta);
    const double Af = (A / a2 - B / b2 + 3 * C / (Rf * Rf)) / (fourpirho * R * R * R);
    const double Bf = (B / b2 - C / (Rf * Rf)) / (fourpirho * R);
    const double rF = r[0] * src.fx + r[1] * src.fy + r[2] * src.fz;
    return {rF * r[0] * Af + src.fx * Bf, rF * r[1] * Af + src.fy * Bf,
            rF * r[2] * Af + src.fz * Bf};
  }
  double A, B, C, D, E;
  if (gaussian) {
    A = stokes::gauss(time - R / alpha, sigma);
    B = stokes::gauss(time - R / beta, sigma);
    C = stokes::gaussian_integral(time, R, sigma, alpha, beta);
    D = stokes::gauss_t(time - R / alpha, sigma) / (a2 * alpha) / R;
    E = stokes::gauss_t(time - R / beta, sigma) / (b2 * beta) / R;
  } else {  // the freq quirk: R not scaled
    A = stokes::pulse(src.type, time - R / alpha);
    B = stokes::pulse(src.type, time - R / beta);
    C = stokes::pulse_integral(src.type, time, R, alpha, beta);
    D = stokes::pulse_t(src.type, time - R / alpha) / (a2 * alpha) / R;
    E = stokes::pulse_t(src.type, time - R / beta) / (b2 * beta) / R;
  }
  // u_i = -sum_jk M_jk dG_ij/dx_k (the 27 terms of NUMERICS 7.2), summed in closed form: with
  // m = M r, rMr = r.M.r and tr = trace M, sum_jk M_jk r_i r_j r_k = r_i rMr and
  // sum_jk M_jk (d_ik r_j + d_jk r_i + d_ij r_k) = 2 m_i + r_i tr.
  const double M[3][3] = {{src.mxx, src.mxy, src.mxz}, {src.mxy, src.myy, src.myz},
                          {src.mxz, src.myz, src.mzz}};
  double m[3], rMr = 0;
  for (int i = 0; i < 3; ++i) {
    m[i] = M[i][0] * r[0] + M[i][1] * r[1] + M[i][2] * r[2];
    rMr += r[i] * m[i];
  }
  const double tr = src.mxx + src.myy + src.mzz;
  const double R2 = R * R, R3 = R2 * R, R5 = R3 * R2, R7 = R5 * R2, AB = A / a2 - B / b2;
  std::array<double, 3> u;
  for (int i = 0; i < 3; ++i) {
    const double s3 = 2 * m[i] + r[i] * tr;
    u[i] = ((15 * r[i] * rMr / R7 - 3 * s3 / R5) * C + (6 * r[i] * rMr / R5 - s3 / R3) * AB +
            r[i] * rMr / R3 * (D - E) + m[i] * (E / R + B / (b2 * R3))) /
           fourpirho;
  }
  return u;
}

}  // namespace sw4

// time_function.hpp: the source time functions g(t) with their exact first and second
// derivatives, and the user time series (type=Discrete).
//
// Why built so. A TimeFunction gives g and its exact second derivative (the corrector needs g'',
// NUMERICS §2.2) once per source per step; it is a few numbers plus, for a user series, a shared
// table, and allocates nothing after set-up. Every time function of the original (§6.3) is here
// with derivatives derived from its value, so g_t and g_tt are exact, and cut-offs and piecewise
// ends follow the original.
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
#pragma once

#include <array>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "config.hpp"

namespace sw4 {

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
  if (!(std::fabs(kappa) < 3)) return {0, 0, 0};  // outside the pulse; and no int cast of a huge kappa
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

}  // namespace sw4

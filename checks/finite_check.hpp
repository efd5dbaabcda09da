// finite_check.hpp: decks whose numbers cannot stay finite, found before the first step: a
// time step whose powers underflow or overflow, a time function that is not finite at the
// step times, source amplitudes whose arithmetic overflows (docs/user-guide.md, "Checked before
// the first step").
//
// Why built so: `time t=1e-300` passed --check and gave NaN at step 1 (dt^2 = 0, and U'' is
// (U* - 2U + Um) / dt^2 = 0/0), `fz=1e308` passed and gave an infinity at step 1. Each is a
// class, and each is decided by the deck and dt alone, so --check can find them:
//
//  - The step. The scheme forms dt^2 (predictor, the forces), 1/dt^2 (U'') and dt^4/12 (the
//    corrector, as dt dt dt dt / 12): dt^2 must be a normal Real (the kernels get it as one:
//    REAL_MIN <= dt^2, so 1/dt^2 is finite) and dt^4 finite: 1.49e-154 <= dt <= 1.16e77, in the
//    single build 1.08e-19 <= dt <= 4.29e9. (dt^4 below REAL_MIN only loses the corrector's
//    term: finite, and the step is then so small that the term is far below rounding anyway.)
//  - The time functions. The run evaluates g(t - t0) and g''(t - t0) at its step times; with a
//    large freq g'' grows like freq^3 (Gaussian: freq^3/sqrt(2 pi) at t0), with a tiny one Liu's
//    period 2 pi/freq overflows, a user series' g'' is divided by its sample spacing squared. So
//    each is evaluated where the run evaluates it: at the step times m dt inside the window where
//    it is not constant (x = freq (t - t0) in [-200, 800] holds every closed form's; a user
//    series' record), at most kSamples of them, spread evenly (a window that long is many steps
//    per unit of x, so the samples are far denser than any feature), and at the first and last
//    step. A value that is not finite is an error on the source's line, with the freq that would
//    be (found by bisection on the same evaluation).
//  - The amplitudes. The grid-point forces (amplitude times the source weights over h^3, or
//    h^4 for a moment) must be finite: they are computed exactly. Then the arithmetic of the
//    steps scales with the amplitude A, so its largest number is A times a number per unit
//    amplitude, estimated as the largest of (lambda + 2 mu) max(1, 1/h^2) max(|U|, |U''|) (the
//    operator's fluxes and its value, on U and on U''), |U|/dt (velocity) and |U|/h (gradients),
//    with |U| the larger of the first steps' displacement (force g dt^2/rho) and the solution
//    check's scale A G / (mu h^p) (docs/user-guide.md, "The solution check"), |U''| =
//    vp^2 |U| / h^2 + the
//    force times g'' over rho, all times kMargin. Measured with the build before this check
//    (five decks: forces on h = 100 and h = 0.04, a Ricker force near the surface, moment
//    tensors on h = 100 and 1000; amplitudes up to 1000 times the bound): every run that
//    overflowed is refused, and the bound is 2 to 4 (moment, h = 100), 30 to 100 (forces, h =
//    100) and 100 to 1000 (force, h = 0.04) times below the amplitude where a run first
//    overflowed. Amplitudes that large mean nothing physical; the decks of inputs/ are 280
//    decades below the bound. The steps' numbers are Reals, so the bound is FLT_MAX's in the
//    single build (every deck of inputs/ passes it there too).
//
// m0 times Mxx and f0 times fx are checked by the parser (input_commands.hpp). No MPI.
#pragma once

#include <algorithm>
#include <array>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "checks/float_bits.hpp"
#include "grid.hpp"
#include "material.hpp"
#include "verify/verify_material.hpp"  // a test problem's material (material.hpp asks it)
#include "input.hpp"
#include "source.hpp"
#include "time_function.hpp"

namespace sw4 {
namespace finite_detail {

inline double lg(double x) { return x > 0 ? std::log10(x) : -1e300; }  // log10; 0 -> far below anything
inline double lsum(double a, double b) {  // log10(10^a + 10^b)
  const double m = std::max(a, b);
  return m + std::log10(1 + std::pow(10.0, std::min(a, b) - m));
}

constexpr long kSamples = 100000;  // step times at most evaluated per time function
// The model of the steps' largest number is scaled by this, so that every measured deck whose
// run overflowed is refused (a moment source overflowed at 0.55 to 0.9 of the unscaled model's
// bound; forces at 3 to 300 times it).
constexpr double kMargin = 4;

inline std::string fmt(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.6g", v);
  return b;
}
inline std::string at(const Config& cfg, int line) { return cfg.filename + ":" + std::to_string(line) + ": "; }

// The largest |g| and |g''| of a time function at the step times m dt, m = 0..nsteps-1 (see
// above), and the first time where one is not finite (-1 if none).
struct Peak {
  double g = 0, g1 = 0, g2 = 0, bad_t = -1;
};
inline Peak time_function_peak(const SourceCfg& src, double dt, long nsteps) {
  Peak p;
  const TimeFunction tf = TimeFunction::from(src);
  auto look = [&](long m) {
    const double t = double(m) * dt;
    const tf::G3 v = tf.all(t - src.t0);
    if (!finite_bits(v[0]) || !finite_bits(v[2])) {
      if (p.bad_t < 0) p.bad_t = t;
      return;
    }
    p.g = std::max(p.g, std::fabs(v[0]));
    if (finite_bits(v[1])) p.g1 = std::max(p.g1, std::fabs(v[1]));
    p.g2 = std::max(p.g2, std::fabs(v[2]));
  };
  const long last = std::max(nsteps, 1L) - 1;
  look(0);
  look(last);
  double lo, hi;  // the window in t
  if (src.type == TimeFunctionType::Discrete) {
    lo = src.t0 + src.sample_t0;
    hi = lo + src.sample_dt * double(src.samples.size());
  } else {
    lo = src.t0 - 200 / src.freq;
    hi = src.t0 + 800 / src.freq;
  }
  const double m0 = std::max(0.0, std::floor(lo / dt) - 1), m1 = std::min(double(last), std::ceil(hi / dt) + 1);
  if (!(m1 >= m0)) return p;  // the window holds no step (or is not a number: looked at the ends)
  const double count = m1 - m0 + 1, stride = std::max(1.0, std::ceil(count / double(kSamples)));
  for (double m = m0; m <= m1; m += stride) look(long(m));
  look(long(m1));
  return p;
}

// The freq nearest the deck's at which the time function is finite at every step time: the
// largest below it (or, when none is, the smallest above it), to 3 digits; 0 if none is found.
inline std::array<double, 2> finite_freq(SourceCfg s, double dt, long nsteps) {
  const double f = s.freq;
  auto ok = [&](double q) {
    s.freq = q;
    return time_function_peak(s, dt, nsteps).bad_t < 0;
  };
  for (int dir : {-1, 1}) {
    double good = f, bad = f;
    for (int n = 0; n < 1100 && !ok(good); ++n) {
      bad = good;
      good = dir < 0 ? good / 2 : good * 2;
      if (!(good > 0) || !finite_bits(good)) break;
    }
    if (!ok(good)) continue;
    for (int n = 0; n < 40; ++n) {  // between good and bad, a factor of 2 apart
      const double mid = std::sqrt(good) * std::sqrt(bad);
      (ok(mid) ? good : bad) = mid;
    }
    return {good, double(dir)};
  }
  return {0, 0};
}

}  // namespace finite_detail

// The first reason the deck's numbers cannot stay finite with time step dt over nsteps steps
// (dt0: the step of the CFL bound, for the message), or "".
inline std::string finite_problem(const Config& cfg, double dt, double dt0, long nsteps) {
  using namespace finite_detail;
  // The step, whose powers the kernels get as Reals.
  const double real_min = std::numeric_limits<Real>::min(), real_max = std::numeric_limits<Real>::max();
  const double lo = std::sqrt(real_min), hi = std::sqrt(std::sqrt(real_max));
  if (!(dt * dt >= real_min) || !(dt * dt * dt * dt <= real_max)) {
    const std::string why = " gives a time step dt = " + fmt(dt) + " whose " +
                            (dt * dt >= real_min ? "fourth power overflows" : "square underflows") +
                            " (allowed: " + fmt(lo) + " <= dt <= " + fmt(hi);
    if (cfg.time.by_time && cfg.time.t_end < dt0)
      return at(cfg, cfg.time.line) + "time: t=" + fmt(cfg.time.t_end) + why + ", so t >= " + fmt(lo) + ")";
    return at(cfg, cfg.grid.line) + "grid: h=" + fmt(cfg.grid.h) + " with the material's largest speed and cfl=" +
           fmt(cfg.dev.cfl) + why + ": dt = cfl h / sqrt(max (4 mu + lambda)/rho))";
  }
  // The time functions.
  std::vector<Peak> peak;
  for (const SourceCfg& s : cfg.sources) {
    peak.push_back(time_function_peak(s, dt, nsteps));
    if (peak.back().bad_t < 0) continue;
    const std::array<double, 2> f = finite_freq(s, dt, nsteps);
    return at(cfg, s.line) + "source: the time function " + source_time_function_name(s.type) + " with freq=" +
           fmt(s.freq) + " and t0=" + fmt(s.t0) + " is not a finite number at the step time t=" +
           fmt(peak.back().bad_t) + " (allowed: g and g'' finite at every step" +
           (f[1] < 0 ? ": freq <= " + fmt(f[0]) : f[1] > 0 ? ": freq >= " + fmt(f[0]) : std::string()) + " here)";
  }
  // The amplitudes: the grid-point forces exactly, then the model of the steps' arithmetic.
  const GridCfg& g = cfg.grid;
  const bool free_top = !cfg.tps.on || cfg.tps.halfspace;
  const Box all{1, g.nx, 1, g.ny, 1, g.nz};
  auto most = [&](auto f) { return max_material(cfg, all, [&](const MaterialPoint& p, int) { return f(p); }); };
  const double modulus = most([](const MaterialPoint& p) { return p.la + 2 * p.mu; });
  const double vp2 = most([](const MaterialPoint& p) { return (p.la + 2 * p.mu) / p.rho; });
  const double mu_min = 1 / most([](const MaterialPoint& p) { return 1 / p.mu; });
  const double rho_min = 1 / most([](const MaterialPoint& p) { return 1 / p.rho; });
  const double vs_min = 1 / most([](const MaterialPoint& p) { return std::sqrt(p.rho / p.mu); });
  const double h = g.h, tau = h / vs_min;
  std::vector<double> per_unit(cfg.sources.size(), 0.0), amp(cfg.sources.size(), 0.0);
  for (std::size_t n = 0; n < cfg.sources.size(); ++n) {
    SourceCfg s = cfg.sources[n];
    double* c[9] = {&s.fx, &s.fy, &s.fz, &s.mxx, &s.mxy, &s.mxz, &s.myy, &s.myz, &s.mzz};
    double a = 0;
    for (double* v : c) a = std::max(a, std::fabs(*v));
    if (!(a > 0)) continue;
    const std::string allowed = s.is_force ? "|f0 fx|, |f0 fy|, |f0 fz|" : "|m0 Mxx|, ..., |m0 Mzz|";
    // Scaled by a power of two, exactly: fast math turns v / a into v * (1 / a), and 1 / a is
    // below DBL_MIN (read as zero) for a above 4.5e307.
    int e = 0;
    std::frexp(a, &e);
    for (double* v : c) *v = std::ldexp(*v, -e);
    double f1 = 0;  // the largest grid-point force component, per unit amplitude
    for (const GridPointForce& u : grid_point_forces(s, g, free_top))
      f1 = std::max({f1, std::fabs(u.fx), std::fabs(u.fy), std::fabs(u.fz)});
    f1 /= std::ldexp(a, -e);  // a = m 2^e, m in [0.5, 1)
    for (const GridPointForce& f : grid_point_forces(cfg.sources[n], g, free_top))
      if (!finite_bits(f.fx) || !finite_bits(f.fy) || !finite_bits(f.fz))
        return at(cfg, s.line) + "source: an amplitude of " + fmt(a) + " gives grid-point forces that overflow "
               "(the amplitude times the source weights over h^" + (s.is_force ? "3" : "4") + ") (allowed: " +
               allowed + " <= " + fmt(DBL_MAX / f1) + " here)";
    // In decades: a factor may overflow where its product with a small amplitude does not.
    const Peak& pk = peak[n];
    const double ldt = std::log10(dt), lh = std::log10(h);
    const double first = lg(f1) - lg(rho_min) + lsum(lg(pk.g) + 2 * ldt, lg(pk.g2) + 4 * ldt - std::log10(12.0));
    const double scale = std::max({lg(pk.g), lg(tau) + lg(pk.g1), 2 * lg(tau) + lg(pk.g2)}) - lg(mu_min) -
                         (s.is_force ? 1 : 2) * lh;
    const double u = std::max(first, scale);
    const double udd = lsum(lg(vp2) + u - 2 * lh, lg(f1) + lg(std::max(pk.g, pk.g2)) - lg(rho_min));
    per_unit[n] = std::log10(kMargin) +
                  std::max({lg(modulus) + std::max(0.0, -2 * lh) + std::max(u, udd), u - ldt, u - lh});
    amp[n] = a;
  }
  // The sources add up: the share of the largest Real each one's largest number takes.
  const double lmax = std::log10(real_max);
  std::vector<double> share(amp.size(), 0.0);
  double total = 0;
  std::size_t worst = 0;
  for (std::size_t n = 0; n < amp.size(); ++n) {
    if (amp[n] > 0) share[n] = std::pow(10.0, std::min(400.0, std::log10(amp[n]) + per_unit[n] - lmax));
    total += share[n];
    if (share[n] > share[worst]) worst = n;
  }
  if (!(total > 1)) return "";
  const SourceCfg& s = cfg.sources[worst];
  const double pu = per_unit[worst];
  return at(cfg, s.line) + "source: an amplitude of " + fmt(amp[worst]) + " overflows the arithmetic of the "
         "time steps (their largest number is about " + (pu < 300 ? fmt(std::pow(10.0, pu)) : "10^" + fmt(pu)) +
         " times the amplitude" + (amp.size() > 1 ? ", added over the sources," : "") +
         " with this grid, material and time function) (allowed: " +
         (s.is_force ? "|f0 fx|, |f0 fy|, |f0 fz|" : "|m0 Mxx|, ..., |m0 Mzz|") + " <= " +
         fmt(std::max(0.0, 1 - (total - share[worst])) * std::pow(10.0, lmax - pu)) + " here)";
}

}  // namespace sw4

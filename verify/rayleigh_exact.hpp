// verify/rayleigh_exact.hpp: the exact plane Rayleigh wave on a homogeneous half-space, the
// solution that testrayleigh's sides are driven with and its error is measured against.
//
// Why built so: a Rayleigh wave is the one closed-form solution whose existence depends on the
// free surface being traction-free, so it tests the surface closure that testpointsource (a
// whole space) never reaches. The speed is the root of the Rayleigh equation, found once by
// bisection on a form with the trivial root c = 0 divided out (so the bracket [0, cs] is clean
// for every valid material) and polished by Newton; the field is the sum of one P and one S
// evanescent plane wave, with the S weight fixed by the shear-traction condition so that
// sigma_xz vanishes identically and sigma_zz vanishes exactly when the speed is the root.
// Callers evaluating many points should call profile() once: speed() is a root solve.
#pragma once

#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace sw4 {

namespace rayleigh {
// xi = (c/cs)^2, kappa = (cs/cp)^2. The Rayleigh equation is
//   (2 - xi)^2 = 4 sqrt(1 - kappa xi) sqrt(1 - xi),
// whose left minus right side vanishes at xi = 0 for every material. Writing
// 4 - 4 sqrt(P) = 4 (1 - P) / (1 + sqrt(P)) with P = (1 - kappa xi)(1 - xi) removes that root
// without cancellation; g(xi) below is (left - right) / xi, g(0) = -2 (1 - kappa) < 0 and
// g(1) = 1 > 0, so [0, 1] brackets the wanted root for any kappa < 1.
inline double g(double xi, double kappa) {
  const double P = (1 - kappa * xi) * (1 - xi);
  return xi - 4 + 4 * (1 + kappa - kappa * xi) / (1 + std::sqrt(P));
}
inline double dg(double xi, double kappa) {
  const double P = (1 - kappa * xi) * (1 - xi), r = std::sqrt(P);
  const double dP = -(1 + kappa) + 2 * kappa * xi, N = 1 + kappa - kappa * xi;
  return 1 + 4 * (-kappa * (1 + r) - N * dP / (2 * r)) / ((1 + r) * (1 + r));
}
// The root of g in (0, 1). Bisection alone would reach full precision; it is stopped at a
// bracket of 1e-9 so that Newton, quadratically convergent from there, supplies the last
// digits with the derivative's help and a bracket to fall back on should a step leave it.
inline double root_xi(double kappa) {
  double lo = 0, hi = 1;
  while (hi - lo > 1e-9) {
    const double mid = 0.5 * (lo + hi);
    (g(mid, kappa) < 0 ? lo : hi) = mid;
  }
  double xi = 0.5 * (lo + hi);
  for (int it = 0; it < 20; ++it) {
    const double f = g(xi, kappa);
    if (f == 0) break;
    (f < 0 ? lo : hi) = xi;
    double next = xi - f / dg(xi, kappa);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    const bool done = std::fabs(next - xi) <= 2 * std::numeric_limits<double>::epsilon() * xi;
    xi = next;
    if (done) break;
  }
  return xi;
}
}  // namespace rayleigh

// The wave with its constants solved: cheap to evaluate, and its fields public so that a test
// can spoil one (a wrong speed, swapped decay rates) and see the checks fail.
struct RayleighProfile {
  double c = 0;        // phase speed c_R
  double k = 0;        // wavenumber 2 pi / wavelength
  double q = 0, s = 0; // P and S decay rates per unit k z: sqrt(1 - c^2/cp^2), sqrt(1 - c^2/cs^2)
  double u_p = 0, u_s = 0, w_p = 0, w_s = 0;  // weights of exp(-q k z) and exp(-s k z)
  double phase = 0;

  // (u, v, w) at (x, y, z), z down, time t; v = 0 and nothing depends on y. The formula is
  // analytic in z, so it may be evaluated (growing) above the surface, as a centred difference
  // of the traction at z = 0 needs.
  std::array<double, 3> displacement(double x, double /*y*/, double z, double t) const {
    const double th = k * (x - c * t) + phase;
    const double ep = std::exp(-q * k * z), es = std::exp(-s * k * z);
    return {(u_p * ep + u_s * es) * std::sin(th), 0.0, (w_p * ep + w_s * es) * std::cos(th)};
  }
};

// The plane Rayleigh wave travelling along +x on the half-space z >= 0 (z down, free surface
// z = 0). Preconditions, checked by speed() and profile() (std::invalid_argument otherwise):
// rho > 0, cs > 0, cp > cs sqrt(4/3) (a positive bulk modulus, Poisson's ratio above -1; the
// root exists for any cp > cs, but below that bound the material itself is unstable),
// wavelength > 0, amplitude and phase finite.
//   u = A/D [d e^{-q k z} - 2 q s e^{-s k z}] sin(k (x - c_R t) + phase),
//   w = A q/D [d e^{-q k z} - 2 e^{-s k z}] cos(k (x - c_R t) + phase),
// with d = 1 + s^2 = 2 - c_R^2/cs^2 and D = d - 2 q s, so that `amplitude` is the peak
// horizontal displacement at the surface. At the surface w = -(2 q / d) A cos: the particle
// goes round a retrograde ellipse, upward (w < 0) where u passes zero going backward.
struct RayleighWave {
  double rho, cp, cs, wavelength, amplitude = 1, phase = 0;

  void check() const {
    auto bad = [](const std::string& what) {
      throw std::invalid_argument("testrayleigh: " + what);
    };
    if (!(rho > 0) || !std::isfinite(rho)) bad("rho must be > 0");
    if (!(cs > 0) || !std::isfinite(cs)) bad("cs must be > 0");
    if (!(cp * cp * 3 > cs * cs * 4) || !std::isfinite(cp))
      bad("cp must exceed cs*sqrt(4/3) (a positive bulk modulus)");
    if (!(wavelength > 0) || !std::isfinite(wavelength)) bad("the wavelength must be > 0");
    if (!std::isfinite(amplitude) || !std::isfinite(phase))
      bad("amplitude and phase must be finite");
  }

  // The Rayleigh phase speed c_R, the root of the Rayleigh equation in (0, cs).
  double speed() const {
    check();
    return cs * std::sqrt(rayleigh::root_xi((cs * cs) / (cp * cp)));
  }

  RayleighProfile profile() const {
    RayleighProfile p;
    p.c = speed();
    const double xi = (p.c / cs) * (p.c / cs);
    p.k = 2 * std::acos(-1.0) / wavelength;
    p.q = std::sqrt(1 - (p.c / cp) * (p.c / cp));
    p.s = std::sqrt(1 - xi);
    const double d = 2 - xi, D = d - 2 * p.q * p.s;  // D = d xi / 2 > 0 at the root
    p.u_p = amplitude * d / D;
    p.u_s = -amplitude * 2 * p.q * p.s / D;
    p.w_p = amplitude * p.q * d / D;
    p.w_s = -amplitude * 2 * p.q / D;
    p.phase = phase;
    return p;
  }

  // Solves for the speed on every call; loops should hold a profile() instead.
  std::array<double, 3> displacement(double x, double y, double z, double t) const {
    return profile().displacement(x, y, z, t);
  }
};

}  // namespace sw4

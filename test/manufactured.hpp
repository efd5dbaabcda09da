// manufactured.hpp: the smooth manufactured solution and material of the convergence tests:
// u(x, t) = T(t) S(x), T = cos(omega t + phase), with variable rho, mu, lambda, and the elastic
// operator applied to S exactly (through jet.hpp's second derivatives).
#pragma once

#include <array>
#include <cmath>

#include "verify/jet.hpp"

namespace manufactured {

inline constexpr double kOmega = 2.0, kPhase = 0.4;

// u(x, t) = T(t) S(x), T = cos(omega t + phase)
inline std::array<Jet, 3> spatial(double x, double y, double z) {
  const Jet X = Jet::var(0, x), Y = Jet::var(1, y), Z = Jet::var(2, z);
  return {sin(1.3 * X + 0.3) * cos(1.1 * Y + 0.2) * cos(0.9 * Z + 0.1),
          cos(0.8 * X + 0.5) * sin(1.2 * Y + 0.1) * cos(1.4 * Z + 0.3),
          sin(1.1 * X + 0.2) * sin(0.7 * Y + 0.6) * sin(1.2 * Z + 0.4)};
}
inline Jet rho_of(double x, double y, double z) {
  return 2.0 + 0.3 * sin(Jet::var(0, x) + 0.5 * Jet::var(1, y) + 0.7 * Jet::var(2, z));
}
inline Jet mu_of(double x, double y, double z) {
  return 1.0 + 0.2 * cos(0.6 * Jet::var(0, x) + Jet::var(1, y) + 0.3 * Jet::var(2, z));
}
inline Jet la_of(double x, double y, double z) {
  return 1.5 + 0.4 * sin(0.8 * Jet::var(0, x) + 0.4 * Jet::var(1, y) + Jet::var(2, z));
}
inline double T(double t) { return std::cos(kOmega * t + kPhase); }

// (L S)_a = sum_b d_b [la div delta_ab + mu (S_a,b + S_b,a)]
inline std::array<double, 3> elastic(const std::array<Jet, 3>& S, const Jet& mu, const Jet& la) {
  const double div = S[0].g[0] + S[1].g[1] + S[2].g[2];
  std::array<double, 3> r{};
  for (int a = 0; a < 3; ++a) {
    r[a] = la.g[a] * div;
    for (int c = 0; c < 3; ++c) r[a] += la.v * S[c].H[a][c];
    for (int b = 0; b < 3; ++b)
      r[a] += mu.g[b] * (S[a].g[b] + S[b].g[a]) + mu.v * (S[a].H[b][b] + S[b].H[a][b]);
  }
  return r;
}

}  // namespace manufactured

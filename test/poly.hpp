// poly.hpp: polynomials in x, y, z for exactness tests of the operator: products and
// derivatives are exact, so the continuous elastic operator of a polynomial field is known
// without approximation.
#pragma once

#include <array>
#include <cmath>
#include <map>

struct Poly {
  std::map<std::array<int, 3>, double> c;  // exponents (a, b, d) -> coefficient

  static Poly constant(double v) {
    Poly p;
    p.c[{0, 0, 0}] = v;
    return p;
  }
  static Poly monomial(double v, int a, int b, int d) {
    Poly p;
    p.c[{a, b, d}] = v;
    return p;
  }
  double operator()(double x, double y, double z) const {
    double s = 0;
    for (const auto& [e, v] : c) s += v * std::pow(x, e[0]) * std::pow(y, e[1]) * std::pow(z, e[2]);
    return s;
  }
  Poly d(int dir) const {
    Poly p;
    for (const auto& [e, v] : c)
      if (e[dir] > 0) {
        auto f = e;
        f[dir]--;
        p.c[f] += v * e[dir];
      }
    return p;
  }
  friend Poly operator+(const Poly& a, const Poly& b) {
    Poly p = a;
    for (const auto& [e, v] : b.c) p.c[e] += v;
    return p;
  }
  friend Poly operator*(const Poly& a, const Poly& b) {
    Poly p;
    for (const auto& [ea, va] : a.c)
      for (const auto& [eb, vb] : b.c) p.c[{ea[0] + eb[0], ea[1] + eb[1], ea[2] + eb[2]}] += va * vb;
    return p;
  }
  friend Poly operator*(double s, const Poly& a) {
    Poly p = a;
    for (auto& kv : p.c) kv.second *= s;
    return p;
  }
};

// The continuous isotropic elastic operator div(stress(u)) for polynomial u, mu, lambda.
inline std::array<Poly, 3> elastic_operator(const std::array<Poly, 3>& u, const Poly& mu,
                                            const Poly& la) {
  // strain-rate pieces
  const Poly div = u[0].d(0) + u[1].d(1) + u[2].d(2);
  std::array<Poly, 3> out;
  for (int a = 0; a < 3; ++a) {
    Poly s;
    for (int b = 0; b < 3; ++b) {
      // stress_ab = la div delta_ab + mu (u_a,b + u_b,a)
      Poly sab = mu * (u[a].d(b) + u[b].d(a));
      if (a == b) sab = sab + la * div;
      s = s + sab.d(b);
    }
    out[a] = s;
  }
  return out;
}

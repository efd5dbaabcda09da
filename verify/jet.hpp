// verify/jet.hpp: second-order forward-mode differentiation in (x, y, z), for manufactured
// solutions: a Jet carries a value, its gradient and its Hessian through +, -, *, sin, cos.
#pragma once

#include <array>
#include <cmath>

struct Jet {
  double v = 0;
  std::array<double, 3> g{};
  std::array<std::array<double, 3>, 3> H{};

  static Jet var(int d, double x) {
    Jet j;
    j.v = x;
    j.g[d] = 1;
    return j;
  }
  static Jet constant(double c) {
    Jet j;
    j.v = c;
    return j;
  }
  // Chain rule for a scalar function with f, f', f'' at v.
  Jet apply(double f, double f1, double f2) const {
    Jet r;
    r.v = f;
    for (int a = 0; a < 3; ++a) {
      r.g[a] = f1 * g[a];
      for (int b = 0; b < 3; ++b) r.H[a][b] = f1 * H[a][b] + f2 * g[a] * g[b];
    }
    return r;
  }
  friend Jet operator+(const Jet& a, const Jet& b) {
    Jet r;
    r.v = a.v + b.v;
    for (int i = 0; i < 3; ++i) {
      r.g[i] = a.g[i] + b.g[i];
      for (int j = 0; j < 3; ++j) r.H[i][j] = a.H[i][j] + b.H[i][j];
    }
    return r;
  }
  friend Jet operator*(const Jet& a, const Jet& b) {
    Jet r;
    r.v = a.v * b.v;
    for (int i = 0; i < 3; ++i) {
      r.g[i] = a.g[i] * b.v + a.v * b.g[i];
      for (int j = 0; j < 3; ++j)
        r.H[i][j] = a.H[i][j] * b.v + a.g[i] * b.g[j] + a.g[j] * b.g[i] + a.v * b.H[i][j];
    }
    return r;
  }
  friend Jet operator*(double s, const Jet& a) { return Jet::constant(s) * a; }
  friend Jet operator+(double s, const Jet& a) { return Jet::constant(s) + a; }
  friend Jet operator+(const Jet& a, double s) { return a + Jet::constant(s); }
};

inline Jet sin(const Jet& a) { return a.apply(std::sin(a.v), std::cos(a.v), -std::sin(a.v)); }
inline Jet cos(const Jet& a) { return a.apply(std::cos(a.v), -std::sin(a.v), -std::cos(a.v)); }

// verify/verify_material.hpp: the material of a test problem at a grid point (NUMERICS 25-28):
// twilight's smooth functions, testenergy's random values, the uniform half-space of testlamb
// and testrayleigh.
//
// Why built so: material.hpp asks here instead of the blocks, for every grid point of both
// grids, ghosts included, so each problem's material exists wherever the operator reads it.
// It asks through the pointer this file installs (test_problem_material), so that material.hpp
// stays below the test problems (DESIGN.md, "Layers"). A
// random value is a hash of the seed and the point's global indices, never a generator's
// stream, so every cut of the grid draws the same numbers.
#pragma once

#include <cmath>
#include <cstdint>

#include "config.hpp"
#include "material.hpp"
#include "verify/twilight.hpp"

namespace sw4 {

// A number in [0, 1) from the seed and five integers (splitmix64's finaliser after each).
inline double hashed_unit(unsigned long seed, int a, int b, int c, int d, int e) {
  std::uint64_t x = std::uint64_t(seed) * 0x9E3779B97F4A7C15ull;
  for (int v : {a, b, c, d, e}) {
    x ^= std::uint64_t(std::uint32_t(v)) + 0x9E3779B97F4A7C15ull + (x << 6) + (x >> 2);
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    x ^= x >> 31;
  }
  return double(x >> 11) * 0x1.0p-53;
}

// rho, mu, lambda of one point from rho, cp, cs.
inline MaterialPoint material_of_speeds(double rho, double cp, double cs) {
  const double mu = rho * cs * cs;
  return {rho, mu, rho * cp * cp - 2 * mu};
}

// The material of the deck's test problem at (x, y, z), the point (i, j, k) of grid `grid`.
inline MaterialPoint verify_material(const Config& cfg, double x, double y, double z, int i, int j, int k,
                                     int grid) {
  const VerifyCfg& v = cfg.verify;
  switch (v.kind) {
    case VerifyKind::Twilight: {
      const TwilightMaterial m = twilight_material(v.tw, x, y, z);
      return {m.rho.v, m.mu.v, m.la.v};
    }
    case VerifyKind::Energy: {  // rho and cs in [1, 1 + amplitude), cp = cpcsratio cs
      const double a = v.en.amplitude;  // 1 by default: 1 * x is x, the bits of [1, 2)
      const double rho = 1 + a * hashed_unit(v.en.seed, grid, i, j, k, -1);
      const double cs = 1 + a * hashed_unit(v.en.seed, grid, i, j, k, -2);
      MaterialPoint m = material_of_speeds(rho, v.en.cpcsratio * cs, cs);
      m.qp = v.en.qp;  // read only with attenuation (NUMERICS 36.7)
      m.qs = v.en.qs;
      return m;
    }
    case VerifyKind::Lamb:
      return material_of_speeds(v.lamb.rho, v.lamb.cp, v.lamb.cp / std::sqrt(3.0));
    case VerifyKind::Rayleigh:
      return material_of_speeds(v.ray.rho, v.ray.cp, v.ray.cs);
    default:
      return {1, 1, 1};
  }
}

// material.hpp's hook, set before main() in every program that includes this file.
inline const bool kTestProblemMaterialInstalled = (installed_test_problem_material = verify_material, true);

}  // namespace sw4

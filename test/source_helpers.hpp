// source_helpers.hpp: what the three source test files use (test_source.cpp,
// test_source_weights.cpp, test_source_exact.cpp): a SourceCfg from a time function, a moment
// or a force source at a point, and 4th-order centred differences to check derivatives with.
//
// Why built so: the files check different parts of the same source description, so they must
// build their sources alike; inline, so that a binary that uses only some of these compiles
// without a warning.
#pragma once

#include <array>
#include <functional>

#include "source.hpp"

inline sw4::SourceCfg make_src(sw4::TimeFunctionType type, double freq = 1, double t0 = 0) {
  sw4::SourceCfg s;
  s.type = type;
  s.freq = freq;
  s.t0 = t0;
  return s;
}

// 4th-order centred differences.
inline double d1(const std::function<double(double)>& f, double x, double d) {
  return (f(x - 2 * d) - 8 * f(x - d) + 8 * f(x + d) - f(x + 2 * d)) / (12 * d);
}
inline double d2(const std::function<double(double)>& f, double x, double d) {
  return (-f(x - 2 * d) + 16 * f(x - d) - 30 * f(x) + 16 * f(x + d) - f(x + 2 * d)) / (12 * d * d);
}

inline sw4::SourceCfg moment_src(double x, double y, double z, std::array<double, 6> M) {
  sw4::SourceCfg s = make_src(sw4::TimeFunctionType::C6SmoothBump);
  s.x = x, s.y = y, s.z = z;
  s.mxx = M[0], s.mxy = M[1], s.mxz = M[2], s.myy = M[3], s.myz = M[4], s.mzz = M[5];
  return s;
}
inline sw4::SourceCfg force_src(double x, double y, double z, double fx, double fy, double fz) {
  sw4::SourceCfg s = make_src(sw4::TimeFunctionType::Gaussian);
  s.is_force = true;
  s.x = x, s.y = y, s.z = z;
  s.fx = fx, s.fy = fy, s.fz = fz;
  return s;
}

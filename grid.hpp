// grid.hpp: 3-D arrays with ghost points, the global grid, its 2-D decomposition, materials.
//
// Why built so: an array knows only its index box, so the same type holds a whole rank's piece
// (two-sided mode) or one partition (one-sided mode). Indices are global grid indices
// (i = 1..nx is the physical grid, 2 ghost points each side), i runs fastest so the kernels'
// innermost loops have unit stride. The decomposition reproduces the original's rules
// (NUMERICS.md section 1) so that a rank owns the same points as in SW4lite.
#pragma once

#include <array>
#include <cstddef>
#include <vector>

#include "input.hpp"

namespace sw4 {

constexpr int kGhost = 2;    // ghost points on each physical side
constexpr int kPadding = 2;  // overlap half-width between neighbouring pieces

// Inclusive index box in global indices.
struct Box {
  int ib = 0, ie = -1, jb = 0, je = -1, kb = 0, ke = -1;
  int ni() const { return ie - ib + 1; }
  int nj() const { return je - jb + 1; }
  int nk() const { return ke - kb + 1; }
  std::size_t size() const {
    return ni() > 0 && nj() > 0 && nk() > 0 ? std::size_t(ni()) * nj() * nk() : 0;
  }
  bool contains(int i, int j, int k) const {
    return ib <= i && i <= ie && jb <= j && j <= je && kb <= k && k <= ke;
  }
};

// A scalar field over a Box, i fastest, then j, then k.
struct Array3 {
  Box box;
  long sj = 0, sk = 0;  // strides of j and k (i has stride 1)
  long offset = 0;      // index of (0,0,0) relative to data()
  std::vector<double> v;

  Array3() = default;
  explicit Array3(const Box& b, double value = 0.0) { define(b, value); }
  void define(const Box& b, double value = 0.0) {
    box = b;
    sj = b.ni();
    sk = sj * b.nj();
    offset = -(b.ib + sj * b.jb + sk * b.kb);
    v.assign(b.size(), value);
  }
  long index(int i, int j, int k) const { return offset + i + sj * j + sk * k; }
  double& operator()(int i, int j, int k) { return v[index(i, j, k)]; }
  double operator()(int i, int j, int k) const { return v[index(i, j, k)]; }
  double* data() { return v.data(); }
  const double* data() const { return v.data(); }
  void fill(double value) { v.assign(v.size(), value); }
};

// A vector field: components 0,1,2 = u, v, w (x, y, z; z points down).
using Field = std::array<Array3, 3>;

}  // namespace sw4

// grid.hpp: 3-D arrays with ghost points, index boxes and the 2-D decomposition of the grid.
//
// Why built so: an array knows only its index box, so the same type holds a whole rank's piece
// (two-sided mode) or one partition (one-sided mode). Indices are global grid indices
// (i = 1..nx is the physical grid, 2 ghost points each side), i runs fastest so the kernels'
// innermost loops have unit stride. The decomposition reproduces the original's rules
// (NUMERICS.md section 1) so that a rank owns the same points as in SW4lite.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <vector>

#include "precision.hpp"

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
  // Linear index of (i,j,k) in an array over this box (i fastest).
  long index(int i, int j, int k) const {
    return (i - ib) + long(ni()) * ((j - jb) + long(nj()) * (k - kb));
  }
  bool contains(int i, int j, int k) const {
    return ib <= i && i <= ie && jb <= j && j <= je && kb <= k && k <= ke;
  }
};

// A scalar field over a Box, i fastest, then j, then k.
template <class T>
struct Array3Of {
  Box box;
  long sj = 0, sk = 0;  // strides of j and k (i has stride 1)
  long offset = 0;      // index of (0,0,0) relative to data()
  std::vector<T> v;

  Array3Of() = default;
  explicit Array3Of(const Box& b, T value = 0.0) { define(b, value); }
  void define(const Box& b, T value = 0.0) {
    box = b;
    sj = b.ni();
    sk = sj * b.nj();
    offset = -(b.ib + sj * b.jb + sk * b.kb);
    v.assign(b.size(), value);
  }
  long index(int i, int j, int k) const { return offset + i + sj * j + sk * k; }
  T& operator()(int i, int j, int k) { return v[index(i, j, k)]; }
  T operator()(int i, int j, int k) const { return v[index(i, j, k)]; }
  T* data() { return v.data(); }
  const T* data() const { return v.data(); }
  void fill(T value) { v.assign(v.size(), value); }
};
// Every field's values (solution, material, metric) are Reals; set-up arrays that only feed
// them, as the curvilinear grid's z, stay double (NUMERICS.md 24).
using Array3 = Array3Of<Real>;
using Array3d = Array3Of<double>;

// A 1-D array over global indices b..b+n-1 (super-grid profiles along one axis).
struct Array1 {
  int b = 0;
  std::vector<Real> v;
  Array1() = default;
  Array1(int first, int last, Real value = 0.0) : b(first), v(last - first + 1, value) {}
  Real& operator()(int i) { return v[i - b]; }
  Real operator()(int i) const { return v[i - b]; }
  // Pointer p such that p[i] is element i (global index); only for hot loops.
  const Real* at(int i) const { return v.data() + (i - b); }
};

// A vector field: components 0,1,2 = u, v, w (x, y, z; z points down).
using Field = std::array<Array3, 3>;

// ---------------------------------------------------------------------------------------------
// Decomposition (NUMERICS 1.3, 1.4)

// The original's 2-D process grid for P pieces on an ni x nj point grid (ghosts included):
// the divisor pair (p1, p2) with the smallest |ni/p1 - nj/p2|, ties to the smaller p1.
inline std::array<int, 2> process_grid(int P, int ni, int nj) {
  std::array<int, 2> best{-1, -1};
  double fmin = 0;
  for (int p1 = 1; p1 <= P; ++p1) {
    if (P % p1 != 0) continue;
    const int p2 = P / p1;
    if (p1 > ni / 2 || p2 > nj / 2) continue;
    const double f = std::fabs(double(ni) / p1 - double(nj) / p2);
    if (best[0] < 0 || f < fmin) {
      best = {p1, p2};
      fmin = f;
    }
  }
  return best;
}

// The original's 1-D split of n physical points (plus 2 ghosts each end) among P pieces:
// piece r gets the inclusive index range [first, last] (global indices, ghosts and the
// overlap of 2 x kPadding with its neighbours included).
inline std::array<int, 2> split_1d(int n, int P, int r) {
  const int N = n + 2 * kGhost, olap = 2 * kPadding;
  const int m = (N + (P - 1) * olap) / P, d = (N + (P - 1) * olap) % P;
  const int s = r < d ? r * (m - olap) + r + 1 : r * (m - olap) + d + 1;
  const int count = r < d ? m + 1 : m;
  return {s - kGhost, s + count - 1 - kGhost};
}

// The points a piece owns along one axis: its range minus the overlap, but the physical
// boundary points always belong to the piece at that boundary.
inline std::array<int, 2> owned_1d(const std::array<int, 2>& range, int n) {
  return {range[0] == 1 - kGhost ? 1 : range[0] + kPadding,
          range[1] == n + kGhost ? n : range[1] - kPadding};
}

}  // namespace sw4

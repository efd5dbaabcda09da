// Unit tests of the optimised kernels of stencil.hpp and supergrid.hpp against plain
// point-by-point versions of the same formulas (stencil_reference.hpp), with what the
// polynomial tests of test_stencil.cpp leave out: stretching that varies along every axis,
// rough random materials and fields, odd box sizes, every tile height. And the property the
// byte-identical outputs rest on: a point gets the same bits whichever piece of the grid
// evaluates it (the kernels' loops, tiles and vector remainders start wherever a piece does).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <random>

#include "boundary.hpp"
#include "stencil.hpp"
#include "supergrid.hpp"
#include "stencil_reference.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;

namespace {

// Rough data: every value of every component uniform in [-1, 1].
void randomize(Field& f, std::mt19937& rng) {
  std::uniform_real_distribution<double> U(-1, 1);
  for (auto& a : f)
    for (Real& x : a.v) x = U(rng);
}

struct Grid {
  double h = 0.5;
  Box box;
  Field u, out;
  Array3 mu, la, rho;
  Array1 sx, sy, sz;
  Profiles px, py, pz;

  // ni x nj x nk points (1..n) with 2 ghost points each side.
  Grid(int ni, int nj, int nk, unsigned seed)
      : box{-1, ni + 2, -1, nj + 2, -1, nk + 2},
        sx(-1, ni + 2), sy(-1, nj + 2), sz(-1, nk + 2) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> U(-1, 1), C(0.5, 2), S(0.2, 1);
    for (auto& a : u) a.define(box);
    for (auto& a : out) a.define(box);
    for (Array3* a : {&mu, &la, &rho}) a->define(box);
    for (auto& a : u)
      for (Real& x : a.v) x = U(rng);
    for (Array3* a : {&mu, &la, &rho})
      for (Real& x : a->v) x = C(rng);
    for (Array1* s : {&sx, &sy, &sz})
      for (Real& x : s->v) x = S(rng);
    Taper tp;
    tp.left = tp.right = true;
    tp.x1 = (ni - 1) * h;
    tp.width = 4 * h;
    px = sample_profiles(tp, box.ib, box.ie, h);
    tp.x1 = (nj - 1) * h;
    py = sample_profiles(tp, box.jb, box.je, h);
    tp.left = false;
    tp.x1 = (nk - 1) * h;
    pz = sample_profiles(tp, box.kb, box.ke, h);
  }
  Medium medium() const { return {&mu, &la, &sx, &sy, &sz}; }
};

Target store_into(Field& f) {
  Target t;
  for (int c = 0; c < 3; ++c) t.out[c] = f[c].data();
  return t;
}

bool same_bits(const Field& a, const Field& b) {
  for (int c = 0; c < 3; ++c)
    if (std::memcmp(a[c].data(), b[c].data(), a[c].v.size() * sizeof(Real)) != 0) return false;
  return true;
}

}  // namespace

// L_h against the point-by-point formulas, interior and free-surface rows, every tile height.
TEST(Kernels, OperatorMatchesThePlainFormulas) {
  Grid s(21, 17, 19, 1);
  const Box eval{1, 21, 1, 17, 1, 19};
  for (bool fs : {false, true})
    for (int rows : {0, 1, 3, 17}) {
      RhsWorkspace ws;
      ws.tile_rows = rows;
      rhs4<Update::Store>(s.u, s.medium(), eval, fs, s.h, store_into(s.out), ws);
      double worst = 0, scale = 0;
      for (int k = 1; k <= 19; ++k)
        for (int j = 1; j <= 17; ++j)
          for (int i = 1; i <= 21; ++i)
            for (int c = 0; c < 3; ++c) {
              const double want =
                  reference::lh(s.u, s.medium(), c, i, j, k, fs && k <= 6 ? k - 1 : -1);
              worst = std::max(worst, std::fabs(s.out[c](i, j, k) * s.h * s.h - want));
              scale = std::max(scale, std::fabs(want));
            }
      // single: the tuned and the plain formulas sum ~100 float terms in other orders: a few
      // float eps (6e-8) of the largest term; measured 1.9e-7
      EXPECT_LT(worst, sw4test::tol(1e-14, 6e-7) * scale) << "free surface " << fs << ", tile rows " << rows;
      EXPECT_GT(scale, 1.0);
    }
}

// A point gets the same bits whichever box evaluates it: the whole grid, or pieces cut at
// every offset (vector remainders, tile edges and ring phases all move).
TEST(Kernels, SameBitsWhicheverPieceEvaluates) {
  Grid s(23, 14, 13, 2);
  for (bool fs : {false, true}) {
    Field whole = s.out, pieces = s.out;
    RhsWorkspace ws;
    rhs4<Update::Store>(s.u, s.medium(), {1, 23, 1, 14, 1, 13}, fs, s.h, store_into(whole), ws);
    for (int cut = 2; cut <= 22; cut += 5) {
      for (auto& a : pieces) a.fill(0);
      const int jcut = 1 + cut % 13;
      const Box parts[4] = {{1, cut, 1, jcut, 1, 13},
                            {cut + 1, 23, 1, jcut, 1, 13},
                            {1, cut, jcut + 1, 14, 1, 13},
                            {cut + 1, 23, jcut + 1, 14, 1, 13}};
      for (const Box& b : parts) {
        RhsWorkspace wp;
        wp.tile_rows = 1 + cut % 4;
        rhs4<Update::Store>(s.u, s.medium(), b, fs, s.h, store_into(pieces), wp);
      }
      EXPECT_TRUE(same_bits(whole, pieces)) << "free surface " << fs << ", cut at " << cut;
    }
  }
}

// The super-grid damping against the plain formula, with layers on five sides of a small grid
// (so that every combination of x, y and z terms occurs), and the same bits on pieces.
TEST(Kernels, DampingMatchesThePlainFormula) {
  Grid s(23, 19, 17, 3);
  Field um = s.u, up = s.out;
  std::mt19937 rng(4);
  randomize(um, rng);
  randomize(up, rng);
  const Box eval{1, 23, 1, 19, 1, 17};
  Field whole = up;
  supergrid_damping(whole, s.u, um, s.rho, s.px, s.py, s.pz, eval, 0.02);
  double worst = 0, scale = 0;
  int damped = 0;
  for (int k = 1; k <= 17; ++k)
    for (int j = 1; j <= 19; ++j)
      for (int i = 1; i <= 23; ++i)
        for (int c = 0; c < 3; ++c) {
          const double d = reference::damping(s.u, um, s.rho, s.px, s.py, s.pz, c, i, j, k, 0.02);
          worst = std::max(worst, std::fabs(whole[c](i, j, k) - (up[c](i, j, k) - d)));
          scale = std::max(scale, std::fabs(d));
          damped += d != 0;
        }
  EXPECT_LT(worst, sw4test::tol(1e-14, 3e-7) * scale);  // single: float sums, measured 9.7e-8
  EXPECT_GT(damped, 1000);
  EXPECT_LT(damped, 3 * 23 * 19 * 17);  // some points are outside every layer
  for (int cut = 3; cut <= 21; cut += 6) {
    Field pieces = up;
    const int jcut = 2 + cut % 15;
    for (const Box& b : {Box{1, cut, 1, jcut, 1, 17}, Box{cut + 1, 23, 1, jcut, 1, 17},
                         Box{1, cut, jcut + 1, 19, 1, 17}, Box{cut + 1, 23, jcut + 1, 19, 1, 17}})
      supergrid_damping(pieces, s.u, um, s.rho, s.px, s.py, s.pz, b, 0.02);
    EXPECT_TRUE(same_bits(whole, pieces)) << "cut at " << cut;
  }
}

// Rows longer than a tile's columns (kLine - 8) are cut in column pieces: same numbers as the
// plain formulas, same bits as rows cut elsewhere.
TEST(Kernels, LongRowsInColumnPieces) {
  const int n = RhsWorkspace::kLine + 9;
  Grid s(n, 6, 10, 5);
  for (bool fs : {false, true}) {
    Field whole = s.out, pieces = s.out;
    RhsWorkspace ws;
    rhs4<Update::Store>(s.u, s.medium(), {1, n, 1, 6, 1, 10}, fs, s.h, store_into(whole), ws);
    double worst = 0, scale = 0;
    for (int k = 1; k <= 10; k += 3)
      for (int j = 1; j <= 6; ++j)
        for (int i = 1; i <= n; i += 7)
          for (int c = 0; c < 3; ++c) {
            const double want =
                reference::lh(s.u, s.medium(), c, i, j, k, fs && k <= 6 ? k - 1 : -1);
            worst = std::max(worst, std::fabs(whole[c](i, j, k) * s.h * s.h - want));
            scale = std::max(scale, std::fabs(want));
          }
    EXPECT_LT(worst, sw4test::tol(1e-14, 6e-7) * scale) << "free surface " << fs;  // single: measured 1.7e-7
    for (const Box& b : {Box{1, 100, 1, 6, 1, 10}, Box{101, n, 1, 6, 1, 10}}) {
      RhsWorkspace wp;
      rhs4<Update::Store>(s.u, s.medium(), b, fs, s.h, store_into(pieces), wp);
    }
    EXPECT_TRUE(same_bits(whole, pieces)) << "free surface " << fs;
  }
}

// Threads change who computes a point, never how: the operator with each update, U'', the
// damping and the boundary conditions give the same bits on 1 to 4 threads (and more threads
// than rows of tiles). Without OpenMP there is one thread and this compares 1 with 1.
TEST(Kernels, SameBitsOnAnyThreadCount) {
  Grid s(37, 29, 15, 7);
  Field um = s.u, acc = s.out;
  std::mt19937 rng(8);
  randomize(um, rng);
  auto step = [&](bool fs, bool reference) {
    Field out = s.out, up = s.out;
    Target st = store_into(out), pr = store_into(up);
    for (int c = 0; c < 3; ++c) {
      pr.u[c] = s.u[c].data();
      pr.um[c] = um[c].data();
    }
    pr.rho = s.rho.data();
    pr.factor = 0.01;
    const Box eval{1, 37, 1, 29, 1, 15};
    RhsWorkspace ws;
    if (reference) {
      rhs4_reference<Update::Store>(s.u, s.medium(), eval, fs, s.h, st);
      rhs4_reference<Update::Predictor>(s.u, s.medium(), eval, fs, s.h, pr);
    } else {
      rhs4<Update::Store>(s.u, s.medium(), eval, fs, s.h, st, ws);
      rhs4<Update::Predictor>(s.u, s.medium(), eval, fs, s.h, pr, ws);
    }
    predictor_frame(up, s.u, um, eval);
    acceleration(acc, up, s.u, um, 0.1, acc[0].box);
    supergrid_damping(up, s.u, um, s.rho, s.px, s.py, s.pz, eval, 0.02);
    GridCfg g;
    g.nx = 37; g.ny = 29; g.nz = 15; g.h = s.h;
    const Bc bc[6] = {Bc::SuperGrid, Bc::SuperGrid, Bc::SuperGrid, Bc::SuperGrid,
                      fs ? Bc::FreeSurface : Bc::SuperGrid, Bc::SuperGrid};
    apply_bc(up, bc, s.mu, s.la, s.sx, s.sy, g, 0.0);
    std::array<Field, 3> r{out, up, acc};
    return r;
  };
  for (bool reference : {false, true})
    for (bool fs : {false, true}) {
      set_max_threads(1);
      const auto one = step(fs, reference);
      for (int threads : {2, 3, 4, 16}) {
        set_max_threads(threads);
        const auto many = step(fs, reference);
        for (int n = 0; n < 3; ++n)
          EXPECT_TRUE(same_bits(one[n], many[n]))
              << "field " << n << ", " << threads << " threads, free surface " << fs
              << (reference ? ", reference kernel" : ", tuned kernel");
      }
      set_max_threads(1);
    }
}

// The reference kernel of the product (kernel=reference) agrees with the tuned one to 1e-12
// of the result's largest value, with each update, in the interior and the free-surface rows.
TEST(Kernels, ReferenceKernelMatchesTuned) {
  Grid s(31, 17, 16, 9);
  for (bool fs : {false, true}) {
    Field tuned = s.out, plain = s.out;
    RhsWorkspace ws;
    const Box eval{1, 31, 1, 17, 1, 16};
    rhs4<Update::Store>(s.u, s.medium(), eval, fs, s.h, store_into(tuned), ws);
    rhs4_reference<Update::Store>(s.u, s.medium(), eval, fs, s.h, store_into(plain));
    double big = 0, diff = 0;
    for (int c = 0; c < 3; ++c)
      for (std::size_t q = 0; q < tuned[c].v.size(); ++q) {
        big = std::max(big, double(std::fabs(tuned[c].v[q])));
        diff = std::max(diff, double(std::fabs(tuned[c].v[q] - plain[c].v[q])));
      }
    EXPECT_GT(big, 1.0);
    EXPECT_LE(diff, sw4test::tol(1e-12, 6e-7) * big) << "free surface " << fs;  // single: measured 2.0e-7
  }
}

// stencil_interior.hpp: the interior rows of L_h (NUMERICS.md 3.1, 3.2), the hot loop.
//
// Part of stencil.hpp, which includes it (include stencil.hpp, not this).
//
// Why built so: the twelve mixed terms d_a(c d_b f) are most of the operator's work when each
// is evaluated from scratch at every point (16 loads and ~30 flops each). They regroup into
// nine pointwise "fluxes" (c times first differences, with the stretching factors of the point
// itself), three per direction of the outer difference:
//   comp 1: s^x [ dx(A1) + s^y dy(B1) + s^z dz(C1) ]   A1 = la (s^y Dy v + s^z Dz w), B1 = mu Dx v, C1 = mu Dx w
//   comp 2: s^y [ s^x dx(A2) + dy(B2) + s^z dz(C2) ]   A2 = mu Dy u, B2 = la (s^x Dx u + s^z Dz w), C2 = mu Dy w
//   comp 3: s^z [ s^x dx(A3) + s^y dy(B3) + dz(C3) ]   A3 = mu Dz u, B3 = mu Dz v, C3 = la (s^x Dx u + s^y Dy v)
// (D and d are the undivided 4th-order differences, the result carries 1/144.) The stretching
// factors may move inside because the outer difference along x keeps j and k fixed, and so on.
// Each flux is computed once per point and kept where its outer difference will find it: the
// A fluxes in a row buffer, the B fluxes in a ring of five rows, the C fluxes in a ring of five
// planes. The pure second-derivative terms stay in the averaged form of the original. All
// loops run over i with unit stride and vectorise.
#pragma once

#include <vector>

namespace sw4 {

// Scratch buffers of the interior kernel, sized for one box of evaluated columns.
struct RhsWorkspace {
  int ni = 0, nj = 0;
  std::vector<double> a[3];  // one row, i0-2 .. i1+2
  std::vector<double> b[3];  // five rows (ring over j), i0 .. i1
  std::vector<double> c[3];  // five planes (ring over k), i0 .. i1 by j0 .. j1
  void size_for(int ni_, int nj_) {
    if (ni_ == ni && nj_ == nj) return;
    ni = ni_;
    nj = nj_;
    for (int f = 0; f < 3; ++f) {
      a[f].assign(std::size_t(ni + 4), 0.0);
      b[f].assign(std::size_t(5) * ni, 0.0);
      c[f].assign(std::size_t(5) * ni * nj, 0.0);
    }
  }
};

namespace kernel {

inline int ring5(int n) { return ((n % 5) + 5) % 5; }

template <Update mode>
void rhs4_interior(const Field& uf, const Medium& md, int i0, int i1, int j0, int j1, int k0,
                   int k1, double h, const Target& t, RhsWorkspace& ws) {
  const double* u = uf[0].data();
  const double* v = uf[1].data();
  const double* w = uf[2].data();
  const double* mu = md.mu->data();
  const double* la = md.la->data();
  const long sj = uf[0].sj, sk = uf[0].sk;
  const int ni = i1 - i0 + 1, nj = j1 - j0 + 1;
  ws.size_for(ni, nj);
  const long plane = long(ni) * nj;
  const double* sx = md.strx->at(i0);  // sx[i] is the stretching at i0 + i
  const double cof = 1.0 / (h * h), i6 = 1.0 / 6, i144 = 1.0 / 144;

  // C fluxes of plane kk into its ring slot.
  auto c_plane = [&](int kk) {
    double* c1 = ws.c[0].data() + ring5(kk) * plane;
    double* c2 = ws.c[1].data() + ring5(kk) * plane;
    double* c3 = ws.c[2].data() + ring5(kk) * plane;
    for (int j = j0; j <= j1; ++j) {
      const double syj = (*md.stry)(j);
      const long base = uf[0].index(i0, j, kk), row = long(j - j0) * ni;
      SW4_IVDEP
      for (int i = 0; i < ni; ++i) {
        const long q = base + i;
        c1[row + i] = mu[q] * d4(w, q, 1);
        c2[row + i] = mu[q] * d4(w, q, sj);
        c3[row + i] = la[q] * (sx[i] * d4(u, q, 1) + syj * d4(v, q, sj));
      }
    }
  };
  // B fluxes of row (jj, k) into its ring slot.
  auto b_row = [&](int jj, int k) {
    const double szk = (*md.strz)(k);
    double* b1 = ws.b[0].data() + ring5(jj) * ni;
    double* b2 = ws.b[1].data() + ring5(jj) * ni;
    double* b3 = ws.b[2].data() + ring5(jj) * ni;
    const long base = uf[0].index(i0, jj, k);
    SW4_IVDEP
    for (int i = 0; i < ni; ++i) {
      const long q = base + i;
      b1[i] = mu[q] * d4(v, q, 1);
      b2[i] = la[q] * (sx[i] * d4(u, q, 1) + szk * d4(w, q, sk));
      b3[i] = mu[q] * d4(v, q, sk);
    }
  };
  // A fluxes of row (j, k), i0-2 .. i1+2.
  auto a_row = [&](int j, int k) {
    const double syj = (*md.stry)(j), szk = (*md.strz)(k);
    double* a1 = ws.a[0].data();
    double* a2 = ws.a[1].data();
    double* a3 = ws.a[2].data();
    const long base = uf[0].index(i0 - 2, j, k);
    SW4_IVDEP
    for (int i = 0; i < ni + 4; ++i) {
      const long q = base + i;
      a1[i] = la[q] * (syj * d4(v, q, sj) + szk * d4(w, q, sk));
      a2[i] = mu[q] * d4(u, q, sj);
      a3[i] = mu[q] * d4(u, q, sk);
    }
  };

  for (int kk = k0 - 2; kk < k0 + 2; ++kk) c_plane(kk);
  for (int k = k0; k <= k1; ++k) {
    c_plane(k + 2);
    const double* sz = md.strz->at(k);
    const double szc = sz[0];
    const double* cplanes[3][4];  // per flux: planes k-2, k-1, k+1, k+2
    for (int f = 0; f < 3; ++f) {
      const double* base = ws.c[f].data();
      cplanes[f][0] = base + ring5(k - 2) * plane;
      cplanes[f][1] = base + ring5(k - 1) * plane;
      cplanes[f][2] = base + ring5(k + 1) * plane;
      cplanes[f][3] = base + ring5(k + 2) * plane;
    }
    for (int jj = j0 - 2; jj < j0 + 2; ++jj) b_row(jj, k);
    for (int j = j0; j <= j1; ++j) {
      b_row(j + 2, k);
      a_row(j, k);
      const double* sy = md.stry->at(j);
      const double syc = sy[0];
      const long base = uf[0].index(i0, j, k), row = long(j - j0) * ni;
      const double* brow[3][4];
      for (int f = 0; f < 3; ++f) {
        const double* b = ws.b[f].data();
        brow[f][0] = b + ring5(j - 2) * ni;
        brow[f][1] = b + ring5(j - 1) * ni;
        brow[f][2] = b + ring5(j + 1) * ni;
        brow[f][3] = b + ring5(j + 2) * ni;
      }
      const double* a1 = ws.a[0].data() + 2;  // a1[i] is the flux at i0 + i
      const double* a2 = ws.a[1].data() + 2;
      const double* a3 = ws.a[2].data() + 2;
      double* const* out = t.out;
      const double* const* up = t.u;
      const double* const* um = t.um;
      const double* rho = t.rho;
      const double factor = t.factor;
      SW4_IVDEP
      for (int i = 0; i < ni; ++i) {
        const long p = base + i;
        const double sxc = sx[i];
        const Avg4 mx = avg4(mu[p - 2] * sx[i - 2], mu[p - 1] * sx[i - 1], mu[p] * sxc,
                             mu[p + 1] * sx[i + 1], mu[p + 2] * sx[i + 2]);
        const Avg4 lx = avg4(la[p - 2] * sx[i - 2], la[p - 1] * sx[i - 1], la[p] * sxc,
                             la[p + 1] * sx[i + 1], la[p + 2] * sx[i + 2]);
        const Avg4 my = avg4(mu[p - 2 * sj] * sy[-2], mu[p - sj] * sy[-1], mu[p] * syc,
                             mu[p + sj] * sy[1], mu[p + 2 * sj] * sy[2]);
        const Avg4 ly = avg4(la[p - 2 * sj] * sy[-2], la[p - sj] * sy[-1], la[p] * syc,
                             la[p + sj] * sy[1], la[p + 2 * sj] * sy[2]);
        const Avg4 mz = avg4(mu[p - 2 * sk] * sz[-2], mu[p - sk] * sz[-1], mu[p] * szc,
                             mu[p + sk] * sz[1], mu[p + 2 * sk] * sz[2]);
        const Avg4 lz = avg4(la[p - 2 * sk] * sz[-2], la[p - sk] * sz[-1], la[p] * szc,
                             la[p + sk] * sz[1], la[p + 2 * sk] * sz[2]);
        double r1 = i6 * (sxc * apply4(two_mu_plus_la(mx, lx), u, p, 1) +
                          syc * apply4(my, u, p, sj) + szc * apply4(mz, u, p, sk));
        double r2 = i6 * (sxc * apply4(mx, v, p, 1) +
                          syc * apply4(two_mu_plus_la(my, ly), v, p, sj) +
                          szc * apply4(mz, v, p, sk));
        double r3 = i6 * (sxc * apply4(mx, w, p, 1) + syc * apply4(my, w, p, sj) +
                          szc * apply4(two_mu_plus_la(mz, lz), w, p, sk));
        // outer differences of the fluxes: along x in the row, y in the rows, z in the planes
        auto dx = [&](const double* f) { return f[i - 2] - 8 * f[i - 1] + 8 * f[i + 1] - f[i + 2]; };
        auto dring = [&](const double* const* f, long q) {
          return f[0][q] - 8 * f[1][q] + 8 * f[2][q] - f[3][q];
        };
        r1 += i144 * sxc * (dx(a1) + syc * dring(brow[0], i) + szc * dring(cplanes[0], row + i));
        r2 += i144 * syc * (sxc * dx(a2) + dring(brow[1], i) + szc * dring(cplanes[1], row + i));
        r3 += i144 * szc * (sxc * dx(a3) + syc * dring(brow[2], i) + dring(cplanes[2], row + i));
        store<mode>(out, up, um, rho, factor, p, cof * r1, cof * r2, cof * r3);
      }
    }
  }
}

}  // namespace kernel
}  // namespace sw4

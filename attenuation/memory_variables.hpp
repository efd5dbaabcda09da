// attenuation/memory_variables.hpp: the memory variables of the visco-elastic model and the
// pointwise parts of their time step (NUMERICS 36): the second-order predictor, the
// fourth-order corrector, their second time difference, and the ghost plane the operator of
// the memory variables does not use.
//
// Why built so: each mechanism nu has a displacement-like field alpha_nu obeying the ODE
// (1/omega_nu) alpha_nu' + alpha_nu = u at every grid point, so its update needs no neighbour
// and no halo: computed over the whole array box (ghosts and padding included) from U levels
// whose halos are already exchanged, a piece's copy of a neighbour's point gets the same bits
// as the neighbour's own. Three levels per mechanism rotate with U's; after the corrector the
// oldest level is free and holds alpha'' for the corrector's L_h, as U'' does in `acc`.
#pragma once

#include <cmath>
#include <utility>
#include <vector>

#include "grid.hpp"
#include "threads.hpp"

namespace sw4 {

struct MemoryVariables {
  int n = 0;                     // mechanisms; 0: an elastic run
  std::vector<double> omega;     // omega_nu, rad/s
  std::vector<Field> am, a, ap;  // alpha_nu at t - dt, t, t + dt (am: alpha'' after the corrector)
  std::vector<Array3> mu, la;    // the mechanisms' moduli muVE_nu, laVE_nu
  // nmech = 0 (SW4's simple attenuation, NUMERICS 35.6): U+ *= exp(-pi f_c dt / Qs) each step.
  bool simple = false;
  double simple_freq = 0;  // f_c, Hz
  Array3 qs, factor;       // the point's Qs; its factor, made on the first step (dt is known then)

  bool on() const { return n > 0; }
  bool any() const { return n > 0 || simple; }
  void define(const Box& b, int nmech) {
    n = nmech;
    omega.assign(std::size_t(n), 0.0);
    for (auto* lv : {&am, &a, &ap}) {
      lv->assign(std::size_t(n), Field{});
      for (Field& f : *lv)
        for (int c = 0; c < 3; ++c) f[c].define(b);
    }
    mu.assign(std::size_t(n), Array3(b));
    la.assign(std::size_t(n), Array3(b));
  }
  // (am, a, ap) <- (a, ap, am), as U's levels: moves, no copies.
  void rotate() {
    std::swap(am, a);
    std::swap(a, ap);
  }
  // Values per point a run keeps (three levels of three components, two moduli).
  static int reals_per_point(int nmech) { return nmech * 11; }
};

// nmech = 0: the new solution times the point's factor exp(-pi f_c dt / Qs), over the whole
// box, after the damping, as SW4's simple attenuation (the factors: subdomain_memory.hpp).
inline void simple_attenuation(Field& up, const Array3& factor) {
  for (int c = 0; c < 3; ++c) {
    const long n = long(up[c].v.size());
    SW4_OMP(parallel for schedule(static))
    for (long p = 0; p < n; ++p) up[c].v[p] *= factor.v[std::size_t(p)];
  }
}

// The predictor (NUMERICS 36.2): alpha+ = (u + g - c_m alpha-) / c_p, the centred second-order
// form of the ODE at t, with c_p = 1/2 + 1/(2 omega dt), c_m = 1/2 - 1/(2 omega dt). g (the
// forcing's share, G = F/omega of a test problem) is added by the caller.
inline void memory_predictor(Field& ap, const Field& am, const Field& u, double omega, double dt) {
  const double dto = omega * dt;
  const Real icp = Real(1 / (0.5 + 1 / (2 * dto))), cm = Real(0.5 - 1 / (2 * dto));
  for (int c = 0; c < 3; ++c) {
    const long n = long(ap[c].v.size());
    SW4_OMP(parallel for schedule(static))
    for (long p = 0; p < n; ++p) ap[c].v[p] = icp * (u[c].v[p] - cm * am[c].v[p]);
  }
}

// The corrector (NUMERICS 36.2): the same ODE with its dt^2 error terms cancelled by the three
// U levels, fourth order: c_p alpha+ = c_m alpha- + u + (dto^2 u + dto (u+ - u-) + (u+ - 2u + u-))/6,
// c_p = 1/2 + 1/(2 dto) + dto/4 + dto^2/12, c_m = 1/(2 dto) + dto/4 - 1/2 - dto^2/12, dto = omega dt.
inline void memory_corrector(Field& ap, const Field& am, const Field& up, const Field& u, const Field& um,
                             double omega, double dt) {
  const double dto = omega * dt;
  const Real icp = Real(1 / (0.5 + 1 / (2 * dto) + dto / 4 + dto * dto / 12));
  const Real cm = Real(1 / (2 * dto) + dto / 4 - 0.5 - dto * dto / 12);
  const Real d2 = Real(dto * dto), d1 = Real(dto), sixth = Real(1.0 / 6);
  for (int c = 0; c < 3; ++c) {
    const long n = long(ap[c].v.size());
    SW4_OMP(parallel for schedule(static))
    for (long p = 0; p < n; ++p) {
      const Real uu = u[c].v[p], upp = up[c].v[p], umm = um[c].v[p];
      ap[c].v[p] = icp * (cm * am[c].v[p] + uu + sixth * (d2 * uu + d1 * (upp - umm) + (upp - 2 * uu + umm)));
    }
  }
}

// The corrector's c_p, for a forcing's share added after memory_corrector.
inline double memory_corrector_cp(double omega, double dt) {
  const double dto = omega * dt;
  return 0.5 + 1 / (2 * dto) + dto / 4 + dto * dto / 12;
}
inline double memory_predictor_cp(double omega, double dt) { return 0.5 + 1 / (2 * omega * dt); }

// am <- (ap - 2 a + am) / dt^2: alpha'' for the corrector's L_h, over the whole box.
inline void memory_acceleration(Field& am, const Field& a, const Field& ap, double dt) {
  const Real idt2 = Real(1 / (dt * dt));
  for (int c = 0; c < 3; ++c) {
    const long n = long(am[c].v.size());
    SW4_OMP(parallel for schedule(static))
    for (long p = 0; p < n; ++p) am[c].v[p] = (ap[c].v[p] - 2 * a[c].v[p] + am[c].v[p]) * idt2;
  }
}

// The ghost plane k = 0 above a free surface as the fifth-order extrapolation
// 5 f1 - 10 f2 + 10 f3 - 5 f4 + f5 (NUMERICS 36.3): with it, the operator's closure row 1, the
// only row that reads the ghost, becomes the closure without a ghost point, which is what the
// memory variables take, as they have no boundary condition of their own. bottom: the mirror
// at k = nz + 1 from nz .. nz - 4.
inline void extrapolate_ghost(Field& f, int k_ghost, int direction) {
  const Box& b = f[0].box;
  for (int c = 0; c < 3; ++c)
    for (int j = b.jb; j <= b.je; ++j)
      for (int i = b.ib; i <= b.ie; ++i) {
        auto at = [&](int l) { return f[c](i, j, k_ghost + direction * l); };
        f[c](i, j, k_ghost) = 5 * at(1) - 10 * at(2) + 10 * at(3) - 5 * at(4) + at(5);
      }
}

}  // namespace sw4

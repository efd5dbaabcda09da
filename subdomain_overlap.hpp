// subdomain_overlap.hpp: the corrector in two parts, the inner one computed while the halos of
// U* travel (`developer halo=isend|rma-*`, halo/halo_overlap.hpp; DESIGN.md, "The two
// drivers"). This essay is the one place that says why the inner part may run early. Part of
// subdomain.hpp (include subdomain.hpp, not this).
//
// Why built so: the corrector's only use of the U* halos is through stencils of known width,
// so the points far enough from a piece's sides can be corrected before the halos land, and
// the rest after, each point by exactly the arithmetic and order of updates of corrector().
// Counted from a side of the array box toward a neighbour (whose two outer columns are the
// padding and the next two the planes a model sends; a physical side needs no margin):
// - the BC of U* at the top ghost (i, j, 0) reads U*(i +- 2, j, 1), U*(i, j +- 2, 1) and the
//   column's own planes 1-4: for columns 4 or more from such a side (`cols`) it reads no
//   padding and writes nothing a message carries; the side conditions there (zero ghosts of
//   a physical side) read nothing;
// - U'' is pointwise: on `cols` it needs only the BC above;
// - L_h (corrector) at a point reads U'' up to 2 away in i and j (the mixed terms at both):
//   on the evaluation box 6 or more from such a side it reads `cols` only.
// The point forces and the super-grid damping add to a point of U+ after its L_h update and
// read U and Um only, so each goes with its point's part. The rim part then does the rest:
// every side's condition outside `cols` (whose free-surface solves read no point the inner
// part has corrected: those are 6 from the side, the solves 4 + 2 at most), U'' there, L_h,
// forces and damping outside the inner box. Each point's conditions still come in the
// original's order (sides 0-3, top, bottom). Nothing of the inner part touches the padding or
// the planes sent, as the models ask (halo.hpp). Topography keeps the plain corrector: grid 1
// and the injection would need their own count, for a few planes.
#pragma once

#include <algorithm>
#include <vector>

namespace sw4 {

namespace overlap {

// b less w columns on each side toward a neighbour (k unchanged); empty when nothing is left.
inline Box shrink(const Box& b, const Bc bc[6], int w) {
  auto s = [&](int side) { return bc[side] == Bc::Processor ? w : 0; };
  Box r{b.ib + s(0), b.ie - s(1), b.jb + s(2), b.je - s(3), b.kb, b.ke};
  if (r.ib > r.ie || r.jb > r.je) r = Box{};
  return r;
}

// b's points outside inner's columns (inner within b in i and j) as at most four boxes over
// b's k range; all of b when inner is empty.
inline std::vector<Box> frame(const Box& b, const Box& inner) {
  if (inner.size() == 0) return {b};
  std::vector<Box> f;
  auto add = [&](const Box& x) {
    if (x.ib <= x.ie && x.jb <= x.je) f.push_back(x);
  };
  add({b.ib, b.ie, b.jb, inner.jb - 1, b.kb, b.ke});  // whole rows first: the kernels run
  add({b.ib, b.ie, inner.je + 1, b.je, b.kb, b.ke});  // along i, short rows cost more a point
  add({b.ib, inner.ib - 1, inner.jb, inner.je, b.kb, b.ke});
  add({inner.ie + 1, b.ie, inner.jb, inner.je, b.kb, b.ke});
  return f;
}

}  // namespace overlap

// The stage-1 point forces of the points inside (inner) or outside the inner L_h box: the sum
// at a point is formed as add_point_forces forms it, only the points are filtered.
inline void Subdomain::add_corrector_forces(double t, bool inner) {
  for (std::size_t s = 0; s < tfun.size(); ++s) gval_[s] = tfun[s].g_tt(t);
  const Box& a = up[0].box;
  const Box& in = overlap_eval_;
  forces_.apply(gval_, [&](long p, double fx, double fy, double fz) {
    const long r = p - up[0].index(a.ib, a.jb, a.kb);
    const int i = a.ib + int(r % a.ni()), j = a.jb + int(r / a.ni() % a.nj());
    const int k = a.kb + int(r / (long(a.ni()) * a.nj()));
    if (in.contains(i, j, k) == inner) add_force_to(up, rho, p, fx, fy, fz, 1);
  });
}

inline void Subdomain::corrector_inner(double t) {
  Box& in = overlap_eval_;  // within eval (which is 2 from the edge), k as eval's
  in = overlap::shrink(box, bc, 6);
  in = {std::max(in.ib, eval.ib), std::min(in.ie, eval.ie), std::max(in.jb, eval.jb),
        std::min(in.je, eval.je), eval.kb, eval.ke};
  if (in.size() == 0) in = Box{};
  overlap_cols_ = overlap_eval_.size() == 0 ? Box{} : overlap::shrink(box, bc, 4);
  if (overlap_eval_.size() == 0) return;  // a thin piece: the rim part does it all
  const double t0 = detail::now();
  const BcPart part{{overlap_cols_}};
  apply_bc(up, bc, mu, la, px.str, py.str, grid, t + dt, boundary_data, &part);
  const double t1 = detail::now();
  acceleration(acc, up, u, um, dt, overlap_cols_);
  const double f4 = dt * dt * dt * dt / 12;
  apply_lh<Update::Corrector>(acc, overlap_eval_, detail::target(up, nullptr, nullptr, rho, f4));
  const double t2 = detail::now();
  add_corrector_forces(t, true);
  const double t3 = detail::now();
  if (beta > 0) supergrid_damping(up, u, um, rho, px, py, pz, overlap_eval_, beta);
  const double t4 = detail::now();
  count_corrector(t0, t1, t2, t3, t4);
}

inline void Subdomain::corrector_rim(double t) {
  const double t0 = detail::now();
  const BcPart part{overlap::frame(box, overlap_cols_)};
  apply_bc(up, bc, mu, la, px.str, py.str, grid, t + dt, boundary_data, &part);
  const double t1 = detail::now();
  for (const Box& b : part.columns) acceleration(acc, up, u, um, dt, b);
  const double f4 = dt * dt * dt * dt / 12;
  const std::vector<Box> rim = overlap::frame(eval, overlap_eval_);
  for (const Box& b : rim)
    apply_lh<Update::Corrector>(acc, b, detail::target(up, nullptr, nullptr, rho, f4));
  const double t2 = detail::now();
  add_corrector_forces(t, false);
  const double t3 = detail::now();
  if (beta > 0)
    for (const Box& b : rim) supergrid_damping(up, u, um, rho, px, py, pz, b, beta);
  const double t4 = detail::now();
  count_corrector(t0, t1, t2, t3, t4);
}

}  // namespace sw4

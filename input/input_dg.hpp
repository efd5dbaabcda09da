// input_dg.hpp: the dgalerkin command, which runs the energy-based discontinuous Galerkin
// solver (NUMERICS 30-34) instead of the finite differences; pass 1 reads the line, pass 2
// refuses what the DG solver does not have.
//
// Part of input.hpp, which includes it after input_commands.hpp (include input.hpp, not this).
//
// Why built so: the DG solver is a second solver beside the finite differences with far fewer
// parts: one constant material on flat elements, walls or mirrors instead of super-grid
// layers, no checkpoints, images or halo models. A deck that asks for one of these would
// otherwise run with that part silently dropped, so each is refused with one line naming the
// command at fault, the dgalerkin line and why. Pass 2 runs before the position and coverage
// checks, so that a command DG cannot take at all is named before its details are (a source
// of a single-mode deck is refused as a source, not checked against the domain).
#pragma once

#include <string>

namespace sw4 {
namespace input_detail {

// The element matrices grow as (3(q+1)^3)^2 entries: q = 8 is already 2187^2 doubles each.
constexpr int kDgMaxOrder = 8;
// The time step's cfl when the deck gives none: the FD default 1.3 makes the Taylor stepper
// blow up (measured on a point-force deck at q = 2: 0.6 stable, 1.0 not; NUMERICS 33.1); 0.3 is
// what the original's DG decks set.
constexpr double kDgDefaultCfl = 0.3;

inline void cmd_dgalerkin(State& st, const Line& ln) {
  once(st, ln, st.cfg.dg.line);
  Keys k(st.file, ln, {"order", "singlemode"});
  const std::string range = "(allowed: 1 to " + std::to_string(kDgMaxOrder) +
                            "; the element matrices grow as (3(q+1)^3)^2)";
  if (!k.has("order")) k.fail("missing key 'order' " + range);
  const int q = k.integer("order", 0);
  if (q < 1 || q > kDgMaxOrder) k.fail(k.text("order") + " is out of range " + range);
  // The original left singlemode undefined when the key was missing; 0 is the physical problem.
  const int s = k.integer("singlemode", 0);
  if (s != 0 && s != 1) k.fail(k.text("singlemode") + " is out of range (allowed: 0 or 1)");
  DgCfg& d = st.cfg.dg;
  d.on = true;
  d.order = q;
  d.singlemode = s == 1;
}

inline const char* verify_name(VerifyKind k);  // input_verify.hpp

// singlemode=0 without testpointsource: the material is one block, constant, over the whole
// grid. The bounds are read as given (a bound left out covers), since check_blocks, which
// fills in the defaults, runs later; the tolerance is the FD coverage test's.
inline void check_dg_block(const State& st, const std::string& on) {
  const Config& c = st.cfg;
  const std::string one = "the DG solver takes one constant material";
  auto refuse = [&](int at, const std::string& what, const std::string& why) {
    fail_at(st.file, at, what + " cannot be combined with " + on + " (" + why + ")");
  };
  if (c.blocks.empty())
    fail_at(st.file, c.dg.line, "dgalerkin: singlemode=0 needs a material (give one block command or "
                                "testpointsource)");
  const BlockCfg& b = c.blocks[0];
  if (c.blocks.size() > 1)
    refuse(c.blocks[1].line, "block: a second block", one + "; the first block is on line " + std::to_string(b.line));
  struct G { const char* name; double v; } gs[3] = {{"vpgrad", b.vpgrad}, {"vsgrad", b.vsgrad}, {"rhograd", b.rhograd}};
  for (const G& g : gs)
    if (g.v != 0) refuse(b.line, std::string("block: ") + g.name + "=" + fmt(g.v), one + ": leave out " + g.name);
  const double ext[3] = {c.grid.xmax, c.grid.ymax, c.grid.zmax};
  const double bound[6] = {b.x1, b.x2, b.y1, b.y2, b.z1, b.z2};
  const char* bname[6] = {"x1", "x2", "y1", "y2", "z1", "z2"};
  const BlockExtra& e = st.blk[0];
  for (int d = 0; d < 3; ++d) {
    if (e.set[2 * d] && !(bound[2 * d] - kBlockTol <= 0))
      refuse(b.line, std::string("block: ") + bname[2 * d] + "=" + fmt(bound[2 * d]),
             one + " over the whole grid: allowed " + bname[2 * d] + " <= 0");
    if (e.set[2 * d + 1] && !(ext[d] <= bound[2 * d + 1] + kBlockTol))
      refuse(b.line, std::string("block: ") + bname[2 * d + 1] + "=" + fmt(bound[2 * d + 1]),
             one + " over the whole grid: allowed " + bname[2 * d + 1] + " >= " + fmt(ext[d]));
  }
}

// Pass 2: what the DG solver cannot be combined with.
inline void check_dg(State& st) {
  const Config& c = st.cfg;
  if (!c.dg.on) return;
  if (!c.dev.cfl_set) st.cfg.dev.cfl = kDgDefaultCfl;
  const std::string on = "dgalerkin on line " + std::to_string(c.dg.line);
  auto refuse = [&](int at, const std::string& what, const std::string& why) {
    fail_at(st.file, at, what + " cannot be combined with " + on + " (" + why + ")");
  };
  if (c.verify.kind != VerifyKind::None)
    refuse(c.verify.line, std::string(verify_name(c.verify.kind)) + ":",
           "the DG solver does not have this test problem; its tests are singlemode=1 and testpointsource");
  if (c.topo.on) refuse(c.topo.line, "topography:", "the DG solver has flat elements on grid 0 only");
  if (c.has_supergrid_cmd)
    refuse(st.sg_line, "supergrid:", "the DG solver has no super-grid layers: its sides are walls or mirrors; "
                                     "remove the supergrid command");
  const std::string fields = "the DG solver keeps element coefficients, not the finite-difference grid functions";
  if (c.checkpoint.on) refuse(c.checkpoint.line, "checkpoint:", "a checkpoint holds the grid functions; " + fields);
  if (c.restart.on) refuse(c.restart.line, "restart:", "a checkpoint holds the grid functions; " + fields);
  if (!c.images.empty()) refuse(c.images[0].line, "image:", "an image is a plane of the grid functions; " + fields);
  if (st.halo_line)
    refuse(st.halo_line, "developer: halo=" + c.dev.halo,
           "the halo models are the finite-difference exchange's; the DG solver exchanges element faces");
  if (c.dg.singlemode) {
    const std::string own = "the single-mode problem sets its own material rho=1, mu=1, lambda=2";
    if (!c.sources.empty()) refuse(c.sources[0].line, "source:", "the single-mode problem has no sources");
    if (c.tps.on) refuse(c.tps.line, "testpointsource:", own);
    if (!c.blocks.empty()) refuse(c.blocks[0].line, "block:", own);
  } else if (!c.tps.on) {  // with testpointsource its rho, cp, cs are the material
    check_dg_block(st, on);
  }
}

}  // namespace input_detail
}  // namespace sw4

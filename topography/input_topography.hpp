// input_topography.hpp: the `topography` command (pass 1 of the parser).
//
// Part of input.hpp, which includes it after the Config structs (include input.hpp, not this).
//
// Why built so: the line alone decides its keys and ranges, so they are checked here, in file
// order like every command. What needs the grid as well (the two grids' sizes, a hill that
// reaches below the interface, positions against the moved bottom) is checked once the whole
// deck is read, by topography_problem in topography.hpp, because those checks compute the
// grids exactly as the run will (NUMERICS 14.3). Keys the original requires but SW4 defaults take
// SW4's defaults (NUMERICS 14.1).
#pragma once

#include <string>

namespace sw4 {
namespace input_detail {

inline void cmd_topography(State& st, const Line& ln) {
  once(st, ln, st.topo_line);
  Keys k(st.file, ln, {"input", "zmax", "order", "zetabreak", "file", "gaussianAmp", "gaussianXc",
                       "gaussianYc", "gaussianLx", "gaussianLy", "analyticalMetric", "convention"});
  TopographyCfg t;
  t.line = ln.no;
  if (!k.has("input")) k.fail("missing key 'input' (allowed: input=gaussian)");
  if (k.str("input", "") != "gaussian")
    k.fail(k.text("input") + " is not implemented (allowed: input=gaussian)");
  if (!k.has("zmax"))
    k.fail("missing key 'zmax' (the depth of the interface between the curvilinear grid and the "
           "Cartesian grid below it)");
  t.zmax = k.real("zmax", 0);
  t.order = k.integer("order", 4);
  if (t.order < 2 || t.order > 7)
    k.fail("order=" + std::to_string(t.order) + " is out of range (allowed: 2 <= order <= 7)");
  t.zetabreak = k.real("zetabreak", 0.95);
  if (!(t.zetabreak > 0 && t.zetabreak <= 1))
    k.fail("zetabreak=" + fmt(t.zetabreak) + " is out of range (allowed: 0 < zetabreak <= 1)");
  // The original needs all five hill keys (it leaves a missing one undefined); SW4 defaults
  // them, and its regression decks rely on that, so the defaults are SW4's (TopographyCfg).
  t.amp = k.real("gaussianAmp", t.amp);
  t.xc = k.real("gaussianXc", t.xc);
  t.yc = k.real("gaussianYc", t.yc);
  t.lx = k.real_min("gaussianLx", t.lx, 0, true);
  t.ly = k.real_min("gaussianLy", t.ly, 0, true);
  // The original takes exactly 1, true and yes as true, anything else as false; a word that
  // is neither is refused here rather than read as false.
  const std::string am = k.str("analyticalMetric", "0");
  if (am == "1" || am == "true" || am == "yes") t.analytical_metric = true;
  else if (am == "0" || am == "false" || am == "no") t.analytical_metric = false;
  else k.fail(k.quote("analyticalMetric") + " is not a boolean (allowed: 1, true, yes, 0, false, no)");
  // Where SW4 (the full code) and the original count grid 1's planes and bound the time step
  // differently, convention=sw4 takes SW4's rules (NUMERICS 25.5); the default is the original's.
  // Under twilight (SW4's command, which the original lacks) SW4's rules are the default
  // (twilight_conventions in input_verify.hpp); convention_given keeps the deck's word.
  t.convention_given = k.has("convention");
  const std::string conv = k.str("convention", "sw4lite");
  if (conv == "sw4") t.sw4_convention = true;
  else if (conv != "sw4lite") k.fail(k.quote("convention") + " is not a convention (allowed: sw4lite, sw4)");
  k.str("file", "");  // read by the original, unused with input=gaussian
  t.on = true;
  st.cfg.topo = t;
}

}  // namespace input_detail
}  // namespace sw4

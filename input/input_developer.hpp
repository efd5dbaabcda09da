// input_developer.hpp: the `developer` command: pass 1 reads its knobs, pass 2 checks the time
// order against the rest of the deck.
//
// Part of input.hpp, which includes it after input_commands.hpp (include input.hpp, not this).
//
// Why built so: `developer` gathers what SW4 and the original keep out of the user's way: the
// CFL number, the time integrator's order, the solution check, the kernels and the co-design
// knobs of this project. Most of them change how a run is done, not what it computes; the two
// that change the numbers (cfl, time_order) enter the checkpoint's deck hash. SW4's iteration
// controls of its mesh-refinement interfaces (ctol, cmaxit, crelax) are read and checked as SW4
// reads them, and change nothing without a `refinement` command there either: here a warning
// says so, since `refinement` itself is refused (input_commands.hpp).
#pragma once

#include <string>
#include <vector>

namespace sw4 {
namespace input_detail {

// developer may be repeated (one knob per line is common); a later value wins.
inline void cmd_developer(State& st, const Line& ln) {
  Keys k(st.file, ln, {"cfl", "checkfornan", "reporttiming", "trace", "corder", "thblocki", "thblockj",
                       "thblockk", "partitions", "imbalance", "migrate", "steal", "kernel",
                       "protocol", "halo", "time_order", "ctol", "cmaxit", "crelax"});
  DeveloperCfg& d = st.cfg.dev;
  d.cfl_set = d.cfl_set || k.has("cfl");
  d.cfl = k.real_min("cfl", d.cfl, 0, true);
  d.checkfornan = k.boolean("checkfornan", d.checkfornan);
  d.reporttiming = k.boolean("reporttiming", d.reporttiming);
  d.trace = k.boolean("trace", d.trace);
  k.boolean("corder", false);  // storage order of the original's kernels: same numbers
  for (const char* b : {"thblocki", "thblockj", "thblockk"}) k.integer(b, 1, 1);  // GPU blocks
  d.partitions = k.integer("partitions", d.partitions, 1);
  d.migrate = k.integer("migrate", d.migrate, 0);
  d.steal = k.boolean("steal", d.steal);
  if (const Token* t = k.find("kernel")) {
    if (t->value != "tuned" && t->value != "reference")
      k.fail(in_quotes(t->text) + " is not a kernel (allowed: tuned, reference)");
    d.reference_kernel = t->value == "reference";
  }
  if (const Token* t = k.find("protocol")) {
    if (t->value != "request" && t->value != "eager")
      k.fail(in_quotes(t->text) + " is not a halo protocol (allowed: request, eager)");
    d.protocol = t->value == "eager";
  }
  if (const Token* t = k.find("halo")) {
    if (!is_halo_model(t->value)) k.fail(in_quotes(t->text) + " is not a halo model (allowed: " + halo_model_list() + ")");
    d.halo = t->value;
    st.halo_line = d.halo_line = ln.no;
  }
  if (const Token* t = k.find("imbalance")) {
    std::size_t c = t->value.find(':');
    int r = 0;
    double f = 0;
    if (c == std::string::npos || !to_int(t->value.substr(0, c), r) || !to_real(t->value.substr(c + 1), f) ||
        r < 0 || f < 1)
      k.fail(in_quotes(t->text) + " is not of the form R:F (R: the rank to slow down, an integer >= 0; "
             "F: its slow-down factor, a real >= 1)");
    d.imbalance_rank = r;
    d.imbalance_factor = f;
  }
  if (k.has("time_order")) {
    const int o = k.integer("time_order", 4);
    if (o != 2 && o != 4)
      k.fail(k.text("time_order") + " is not a time order (allowed: 2, the predictor alone; 4, predictor and "
             "corrector)");
    d.time_order = o;
    d.time_order_line = ln.no;
  }
  // SW4's mesh-refinement interface iteration: tolerance, most iterations, relaxation factor.
  k.real_min("ctol", 0, 0, true);  // (the defaults are never used: nothing reads the values)
  k.integer("cmaxit", 0, 1);
  k.real_min("crelax", 0, 0, true);
  std::vector<std::string> mr;
  for (const char* key : {"ctol", "cmaxit", "crelax"})
    if (k.has(key)) mr.push_back(key);
  if (!mr.empty())
    st.cfg.warnings.push_back(st.file + ":" + std::to_string(ln.no) + ": warning: developer: " + join(mr) +
                              (mr.size() > 1 ? " control" : " controls") + " SW4's iteration at mesh-refinement "
                              "interfaces; sw4lite has none, so " + (mr.size() > 1 ? "they change" : "it changes") +
                              " nothing");
  d.line = ln.no;
}

// Pass 2: the second-order stepping is the finite differences' (NUMERICS 2.4). The DG solver
// has its own Taylor stepper; twilight's super-grid terms are corrected inside the corrector,
// which the second order does not have (NUMERICS 25.3).
inline void check_developer(const State& st) {
  const Config& c = st.cfg;
  if (c.dev.time_order != 2) return;
  const std::string at = "developer: time_order=2 ";
  if (c.dg.on)
    fail_at(st.file, c.dev.time_order_line, at + "cannot be combined with dgalerkin on line " +
                                                std::to_string(c.dg.line) + " (the DG solver has its own "
                                                "Taylor stepper; allowed: time_order=4)");
  if (c.verify.kind == VerifyKind::Twilight && c.has_supergrid_cmd)
    fail_at(st.file, c.dev.time_order_line, at + "cannot be combined with twilight and a supergrid command (its "
                                                "damping's share is given back in the corrector, which the "
                                                "second order does not have; allowed: time_order=4, or twilight "
                                                "without supergrid)");
}

}  // namespace input_detail
}  // namespace sw4

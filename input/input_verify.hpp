// input_verify.hpp: the verification commands (NUMERICS 25-28): twilight, testenergy,
// testlamb, testrayleigh; pass 1 reads each line, pass 2 checks them against the rest of the
// deck.
//
// Part of input.hpp, which includes it after input_commands.hpp (include input.hpp, not this).
//
// Why built so: each command replaces the deck's material, and most replace its sources and
// boundaries, by those of a problem whose answer is known. A deck that mixes one with what
// would change that answer (a source beside twilight's forcing, topography under Lamb's flat
// half-space) is refused with one line naming both, since a run that went on would print an
// error norm that measures nothing.
#pragma once

#include <cmath>
#include <string>

namespace sw4 {
namespace input_detail {

inline const char* verify_name(VerifyKind k) {
  switch (k) {
    case VerifyKind::Twilight: return "twilight";
    case VerifyKind::Energy: return "testenergy";
    case VerifyKind::Lamb: return "testlamb";
    case VerifyKind::Rayleigh: return "testrayleigh";
    default: return "";
  }
}

// The first verification command of the deck; a second one, or one beside testpointsource,
// is an error naming the other.
inline void verify_once(State& st, const Line& ln, VerifyKind k) {
  const VerifyCfg& v = st.cfg.verify;
  if (v.kind != VerifyKind::None)
    fail_at(st.file, ln.no, ln.cmd + ": the deck already has " + verify_name(v.kind) + " on line " +
                                std::to_string(v.line) + " (allowed: one test problem a deck)");
  if (st.tps_line)
    fail_at(st.file, ln.no, ln.cmd + ": the deck already has testpointsource on line " +
                                std::to_string(st.tps_line) + " (allowed: one test problem a deck)");
  st.cfg.verify.kind = k;
  st.cfg.verify.line = ln.no;
}

inline void cmd_twilight(State& st, const Line& ln) {
  Keys k(st.file, ln, {"omega", "c", "phase", "momega", "mphase", "amprho", "ampmu", "amplambda", "errorlog",
                       "sgstretching", "freeupper", "freelower", "omstrx", "omstry", "omstrz"});
  verify_once(st, ln, VerifyKind::Twilight);
  TwilightCfg& t = st.cfg.verify.tw;
  // SW4's key: 1 writes TwilightErr.txt (NUMERICS 25.4). SW4 reads any other number as 0; here
  // only 0 and 1 are numbers it means.
  const int log = k.integer("errorlog", 0, 0);
  if (log > 1) k.fail(k.text("errorlog") + " must be 0 or 1 (1 writes TwilightErr.txt in the fileio path)");
  t.errorlog = log == 1;
  t.omega = k.real_min("omega", t.omega, 0, true);
  t.c = k.real("c", t.c);
  t.phase = k.real("phase", t.phase);
  t.momega = k.real_min("momega", t.momega, 0, false);
  t.mphase = k.real("mphase", t.mphase);
  t.amprho = k.real_min("amprho", t.amprho, 0, true);
  t.ampmu = k.real_min("ampmu", t.ampmu, 0, true);
  t.amplambda = k.real_min("amplambda", t.amplambda, 0, true);
  // SW4's side keys (NUMERICS 25.6). SW4 reads 1, yes, true as on and any other word as off;
  // here the words of every boolean key, and anything else is refused.
  t.sgstretching = k.boolean("sgstretching", t.sgstretching);
  t.freeupper = k.boolean("freeupper", t.freeupper);
  t.freelower = k.boolean("freelower", t.freelower);
  t.omstrx = k.real("omstrx", t.omstrx);
  t.omstry = k.real("omstry", t.omstry);
  t.omstrz = k.real("omstrz", t.omstrz);
  // SW4's rule: with the analytic stretching the two z sides must both be free or both not
  // super-grid; the top becomes a super-grid side when it is not free, the bottom never does.
  if (t.sgstretching && !t.freeupper && t.freelower)
    k.fail("sgstretching=1 with freeupper=0 and freelower=1 makes the top a super-grid side and the bottom a "
           "free surface (allowed: the same condition on both: freeupper=1 with freelower=1, or freelower=0)");
}

// Pass 2: twilight's side keys against the rest of the deck.
inline void check_twilight_sides(const State& st) {
  const Config& c = st.cfg;
  const TwilightCfg& t = c.verify.tw;
  const int line = c.verify.line;
  auto no = [&](const std::string& what, const std::string& allowed) {
    fail_at(st.file, line, "twilight: " + what + " (allowed: " + allowed + ")");
  };
  if (c.topo.on && !t.freeupper)
    no("freeupper=0 under topography (the curved top is always a free surface)",
       "freeupper=1 with topography");
  // sw4lite's own layers (a supergrid command without sgstretching) put the z layer in the lower
  // half, where a free bottom's closure rows need s^z = 1 (NUMERICS 25.3).
  if (t.freelower && c.has_supergrid_cmd && !t.sgstretching)
    no("freelower=1 with a supergrid command but sgstretching=0: sw4lite's smooth layer profiles stretch z "
       "in the lower half, where the bottom free surface's rows have no stretching",
       "freelower=1 with sgstretching=1, or without a supergrid command");
  if (t.freeupper && t.freelower && c.grid.nz < 12)
    fail_at(st.file, st.grid_line, "grid: nz=" + std::to_string(c.grid.nz) + " is too small for free surfaces "
                                   "at the top and the bottom (allowed: nz >= 12, the two closures' six rows)");
  if (t.freelower && c.grid.nz < 8)
    fail_at(st.file, st.grid_line, "grid: nz=" + std::to_string(c.grid.nz) +
                                       " is too small (allowed: nz >= 8 with a free surface at the bottom)");
}

// SW4's keys too: filename (its name for file), amplitude, sg_eps, writeEvery, bchorizontal;
// SW4's default sides, periodic, do not exist here and are refused (NUMERICS 26).
inline void cmd_testenergy(State& st, const Line& ln) {
  Keys k(st.file, ln, {"seed", "cpcsratio", "file", "filename", "amplitude", "sg_eps", "writeEvery",
                       "bchorizontal", "qp", "qs"});
  verify_once(st, ln, VerifyKind::Energy);
  EnergyCfg& e = st.cfg.verify.en;
  e.seed = static_cast<unsigned long>(k.integer("seed", int(e.seed), 0));
  e.cpcsratio = k.real_min("cpcsratio", e.cpcsratio, std::sqrt(4.0 / 3.0), true);
  e.amplitude = k.real_min("amplitude", e.amplitude, 0, false);
  e.sg_eps = k.real_min("sg_eps", e.sg_eps, 0, true);
  if (e.sg_eps > 1)
    k.fail(k.text("sg_eps") + " is above 1 (allowed: 0 < sg_eps <= 1, the layers' stretching at the boundary)");
  e.write_every = k.integer("writeEvery", e.write_every, 0);
  e.qp = k.real_min("qp", e.qp, 0, true);  // used with attenuation only (check_testenergy)
  e.qs = k.real_min("qs", e.qs, 0, true);
  e.q_given = k.has("qp") || k.has("qs");
  const std::string fk = k.either("file", "filename");
  e.file = fk.empty() ? e.file : k.str(fk, e.file);
  if (e.file.find('/') != std::string::npos)
    k.fail(fk + "=" + shown(e.file) + " names a directory (allowed: a file name; it goes to the fileio path)");
  if (const Token* t = k.find("bchorizontal")) {
    const std::string& v = t->value;
    if (v == "periodic" || v == "Periodic")
      k.fail(in_quotes(t->text) + ": periodic sides are SW4's and not implemented here (allowed: dirichlet, "
             "supergrid)");
    if (v == "dirichlet" || v == "Dirichlet") e.sides = EnergySides::Dirichlet;
    else if (v == "supergrid" || v == "Supergrid") e.sides = EnergySides::SuperGrid;
    else k.fail(in_quotes(t->text) + " is not a side condition (allowed: dirichlet, supergrid)");
  }
  if (e.sides == EnergySides::Dirichlet && k.has("sg_eps"))
    k.fail(k.text("sg_eps") + " sets the super-grid layers' stretching, and bchorizontal=dirichlet has no layers "
           "(allowed: sg_eps with super-grid sides)");
}

// Pass 2: Dirichlet sides have no layers for a supergrid command to shape; qp, qs are the
// memory variables' and need an attenuation command.
inline void check_testenergy(const State& st) {
  const Config& c = st.cfg;
  if (c.verify.en.q_given && !c.att.on)
    fail_at(st.file, c.verify.line, "testenergy: qp= and qs= are the quality factors of attenuation, and the deck has "
                                    "no attenuation command (allowed: qp, qs with attenuation)");
  if (c.verify.en.sides == EnergySides::Dirichlet && c.has_supergrid_cmd)
    fail_at(st.file, st.sg_line, "supergrid: cannot be combined with testenergy bchorizontal=dirichlet on line " +
                                     std::to_string(c.verify.line) + " (its sides and bottom have no layers; "
                                     "remove the supergrid command)");
}

inline void cmd_testlamb(State& st, const Line& ln) {
  Keys k(st.file, ln, {"cp", "rho"});
  verify_once(st, ln, VerifyKind::Lamb);
  LambCfg& l = st.cfg.verify.lamb;
  l.cp = k.real_min("cp", l.cp, 0, true);
  l.rho = k.real_min("rho", l.rho, 0, true);
}

inline void cmd_testrayleigh(State& st, const Line& ln) {
  Keys k(st.file, ln, {"cp", "cs", "rho", "nwl", "amplitude"});
  verify_once(st, ln, VerifyKind::Rayleigh);
  RayleighCfg& r = st.cfg.verify.ray;
  r.cp = k.real_min("cp", r.cp, 0, true);
  r.cs = k.real_min("cs", r.cs, 0, true);
  r.rho = k.real_min("rho", r.rho, 0, true);
  r.nwl = k.integer("nwl", r.nwl, 1);
  r.amplitude = k.real_min("amplitude", r.amplitude, 0, true);
  if (!(3 * r.cp * r.cp > 4 * r.cs * r.cs))
    k.fail("cp=" + fmt(r.cp) + " and cs=" + fmt(r.cs) + " (allowed: cp > 1.1547 cs, a positive bulk modulus)");
}

// Pass 2, first: twilight is SW4's command (the original has none), so under topography it takes
// SW4's count of curvilinear planes and time-step bound unless the deck says convention=: SW4's
// decks then give SW4's numbers unchanged, and no deck of the original changes (NUMERICS 25.5).
inline void twilight_conventions(State& st) {
  TopographyCfg& t = st.cfg.topo;
  if (t.on && st.cfg.verify.kind == VerifyKind::Twilight && !t.convention_given) t.sw4_convention = true;
}

// Pass 2: what the problem cannot be combined with.
inline void check_verify(const State& st) {
  const Config& c = st.cfg;
  const VerifyKind kind = c.verify.kind;
  if (kind == VerifyKind::None) return;
  const std::string name = verify_name(kind);
  const int line = c.verify.line;
  auto refuse = [&](int at, const std::string& what, const std::string& why) {
    fail_at(st.file, at, what + ": cannot be combined with " + name + " on line " + std::to_string(line) +
                             " (" + why + ")");
  };
  if (kind != VerifyKind::Lamb && !c.sources.empty())
    refuse(c.sources[0].line, "source", "its exact solution has no sources: remove the source commands");
  if (c.topo.on && kind != VerifyKind::Twilight && kind != VerifyKind::Energy)
    refuse(c.topo.line, "topography", "its exact solution is that of a flat surface");
  if (c.topo.on && c.has_supergrid_cmd && kind == VerifyKind::Twilight && !c.verify.tw.sgstretching)
    refuse(st.sg_line, "supergrid", "under topography twilight's layers are SW4's analytic stretching only; "
                                    "remove the supergrid command, or give twilight sgstretching=1");
  if (kind == VerifyKind::Energy) check_testenergy(st);
  if (kind == VerifyKind::Twilight) check_twilight_sides(st);
  if (kind == VerifyKind::Rayleigh && c.has_supergrid_cmd)
    refuse(st.sg_line, "supergrid", "the sides of testrayleigh hold the exact wave; remove the supergrid "
                                    "command");
  if (kind == VerifyKind::Lamb) {
    if (c.sources.size() != 1)
      fail_at(st.file, c.sources.empty() ? line : c.sources[1].line,
              "testlamb: the deck must have exactly one source, the vertical point force on the surface "
              "(here " + std::to_string(c.sources.size()) + ")");
    const SourceCfg& s = c.sources[0];
    if (!s.is_force || s.fx != 0 || s.fy != 0 || s.fz == 0 || s.z != 0)
      fail_at(st.file, s.line, "source: testlamb needs a vertical point force on the surface (allowed: "
                               "fz != 0, fx = fy = 0, z = 0)");
    using T = TimeFunctionType;
    if (s.type != T::SmoothWave && s.type != T::VerySmoothBump && s.type != T::C6SmoothBump &&
        s.type != T::Gaussian && s.type != T::Ricker)
      fail_at(st.file, s.line, std::string("source: testlamb has no exact solution for type=") +
                                   source_time_function_name(s.type) + " (allowed: SmoothWave, VerySmoothBump, "
                                   "C6SmoothBump, Gaussian, Ricker)");
    // The samples are compared with the exact surface motion at the receiver's grid point.
    for (const RecCfg& r : c.recs) {
      const double dx = r.x - s.x, dy = r.y - s.y;
      if (r.z != 0 || r.mode != RecMode::Displacement || r.nsew || dx * dx + dy * dy < c.grid.h * c.grid.h)
        fail_at(st.file, r.line, "rec: testlamb compares the receivers with the exact surface motion (allowed: "
                                 "z=0, mode displacement, nsew=0, at least h from the source)");
    }
  }
}

}  // namespace input_detail
}  // namespace sw4

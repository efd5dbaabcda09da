// input_attenuation.hpp: the attenuation command (visco-elastic material of n standard linear
// solids, NUMERICS 35), the quality factors qp/qs of a block, and pass 2's rules for both.
//
// Part of input.hpp, which includes it after input_commands.hpp (include input.hpp, not this).
//
// Why built so: the keys, ranges and defaults are SW4's (parseInputFile.C, processAttenuation;
// its user guide's table), read strictly: where SW4 overwrites a second attenuation line or
// takes minppw=0 as "use maxfreq", here each is an error, since either silently gives another
// band of constant Q than the deck seems to ask for. Q is a property of the block, like vp,
// but it only means something with attenuation on, so the rule "every block gives qp and qs"
// (SW4's user guide; SW4's code fails later, at a point left with Q = -1) is pass 2's, when
// the whole deck is known and the message can name both lines. The fit's one failure (weights
// summing to >= 1) depends only on a block's Q and nmech, so it is found here too, on the
// block's line, and not at set-up on some rank's grid point.
#pragma once

#include <string>
#include <vector>

#include "attenuation/relaxation.hpp"

namespace sw4 {
namespace input_detail {

constexpr int kMaxMechanisms = 8;          // SW4's limit on nmech
constexpr double kMaxPhaseFreq = 1000;     // Hz, SW4's limit on phasefreq

// A block's qp (or Qp) and qs (or Qs): 0 when not given, else > 0.
inline double block_quality(const Keys& k, const char* a, const char* b) {
  const std::string key = k.either(a, b);
  if (key.empty()) return 0;
  const double q = k.real(key, 0);
  if (!(q > 0))
    k.fail(k.text(key) + " is not a quality factor (allowed: " + a + " > 0; with attenuation the "
                         "amplitude falls by exp(-pi/" + a + ") per period)");
  return q;
}

inline void cmd_attenuation(State& st, const Line& ln) {
  once(st, ln, st.cfg.att.line);
  Keys k(st.file, ln, {"nmech", "phasefreq", "maxfreq", "centerfreq", "minppw", "qmultiplier"});
  AttenuationCfg& a = st.cfg.att;
  a.on = true;
  a.nmech = k.integer("nmech", a.nmech);
  if (a.nmech < 0 || a.nmech > kMaxMechanisms)
    k.fail(k.text("nmech") + " is out of range (allowed: 0 to " + std::to_string(kMaxMechanisms) +
           " standard linear solids; 0 is SW4's damping without memory variables)");
  a.phasefreq = k.real("phasefreq", a.phasefreq);
  if (!(a.phasefreq >= 0 && a.phasefreq <= kMaxPhaseFreq))
    k.fail(k.text("phasefreq") + " is out of range (allowed: 0 <= phasefreq <= " + fmt(kMaxPhaseFreq) + " Hz)");
  // centerfreq: SW4's parser once read it as maxfreq under another name (now commented out
  // there), and its user guide calls maxfreq the center frequency of nmech=0's damping; so
  // here it is a second spelling of maxfreq, and both on one line are an error.
  const std::string fk = k.either("maxfreq", "centerfreq");
  if (!fk.empty()) {
    a.maxfreq = k.real(fk, a.maxfreq);
    if (!(a.maxfreq > 0))
      k.fail(k.text(fk) + " is out of range (allowed: " + fk + " > 0 Hz, the top of the band of constant Q)");
  }
  if (k.has("minppw")) {
    if (!fk.empty())
      k.fail("minppw and " + fk + " cannot both be given (allowed: one of them; minppw sets the top of the "
             "band from min(vs/h)/minppw)");
    a.minppw = k.real("minppw", 0);
    if (!(a.minppw > 0))
      k.fail(k.text("minppw") + " is out of range (allowed: minppw > 0 points per shortest wavelength; leave "
             "it out to use maxfreq)");
  }
  a.qmultiplier = k.real("qmultiplier", a.qmultiplier);
  if (!(a.qmultiplier > 0))
    k.fail(k.text("qmultiplier") + " is out of range (allowed: qmultiplier > 0, it multiplies every qp and qs)");
}

// Pass 2: with attenuation, every block gives both quality factors, the material comes from
// the blocks (a test problem's own material has no Q, and the exact solutions of
// testpointsource, testlamb and testrayleigh are elastic) or from testenergy with its qp, qs,
// and the solver is the finite differences (the DG solver has no memory variables).
inline const char* verify_name(VerifyKind k);  // input_verify.hpp

inline void check_attenuation(const State& st) {
  const Config& c = st.cfg;
  if (!c.att.on) return;
  const std::string on = "attenuation on line " + std::to_string(c.att.line);
  if (c.dg.on)
    fail_at(st.file, c.dg.line, "dgalerkin cannot be combined with " + on +
                                    " (the DG solver has no memory variables; remove one of the two)");
  if (c.tps.on)
    fail_at(st.file, c.tps.line, "testpointsource cannot be combined with " + on +
                                     " (its exact solution is elastic and its material has no Q)");
  // What the memory variables do not reach yet: refused in one line, never run elastic.
  if (c.topo.on && c.verify.kind == VerifyKind::Energy)
    fail_at(st.file, c.topo.line, "topography cannot be combined with testenergy and " + on +
                                      " yet (allowed: testenergy with attenuation on a flat grid; the energy's "
                                      "memory part is the flat grid's)");
  if (c.verify.kind == VerifyKind::Twilight && c.att.nmech != 1)  // SW4's exact memory variable is one
    fail_at(st.file, c.att.line, "attenuation: nmech=" + std::to_string(c.att.nmech) +
                                     " with twilight (allowed: nmech=1, the one mechanism of twilight's exact "
                                     "solution)");
  const bool energy = c.verify.kind == VerifyKind::Energy;
  if (energy && c.att.nmech == 0)
    fail_at(st.file, c.att.line, "attenuation: nmech=0 with testenergy (allowed: nmech >= 1; nmech=0 scales U "
                                 "and has no memory variables, so no energy of its own)");
  if (c.verify.kind != VerifyKind::None && c.verify.kind != VerifyKind::Twilight && !energy)
    fail_at(st.file, c.verify.line, std::string(verify_name(c.verify.kind)) + " cannot be combined with " + on +
                                        " (its material has no Q and its exact solution is elastic)");
  if (c.verify.kind == VerifyKind::Twilight) return;  // twilight's moduli are its own (NUMERICS 36.5)
  // The weights depend on n and Q only (every frequency of the fit scales with omega_max),
  // and a block's Q is constant, so the fit that set-up makes at every point can fail only
  // where this one does: said here, naming the block.
  AttenuationCfg unit = c.att;
  unit.minppw = -1;
  unit.maxfreq = 1;
  const Relaxation r = relaxation_frequencies(unit, 0);
  auto check_q = [&](const char* cmd, int line, const char* key, double q) {
    std::vector<double> w;
    const std::string why = sls_weights(r, q * c.att.qmultiplier, w);
    double sum = 0;
    for (double x : w) sum += x;
    if (!why.empty() || !(sum < 1))
      fail_at(st.file, line, std::string(cmd) + ": " + key + "=" + fmt(q) + " is too small for " + on +
                                 (c.att.qmultiplier != 1 ? " with qmultiplier=" + fmt(c.att.qmultiplier) : "") +
                                 " (allowed: a Q whose " + std::to_string(r.n) + " weights sum to < 1; they sum to " +
                                 fmt(sum) + ", and the relaxed modulus would not be positive)");
  };
  if (energy) {  // testenergy's random material takes its own constant Q (NUMERICS 36.7)
    check_q("testenergy", c.verify.line, "qp", c.verify.en.qp);
    check_q("testenergy", c.verify.line, "qs", c.verify.en.qs);
    return;
  }
  for (const BlockCfg& b : c.blocks)
    for (int s = 0; s < 2; ++s) {
      const char* key = s ? "qs" : "qp";
      const double q = s ? b.qs : b.qp;
      if (q <= 0)
        fail_at(st.file, b.line, std::string("block: missing key '") + key + "' (" + on +
                                     " needs qp and qs in every block, as SW4 does)");
      check_q("block", b.line, key, q);
    }
}

}  // namespace input_detail
}  // namespace sw4

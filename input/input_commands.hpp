// input_commands.hpp: pass 1 of the parser: one function per command, each turning one line into
// its Config entry and checking everything that line alone decides.
//
// Part of input.hpp, which includes it after the Config structs (include input.hpp, not this).
//
// Why built so: the original reads the deck twice (grid first) because it allocates while it
// parses. Here nothing is allocated, so pass 1 reads every line in order (errors come in file
// order) and pass 2 (input_check.hpp) checks what needs the whole deck: positions against the
// grid, super-grid width, material coverage. What pass 2 needs beyond Config (which key gave
// the depth, which block bounds were given) is kept beside it in State.
// Commands are matched by the whole first word; commands the original silently ignores get a
// warning, and the few that would change the physics if ignored are errors.
#pragma once

#include <cmath>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace sw4 {
namespace input_detail {

struct SourceExtra { std::string zkey; };                 // "z", "depth" or "topodepth"
struct RecExtra { std::string zkey; };
struct BlockExtra { bool set[6] = {false, false, false, false, false, false}; };  // x1..z2
constexpr double kBlockTol = 1e-5;  // absolute tolerance of the block inside test (NUMERICS 8)

struct State {
  std::string file;  // the deck, as named by the caller
  std::string dir;   // its directory with a trailing '/', or "" for the current one
  Config cfg;
  int grid_line = 0, time_line = 0, fileio_line = 0, sg_line = 0, tps_line = 0;
  int checkpoint_line = 0, restart_line = 0, topo_line = 0, last_line = 0, halo_line = 0;  // halo_line: last halo=
  std::vector<SourceExtra> src;
  std::vector<RecExtra> rec;
  std::vector<BlockExtra> blk;
};

// Commands that may appear once; a second one is an error naming the first.
inline void once(const State& st, const Line& ln, int& first) {
  if (first)
    fail_at(st.file, ln.no, ln.cmd + ": only one " + ln.cmd + " command is allowed (the first is on line " +
                                std::to_string(first) + ")");
  first = ln.no;
}

// N points for length L at spacing h (NUMERICS 1.1): round(L/h+1), one more if that misses L;
// in double, so that the caller can refuse a count an int does not hold.
inline double end_point_count_real(double L, double h) {
  double p = std::round(L / h + 1);
  return std::fabs((p - 1) * h - L) < 1e-5 * std::fabs(L) + 1e-12 ? p : p + 1;
}
inline int end_point_count(double L, double h) { return int(end_point_count_real(L, h)); }

inline void cmd_grid(State& st, const Line& ln) {
  once(st, ln, st.grid_line);
  Keys k(st.file, ln, {"x", "y", "z", "h", "nx", "ny", "nz"});
  double len[3], h = k.real_min("h", 0, 0, true);
  int n[3];
  const char* lname[3] = {"x", "y", "z"};
  const char* nname[3] = {"nx", "ny", "nz"};
  bool gl[3], gn[3], gh = k.has("h");
  std::vector<std::string> given;
  for (int d = 0; d < 3; ++d) {
    len[d] = k.real_min(lname[d], 0, 0, true);
    n[d] = k.integer(nname[d], 0, 2);
    gl[d] = k.has(lname[d]);
    gn[d] = k.has(nname[d]);
    if (n[d] > kMaxPoints1d)
      k.fail(k.text(nname[d]) + " is too many points (allowed: 2 <= " + nname[d] + " <= " +
             std::to_string(kMaxPoints1d) + ")");
  }
  for (const char* key : {"x", "y", "z", "h", "nx", "ny", "nz"})
    if (k.has(key)) given.push_back(key);
  int ngn = gn[0] + gn[1] + gn[2];
  bool all_l = gl[0] && gl[1] && gl[2], any_l = gl[0] || gl[1] || gl[2];
  bool ok = gh ? (ngn ? ngn == 3 && !any_l : all_l) : (all_l && ngn == 1);
  if (!ok)
    k.fail((given.empty() ? std::string("no keys given") : "the keys " + join(given) + " do not define a grid") +
           " (give h, nx, ny, nz; or h, x, y, z; or x, y, z and one of nx, ny, nz)");

  std::vector<std::string>& msg = st.cfg.messages;
  auto say = [&msg](const std::ostringstream& os) { msg.push_back(os.str()); };
  int np[3];
  if (!gh) {  // x, y, z and one count: h from that direction
    int d = gn[0] ? 0 : gn[1] ? 1 : 2;
    h = len[d] / (n[d] - 1);
    std::ostringstream os;
    os << "* Setting h to " << h << " from  " << lname[d] << "/(" << nname[d] << "-1) (" << lname[d]
       << "=" << len[d] << ", " << nname[d] << "=" << n[d] << ")";
    say(os);
  }
  for (int d = 0; d < 3; ++d) {
    if (gn[d]) {
      np[d] = n[d];
    } else {
      const double p = end_point_count_real(len[d], h);
      if (!(p <= kMaxPoints1d))
        k.fail(std::string(lname[d]) + "/h = " + fmt(len[d] / h) + " makes " + fmt(p) +
               " points, too many (allowed: at most " + std::to_string(kMaxPoints1d) + " along an axis)");
      np[d] = int(p);
    }
  }
  for (int d = 0; d < 3; ++d)
    if (np[d] != n[d]) {
      std::ostringstream os;
      os << "* Setting " << nname[d] << " to " << np[d] << " to be consistent with h=" << h;
      say(os);
    }
  double ext[3];
  for (int d = 0; d < 3; ++d)
    if (!finite_bits(ext[d] = (np[d] - 1) * h))
      k.fail(std::string("(") + nname[d] + "-1)*h = " + std::to_string(np[d] - 1) + "*" + fmt(h) +
             " overflows (allowed: a finite extent)");
  double eps = 1e-9 * std::sqrt(ext[0] * ext[0] + ext[1] * ext[1] + ext[2] * ext[2]);
  for (int d : {0, 2, 1})  // the original's order: x, z, y
    if (gl[d] && std::fabs(ext[d] - len[d]) > eps) {
      std::ostringstream os;
      os << "* Changing " << lname[d] << " from " << len[d] << " to " << ext[d] << " to be consistent with h=" << h;
      say(os);
    }
  GridCfg& g = st.cfg.grid;
  g.nx = np[0]; g.ny = np[1]; g.nz = np[2];
  g.h = h;
  g.xmax = ext[0]; g.ymax = ext[1]; g.zmax = ext[2];
  g.line = ln.no;
}

inline void cmd_time(State& st, const Line& ln) {
  once(st, ln, st.time_line);
  Keys k(st.file, ln, {"t", "steps"});
  if (k.has("t") && k.has("steps")) k.fail("t and steps cannot both be given (give one of them)");
  if (!k.has("t") && !k.has("steps")) k.fail("no keys given (give t=END_TIME or steps=N)");
  TimeCfg& t = st.cfg.time;
  t.by_time = k.has("t");
  t.t_end = k.real_min("t", 0, 0, true);
  t.steps = k.integer("steps", -1, 0);
  if (t.steps > kMaxSteps)
    k.fail(k.text("steps") + " is too many (allowed: 0 <= steps <= " + std::to_string(kMaxSteps) + ")");
  t.line = ln.no;
}

inline void cmd_fileio(State& st, const Line& ln) {
  once(st, ln, st.fileio_line);
  Keys k(st.file, ln, {"path", "verbose", "printcycle", "pfs", "nwriters"});
  FileioCfg& f = st.cfg.fileio;
  f.path = k.str("path", "./");
  if (f.path.back() != '/') f.path += '/';
  f.verbose = k.integer("verbose", 0, 0);
  f.printcycle = k.integer("printcycle", 100, 1);
  f.printcycle_set = k.has("printcycle");
  k.boolean("pfs", false);       // parallel-file-system hint of the original's writers
  k.integer("nwriters", 8, 1);   // number of writer ranks of the original's checkpoint I/O
  f.line = ln.no;
}

inline void cmd_supergrid(State& st, const Line& ln) {
  once(st, ln, st.sg_line);
  Keys k(st.file, ln, {"gp", "dc"});
  st.cfg.has_supergrid_cmd = true;
  st.cfg.sg.gp = k.integer("gp", 20, 1);
  st.cfg.sg.dc = k.real_min("dc", 0.02, 0, false);  // 0.02 also when this line omits dc
  st.cfg.sg.line = ln.no;
}

inline void cmd_testpointsource(State& st, const Line& ln) {
  once(st, ln, st.tps_line);
  if (st.cfg.verify.kind != VerifyKind::None)
    fail_at(st.file, ln.no, "testpointsource: the deck already has another test problem on line " +
                                std::to_string(st.cfg.verify.line) + " (allowed: one test problem a deck)");
  Keys k(st.file, ln, {"cp", "cs", "rho", "halfspace", "diractest"});
  TestPointSourceCfg& t = st.cfg.tps;
  t.on = true;
  t.cp = k.real_min("cp", t.cp, 0, true);
  t.cs = k.real_min("cs", t.cs, 0, true);
  t.rho = k.real_min("rho", t.rho, 0, true);
  t.halfspace = k.boolean("halfspace", false);
  k.boolean("diractest", false);  // sets a flag nothing reads in the original
  t.line = ln.no;
}

// Exactly one of z, depth, topodepth (the same thing without topography); returns the one given.
inline std::string depth_key(const Keys& k) {
  std::string zk;
  for (const char* key : {"z", "depth", "topodepth"})
    if (k.has(key)) {
      if (!zk.empty()) k.fail("'" + zk + "' and '" + key + "' cannot both be given (they are the same "
                              "without topography: give one of z, depth, topodepth)");
      zk = key;
    }
  if (zk.empty()) k.fail("missing key 'z' (give one of z, depth, topodepth)");
  return zk;
}

inline void require_xy(const Keys& k) {
  for (const char* key : {"x", "y"})
    if (!k.has(key)) k.fail(std::string("missing key '") + key + "' (give x and y)");
}

inline void cmd_source(State& st, const Line& ln) {
  static const char* mom[6][2] = {{"Mxx", "mxx"}, {"Mxy", "mxy"}, {"Mxz", "mxz"},
                                  {"Myy", "myy"}, {"Myz", "myz"}, {"Mzz", "mzz"}};
  static const char* frc[3][2] = {{"fx", "Fx"}, {"fy", "Fy"}, {"fz", "Fz"}};
  Keys k(st.file, ln, {"x", "y", "z", "depth", "topodepth", "m0", "Mxx", "Mxy", "Mxz", "Myy", "Myz", "Mzz",
                       "mxx", "mxy", "mxz", "myy", "myz", "mzz", "fx", "fy", "fz", "Fx", "Fy", "Fz", "f0", "t0",
                       "freq", "type", "file"});
  SourceCfg s;
  s.line = ln.no;
  require_xy(k);
  std::string zk = depth_key(k);
  s.x = k.real("x", 0);
  s.y = k.real("y", 0);
  s.z = k.real(zk, 0);
  s.z_is_depth = zk != "z";
  std::string mk[6], fk[3];
  std::vector<std::string> mgiven, fgiven;
  for (int c = 0; c < 6; ++c)
    if (!(mk[c] = k.either(mom[c][0], mom[c][1])).empty()) mgiven.push_back(mk[c]);
  for (int c = 0; c < 3; ++c)
    if (!(fk[c] = k.either(frc[c][0], frc[c][1])).empty()) fgiven.push_back(fk[c]);
  if (k.has("m0")) mgiven.push_back("m0");
  if (k.has("f0")) fgiven.push_back("f0");
  if (!mgiven.empty() && !fgiven.empty())
    k.fail("moment keys (" + join(mgiven) + ") and force keys (" + join(fgiven) +
           ") cannot be combined (a source is either a moment tensor Mxx, Mxy, Mxz, Myy, Myz, Mzz "
           "scaled by m0, or a force fx, fy, fz scaled by f0)");
  s.is_force = !fgiven.empty();
  double m0 = k.real_min("m0", 1.0, 0, false), f0 = k.real("f0", 1.0);
  double* mv[6] = {&s.mxx, &s.mxy, &s.mxz, &s.myy, &s.myz, &s.mzz};
  double* fv[3] = {&s.fx, &s.fy, &s.fz};
  for (int c = 0; c < 6; ++c) *mv[c] = mk[c].empty() ? 0.0 : m0 * k.real(mk[c], 0);
  for (int c = 0; c < 3; ++c) *fv[c] = fk[c].empty() ? 0.0 : f0 * k.real(fk[c], 0);
  for (int c = 0; c < 6; ++c)
    if (!finite_bits(*mv[c])) k.fail("m0*" + mk[c] + " = " + fmt(*mv[c]) + " overflows (allowed: a finite product)");
  for (int c = 0; c < 3; ++c)
    if (!finite_bits(*fv[c])) k.fail("f0*" + fk[c] + " = " + fmt(*fv[c]) + " overflows (allowed: a finite product)");
  s.t0 = k.real("t0", 0);
  s.freq = k.real_min("freq", 1.0, 0, true);
  if (const Token* t = k.find("type")) {
    std::vector<std::string> all;
    bool found = false;
    for (const TimeFunctionName& nt : kTimeFunctionNames) {
      all.push_back(nt.name);
      if (t->value == nt.name) { s.type = nt.type; found = true; }
    }
    if (!found) k.fail("unknown time function type " + in_quotes(t->value) + " (allowed: " + join(all) + ")");
  }
  bool discrete = s.type == TimeFunctionType::Discrete;
  if (discrete && !k.has("file")) k.fail("type=Discrete needs file=NAME (a text file of samples)");
  if (!discrete && k.has("file")) k.fail(k.quote("file") + " is only used with type=Discrete");
  if (discrete) load_series(k, st.dir, s);
  st.cfg.sources.push_back(std::move(s));
  st.src.push_back({zk});
}

inline double block_quality(const Keys& k, const char* a, const char* b);  // input_attenuation.hpp

inline void cmd_block(State& st, const Line& ln) {
  Keys k(st.file, ln, {"vp", "vs", "rho", "r", "vpgrad", "vsgrad", "rhograd", "qp", "Qp", "qs", "Qs",
                       "absdepth", "x1", "x2", "y1", "y2", "z1", "z2"});
  BlockCfg b;
  b.line = ln.no;
  std::string rk = k.either("rho", "r");
  for (const std::string& key : {std::string("vp"), std::string("vs"), rk})
    if (key.empty() || !k.has(key)) k.fail("missing key '" + (key.empty() ? std::string("rho") : key) +
                                           "' (vp, vs and rho are required)");
  b.vp = k.real_min("vp", 0, 0, true);
  b.vs = k.real_min("vs", 0, 0, true);
  b.rho = k.real_min(rk, 0, 0, true);
  b.vpgrad = k.real("vpgrad", 0);
  b.vsgrad = k.real("vsgrad", 0);
  b.rhograd = k.real("rhograd", 0);
  b.qp = block_quality(k, "qp", "Qp");  // 0: not given (check_attenuation decides)
  b.qs = block_quality(k, "qs", "Qs");
  b.absdepth = k.boolean("absdepth", false);
  BlockExtra e;
  double* bound[6] = {&b.x1, &b.x2, &b.y1, &b.y2, &b.z1, &b.z2};
  const char* bname[6] = {"x1", "x2", "y1", "y2", "z1", "z2"};
  for (int c = 0; c < 6; ++c) {
    e.set[c] = k.has(bname[c]);
    *bound[c] = k.real(bname[c], 0);
  }
  st.cfg.blocks.push_back(b);
  st.blk.push_back(e);
}

// A receiver's files are NAME.SUFFIX in the fileio path, written after the time loop: a name
// that would fail then, or land elsewhere ('/', "..", too long for the file system, characters
// that need quoting), is refused here, before any step. Two spellings of one file ("s1" and
// "./s1") cannot exist, so the check for two receivers with one name (check_recs) is exact.
inline void check_rec_file(const Keys& k, const std::string& name) {
  const std::string allowed = "(allowed: a plain name of at most " + std::to_string(kMaxRecFileName) +
                              " letters, digits, '.', '_', '-', '+', not '.' or '..': the files go "
                              "into the fileio path)";
  if (name.size() > std::size_t(kMaxRecFileName))
    k.fail("file=" + printable(name.substr(0, 20)) + "... is " + std::to_string(name.size()) +
           " characters long " + allowed);
  if (name == "." || name == "..") k.fail(k.quote("file") + " is not a file name " + allowed);
  for (char c : name) {
    const unsigned char u = static_cast<unsigned char>(c);
    const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    if (alnum || c == '.' || c == '_' || c == '-' || c == '+') continue;
    char hex[8];
    std::snprintf(hex, sizeof hex, "\\x%02X", unsigned(u));
    const std::string bad = u > 32 && u < 127 ? "'" + std::string(1, c) + "'" : std::string(hex);
    k.fail(k.quote("file") + ": the character " + bad + " is not allowed in a receiver file name " +
           allowed);
  }
}

inline void cmd_rec(State& st, const Line& ln) {
  Keys k(st.file, ln, {"x", "y", "lat", "lon", "z", "depth", "topodepth", "file", "sta", "nsew", "writeEvery",
                       "usgsformat", "sacformat", "variables"});
  bool xy = k.has("x") || k.has("y"), geo = k.has("lat") || k.has("lon");
  if (xy && geo) k.fail("x/y and lat/lon cannot be combined (give x and y)");
  if (geo) k.fail("lat/lon are not supported: sw4lite has no geographic coordinates (give x and y)");
  require_xy(k);
  RecCfg r;
  r.line = ln.no;
  std::string zk = depth_key(k);
  r.x = k.real("x", 0);
  r.y = k.real("y", 0);
  r.z = k.real(zk, 0);
  r.z_is_depth = zk != "z";
  r.file = k.str("file", "station");
  check_rec_file(k, r.file);
  r.sta = k.str("sta", r.file);
  r.nsew = k.boolean("nsew", false);
  r.writeEvery = k.integer("writeEvery", 1000, 1);
  r.usgs = k.boolean("usgsformat", false);
  r.sac = k.boolean("sacformat", true);
  if (const Token* t = k.find("variables")) {
    static const char* names[6] = {"displacement", "velocity", "div", "curl", "strains", "displacementgradient"};
    int m = -1;
    for (int c = 0; c < 6; ++c)
      if (t->value == names[c]) m = c;
    if (m < 0)
      k.fail("unknown variables " + in_quotes(t->value) + " (allowed: " +
             join(std::vector<std::string>(names, names + 6)) + ")");
    r.mode = static_cast<RecMode>(m);
  }
  if (r.nsew && r.mode != RecMode::Displacement && r.mode != RecMode::Velocity)
    k.fail("nsew=1 needs variables=displacement or velocity (here " + k.text("variables") + ")");
  if (r.sac && r.sta.size() > 8)  // SAC's KSTNM holds 8 characters
    st.cfg.warnings.push_back(st.file + ":" + std::to_string(ln.no) + ": warning: rec: station name " +
                              in_quotes(r.sta) + " is cut to " + in_quotes(r.sta.substr(0, 8)) +
                              " in the SAC headers (KSTNM holds 8 characters)");
  st.cfg.recs.push_back(r);
  st.rec.push_back({zk});
}

// When a checkpoint or an image is written: time, timeInterval, cycle, cycleInterval, at least
// one of them (checkpoint_due and image_due read them). `what` names the command in the
// message; cycle is at least `first_cycle` (an image's may be 0, the initial data).
inline void read_when(Keys& k, const std::string& what, CheckpointCfg& c, int first_cycle = 1) {
  if (!k.has("time") && !k.has("timeInterval") && !k.has("cycle") && !k.has("cycleInterval"))
    k.fail("no " + what + " time given (give at least one of time, timeInterval, cycle, cycleInterval)");
  c.on = true;
  c.time = k.real_min("time", -1, 0, true);
  c.timeInterval = k.real_min("timeInterval", -1, 0, true);
  c.cycle = k.integer("cycle", -1, first_cycle);
  c.cycleInterval = k.integer("cycleInterval", -1, 1);
}

inline void cmd_checkpoint(State& st, const Line& ln) {
  once(st, ln, st.checkpoint_line);
  Keys k(st.file, ln, {"time", "timeInterval", "cycle", "cycleInterval", "file", "bufsize"});
  CheckpointCfg& c = st.cfg.checkpoint;
  read_when(k, "checkpoint", c);
  c.file = k.str("file", "restart");
  // The prefix names files in the fileio path: a plain name, so that no write can fail on a
  // directory that is not there, and short enough for NAME.cycle=N.sw4checkpoint.tmp.
  if (c.file.find('/') != std::string::npos || c.file == "." || c.file == "..")
    k.fail(k.quote("file") + " is not a plain file name (allowed: a name without '/'; "
           "checkpoints are written in the fileio path)");
  if (c.file.size() > 200)
    k.fail("file= is " + std::to_string(c.file.size()) + " characters long (allowed: at most 200)");
  c.bufsize = k.integer("bufsize", c.bufsize, 1);  // bytes a rank moves per collective call
  c.line = ln.no;
}

inline void cmd_restart(State& st, const Line& ln) {
  once(st, ln, st.restart_line);
  Keys k(st.file, ln, {"file", "bufsize"});
  if (!k.has("file")) k.fail("missing key 'file' (give file=NAME, the checkpoint file to restart from)");
  RestartCfg& r = st.cfg.restart;
  r.on = true;
  r.file = k.str("file", "");
  r.bufsize = k.integer("bufsize", r.bufsize, 1);
  r.line = ln.no;
}

// Commands of SW4 that the original sw4lite ignores: a warning each, the run goes on.
inline const std::vector<std::string>& ignored_commands() {
  static const std::vector<std::string> v = {
      "imagehdf5", "volimage", "ssioutput", "essioutput", "sfileoutput", "prefilter",
      "boundary_conditions", "globalmaterial", "efile", "rfile", "sfile", "pfile", "ifile", "vimaterial",
      "gmt", "material", "anisotropy", "ablock", "randomize", "randomblock",
      "mask", "energy", "sac"};
  return v;
}

// Recognised but refused: ignoring them would silently solve a different problem.
inline const char* unsupported_reason(const std::string& cmd) {
  if (cmd == "rupture" || cmd == "rupturehdf5")
    return "not supported by sw4lite (give the sources as source commands)";
  if (cmd == "refinement")
    return "SW4's mesh refinement is not implemented here (allowed: one Cartesian grid, with topography a "
           "curvilinear grid on top; remove the refinement command)";
  return nullptr;
}

constexpr const char* kCommands =
    "grid, time, fileio, supergrid, topography, block, source, rec, testpointsource, developer, "
    "checkpoint, restart, image, twilight, testenergy, testlamb, testrayleigh, dgalerkin, attenuation";

inline void cmd_developer(State& st, const Line& ln);  // input_developer.hpp
inline void cmd_topography(State& st, const Line& ln);  // input_topography.hpp
inline void cmd_image(State& st, const Line& ln);       // input_image.hpp
inline void cmd_attenuation(State& st, const Line& ln);  // input_attenuation.hpp
inline void cmd_twilight(State& st, const Line& ln);    // input_verify.hpp, as the next three
inline void cmd_testenergy(State& st, const Line& ln);
inline void cmd_testlamb(State& st, const Line& ln);
inline void cmd_testrayleigh(State& st, const Line& ln);
inline void cmd_dgalerkin(State& st, const Line& ln);   // input_dg.hpp

inline void dispatch(State& st, const Line& ln) {
  const std::string& c = ln.cmd;
  if (c == "grid") cmd_grid(st, ln);
  else if (c == "time") cmd_time(st, ln);
  else if (c == "fileio") cmd_fileio(st, ln);
  else if (c == "developer") cmd_developer(st, ln);
  else if (c == "supergrid") cmd_supergrid(st, ln);
  else if (c == "testpointsource") cmd_testpointsource(st, ln);
  else if (c == "source") cmd_source(st, ln);
  else if (c == "block") cmd_block(st, ln);
  else if (c == "rec") cmd_rec(st, ln);
  else if (c == "checkpoint") cmd_checkpoint(st, ln);
  else if (c == "topography") cmd_topography(st, ln);
  else if (c == "restart") cmd_restart(st, ln);
  else if (c == "image") cmd_image(st, ln);
  else if (c == "twilight") cmd_twilight(st, ln);
  else if (c == "testenergy") cmd_testenergy(st, ln);
  else if (c == "testlamb") cmd_testlamb(st, ln);
  else if (c == "testrayleigh") cmd_testrayleigh(st, ln);
  else if (c == "dgalerkin") cmd_dgalerkin(st, ln);
  else if (c == "attenuation") cmd_attenuation(st, ln);
  else if (const char* why = unsupported_reason(c)) fail_at(st.file, ln.no, c + ": " + why);
  else {
    for (const std::string& ig : ignored_commands())
      if (c == ig) {
        st.cfg.warnings.push_back(st.file + ":" + std::to_string(ln.no) + ": warning: command '" + c +
                                  "' is ignored by sw4lite" + (c == "sac" ? " (receivers are 'rec')" : ""));
        return;
      }
    fail_at(st.file, ln.no, "unknown command " + in_quotes(c) + " (allowed: " + kCommands + ")");
  }
}

}  // namespace input_detail
}  // namespace sw4

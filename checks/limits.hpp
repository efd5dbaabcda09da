// limits.hpp: what a deck asks of the machine, checked before the first step: the number of
// time steps, the cut into pieces, memory for the arrays and the receivers, an output
// directory that can be written.
//
// Why built so: a run that cannot finish should fail in a second with one line that names the
// deck line at fault, not after hours of steps (std::bad_alloc when the receivers reserve
// their samples, an exception when their files are written). The driver asks these questions
// before the first step, and --check asks them too, leaving nothing behind.
//
// The memory estimate counts only what a run certainly allocates: the arrays of its pieces
// (15 values a point: three components of four time levels and three material values; 20 on
// the curvilinear grid, which adds the metric; a test problem's tables add theirs:
// test_problem_values; the visco-elastic memory variables 11 per mechanism:
// attenuation_values), the receivers' samples ((steps + 1) x
// components values each), values being Reals (8 bytes, 4 in the single build), and the
// largest file one receiver builds in memory when it writes (the USGS text, about 14 + 25 x
// components bytes a sample, 14 + 16 x components in the single build). It is compared with what the
// machine has (physical memory, or a smaller cgroup limit) for all the ranks on that machine
// together, taking the whole deck's need in proportion to the ranks there (every machine in a
// job of like machines then gets at least its share). So a deck it refuses cannot run; one it
// passes may still meet other programs. One-sided runs are estimated by the two-sided cut
// (their partitions add a few ghost planes). No MPI here: the driver passes the ranks.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "attenuation/memory_variables.hpp"
#include "grid.hpp"
#include "input.hpp"
#include "receiver_modes.hpp"
#include "topography/topography.hpp"

namespace sw4 {

// "FILE:LINE: " of a deck line (just "FILE: " for a command the deck does not have).
inline std::string deck_at(const Config& cfg, int line) {
  return cfg.filename + (line > 0 ? ":" + std::to_string(line) : std::string()) + ": ";
}

inline std::string gigabytes(double bytes) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g GB", bytes / 1e9);
  return b;
}
inline std::string counted(double n, const char* what) {
  char b[64];
  std::snprintf(b, sizeof b, n < 1e7 ? "%.0f %s%s" : "%.3g %s%s", n, what, n == 1 ? "" : "s");
  return b;
}

// ---------------------------------------------------------------------------------------------
// Time steps

// The problem with the number of steps `time t=T` asks for at time step dt0, or "": N is
// counted in int (and a deck that asks for more than kMaxSteps is a typo or a run never ending).
inline std::string steps_problem(const Config& cfg, double dt0) {
  if (!cfg.time.by_time) return "";
  const double n = cfg.time.t_end / dt0 + 0.5;
  if (std::floor(n) <= double(kMaxSteps)) return "";  // the driver truncates n
  return deck_at(cfg, cfg.time.line) + "time: t=" + input_detail::fmt(cfg.time.t_end) + " needs " +
         input_detail::fmt(std::floor(n)) + " time steps of dt=" + input_detail::fmt(dt0) +
         " (allowed: at most " + std::to_string(kMaxSteps) + " steps: a shorter t or a coarser grid)";
}

// ---------------------------------------------------------------------------------------------
// The cut of the grid into pieces (ranks, or one-sided partitions)

// The problem with a p1 x p2 cut for n ranks or partitions (`what`), or "" (p1 < 0: no cut
// fits): every piece owns at least kPadding points in x and y, so that its neighbours'
// padding comes from it alone.
inline std::string cut_problem(const Config& cfg, int p1, int p2, const char* what, int n) {
  const GridCfg& g = cfg.grid;
  bool ok = p1 > 0;
  for (int pi = 0; ok && pi < p1; ++pi) {
    const std::array<int, 2> o = owned_1d(split_1d(g.nx, p1, pi), g.nx);
    ok = o[1] - o[0] + 1 >= kPadding;
  }
  for (int pj = 0; ok && pj < p2; ++pj) {
    const std::array<int, 2> o = owned_1d(split_1d(g.ny, p2, pj), g.ny);
    ok = o[1] - o[0] + 1 >= kPadding;
  }
  if (ok) return "";
  return cfg.filename + ": " + std::to_string(n) + " " + what + " are too many for a " + std::to_string(g.nx) +
         " x " + std::to_string(g.ny) + " grid (each piece must own at least 2 points along x and y)";
}

// ---------------------------------------------------------------------------------------------
// Memory

constexpr double kValuesPerPoint = 15;        // U-, U, U+, U'' (3 components each), rho, mu, lambda
constexpr double kValuesPerPointCurved = 20;  // and J, m1..m4 of the metric
constexpr double kValueBytes = sizeof(Real);
constexpr const char* kValueName = sizeof(Real) == 4 ? "floats" : "doubles";

// What a machine can give this process's job: physical memory, or a smaller cgroup limit
// (v2, then v1; "max" does not parse and so leaves the physical size).
inline double machine_memory() {
  double bytes = double(sysconf(_SC_PHYS_PAGES)) * double(sysconf(_SC_PAGESIZE));
  for (const char* f : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
    std::ifstream in(f);
    double v = 0;
    if (in >> v && v > 0 && v < bytes) bytes = v;
  }
  return bytes;
}

// Points along one axis summed over the P pieces of a cut (ghosts and overlaps included), and
// the most one piece has.
inline std::array<double, 2> cut_points(int n, int P) {
  double total = 0, most = 0;
  for (int r = 0; r < P; ++r) {
    const std::array<int, 2> s = split_1d(n, P, r);
    total += s[1] - s[0] + 1;
    most = std::max(most, double(s[1] - s[0] + 1));
  }
  return {total, most};
}

// Bytes of the arrays of a p1 x p2 cut: over all pieces [0], in the largest piece [1]. With
// topography and `exact` false, the deck's nz stands for both grids (n0 + nc is about nz, and
// the exact sizes cost a pass over every column, which a grid far beyond memory must not wait for).
// Values a point a test problem adds (verify/verify_hooks.hpp, verify/energy.hpp): twilight's
// parts A and B, its table of 13 doubles and an index (14 values of 8 bytes), and with a
// supergrid command the damping's three scratch fields; testenergy's L U and L Um.
inline double test_problem_values(const Config& cfg) {
  if (cfg.verify.kind == VerifyKind::Twilight)
    return 6 + 14 * 8 / kValueBytes + (cfg.has_supergrid_cmd ? 9 : 0);
  return cfg.verify.kind == VerifyKind::Energy ? 6 : 0;
}

// Values a point the visco-elastic memory variables add (NUMERICS 36): per mechanism three
// levels of alpha's three components and the mechanism's two moduli, on the same array box as U
// (attenuation/memory_variables.hpp says how many). nmech=0's damping keeps none.
inline double attenuation_values(const Config& cfg) {
  return cfg.att.on && cfg.att.nmech > 0 ? MemoryVariables::reals_per_point(cfg.att.nmech) : 0;
}

// Values a point of the flat grid in all: the elastic fields, a test problem's, attenuation's.
inline double values_per_point(const Config& cfg) {
  return kValuesPerPoint + test_problem_values(cfg) + attenuation_values(cfg);
}

inline std::array<double, 2> array_bytes(const Config& cfg, int p1, int p2, bool exact) {
  const GridCfg& g = cfg.grid;
  const std::array<double, 2> x = cut_points(g.nx, p1), y = cut_points(g.ny, p2);
  const double extra = test_problem_values(cfg) + attenuation_values(cfg);
  double per_column = (kValuesPerPoint + extra) * (g.nz + 2 * kGhost);
  if (cfg.topo.on && exact) {
    const TopoGrids t = topography_grids(g, cfg.topo);
    per_column = (kValuesPerPoint + extra) * (std::max(t.n0, 1) + 2 * kGhost) +
                 (kValuesPerPointCurved + extra) * (std::max(t.nc, 1) + 2 * kGhost);
  }
  return {kValueBytes * per_column * x[0] * y[0], kValueBytes * per_column * x[1] * y[1]};
}

// Bytes a receiver holds after `nsteps` steps, and the most it builds in memory to write them.
inline std::array<double, 2> receiver_bytes(const RecCfg& r, long nsteps) {
  const double n = double(std::max(nsteps, 0L)) + 1, nc = mode_components(r.mode);
  const double text = r.usgs ? n * (14 + (kValueBytes == 4 ? 16 : 25) * nc) + 1000 : 0,
               sac = r.sac ? 8 * n + 632 : 0;
  return {kValueBytes * n * nc, std::max(text, sac)};
}

// A run's share of this machine: the two-sided cut p1 x p2 of the grid over `ranks` ranks,
// `here` of them on this machine, which has `memory` bytes.
struct MachineShare {
  int p1 = 1, p2 = 1, ranks = 1, here = 1;
  double memory = 0;
};

// The problem with the arrays of the deck's grid on this machine, or "".
// DG (NUMERICS 30-34): bytes in all of a dgalerkin run on `ranks` ranks: per element 6 fields of
// 3 (q+1)^3 doubles (the solution, the current and next time derivatives) and the traces of its
// six faces (36 (q+2)^2), and per rank the operators (two dense matrices and the face tables).
inline double dg_bytes(const Config& cfg, int ranks) {
  const int q = cfg.dg.order, Q = q + 1;
  const double elements = double(cfg.grid.nx - 1) * (cfg.grid.ny - 1) * (cfg.grid.nz - 1);
  const double nd = 3.0 * Q * Q * Q, nf = double(q + 2) * (q + 2);
  return 8 * elements * (6 * nd + 36 * nf) + 8.0 * ranks * (2 * nd * nd + 36 * nf * nd);
}

inline std::string grid_memory_problem(const Config& cfg, const MachineShare& m) {
  if (cfg.dg.on) {
    const double need = dg_bytes(cfg, m.ranks) * m.here / m.ranks;
    if (need <= m.memory) return "";
    return deck_at(cfg, cfg.dg.line) + "dgalerkin: the coefficients of " +
           counted(double(cfg.grid.nx - 1) * (cfg.grid.ny - 1) * (cfg.grid.nz - 1), "element") + " at degree " +
           std::to_string(cfg.dg.order) + " need about " + gigabytes(need) + " of memory on this machine (" +
           std::to_string(m.here) + " of " + std::to_string(m.ranks) + " ranks here), which has " +
           gigabytes(m.memory) + " (allowed: a run that fits: a lower degree, a larger h, or more machines)";
  }
  for (bool exact : {false, true}) {
    if (exact && !cfg.topo.on) break;
    if (exact) {  // more points in z than an axis may have: the topography's line says so
      const std::string p = topography_count_problem(topography_grids(cfg.grid, cfg.topo));
      if (!p.empty()) return deck_at(cfg, cfg.topo.line) + "topography: " + p;
    }
    const std::array<double, 2> a = array_bytes(cfg, m.p1, m.p2, exact);
    const double need = std::max(a[0] * m.here / m.ranks, a[1]);
    if (need <= m.memory) continue;
    const GridCfg& g = cfg.grid;
    return deck_at(cfg, g.line) + "grid: the arrays of " + counted(double(g.nx) * g.ny * g.nz, "grid point") +
           " need about " + gigabytes(need) + " of memory on this machine (" +
           input_detail::fmt(values_per_point(cfg)) + " " + kValueName + " a point, " + std::to_string(m.here) +
           " of " + std::to_string(m.ranks) + " ranks here), which has " + gigabytes(m.memory) +
           " (allowed: a grid that fits: a larger h, a smaller domain, or more machines)";
  }
  return "";
}

// The same for the arrays and the receivers after `nsteps` steps (the receivers' share in
// proportion to the ranks here, at least the largest one); names the time line.
inline std::string receiver_memory_problem(const Config& cfg, long nsteps, const MachineShare& m) {
  double total = 0, largest = 0, peak = 0;
  for (const RecCfg& r : cfg.recs) {
    const std::array<double, 2> b = receiver_bytes(r, nsteps);
    total += b[0];
    largest = std::max(largest, b[0]);
    peak = std::max(peak, b[1]);
  }
  const std::array<double, 2> a = array_bytes(cfg, m.p1, m.p2, true);
  const double arrays = std::max(a[0] * m.here / m.ranks, a[1]);
  const double recs = std::max(total * m.here / m.ranks, largest) + peak;
  if (arrays + recs <= m.memory) return "";
  return deck_at(cfg, cfg.time.line ? cfg.time.line : cfg.grid.line) + "time: " +
         counted(double(nsteps) + 1, "sample") + " of " + counted(double(cfg.recs.size()), "receiver") +
         " need about " + gigabytes(recs) + " of memory on this machine besides the arrays' " +
         gigabytes(arrays) + ", which has " + gigabytes(m.memory) +
         " (allowed: fewer steps, fewer receivers or components, no usgsformat text, or more machines)";
}

// ---------------------------------------------------------------------------------------------
// The output directory

// mkdir -p PATH; true when PATH is a directory at the end.
inline bool make_dirs(const std::string& path) {
  std::string cur;
  for (std::size_t n = 0; n < path.size(); ++n) {
    cur += path[n];
    if ((path[n] == '/' || n + 1 == path.size()) && cur != "/" && cur != "./") {
      if (mkdir(cur.c_str(), 0755) != 0 && errno != EEXIST) return false;
    }
  }
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

// Whether a file can be made in directory DIR: one is created and removed at once ("" or why not).
inline std::string probe_dir(const std::string& dir) {
  const std::string name = (dir.empty() ? std::string("./") : dir + (dir.back() == '/' ? "" : "/")) +
                           ".sw4lite-probe-" + std::to_string(long(getpid()));
  const int fd = open(name.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0600);
  if (fd < 0 && errno != EEXIST) return std::strerror(errno);
  if (fd >= 0) close(fd);
  unlink(name.c_str());
  return "";
}

// The first problem that writing into the fileio path would meet, or "" (rank 0 asks; the
// path is on a file system all ranks share). CREATE: make the directory, then try a file in
// it. Otherwise nothing is left behind (--check, and before the setup): every existing part of
// the path must be a directory, and a file must be possible in the deepest one.
inline std::string output_dir_problem(const Config& cfg, bool create) {
  const std::string& path = cfg.fileio.path;
  using input_detail::in_quotes;  // the path as messages quote user text: cut when long
  const std::string at = deck_at(cfg, cfg.fileio.line) + "fileio: the output directory " + in_quotes(path) + " ";
  const char* allowed = " (allowed: a directory that can be created and written)";
  if (create) {
    if (!make_dirs(path)) return at + "cannot be created (" + std::strerror(errno) + ")" + allowed;
    const std::string why = probe_dir(path);
    return why.empty() ? "" : at + "cannot be written (creating a file in it: " + why + ")" + allowed;
  }
  std::string deepest = path[0] == '/' ? "/" : ".";
  for (std::size_t n = 1; n <= path.size(); ++n) {
    if (n < path.size() && path[n] != '/') continue;
    const std::string part = path.substr(0, n);
    struct stat st;
    if (stat(part.c_str(), &st) != 0) {
      if (errno == ENOENT) break;  // made by the run, from here on
      return at + "cannot be created (" + in_quotes(part) + ": " + std::strerror(errno) + ")" + allowed;
    }
    if (!S_ISDIR(st.st_mode)) return at + "cannot be created (" + in_quotes(part) + " is not a directory)" + allowed;
    deepest = part;
  }
  const std::string why = probe_dir(deepest);
  return why.empty() ? "" : at + "cannot be written (creating a file in " + in_quotes(deepest) + ": " + why + ")" + allowed;
}

}  // namespace sw4

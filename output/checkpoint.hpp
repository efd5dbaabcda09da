// checkpoint.hpp: what a checkpoint file holds and where: the header, the layout of the fields
// and the receivers' samples, the checksums, the deck's identity, when a checkpoint is due, and
// the rows of a piece that go to or come from the file. No MPI (checkpoint_io.hpp moves the
// bytes; checkpoint_run.hpp is what the drivers call).
//
// Why built so: a restart must give exactly the files an uninterrupted run gives, on any number
// of ranks and in either binary, so the file is a picture of the global grid and nothing of the
// decomposition that wrote it: every field over the global box, ghost points included, in
// global index order (i fastest, then j, then k), each point at an offset every rank computes
// from the deck alone. A piece writes the points it owns (and the physical ghost layers on its
// physical sides; together the pieces cover the global box exactly once) and reads its whole
// array box, padding included, so no halo exchange is needed after a restart. What a step
// depends on is U and Um (U+ and U'' are overwritten before they are read: stencil.hpp,
// predictor_frame and acceleration), with attenuation likewise each mechanism's alpha at t and
// t - dt (alpha+ and alpha'' are written before they are read: NUMERICS 36.6), the step number
// and the accumulated time t (stored as its bits), and the receivers' samples so far;
// materials, the mechanisms' moduli, metric and source weights are
// recomputed from the deck, which must be the one that wrote the file: its identity (sizes, h,
// counts and two 64-bit hashes of the parsed values that decide the numbers) is in the header.
//
// Checksums do not depend on the decomposition either: a field's sum, modulo 2^64, of a mix
// of each value's bits with its global index. The mix is a bijection of the value's bits for a
// given index, so a change of any one value (a flipped byte) always changes the sum; the sum
// is commutative, so every rank adds its own points and one integer reduction gives the total.
//
// Layout (all numbers in the machine's byte order, IEEE 754; a field's values and the receivers'
// samples are Reals, value_bytes each, 8 or 4 in the single build: precision.hpp):
//   [0, 1024)        CheckpointHeader, zero-padded; header_sum covers all 1024 bytes
//   fields           for grid g (0; 1 with topography), level (U, then Um), component (x, y, z):
//                    (nx+4) (ny+4) (nz_g+4) values, point (i, j, k), i, j, k from -1, at
//                    ((k+1) (ny+4) + (j+1)) (nx+4) + (i+1)
//   memory variables with attenuation (nmech > 0), after them: for grid g, each mechanism nu,
//                    level (alpha_nu at t, then at t - dt), component: grid g's points as above
//   receivers        for each rec line in deck order: its samples so far, sample-major as in
//                    Receiver::samples ((n + 1) samples after step n; velocity: n)
#pragma once

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "checks/float_bits.hpp"
#include "input.hpp"
#include "subdomain.hpp"

namespace sw4 {

constexpr char kCheckpointMagic[8] = {'S', 'W', '4', 'L', 'C', 'K', 'P', 'T'};
constexpr std::uint64_t kCheckpointVersion = 1;
constexpr std::uint64_t kCheckpointHeaderBytes = 1024;
constexpr int kCheckpointMaxFields = 12;  // U and Um, 3 components, 2 grids
constexpr int kCheckpointMemoryFields = 6 * kMaxSls;  // alpha at t and t - dt, 3 components, per mechanism
// A checksum per field (U's in field_sum, the memory variables' in memory_sum), then the receivers'.
constexpr int kCheckpointSums = kCheckpointMaxFields + kCheckpointMemoryFields + 1;

struct CheckpointHeader {
  char magic[8];
  std::uint64_t version, header_bytes;
  std::int64_t nx, ny, nz, nc;  // nz: the Cartesian grid's (grid 0); nc: grid 1's, 0 without topography
  double h, dt;
  std::int64_t nsources, nrecs;
  std::uint64_t deck_hash, rec_hash;
  std::int64_t step;  // steps closed: U is the solution at t, after step `step`
  double t;           // the accumulated time of U (its bits)
  std::int64_t utc[8];  // the receivers' reference time (UtcTime), so headers stay the same
  std::int64_t nfields;
  std::uint64_t fields_offset, recs_offset, file_bytes;
  std::uint64_t field_sum[kCheckpointMaxFields];
  std::uint64_t recs_sum;
  std::uint64_t header_sum;  // of the 1024 bytes with this field zero
  std::int64_t value_bytes;  // sizeof(Real) of the build that wrote it; 0 (files before it): 8
  std::uint64_t memory_sum[kCheckpointMemoryFields];  // with attenuation; zero without (as files before it)
  char pad[kCheckpointHeaderBytes - 336 - 8 * kCheckpointMemoryFields];
};
static_assert(sizeof(CheckpointHeader) == kCheckpointHeaderBytes, "the header is 1024 bytes");

// ---------------------------------------------------------------- hashes and checksums

inline std::uint64_t mix64(std::uint64_t z) {  // the splitmix64 finalizer: a bijection
  z += 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
inline std::uint64_t bits_of(double v) {
  std::uint64_t b;
  std::memcpy(&b, &v, 8);
  return b;
}
inline std::uint64_t bits_of(float v) {
  std::uint32_t b;
  std::memcpy(&b, &v, 4);
  return b;
}
// One value's term of a checksum: index is the value's position in its section, in values.
template <class T>
std::uint64_t checksum_term(T v, std::uint64_t index) {
  return mix64(bits_of(v) ^ (index * 0xd6e8feb86659fd93ULL));
}
inline std::uint64_t checksum_row(const Real* v, long n, std::uint64_t first_index) {
  std::uint64_t s = 0;
  for (long i = 0; i < n; ++i) s += checksum_term(v[i], first_index + std::uint64_t(i));
  return s;
}

// FNV-1a over a canonical byte form of parsed values (64-bit integers, doubles' bits, strings
// with their length), so that the hash is the same in every build of this version.
struct DeckHasher {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  void bytes(const void* p, std::size_t n) {
    const unsigned char* c = static_cast<const unsigned char*>(p);
    for (std::size_t k = 0; k < n; ++k) h = (h ^ c[k]) * 0x100000001b3ULL;
  }
  void i(std::int64_t v) { bytes(&v, 8); }
  void d(double v) { i(std::int64_t(bits_of(v))); }
};

// What decides the numbers of every step: grid, topography, blocks, sources (their samples
// too), super-grid, testpointsource, a verification problem (only when there is one, so the
// hash of every other deck is what it was), cfl, time_order and attenuation (likewise). Not the end time (a restart may extend it), the
// output path, the receivers (their own hash), the checkpoint or the co-design knobs.
inline std::uint64_t deck_hash(const Config& cfg) {
  DeckHasher x;
  const GridCfg& g = cfg.grid;
  x.i(g.nx), x.i(g.ny), x.i(g.nz), x.d(g.h);
  const TopographyCfg& t = cfg.topo;
  x.i(t.on);
  if (t.on) {
    x.d(t.zmax), x.i(t.order), x.d(t.zetabreak), x.d(t.amp), x.d(t.xc), x.d(t.yc), x.d(t.lx);
    x.d(t.ly), x.i(t.analytical_metric);
    if (t.sw4_convention) x.i(1);  // only then, so that every other deck keeps its hash
  }
  x.i(std::int64_t(cfg.blocks.size()));
  for (const BlockCfg& b : cfg.blocks)
    for (double v : {b.vp, b.vs, b.rho, b.vpgrad, b.vsgrad, b.rhograd, b.x1, b.x2, b.y1, b.y2,
                     b.z1, b.z2, double(b.absdepth)})
      x.d(v);
  x.i(std::int64_t(cfg.sources.size()));
  for (const SourceCfg& s : cfg.sources) {
    for (double v : {s.x, s.y, s.z, double(s.z_is_depth), double(s.is_force), s.mxx, s.mxy, s.mxz,
                     s.myy, s.myz, s.mzz, s.fx, s.fy, s.fz, s.t0, s.freq, double(int(s.type)),
                     s.sample_t0, s.sample_dt, double(s.samples.size())})
      x.d(v);
    for (double v : s.samples) x.d(v);
  }
  x.i(cfg.sg.gp), x.d(cfg.sg.dc);
  x.i(cfg.tps.on);
  if (cfg.tps.on) x.d(cfg.tps.cp), x.d(cfg.tps.cs), x.d(cfg.tps.rho), x.i(cfg.tps.halfspace);
  const VerifyCfg& v = cfg.verify;
  if (v.kind != VerifyKind::None) {
    x.i(int(v.kind)), x.i(cfg.has_supergrid_cmd);
    const TwilightCfg& w = v.tw;
    for (double d : {w.omega, w.c, w.phase, w.momega, w.mphase, w.amprho, w.ampmu, w.amplambda,
                     double(v.en.seed), v.en.cpcsratio, v.lamb.cp, v.lamb.rho, v.ray.cp, v.ray.cs,
                     v.ray.rho, v.ray.amplitude, double(v.ray.nwl)})
      x.d(d);
    const EnergyCfg& e = v.en;  // testenergy's SW4 keys, only when not their defaults (old hashes hold)
    if (e.amplitude != 1 || e.sg_eps != 1e-4 || e.sides == EnergySides::Dirichlet)
      x.d(e.amplitude), x.d(e.sg_eps), x.i(int(e.sides));
    if (cfg.att.on && v.kind == VerifyKind::Energy) x.d(e.qp), x.d(e.qs);  // its Q (NUMERICS 36.7)
    // twilight's side keys (NUMERICS 25.6), likewise only when not their defaults
    if (w.sgstretching || !w.freeupper || w.freelower)
      x.i(w.sgstretching), x.i(w.freeupper), x.i(w.freelower), x.d(w.omstrx), x.d(w.omstry), x.d(w.omstrz);
  }
  x.d(cfg.dev.cfl);
  if (cfg.dev.time_order != 4) x.i(cfg.dev.time_order);  // likewise
  const AttenuationCfg& a = cfg.att;  // likewise: only with attenuation, and then the blocks' Q
  if (a.on) {
    x.i(a.nmech), x.d(a.phasefreq), x.d(a.maxfreq), x.d(a.minppw), x.d(a.qmultiplier);
    for (const BlockCfg& b : cfg.blocks) x.d(b.qp), x.d(b.qs);
  }
  return x.h;
}

// Where the receivers are and what they record: their samples so far must be theirs.
inline std::uint64_t receivers_hash(const Config& cfg) {
  DeckHasher x;
  x.i(std::int64_t(cfg.recs.size()));
  for (const RecCfg& r : cfg.recs)
    for (double v : {r.x, r.y, r.z, double(r.z_is_depth), double(int(r.mode))}) x.d(v);
  return x.h;
}

// ---------------------------------------------------------------- layout

inline long samples_after(RecMode mode, long step) {
  return step + (mode == RecMode::Velocity ? 0 : 1);  // velocity has no sample at t = 0
}

struct CheckpointLayout {
  long ni = 0, nj = 0;  // points along x and y, ghosts included
  int ngrids = 1;
  int nmech = 0;        // mechanisms whose memory variables follow U's fields
  long nk[2] = {0, 0};  // planes of each grid, ghosts included
  std::uint64_t fields_offset = kCheckpointHeaderBytes, recs_offset = 0, total = 0;
  std::vector<std::uint64_t> rec_offset;  // bytes, per rec line in deck order
  std::vector<long> rec_values;

  // Fields 0 .. 6 ngrids - 1: U and Um of each grid; then 6 per mechanism, grid 0's mechanisms
  // and after them grid 1's.
  int nfields() const { return 6 * ngrids + 6 * nmech * ngrids; }
  int grid_of(int f) const { return f < 6 * ngrids ? f / 6 : (f - 6 * ngrids) / (6 * nmech); }
  std::uint64_t field_bytes(int f) const { return sizeof(Real) * ni * nj * nk[grid_of(f)]; }
  // Where field f's checksum goes among the kCheckpointSums (receivers: the last). The two
  // grids' alpha of one mechanism, level and component share a slot (the header has room for
  // one grid's): their sums add, and a change in either still changes it.
  int sum_slot(int f) const {
    return f < 6 * ngrids ? f : kCheckpointMaxFields + (f - 6 * ngrids) % (6 * nmech);
  }
  std::uint64_t field_offset(int f) const {
    std::uint64_t o = fields_offset;
    for (int e = 0; e < f; ++e) o += field_bytes(e);
    return o;
  }
  // Index of point (i, j, k) in its field, in values.
  std::uint64_t index(int i, int j, int k) const {
    const int o = kGhost - 1;
    return (std::uint64_t(k + o) * nj + std::uint64_t(j + o)) * ni + std::uint64_t(i + o);
  }
};

inline CheckpointLayout checkpoint_layout(const Config& cfg, long step) {
  CheckpointLayout L;
  L.ni = cfg.grid.nx + 2 * kGhost;
  L.nj = cfg.grid.ny + 2 * kGhost;
  L.nk[0] = cartesian_grid(cfg).nz + 2 * kGhost;
  if (cfg.topo.on) {
    L.ngrids = 2;
    L.nk[1] = topography_grids(cfg.grid, cfg.topo).nc + 2 * kGhost;
  }
  L.nmech = cfg.att.on ? cfg.att.nmech : 0;
  L.recs_offset = L.field_offset(L.nfields());
  std::uint64_t o = L.recs_offset;
  for (const RecCfg& r : cfg.recs) {
    const long n = samples_after(r.mode, step) * mode_components(r.mode);
    L.rec_offset.push_back(o);
    L.rec_values.push_back(n);
    o += sizeof(Real) * std::uint64_t(n);
  }
  L.total = o;
  return L;
}

// "U(x) of the Cartesian grid", "alpha_2(x) at t - dt": field f's name in messages.
inline std::string field_name(const Config& cfg, int f) {
  const char* comp[3] = {"x", "y", "z"};
  const int m = f - 6 * (cfg.topo.on ? 2 : 1), per_grid = 6 * std::max(cfg.att.nmech, 1), nu = m % per_grid / 6;
  if (m >= 0)
    return "the memory variable alpha_" + std::to_string(nu + 1) + "(" + comp[f % 3] + ")" +
           (f / 3 % 2 ? " at t - dt" : " at t") +
           (cfg.topo.on ? (m / per_grid ? " of the curvilinear grid" : " of the Cartesian grid") : "");
  std::string s = std::string(f / 3 % 2 ? "Um" : "U") + "(" + comp[f % 3] + ")";
  if (cfg.topo.on) s += f / 6 ? " of the curvilinear grid" : " of the Cartesian grid";
  return s;
}

// ---------------------------------------------------------------- a piece's rows

// Field f of a piece: grid f / 6, U (level 0) or Um (level 1), component f % 3; after U's
// fields, mechanism nu's alpha at t (level 0) or t - dt (level 1).
inline Array3& checkpoint_field(Subdomain& sd, int f) {
  const int m = f - 6 * (sd.topo ? 2 : 1), per_grid = 6 * std::max(sd.att.n, 1), nu = m % per_grid / 6;
  MemoryVariables& mv = m / per_grid ? sd.top.att : sd.att;
  if (m >= 0) return (f / 3 % 2 ? mv.am : mv.a)[std::size_t(nu)][f % 3];
  Field& fl = f / 6 ? (f / 3 % 2 ? sd.top.um : sd.top.u) : (f / 3 % 2 ? sd.um : sd.u);
  return fl[f % 3];
}

// The points of grid g a piece writes: those it owns, with the ghost layers on its physical
// sides, all k (partition.hpp's `sendable`): over all pieces, every point of the global box once.
inline Box written_box(const Subdomain& sd, int g) {
  const Box& o = g ? sd.top.owned : sd.owned;
  const Box& a = g ? sd.top.box : sd.box;
  Box s = o;
  if (s.ib == 1) s.ib = 1 - kGhost;
  if (s.ie == sd.grid.nx) s.ie = sd.grid.nx + kGhost;
  if (s.jb == 1) s.jb = 1 - kGhost;
  if (s.je == sd.grid.ny) s.je = sd.grid.ny + kGhost;
  s.kb = a.kb;
  s.ke = a.ke;
  return s;
}

// fn(field, byte offset in the file, first value of the row in the piece, values) for every
// (j, k) row of each field over the written box (whole = false) or the whole array box.
template <class F>
void for_each_checkpoint_row(const CheckpointLayout& L, Subdomain& sd, bool whole, F fn) {
  for (int f = 0; f < L.nfields(); ++f) {
    const int g = L.grid_of(f);
    const Box b = whole ? (g ? sd.top.box : sd.box) : written_box(sd, g);
    Array3& a = checkpoint_field(sd, f);
    const std::uint64_t base = L.field_offset(f);
    for (int k = b.kb; k <= b.ke; ++k)
      for (int j = b.jb; j <= b.je; ++j)
        fn(f, base + sizeof(Real) * L.index(b.ib, j, k), &a(b.ib, j, k), long(b.ni()));
  }
}

// The deck position of each receiver (its rec line), so that every rank finds its slot.
inline int receiver_slot(const Config& cfg, const Receiver& r) {
  for (std::size_t n = 0; n < cfg.recs.size(); ++n)
    if (cfg.recs[n].line == r.cfg.line) return int(n);
  return -1;
}

// fn(slot, the receiver) for every receiver of a piece, both grids.
template <class F>
void for_each_checkpoint_receiver(const Config& cfg, Subdomain& sd, F fn) {
  for (std::vector<Receiver>* list : {&sd.receivers, &sd.top.receivers})
    for (Receiver& r : *list) fn(receiver_slot(cfg, r), r);
}

// This piece's part of the checksums (sum[L.sum_slot(f)] per field, then the receivers' in
// the last), over the points it writes and the receivers it owns: summed over pieces, the file's.
inline void add_checksums(const Config& cfg, const CheckpointLayout& L, Subdomain& sd,
                          std::uint64_t sum[kCheckpointSums]) {
  for_each_checkpoint_row(L, sd, false, [&](int f, std::uint64_t off, Real* row, long n) {
    sum[L.sum_slot(f)] += checksum_row(row, n, (off - L.field_offset(f)) / sizeof(Real));
  });
  for_each_checkpoint_receiver(cfg, sd, [&](int slot, Receiver& r) {
    sum[kCheckpointSums - 1] +=
        checksum_row(r.samples.data(), long(r.samples.size()),
                     (L.rec_offset[slot] - L.recs_offset) / sizeof(Real));
  });
}

// ---------------------------------------------------------------- when, and under which name

// Whether a checkpoint is due once step n (1..nsteps) has closed, at the nominal time n dt:
// cycle=C after step C; cycleInterval=I after every multiple of I; time=T after the first
// step whose time is within dt/2 of T or past it; timeInterval=I after each step whose
// window ((n - 1/2) dt, (n + 1/2) dt] holds a positive multiple of I. Any of them suffices.
inline bool checkpoint_due(const CheckpointCfg& c, long n, double dt) {
  if (!c.on || n < 1) return false;
  if (c.cycle > 0 && n == c.cycle) return true;
  if (c.cycleInterval > 0 && n % c.cycleInterval == 0) return true;
  const double hi = (double(n) + 0.5) * dt, lo = (double(n) - 0.5) * dt;
  if (c.time > 0 && hi >= c.time && (n == 1 || lo < c.time)) return true;
  if (c.timeInterval > 0 && std::floor(hi / c.timeInterval) > std::floor(lo / c.timeInterval))
    return true;
  return false;
}

// Whether an image is due at step n (0..nsteps). SW4 writes images before the first step too,
// of the initial data, by the same rules read at cycle 0 and t = 0 (its Image::timeToWrite):
// cycle=0; cycleInterval=I and timeInterval=I, 0 being a multiple of each; time=T when T is
// within dt/2 of 0, the window of step 0 being (-dt/2, dt/2]. After step 0 an image is due as a
// checkpoint is, except that a time=T which step 0 took is not taken again by step 1.
inline bool image_due(const CheckpointCfg& c, long n, double dt) {
  if (!c.on || n < 0) return false;
  const double hi = (double(n) + 0.5) * dt, lo = (double(n) - 0.5) * dt;
  const bool at_time = c.time > 0 && hi >= c.time && (n == 0 || lo < c.time);
  if (n == 0) return c.cycle == 0 || c.cycleInterval > 0 || c.timeInterval > 0 || at_time;
  CheckpointCfg by_step = c;
  by_step.time = -1;
  return checkpoint_due(by_step, n, dt) || at_time;
}

// The first step after `after` at which a checkpoint is due, or nsteps when none is.
inline long next_checkpoint(const CheckpointCfg& c, long after, long nsteps, double dt) {
  if (c.on)
    for (long n = after + 1; n < nsteps; ++n)
      if (checkpoint_due(c, n, dt)) return n;
  return nsteps;
}

// <path><prefix>.cycle=<n>.sw4checkpoint, n with as many digits as nsteps has (the original's
// name, so that the files of one run sort by step).
inline std::string checkpoint_name(const Config& cfg, long n, long nsteps) {
  const std::string digits = std::to_string(n), width = std::to_string(nsteps);
  std::string pad(width.size() > digits.size() ? width.size() - digits.size() : 0, '0');
  return cfg.fileio.path + cfg.checkpoint.file + ".cycle=" + pad + digits + ".sw4checkpoint";
}

// ---------------------------------------------------------------- the header

inline std::uint64_t header_checksum(CheckpointHeader h) {
  h.header_sum = 0;
  DeckHasher x;
  x.bytes(&h, sizeof h);
  return x.h;
}

// The header of a checkpoint of this deck after step n at time t (checksums still zero).
inline CheckpointHeader checkpoint_header(const Config& cfg, const CheckpointLayout& L, long n,
                                          double t, double dt, const UtcTime& u) {
  CheckpointHeader h;
  std::memset(&h, 0, sizeof h);
  std::memcpy(h.magic, kCheckpointMagic, 8);
  h.version = kCheckpointVersion;
  h.header_bytes = kCheckpointHeaderBytes;
  h.nx = cfg.grid.nx;
  h.ny = cfg.grid.ny;
  h.nz = L.nk[0] - 2 * kGhost;
  h.nc = L.ngrids > 1 ? L.nk[1] - 2 * kGhost : 0;
  h.h = cfg.grid.h;
  h.dt = dt;
  h.nsources = std::int64_t(cfg.sources.size());
  h.nrecs = std::int64_t(cfg.recs.size());
  h.deck_hash = deck_hash(cfg);
  h.rec_hash = receivers_hash(cfg);
  h.step = n;
  h.t = t;
  const int v[8] = {u.year, u.month, u.day, u.hour, u.minute, u.second, u.msec, u.yday};
  for (int k = 0; k < 8; ++k) h.utc[k] = v[k];
  h.nfields = L.nfields();
  h.fields_offset = L.fields_offset;
  h.recs_offset = L.recs_offset;
  h.file_bytes = L.total;
  h.value_bytes = sizeof(Real);
  return h;
}

// The header's checksum of slot s (CheckpointLayout::sum_slot; the last: the receivers').
inline std::uint64_t& header_sum_slot(CheckpointHeader& h, int s) {
  if (s < kCheckpointMaxFields) return h.field_sum[s];
  if (s < kCheckpointSums - 1) return h.memory_sum[s - kCheckpointMaxFields];
  return h.recs_sum;
}

inline UtcTime header_utc(const CheckpointHeader& h) {
  UtcTime u;
  u.year = int(h.utc[0]), u.month = int(h.utc[1]), u.day = int(h.utc[2]), u.hour = int(h.utc[3]);
  u.minute = int(h.utc[4]), u.second = int(h.utc[5]), u.msec = int(h.utc[6]), u.yday = int(h.utc[7]);
  return u;
}

// What is wrong with a checkpoint of `bytes` bytes whose first min(bytes, 1024) bytes are `h`
// (the rest zero) for this deck, or "": magic, version, the header's checksum, the deck's
// identity, then the file's size against the layout the header implies.
inline std::string check_header(const CheckpointHeader& h, std::uint64_t bytes, const Config& cfg) {
  using input_detail::fmt;
  if (bytes < 8 || std::memcmp(h.magic, kCheckpointMagic, 8) != 0)
    return "not a sw4lite checkpoint (it does not begin with SW4LCKPT)";
  if (bytes < kCheckpointHeaderBytes)
    return "truncated: " + std::to_string(bytes) + " bytes, less than its 1024-byte header";
  if (h.version != kCheckpointVersion)
    return "format version " + std::to_string(h.version) + " (this sw4lite reads version " +
           std::to_string(kCheckpointVersion) + ")";
  if (h.header_sum != header_checksum(h)) return "corrupted: its header does not match its checksum";
  const std::int64_t vb = h.value_bytes ? h.value_bytes : 8;
  if (vb != std::int64_t(sizeof(Real)))
    return std::string("written by the ") + (vb == 4 ? "single" : vb == 8 ? "double" : "unknown") +
           "-precision build; this sw4lite is the " + kPrecision +
           "-precision build (restart with a build of the same PRECISION)";
  const CheckpointHeader me = checkpoint_header(cfg, checkpoint_layout(cfg, h.step), h.step, 0, 0, {});
  auto grid = [](const CheckpointHeader& x) {
    std::string s = std::to_string(x.nx) + " x " + std::to_string(x.ny) + " x " + std::to_string(x.nz);
    return x.nc ? s + " and " + std::to_string(x.nx) + " x " + std::to_string(x.ny) + " x " +
                      std::to_string(x.nc) + " (curvilinear)"
                : s;
  };
  const std::string other = "written for another deck: ";
  if (h.nx != me.nx || h.ny != me.ny || h.nz != me.nz || h.nc != me.nc)
    return other + "its grid is " + grid(h) + ", this deck's is " + grid(me);
  if (h.h != me.h) return other + "its h is " + fmt(h.h) + ", this deck's is " + fmt(me.h);
  if (h.nsources != me.nsources)
    return other + "it has " + std::to_string(h.nsources) + " sources, this deck " +
           std::to_string(me.nsources);
  if (h.nrecs != me.nrecs)
    return other + "it has " + std::to_string(h.nrecs) + " receivers, this deck " +
           std::to_string(me.nrecs);
  if (h.deck_hash != me.deck_hash)
    return other + "the grid, topography, blocks, sources, supergrid, testpointsource, attenuation, cfl "
                   "or time_order differ (only time may change for a restart)";
  if (h.rec_hash != me.rec_hash)
    return other + "the receivers' positions or variables differ";
  if (!(h.dt > 0) || !finite_bits(h.dt) || !finite_bits(h.t) || h.step < 0 || h.nfields != me.nfields ||
      h.fields_offset != me.fields_offset || h.recs_offset != me.recs_offset || h.file_bytes != me.file_bytes)
    return "corrupted: its header's step, time or sizes are impossible for this deck";
  if (bytes < h.file_bytes)
    return "truncated: " + std::to_string(bytes) + " bytes, its header says " +
           std::to_string(h.file_bytes);
  if (bytes > h.file_bytes)
    return std::to_string(bytes) + " bytes, more than the " + std::to_string(h.file_bytes) +
           " its header says (not a complete checkpoint)";
  return "";
}

}  // namespace sw4

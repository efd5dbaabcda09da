// config.hpp: what a deck says, as plain values: the Config structs, the time functions' and
// receiver modes' names, and the limits on what a deck may ask for.
//
// Why built so: nearly every part of the solver reads the deck (the grid's sizes, a source's
// time function, the material's blocks), and none of them needs to know how a deck is read.
// So the data stands here, at the bottom of the layers (DESIGN.md, "Layers"), with nothing
// but the standard library, and the parser that fills it (input.hpp, which includes this) stands
// near the top, where only the drivers and the set-up checks include it. Values and a few
// predicates on them only: no parsing, no I/O, no MPI.
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace sw4 {

enum class TimeFunctionType {
  Gaussian, GaussianInt, Ricker, RickerInt, Ramp, Triangle, Sawtooth, SmoothWave,
  VerySmoothBump, C6SmoothBump, Brune, BruneSmoothed, DBrune, GaussianWindow, Liu, Dirac,
  Discrete  // last: test_input.cpp checks that every type up to it has a name below
};

// The deck's names of the time functions (`source type=`), in the order an error lists them;
// GaussianInt is also called Erf. The only table of them: the parser reads it, and a type's
// name in messages is its first entry here.
struct TimeFunctionName {
  const char* name;
  TimeFunctionType type;
};
inline constexpr TimeFunctionName kTimeFunctionNames[] = {
    {"Gaussian", TimeFunctionType::Gaussian}, {"GaussianInt", TimeFunctionType::GaussianInt},
    {"Erf", TimeFunctionType::GaussianInt}, {"Ricker", TimeFunctionType::Ricker},
    {"RickerInt", TimeFunctionType::RickerInt}, {"Ramp", TimeFunctionType::Ramp},
    {"Triangle", TimeFunctionType::Triangle}, {"Sawtooth", TimeFunctionType::Sawtooth},
    {"SmoothWave", TimeFunctionType::SmoothWave}, {"VerySmoothBump", TimeFunctionType::VerySmoothBump},
    {"C6SmoothBump", TimeFunctionType::C6SmoothBump}, {"Brune", TimeFunctionType::Brune},
    {"BruneSmoothed", TimeFunctionType::BruneSmoothed}, {"DBrune", TimeFunctionType::DBrune},
    {"GaussianWindow", TimeFunctionType::GaussianWindow}, {"Liu", TimeFunctionType::Liu},
    {"Dirac", TimeFunctionType::Dirac}, {"Discrete", TimeFunctionType::Discrete}};

inline const char* source_time_function_name(TimeFunctionType t) {
  for (const TimeFunctionName& n : kTimeFunctionNames)
    if (n.type == t) return n.name;
  return "?";
}

enum class RecMode { Displacement, Velocity, Div, Curl, Strains, DisplacementGradient };

// Limits on what a deck may ask for, so that no count overflows the int arithmetic of the
// indices and the step loop (nx + 2 ghosts + the overlaps of up to a million pieces; step + 1).
constexpr int kMaxPoints1d = 1000000000;  // grid points along one axis
constexpr int kMaxSteps = 1000000000;     // time steps
// A receiver's file name: the run writes NAME.SUFFIX.tmp and renames it, and the longest
// ".duxdx.tmp" is 10 characters, so NAME_MAX (255 on Linux and macOS) leaves 245.
constexpr int kMaxRecFileName = 245;

struct GridCfg {
  int nx = 0, ny = 0, nz = 0;           // points in each direction (ghosts excluded)
  double h = 0;                          // grid spacing
  double xmax = 0, ymax = 0, zmax = 0;   // (n-1)h
  int line = 0;
};

struct TimeCfg {
  bool by_time = false;  // time t=T given: N = round(T/dt0), dt = T/N
  double t_end = 0;
  int steps = -1;        // time steps=N given (dt = dt0); -1 with neither: no step is taken
  int line = 0;
};

struct FileioCfg {
  std::string path = "./";  // always ends with '/'
  int verbose = 0;
  int printcycle = 100;
  bool printcycle_set = false;  // given: a progress line every printcycle steps, not every ~10 s
  int line = 0;
};

struct DeveloperCfg {
  double cfl = 1.3;       // dgalerkin without cfl= takes kDgDefaultCfl (input/input_dg.hpp)
  bool cfl_set = false;
  bool checkfornan = false;
  bool reporttiming = false;
  bool trace = false;
  // co-design knobs (one-sided mode and both binaries)
  int partitions = 0;            // partitions per rank in one-sided mode; 0 = program default
  int imbalance_rank = -1;       // imbalance=R:F, -1 = off
  double imbalance_factor = 1.0;
  int migrate = 0;               // force a migration every N steps, 0 = off
  bool steal = true;
  bool reference_kernel = false;  // kernel=reference: L_h point by point (stencil_reference.hpp)
  int protocol = -1;  // one-sided halo protocol: 0 request, 1 eager, -1 the program's default
  std::string halo;   // two-sided halo model (halo_select.hpp); empty: sendrecv
  int halo_line = 0;  // the line of the last halo=
  int time_order = 4;  // 4: predictor-corrector; 2: predictor only (NUMERICS 2.4)
  int time_order_line = 0;
  int line = 0;
};

struct SupergridCfg {
  int gp = 20;      // layer width in grid points
  double dc = 0.02; // damping coefficient beta
  int line = 0;
};

struct TestPointSourceCfg {
  bool on = false;
  double cp = std::sqrt(3.0), cs = 1.0, rho = 1.0;
  bool halfspace = false;
  int line = 0;
};

// The verification problems (NUMERICS 25-28; input/input_verify.hpp): at most one a deck, each
// with its own exact solution or conserved quantity, and none with testpointsource.
enum class VerifyKind { None, Twilight, Energy, Lamb, Rayleigh };
struct TwilightCfg {  // u, rho, mu, lambda of NUMERICS 25.1
  double omega = 1, c = 1.3, phase = 0, momega = 1, mphase = 0.4;
  double amprho = 1, ampmu = 1, amplambda = 1;
  bool errorlog = false;  // SW4's TwilightErr.txt in the fileio path (errorlog=1)
  // SW4's side keys (NUMERICS 25.6): sgstretching=1 makes the sides 0-3 (and the top when it is
  // not free) super-grid sides whose stretching is 1 + sin(omstr x)/2 along x and y, without
  // damping; freeupper=0 takes the free surface off the top, freelower=1 puts one at the bottom.
  bool sgstretching = false, freeupper = true, freelower = false;
  double omstrx = 1.1, omstry = 0.8, omstrz = 0.9;
};
// testenergy's sides other than the top (NUMERICS 26): as the deck's supergrid command sets
// them (no bchorizontal), Dirichlet (zero ghost points, no layers), or super-grid.
enum class EnergySides { Deck, Dirichlet, SuperGrid };
struct EnergyCfg {  // random material and initial data (NUMERICS 26)
  unsigned long seed = 2718;
  double cpcsratio = 1.7320508075688772;  // sqrt(3)
  double amplitude = 1;   // rho and cs uniform in [1, 1 + amplitude)
  double sg_eps = 1e-4;   // the layers' stretching at the boundary (NUMERICS 5.2)
  int write_every = 1000; // the file is rewritten after every such step (0: at the end only)
  EnergySides sides = EnergySides::Deck;
  std::string file = "energy.log";
  double qp = 100, qs = 50;  // with attenuation: every point's Q (NUMERICS 36.7)
  bool q_given = false;
};
struct LambCfg {  // Poisson ratio 1/4: cs = cp / sqrt(3) (NUMERICS 27)
  double cp = 1.7320508075688772, rho = 1;
};
struct RayleighCfg {  // a plane Rayleigh wave along x (NUMERICS 28)
  double cp = 1.7320508075688772, cs = 1, rho = 1, amplitude = 1;
  int nwl = 1;
};
struct VerifyCfg {
  VerifyKind kind = VerifyKind::None;
  TwilightCfg tw;
  EnergyCfg en;
  LambCfg lamb;
  RayleighCfg ray;
  int line = 0;
};

// dgalerkin: the energy-based discontinuous Galerkin solver instead of the finite differences
// (NUMERICS 30-34; input/input_dg.hpp). q = order= (the polynomial degree per direction);
// singlemode=1: the single-mode problem on mirror sides, 0: sources, free surface, walls.
struct DgCfg {
  bool on = false;
  int order = 0;
  bool singlemode = false;
  int line = 0;
};

// attenuation: n standard linear solids (NUMERICS 35; input/input_attenuation.hpp). on: the
// command was given. nmech = 0 is SW4's memory-free damping, not the SLS model (35.6).
// minppw > 0 replaces maxfreq by min(vs/h)/minppw; qmultiplier scales every Q (material.hpp).
struct AttenuationCfg {
  bool on = false;
  int nmech = 3;
  double phasefreq = 1;  // Hz: where the deck's vp and vs are the phase velocities
  double maxfreq = 2;    // Hz: the top of the band of constant Q (also as centerfreq=)
  double minppw = -1;    // > 0: points per shortest wavelength, instead of maxfreq
  double qmultiplier = 1;
  int line = 0;
};

struct SourceCfg {
  double x = 0, y = 0, z = 0;  // z: depth below the surface, or absolute z (z_is_depth false)
  bool z_is_depth = true;      // depth=/topodepth= given; z= is absolute (the same without topography)
  bool is_force = false;
  // moment tensor, already multiplied by m0
  double mxx = 0, mxy = 0, mxz = 0, myy = 0, myz = 0, mzz = 0;
  // point force, already multiplied by f0
  double fx = 0, fy = 0, fz = 0;
  double t0 = 0, freq = 1;
  TimeFunctionType type = TimeFunctionType::RickerInt;
  // type=Discrete file=NAME: the samples, read by the parser
  std::string file;
  double sample_t0 = 0, sample_dt = 0;
  std::vector<double> samples;
  int line = 0;
};

struct BlockCfg {
  double vp = 0, vs = 0, rho = 0;
  double vpgrad = 0, vsgrad = 0, rhograd = 0;
  // Quality factors, constant over the block (SW4 has no Q gradient); 0: not given. Read
  // always, used only with attenuation, which requires both in every block (NUMERICS 35.6).
  double qp = 0, qs = 0;
  double x1 = 0, x2 = 0, y1 = 0, y2 = 0, z1 = 0, z2 = 0;  // defaults filled from the grid
  bool absdepth = false;
  int line = 0;
};

struct RecCfg {
  double x = 0, y = 0, z = 0;  // z: depth below the surface, or absolute z (z_is_depth false)
  bool z_is_depth = true;      // depth=/topodepth= given; z= is absolute (the same without topography)
  std::string file = "station";
  std::string sta;             // station name in SAC headers; defaults to file
  bool nsew = false;
  int writeEvery = 1000;
  bool usgs = false;
  bool sac = true;
  RecMode mode = RecMode::Displacement;
  int line = 0;
};

// What a `topography` line gives (NUMERICS 14.1); `on` only after input=gaussian.
struct TopographyCfg {
  bool on = false;
  double zmax = 0;          // Z_t: depth of the interface between the grids (required)
  int order = 4;            // p: the exponent of the blending (1 - sigma)^p, 2..7
  double zetabreak = 0.95;  // zeta: the grid bends in k < 1 + zeta (n_c - 1), 0 < zeta <= 1
  double amp = 0.05, xc = 0.5, yc = 0.5, lx = 0.15, ly = 0.15;  // the hill A, x_c, y_c, L_x, L_y (SW4's defaults)
  bool analytical_metric = false;  // metric from the mapping's exact derivatives
  bool sw4_convention = false;     // convention=sw4: SW4's n_c and time-step bound (NUMERICS 25.5)
  bool convention_given = false;   // the line set convention= (else twilight takes sw4: NUMERICS 25.5)
  int line = 0;
};

// checkpoint: when (any of the four; -1 = not given), the file name's prefix, and the most
// bytes a rank moves in one collective write (checkpoint.hpp, checkpoint_io.hpp).
struct CheckpointCfg {
  bool on = false;
  double time = -1, timeInterval = -1;
  int cycle = -1, cycleInterval = -1;
  std::string file = "restart";
  int bufsize = 10000000;
  int line = 0;
};

// image: a plane of one quantity, written after the steps `when` names (the checkpoint's
// rules and, as SW4's, step 0, the initial data: image_due) as an SW4 image file and a PNG
// (image.hpp, image_io.hpp). The exact and error modes need a test problem's exact solution at
// every grid point (exact_at_every_point).
enum class ImageMode {
  Ux, Uy, Uz, Rho, Lambda, Mu, P, S, Div, CurlMag, Topo, MagDuDt, Mag, Vx, Vy, Vz,
  UxExact, UyExact, UzExact, UxErr, UyErr, UzErr
};
// The component an exact or error mode shows (0, 1, 2), or -1 for the other modes.
inline int exact_component(ImageMode m) {
  switch (m) {
    case ImageMode::UxExact: case ImageMode::UxErr: return 0;
    case ImageMode::UyExact: case ImageMode::UyErr: return 1;
    case ImageMode::UzExact: case ImageMode::UzErr: return 2;
    default: return -1;
  }
}
struct ImageCfg {
  ImageMode mode = ImageMode::Ux;
  int plane = 0;        // 0: x = coord, 1: y = coord, 2: z = coord
  double coord = 0;     // as given
  CheckpointCfg when;   // time, timeInterval, cycle, cycleInterval (file and bufsize unused)
  std::string file = "image";
  bool double_precision = false;  // precision=double; SW4's default is float
  int line = 0;
};

// restart: the checkpoint file to continue from, as given (relative to the current directory).
struct RestartCfg {
  bool on = false;
  std::string file;
  int bufsize = 10000000;
  int line = 0;
};

struct Config {
  std::string filename;
  GridCfg grid;
  TimeCfg time;
  FileioCfg fileio;
  DeveloperCfg dev;
  bool has_supergrid_cmd = false;
  SupergridCfg sg;
  TestPointSourceCfg tps;
  VerifyCfg verify;
  DgCfg dg;
  AttenuationCfg att;
  TopographyCfg topo;
  std::vector<SourceCfg> sources;   // input order
  std::vector<BlockCfg> blocks;     // input order; later blocks overwrite earlier ones
  std::vector<RecCfg> recs;         // input order
  CheckpointCfg checkpoint;
  RestartCfg restart;
  std::vector<ImageCfg> images;     // input order
  std::vector<std::string> messages;  // informational lines for rank 0 ("* Setting nx to ...")
  std::vector<std::string> warnings;  // one-line warnings for rank 0 (ignored commands...)
};

// Whether the material comes from the deck's blocks (not from a test problem's own).
inline bool material_from_blocks(const Config& c) { return !c.tps.on && c.verify.kind == VerifyKind::None; }
// Whether the deck's test problem knows its exact displacement at every grid point at any time
// (twilight, testrayleigh, testpointsource; testlamb knows the surface's only): what an image's
// exact and error modes show (verify/verify_errors.hpp, PointExact).
inline bool exact_at_every_point(const Config& c) {
  return (c.tps.on && !c.sources.empty()) || c.verify.kind == VerifyKind::Twilight ||
         c.verify.kind == VerifyKind::Rayleigh;
}
// Whether the sides other than the top hold a test problem's exact solution instead of
// super-grid layers: twilight without a supergrid command, and testrayleigh (NUMERICS 25.3).
inline bool exact_sides(const Config& c) {
  return c.verify.kind == VerifyKind::Rayleigh ||
         (c.verify.kind == VerifyKind::Twilight && !c.has_supergrid_cmd && !c.verify.tw.sgstretching);
}
// Whether twilight runs with SW4's analytic stretching on its super-grid sides (sgstretching=1,
// NUMERICS 25.6): then a supergrid command's gp and dc are not used.
inline bool twilight_sw4_stretching(const Config& c) {
  return c.verify.kind == VerifyKind::Twilight && c.verify.tw.sgstretching;
}
// Whether the bottom z = zmax is a free surface (twilight freelower=1, NUMERICS 4.1).
inline bool free_surface_bottom(const Config& c) {
  return c.verify.kind == VerifyKind::Twilight && c.verify.tw.freelower;
}
// Whether those sides are Dirichlet sides without layers: the exact sides above, and testenergy's
// bchorizontal=dirichlet, whose sides and bottom hold zero (NUMERICS 26).
inline bool dirichlet_sides(const Config& c) {
  return exact_sides(c) || (c.verify.kind == VerifyKind::Energy && c.verify.en.sides == EnergySides::Dirichlet);
}

}  // namespace sw4

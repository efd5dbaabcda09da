// sw4lite.cpp: main: read the deck, set up the pieces of the grid, run the time loop, report.
//
// Why built so: this file holds the two drivers and, with the parts it includes
// (sw4lite_report.hpp, sw4lite_dg.hpp, sw4lite_dg_onesided.hpp), the reductions over ranks of
// what a run computes: the time step, the source counts, the solution check's verdict, the
// norms, the energy and the timings. The others live with what they agree on: the checkpoint's
// and the image's (output/checkpoint_io.hpp, checkpoint_run.hpp, image_io.hpp), the one-sided
// loop's t at a pause (onesided/onesided_run.hpp) and the runtime's quiescence and statistics
// (amr_runtime.hpp). Every rank parses the deck itself, so an input error is found by every
// rank at once and all of them exit with status 1 before anything is written. The default build
// is the two-sided driver: one piece per rank, the phase sequence of subdomain.hpp with the two
// halo exchanges between. Built with -DSW4LITE_ONESIDED (./sw4lite-onesided), the same phases
// run as handlers on partitions of the grid, several per rank, on the active-message runtime
// (onesided.hpp). Both print the same lines and write the same files: what ends a step is
// written once (step_end.hpp), and so is the report. A deck with `dgalerkin` takes the DG
// solver's drivers instead (sw4lite_dg.hpp, sw4lite_dg_onesided.hpp), after the same parsing.
//
//   usage: mpirun -np P ./sw4lite [--check] [--partitions N] [--kernel tuned|reference] [--halo NAME] DECK (options.hpp)
#include <mpi.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <memory>
#include <new>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include "material.hpp"
#include "output/checkpoint_run.hpp"
#include "checks/cfl_stability.hpp"
#include "checks/cost.hpp"
#include "checks/finite_check.hpp"
#include "checks/float_bits.hpp"
#include "halo/agree.hpp"
#include "halo/halo_overlap.hpp"
#include "halo/shmem_start.hpp"
#include "input.hpp"
#include "checks/limits.hpp"
#include "dg/dg_setup.hpp"
#include "halo/dg_faces.hpp"
#include "options.hpp"
#include "output/report.hpp"
#include "step_end.hpp"
#include "verify/verify_errors.hpp"
#include "subdomain.hpp"
#include "threads.hpp"
#include "topography/check_topography.hpp"
#ifdef SW4LITE_ONESIDED
#include "onesided/onesided_run.hpp"
#endif
#ifdef SW4LITE_GPU
#include "gpu/gpu_halo.hpp"       // the CUDA build's device piece, step, halos, look and receivers
#include "gpu/gpu_look.hpp"
#include "gpu/gpu_receivers.hpp"
#endif
#if defined(SW4LITE_GPU) && defined(SW4LITE_ONESIDED)
#error "the CUDA build (SW4LITE_GPU) is two-sided: build it without SW4LITE_ONESIDED"
#endif
#if defined(SW4LITE_SHMEM) && (defined(SW4LITE_GPU) || defined(SW4LITE_ONESIDED))
#error "the OpenSHMEM build (SW4LITE_SHMEM) is ./sw4lite's: build it without SW4LITE_GPU and SW4LITE_ONESIDED"
#endif

using namespace sw4;

namespace {

int rank_ = 0, nranks_ = 1;

// A run that must end with exit status 1. Every rank calls stop() with the same condition;
// the exception unwinds run_main, so every MPI object (the Cartesian communicator, the halo
// datatypes, the runtime's communicators) is freed by its owner before main calls
// MPI_Finalize and rank 0 prints the message.
struct Stop : std::runtime_error {
  using std::runtime_error::runtime_error;
};
[[noreturn]] void stop(const std::string& msg) { throw Stop(msg); }

// MPI_Comm_free on every way out of the scope.
struct CommGuard {
  MPI_Comm comm = MPI_COMM_NULL;
  CommGuard() = default;
  CommGuard(const CommGuard&) = delete;
  CommGuard& operator=(const CommGuard&) = delete;
  ~CommGuard() {
    if (comm != MPI_COMM_NULL) MPI_Comm_free(&comm);
  }
};

// The two-sided process grid of both solvers: pgrid[0] x pgrid[1] ranks as a Cartesian
// communicator (MPI may reorder), this rank's place in it and the piece of the grid it owns.
struct ProcessGrid {
  int dims[2], coords[2] = {0, 0};
  CommGuard guard;
  explicit ProcessGrid(const std::array<int, 2>& pgrid) : dims{pgrid[0], pgrid[1]} {
    int periods[2] = {0, 0}, crank = 0;
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &guard.comm);
    MPI_Comm_rank(guard.comm, &crank);
    MPI_Cart_coords(guard.comm, crank, 2, coords);
  }
  PieceGeometry piece(const Config& cfg) const { return piece_geometry(cfg, dims[0], dims[1], coords[0], coords[1]); }
  std::string words() const { return "process grid " + std::to_string(dims[0]) + " x " + std::to_string(dims[1]); }
};

double reduce(double x, MPI_Op op) {  // MPI's or OpenSHMEM's (halo/agree.hpp)
  agree(&x, 1, op);
  return x;
}

struct Run {
  std::string deck;
  Config cfg;
  bool check_only = false;
  int partitions = 0;  // --partitions N (one-sided mode)
  int nsteps = 0;
  double dt = 0;
  UtcTime utc{};
  RestartPoint restart;  // where a restart starts; and the checkpoints (checkpoint_run.hpp)
  Checkpointing ckpt;
  Imaging images;        // image_io.hpp
  MachineShare machine;  // for the memory estimate (limits.hpp)
  CflVerdict cfl;        // the CFL number against its limit (cfl_stability.hpp)
};

// Every rank's first setup problem (a point in no block, a folded grid): all stop together with
// the message of the lowest rank that has one.
void stop_on_problem(const std::string& mine) {
  int first = mine.empty() ? INT_MAX : rank_, all = INT_MAX;
  MPI_Allreduce(&first, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
  if (all == INT_MAX) return;
  int n = rank_ == all ? int(mine.size()) : 0;
  MPI_Bcast(&n, 1, MPI_INT, all, MPI_COMM_WORLD);
  std::string msg = rank_ == all ? mine : std::string(std::size_t(n), ' ');
  MPI_Bcast(&msg[0], n, MPI_CHAR, all, MPI_COMM_WORLD);
  stop(msg);
}

// Time step and number of steps from the largest (4 mu + lambda)/rho (NUMERICS 2.1) and, with
// topography, the curvilinear grid's largest eigenvalue bound (NUMERICS 18.3): the smaller step.
// Returns that step before a time t= rounds it (the "prel. time step").
double time_step(Run& run, const std::array<double, 2>& speed2) {
  const Config& cfg = run.cfg;
  if (speed2[1] < 0)
    stop(run.deck + ": topography: the curvilinear grid's operator is not positive definite "
                    "somewhere (the grid is too distorted: lower gaussianAmp or move zmax deeper)");
  double dt0 = cfg.dev.cfl * cfg.grid.h / std::sqrt(speed2[0]);
  if (cfg.topo.on) dt0 = std::min(dt0, cfg.dev.cfl / std::sqrt(speed2[1]));
  run.nsteps = cfg.time.steps;
  run.dt = dt0;
  if (cfg.time.by_time) {
    if (!steps_problem(cfg, dt0).empty()) stop(steps_problem(cfg, dt0));
    run.nsteps = std::max(1, int(cfg.time.t_end / dt0 + 0.5));
    run.dt = cfg.time.t_end / run.nsteps;
  }
  run.nsteps = std::max(run.nsteps, 0);
  return dt0;
}

// Once the step is known (also with --check): a restart's header against the deck (its dt and
// time go on), the checkpoint schedule, the checks of the numbers (finite, CFL, the receivers'
// memory) and the image schedule.
void check_and_schedule(Run& run, double dt0, const std::array<double, 2>& speed2) {
  const Config& cfg = run.cfg;
  const std::string e = restart_and_schedule(MPI_COMM_WORLD, cfg, run.restart, run.ckpt, run.dt, run.nsteps);
  if (!e.empty()) stop(e);
  // Numbers that cannot stay finite, a CFL number that cannot be stable (the same on every rank).
  const std::string f = finite_problem(cfg, run.dt, dt0, run.nsteps);
  if (!f.empty()) stop(f);
  run.cfl = cfl_verdict(cfg, run.dt, speed2);
  stop_on_problem(cfl_problem(cfg, run.cfl, run.nsteps));
  run.images.setup(cfg, run.nsteps, run.dt);
  stop_on_problem(receiver_memory_problem(cfg, run.nsteps, run.machine));
  if (rank_ == 0 && cfg.fileio.verbose >= 1)
    std::printf(" CFL= %g prel. time step=%g\n", cfg.dev.cfl, dt0);
}

// The two maxima of max_speed2 over this rank's pieces, over all ranks.
std::array<double, 2> reduce_speed2(const std::array<double, 2>& mine) {
  return {reduce(mine[0], MPI_MAX), reduce(mine[1], MPI_MAX)};
}

const char* kernel_name(const Config& cfg) {
#ifdef SW4LITE_GPU
  (void)cfg;
  return gpu::kDevice ? "CUDA point" : "point (host backend)";  // stencil_point.hpp
#else
  return cfg.dev.reference_kernel ? "reference" : "tuned";
#endif
}
void print_setup(const Run& run, const std::string& layout, double nsrc, double nuniq) {
  if (rank_ != 0) return;
  print_grid_table(run.cfg);
  for (const auto& m : setup_warnings(run.cfg, run.dt, run.nsteps, run.cfl)) std::printf("%s\n", m.c_str());
  std::printf("Running on %d MPI tasks x %d threads (%s), %s kernel, %s precision%s\n", nranks_,
              max_threads(), layout.c_str(), kernel_name(run.cfg), kPrecision,
              kFastMath ? ", built with fast math (identical across ranks only to the last digits)" : "");
  std::printf("number of grid point  sources = %.0f\n", nsrc);
  std::printf("number of unique g.p. sources = %.0f\n", nuniq);
  std::printf("setup of sources done\n");
  std::printf("time step %.10g, %d steps to t = %.10g\n", run.dt, run.nsteps, run.nsteps * run.dt);
  if (run.cfg.dev.time_order == 2) std::printf("second order in time: the predictor alone (developer time_order=2)\n");
  std::printf("%s\n", cost_line(run.cfg, run.nsteps - run.restart.step, run.machine, max_threads()).c_str());
}

// The output directory (rank 0) and the reference time of the receiver headers.
void prepare_output(Run& run) {
  stop_on_problem(rank_ == 0 ? output_dir_problem(run.cfg, true) : "");
  int v[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  if (rank_ == 0) {
    try {
      const UtcTime u = utc_now();
      const int w[8] = {u.year, u.month, u.day, u.hour, u.minute, u.second, u.msec, u.yday};
      std::copy(w, w + 8, v);
    } catch (const std::exception& e) {
      v[0] = -1;
      std::fprintf(stderr, "sw4lite: %s\n", e.what());
    }
  }
  MPI_Bcast(v, 8, MPI_INT, 0, MPI_COMM_WORLD);
  if (v[0] < 0) stop("sw4lite: cannot read the reference time (SOURCE_DATE_EPOCH)");
  run.utc = run.cfg.restart.on ? header_utc(run.restart.header)  // the files go on
                               : UtcTime{v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
}

#include "sw4lite_report.hpp"  // report: the end of a run (part of this file)
#include "sw4lite_dg.hpp"      // the DG solver's driver (part of this file)

// ---------------------------------------------------------------------------------------------
// Two-sided: one piece per rank, MPI_Sendrecv halos between the phases.

int run_twosided(Run& run, const std::array<int, 2>& pgrid) {
  const Config& cfg = run.cfg;
  const ProcessGrid grid(pgrid);
  const MPI_Comm cart = grid.guard.comm;
  Subdomain sd(cfg, grid.piece(cfg));
  // With topography the time step needs the metric, with attenuation the fitted moduli, so the
  // arrays come first; but --check on a flat deck's blocks takes the fitted moduli's speed from
  // the material walk when the frequencies do not need the grid's least vs/h (minppw=), and
  // allocates nothing (LOH.3 at h = 100 would fill 6 GB to print its time step).
  const bool walk = run.check_only && cfg.att.on && !cfg.topo.on && cfg.att.minppw <= 0 &&
                    cfg.verify.kind != VerifyKind::Twilight;
  const bool arrays_first = (cfg.topo.on || cfg.att.on) && !walk;
  if (arrays_first) stop_on_problem(sd.allocate(cfg));
  if (arrays_first && cfg.att.on) stop_on_problem(sd.attenuate(cfg, reduce(sd.min_vs_over_h(), MPI_MIN)));
  const double walked = walk && cfg.att.nmech > 0 ? max_visco_speed2(cfg, sd.box, relaxation_frequencies(cfg.att, 0))
                                                  : max_wave_speed2(cfg, sd.box);
  const std::array<double, 2> speed2 = arrays_first ? reduce_speed2(sd.max_speed2())
      : std::array<double, 2>{reduce(walked, MPI_MAX), 0};
  const double dt0 = time_step(run, speed2);
  check_and_schedule(run, dt0, speed2);
  sd.dt = run.dt;
  print_setup(run, grid.words(),
              reduce(double(sd.point_sources()), MPI_SUM),
              reduce(double(sd.unique_point_sources()), MPI_SUM));
  if (run.check_only) return 0;
  prepare_output(run);
  if (!arrays_first) stop_on_problem(sd.allocate(cfg));
  for (Receiver& r : sd.receivers) r.reserve(run.nsteps);
  for (Receiver& r : sd.top.receivers) r.reserve(run.nsteps);
  PieceHalos halos(cfg.dev.halo, cart, sd);
  const std::vector<Subdomain*> pieces{&sd};
  stop_on_problem(restart_or_record_initial(MPI_COMM_WORLD, cfg, run.restart, pieces, run.ckpt.stats));
  StepEnd end{&cfg, run.utc, rank_, run.nsteps, {}};
  end.start(run.nsteps, run.dt, run.restart.step);

  double t = run.restart.t, window_start = -1;
  if (rank_ == 0) std::printf("starting at time %g at cycle %ld\n", t, run.restart.step + 1);
  // The images of the initial data (step 0, SW4's), before the first step; a restart's
  // first run wrote those of its steps.
  if (!cfg.restart.on && run.images.due(0)) stop_on_problem(run.images.write(MPI_COMM_WORLD, pieces, 0, t));
  MPI_Barrier(MPI_COMM_WORLD);
  end.clock.restart(run.restart.step);
  const double loop_start = MPI_Wtime();
  for (int n = int(run.restart.step) + 1; n <= run.nsteps; ++n) {
    if (timed_step(n) && window_start < 0) window_start = MPI_Wtime();
    StepEnd::begin(sd, n);
    sd.predictor(t);                         // U*
    end.after_phase(sd);
    halos.start_exchange(sd.can_overlap());  // of U*: in flight into the corrector where it can
    corrector(sd, halos, t);                 // U+ (halo_overlap.hpp)
    end.after_phase(sd);
    halos.exchange();                        // of U+
    end.finish(sd, n, t);
    if (end.checks(n)) stop_on_bad_solution(cfg, end, n);
    end.write(sd);  // the receivers' due files, once no rank stops
    write_energy_if_due(run, end, n);
    if (rank_ == 0) end.progress(n, t);
    if (run.ckpt.due(n)) stop_on_problem(run.ckpt.write(MPI_COMM_WORLD, pieces, n, t, run.utc));
    if (run.images.due(n)) stop_on_problem(run.images.write(MPI_COMM_WORLD, pieces, n, t));
  }
  const double loop_end = MPI_Wtime();
  sd.write_receivers(cfg.fileio.path, run.utc, false);
  std::vector<ErrorParts> parts;
  if (has_error_norms(cfg)) parts.push_back(error_parts(sd, cfg, t));
  const double total = window_start < 0 ? 0 : loop_end - window_start;
  report(run, parts, end, sd.times, total, loop_end - loop_start, t);
  return 0;
}

#ifdef SW4LITE_GPU
#include "gpu/gpu_run.hpp"  // the CUDA build's driver (part of this file)
#endif

#ifdef SW4LITE_ONESIDED
// ---------------------------------------------------------------------------------------------
// One-sided: partitions as mobile objects; every phase is a handler (onesided.hpp).

// The partitions of a run (--partitions N, developer partitions=N, or the default per rank),
// checked against the grid as the ranks are (by --check too).
PartitionLayout checked_layout(const Run& run) {
  const int per_rank = partitions_per_rank(run.partitions, run.cfg.dev.partitions);
  const PartitionLayout L = partition_layout(run.cfg.grid, nranks_, per_rank);
  stop_on_problem(cut_problem(run.cfg, L.q1 < 0 ? -1 : L.p1(), L.p2(), "partitions", nranks_ * per_rank));
  return L;
}

int run_onesided(Run& run) {
  const Config& cfg = run.cfg;
  OneSidedRun os;
  os.cfg = &cfg;
  os.end = StepEnd{&cfg, {}, rank_, 0, {}};
  os.protocol = cfg.dev.protocol < 0 ? kDefaultProtocol : Protocol(cfg.dev.protocol);
  os.layout = checked_layout(run);
  const PartitionLayout& L = os.layout;
  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(cfg.dev.steal);
  os.rt = &rt;
  struct Unset {  // the handlers' pointer to `os` dies with it, also when stop() unwinds
    ~Unset() { g_onesided_run = nullptr; }
  } unset;
  g_onesided_run = &os;
  add_partitions(os);

  // Preprocessing by handlers: each partition builds its arrays, material, sources and
  // receivers where it lives; with attenuation then its fit (onesided_run.hpp).
  set_up_partitions(MPI_COMM_WORLD, os, stop_on_problem);
  std::array<double, 2> speed2{0, 0};
  double nsrc = 0, nuniq = 0;
  std::string problem;
  rt.for_each<Partition>([&](amr::Gid, Partition& p) {
    if (problem.empty()) problem = p.problem;
    speed2 = {std::max(speed2[0], p.max_speed2[0]), std::max(speed2[1], p.max_speed2[1])};
    nsrc += double(p.sd.point_sources());
    nuniq += double(p.sd.unique_point_sources());
  });
  stop_on_problem(problem);
  speed2 = reduce_speed2(speed2);
  const double dt0 = time_step(run, speed2);
  check_and_schedule(run, dt0, speed2);
  os.dt = run.dt;
  os.end.nsteps = run.nsteps;
  print_setup(run,
              std::to_string(L.count()) + " partitions, " + std::to_string(L.p1()) + " x " +
                  std::to_string(L.p2()) + ", " + std::to_string(L.q1 * L.q2) + " per rank, " +
                  (os.protocol == Protocol::Eager ? "eager" : "request") + " protocol",
              reduce(nsrc, MPI_SUM), reduce(nuniq, MPI_SUM));
  if (rank_ == 0 && !cfg.dev.halo.empty())  // accepted so that a deck runs in both binaries
    std::printf("warning: halo %s is a model of ./sw4lite; ignored here\n", cfg.dev.halo.c_str());
  if (run.check_only) return 0;
  prepare_output(run);
  stop_on_problem(restart_partitions(MPI_COMM_WORLD, cfg, run.restart, os, run.ckpt.stats));
  os.end.utc = run.utc;
  os.end.start(run.nsteps, run.dt, run.restart.step);

  if (rank_ == 0) std::printf("starting at time %g at cycle %ld\n", run.restart.t, run.restart.step + 1);
  MPI_Barrier(MPI_COMM_WORLD);
  rt.reset_stats();
  os.end.clock.restart(run.restart.step);
  const double loop_start = MPI_Wtime();
  // After each segment (onesided_run.hpp) the solution check: a partition that found a bad value
  // stopped, and its neighbours after that step for want of its halos, so the run quiesced.
  stop_on_problem(run_partitions(MPI_COMM_WORLD, os, run.ckpt, run.images, run.nsteps, run.utc,
                                 [&] {
                                   stop_on_bad_solution(cfg, os.end, os.pause_at);
                                   write_energy_if_due(run, os.end, os.pause_at);
                                 }));
  const double loop_end = MPI_Wtime(), loop_end_now = detail::now();

  std::vector<ErrorParts> parts;
  PhaseTimes times;
  double t = 0;
  rt.for_each<Partition>([&](amr::Gid, Partition& p) {
    p.sd.write_receivers(cfg.fileio.path, run.utc, false);
    if (has_error_norms(cfg)) parts.push_back(error_parts(p.sd, cfg, p.t));
    times.bc += p.sd.times.bc;
    times.scheme += p.sd.times.scheme;
    times.supergrid += p.sd.times.supergrid;
    times.forcing += p.sd.times.forcing;
    t = p.t;
  });
  // The timing window as in two-sided mode; "BC comm" is the halos' packing and unpacking
  // plus all the rank's time outside handlers in the window (receiving, sending, waiting).
  double total = 0;
  if (os.window_start >= 0) {
    total = loop_end_now - os.window_start;
    const double in_handlers = rt.stats().handlers - os.handlers_at_open;
    times.comm = os.halo_seconds + std::max(0.0, total - in_handlers);
  }
  t = reduce(t, MPI_MAX);  // every partition accumulated the same t; ranks may hold none
  report(run, parts, os.end, times, total, loop_end - loop_start, t);
  rt.report();
  return 0;
}
#include "sw4lite_dg_onesided.hpp"  // the DG solver's one-sided driver (part of this file)
#endif

int run_main(int argc, char** argv) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks_);
  MPI_Barrier(MPI_COMM_WORLD);
  const double time_start = MPI_Wtime();
  flush_subnormals();  // the single build's (precision.hpp): this thread and every OpenMP one
  SW4_OMP(parallel) flush_subnormals();

  Run run;
  const Options opt = parse_options(argc, argv);
  if (opt.help) {
    if (rank_ == 0) std::printf("%s\n", usage_line(argv[0]).c_str());
    return 0;
  }
  if (!opt.error.empty()) stop(opt.error);
  run.deck = opt.deck;
  run.check_only = opt.check_only;
  run.partitions = opt.partitions;
  std::array<int, 2> pgrid{};
  try {  // the deck, what it asks of the machine, then the topography's pass over every column
    run.cfg = parse_input(run.deck);
    pgrid = process_grid(nranks_, run.cfg.grid.nx + 2 * kGhost, run.cfg.grid.ny + 2 * kGhost);
    stop_on_problem(cut_problem(run.cfg, pgrid[0], pgrid[1], "ranks", nranks_));
    CommGuard node;  // the ranks on this machine, which share its memory
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &node.comm);
    run.machine = {pgrid[0], pgrid[1], nranks_, 1, machine_memory()};
    MPI_Comm_size(node.comm, &run.machine.here);
    stop_on_problem(grid_memory_problem(run.cfg, run.machine));
    check_topography(run.cfg);
  } catch (const InputError& e) {
    stop(e.what());
  }
  stop_on_problem(rank_ == 0 ? output_dir_problem(run.cfg, false) : "");
  if (!opt.kernel.empty()) run.cfg.dev.reference_kernel = opt.kernel == "reference";
  if (!opt.halo.empty()) run.cfg.dev.halo = opt.halo;
  const Config& cfg = run.cfg;
  const std::string no_halo = halo_build_problem(cfg.dev.halo, opt.halo.empty() ? run.deck + ":" +
      std::to_string(cfg.dev.halo_line) + ": developer: halo=shmem" : "sw4lite: --halo shmem");
  if (!no_halo.empty()) stop(no_halo);
  agree_by_shmem() = cfg.dev.halo == "shmem";  // the run's reductions are the model's too
  if (rank_ == 0) {
    for (const std::string& m : cfg.messages) std::printf("%s\n", m.c_str());
    for (const std::string& w : cfg.warnings) std::printf("%s\n", w.c_str());
  }
#ifdef SW4LITE_ONESIDED
  if (run.check_only) checked_layout(run);
  const int status = run.check_only ? (cfg.dg.on ? run_dg_twosided(run, pgrid) : run_twosided(run, pgrid))
                     : cfg.dg.on ? run_dg_onesided(run) : run_onesided(run);
#elif defined(SW4LITE_GPU)
  if (!gpu_problem(cfg, run.deck).empty()) stop(gpu_problem(cfg, run.deck));
  // --check sets up as ./sw4lite does and needs no GPU; DG was refused above
  const int status = cfg.dg.on ? run_dg_twosided(run, pgrid)
                     : run.check_only ? run_twosided(run, pgrid) : run_gpu(run, pgrid);
#else
  const int status = cfg.dg.on ? run_dg_twosided(run, pgrid) : run_twosided(run, pgrid);
#endif
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank_ == 0 && !run.check_only)
    std::printf(" Total running time: %g\n", MPI_Wtime() - time_start);
  if (rank_ == 0 && run.check_only)
    std::printf("%s: check passed (%zu sources, %zu receivers)\n", run.deck.c_str(),
                cfg.sources.size(), cfg.recs.size());
  return status;
}

}  // namespace

int main(int argc, char** argv) {
  // Threads never call MPI (threads.hpp): the main thread's calls are all MPI must allow for.
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  start_shmem();  // ./sw4lite-shmem: OpenSHMEM on top (halo/shmem_start.hpp); else nothing
  int status = 1;
  try {
    status = run_main(argc, argv);  // every MPI object is gone when it returns or unwinds
  } catch (const Stop& e) {
    if (rank_ == 0 && *e.what()) std::fprintf(stderr, "%s\n", e.what());  // "": each rank said
  } catch (const std::exception& e) {  // one rank's failure, not a deck's: end every rank
    const bool mem = dynamic_cast<const std::bad_alloc*>(&e) != nullptr;
    std::fprintf(stderr, "sw4lite: rank %d: %s\n", rank_, mem ? "out of memory" : e.what());
    usleep(300000);  // time for MPICH's launcher to forward the line
    if (nranks_ > 1) MPI_Abort(MPI_COMM_WORLD, 1);
  }
  finalize_parallel();  // MPI_Finalize, after shmem_finalize in ./sw4lite-shmem
  return status;
}

// sw4lite.cpp: main: read the deck, set up one piece of the grid per rank, run the time loop,
// report.
//
// Why built so: this file is the two-sided driver and the only place that reduces over ranks
// (time step, norms, timings). Every rank parses the deck itself, so an input error is found
// by every rank at once and all of them exit with status 1 before anything is written. The
// time loop is the phase sequence of subdomain.hpp with the two halo exchanges between.
//
//   usage: mpirun -np P ./sw4lite [--check] DECK
#include <mpi.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <sys/stat.h>
#include <vector>

#include "halo.hpp"
#include "input.hpp"
#include "norms.hpp"
#include "report.hpp"
#include "subdomain.hpp"

using namespace sw4;

namespace {

int rank_ = 0, nranks_ = 1;

bool make_dirs(const std::string& path) {
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

// Every rank calls this with the same condition: rank 0 prints, all exit 1.
[[noreturn]] void stop(const std::string& msg) {
  if (rank_ == 0) std::fprintf(stderr, "%s\n", msg.c_str());
  MPI_Finalize();
  std::exit(1);
}

UtcTime shared_utc() {
  UtcTime u = rank_ == 0 ? utc_now() : UtcTime{};
  int v[8] = {u.year, u.month, u.day, u.hour, u.minute, u.second, u.msec, u.yday};
  MPI_Bcast(v, 8, MPI_INT, 0, MPI_COMM_WORLD);
  return {v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]};
}

double sum_over_ranks(double x) {
  double s = 0;
  MPI_Allreduce(&x, &s, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  return s;
}

int run(int argc, char** argv) {
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &nranks_);
  MPI_Barrier(MPI_COMM_WORLD);
  const double time_start = MPI_Wtime();

  bool check_only = false;
  std::string deck;
  for (int a = 1; a < argc; ++a) {
    const std::string arg = argv[a];
    if (arg == "--check") check_only = true;
    else if (arg == "-h" || arg == "--help") {
      if (rank_ == 0) std::printf("usage: mpirun -np P %s [--check] DECK\n", argv[0]);
      return 0;
    } else if (!arg.empty() && arg[0] == '-') stop("sw4lite: unknown option '" + arg + "' (allowed: --check)");
    else if (deck.empty()) deck = arg;
    else stop("sw4lite: more than one input file given ('" + deck + "', '" + arg + "')");
  }
  if (deck.empty()) stop("usage: mpirun -np P sw4lite [--check] DECK");

  Config cfg;
  try {
    cfg = parse_input(deck);
  } catch (const InputError& e) {
    stop(e.what());
  }
  if (rank_ == 0) {
    for (const std::string& m : cfg.messages) std::printf("%s\n", m.c_str());
    for (const std::string& w : cfg.warnings) std::printf("%s\n", w.c_str());
    if (cfg.checkpoint.on)
      std::printf("%s:%d: warning: checkpoint: writing checkpoint files is not implemented yet; "
                  "the command is ignored\n",
                  deck.c_str(), cfg.checkpoint.line);
  }
  const GridCfg& g = cfg.grid;

  // One piece per rank on the original's process grid.
  const std::array<int, 2> pg = process_grid(nranks_, g.nx + 2 * kGhost, g.ny + 2 * kGhost);
  if (pg[0] < 0)
    stop(deck + ": " + std::to_string(nranks_) + " ranks are too many for a " +
         std::to_string(g.nx) + " x " + std::to_string(g.ny) + " grid (at most one rank per " +
         "two points along x and y)");
  int dims[2] = {pg[0], pg[1]}, periods[2] = {0, 0}, coords[2];
  MPI_Comm cart;
  MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 1, &cart);
  MPI_Comm_rank(cart, &rank_);
  MPI_Cart_coords(cart, rank_, 2, coords);
  Subdomain sd(cfg, piece_geometry(cfg, dims[0], dims[1], coords[0], coords[1]));

  // Time step (NUMERICS 2.1).
  double speed2 = max_wave_speed2(cfg, sd.box), gspeed2 = 0;
  MPI_Allreduce(&speed2, &gspeed2, 1, MPI_DOUBLE, MPI_MAX, cart);
  const double dt0 = cfg.dev.cfl * g.h / std::sqrt(gspeed2);
  int nsteps = cfg.time.steps;
  double dt = dt0;
  if (cfg.time.by_time) {
    nsteps = std::max(1, int(cfg.time.t_end / dt0 + 0.5));
    dt = cfg.time.t_end / nsteps;
  }
  nsteps = std::max(nsteps, 0);
  sd.dt = dt;

  const double nsrc = sum_over_ranks(double(sd.point_sources()));
  const double nuniq = sum_over_ranks(double(sd.unique_point_sources()));
  if (rank_ == 0) {
    print_grid_table(g);
    std::printf("Running on %d MPI tasks (process grid %d x %d)\n", nranks_, dims[0], dims[1]);
    std::printf("number of grid point  sources = %.0f\n", nsrc);
    std::printf("number of unique g.p. sources = %.0f\n", nuniq);
    std::printf("setup of sources done\n");
    if (cfg.fileio.verbose >= 1) std::printf(" CFL= %g prel. time step=%g\n", cfg.dev.cfl, dt0);
    std::printf("time step %.10g, %d steps to t = %.10g\n", dt, nsteps, nsteps * dt);
  }
  if (check_only) {
    if (rank_ == 0) std::printf("%s: check passed (%zu sources, %zu receivers)\n", deck.c_str(),
                                cfg.sources.size(), cfg.recs.size());
    MPI_Comm_free(&cart);
    return 0;
  }
  int dir_ok = rank_ == 0 ? make_dirs(cfg.fileio.path) : 1;
  MPI_Bcast(&dir_ok, 1, MPI_INT, 0, cart);
  if (!dir_ok) stop(deck + ": fileio: cannot create the output directory '" + cfg.fileio.path + "'");
  const UtcTime utc = shared_utc();

  sd.allocate(cfg);
  for (Receiver& r : sd.receivers) r.reserve(nsteps);
  HaloExchange halo(cart, sd.box);
  sd.record_initial();

  if (rank_ == 0) std::printf("starting at time 0 at cycle 1\n");
  MPI_Barrier(cart);
  const double loop_start = MPI_Wtime();
  double t = 0, total = 0;
  for (int n = 1; n <= nsteps; ++n) {
    sd.timing = n >= 2;  // the original's table skips the first step
    const double s0 = MPI_Wtime();
    sd.predictor(t);
    double c0 = MPI_Wtime();
    halo.exchange(sd.up);
    double comm = MPI_Wtime() - c0;
    sd.corrector(t);
    c0 = MPI_Wtime();
    halo.exchange(sd.up);
    comm += MPI_Wtime() - c0;
    sd.finish(t);
    t += dt;
    if (sd.timing) {
      sd.times.comm += comm;
      total += MPI_Wtime() - s0;
    }
    sd.write_receivers(cfg.fileio.path, utc, true);
    if (cfg.dev.checkfornan) {
      long local = sd.first_nan(), first = 0;
      if (local < 0) local = LONG_MAX;
      MPI_Allreduce(&local, &first, 1, MPI_LONG, MPI_MIN, cart);
      if (first != LONG_MAX) {
        const int c = int(first % 3);
        const long q = first / 3;
        const int i = int(q % (g.nx + 4)), j = int(q / (g.nx + 4) % (g.ny + 4)),
                  k = int(q / (long(g.nx + 4) * (g.ny + 4)));
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "sw4lite: NaN in component %d at grid point (%d,%d,%d) "
                      "(x=%g, y=%g, z=%g) after time step %d (t=%g)",
                      c + 1, i, j, k, (i - 1) * g.h, (j - 1) * g.h, (k - 1) * g.h, n, t);
        stop(buf);
      }
    }
    if (rank_ == 0 && print_step(n, nsteps, cfg.fileio.printcycle))
      std::printf("Time step %d t= %g\n", n, t);
  }
  const double loop_time = MPI_Wtime() - loop_start;
  if (rank_ == 0) std::printf("%s\n", execution_time(loop_time, "solver phase").c_str());
  sd.write_receivers(cfg.fileio.path, utc, false);

  if (cfg.tps.on && !cfg.sources.empty()) {
    ErrorParts e = pointsource_errors(sd, cfg, t);
    double linf = 0, solmax = 0;
    MPI_Allreduce(&e.linf, &linf, 1, MPI_DOUBLE, MPI_MAX, cart);
    MPI_Allreduce(&e.solmax, &solmax, 1, MPI_DOUBLE, MPI_MAX, cart);
    ExactSum l2 = e.l2sum;
    e.l2sum.normalize();
    MPI_Allreduce(e.l2sum.limb.data(), l2.limb.data(), ExactSum::kLimbs, MPI_INT64_T, MPI_SUM,
                  cart);
    const double l2norm = std::sqrt(l2.value());
    if (rank_ == 0) {
      std::printf("Errors at time %g Linf = %g L2 = %g norm of solution = %g\n", t, linf, l2norm,
                  solmax);
      const std::string file = cfg.fileio.path + "PointSourceErr.txt";
      if (FILE* f = std::fopen(file.c_str(), "w")) {
        std::fprintf(f, "%.12g %.12g %.12g %.12g\n", t, linf, l2norm, solmax);
        std::fclose(f);
      } else {
        std::fprintf(stderr, "sw4lite: cannot write %s: %s\n", file.c_str(), std::strerror(errno));
      }
    }
  }

  if (cfg.dev.reporttiming) {
    const double mine[6] = {total, sd.times.comm, sd.times.bc, sd.times.scheme,
                            sd.times.supergrid, sd.times.forcing};
    double avg[6];
    MPI_Reduce(mine, avg, 6, MPI_DOUBLE, MPI_SUM, 0, cart);
    for (double& a : avg) a /= nranks_;
    if (rank_ == 0) print_timing_table(avg, MPI_Wtick());
  }
  const double updates = double(g.nx) * g.ny * g.nz * nsteps;
  if (rank_ == 0 && loop_time > 0)
    std::printf("Figure of merit: %.4g grid-point updates/s (%.4g per rank), %d steps of %.4g "
                "points in %.4g s on %d ranks\n",
                updates / loop_time, updates / loop_time / nranks_, nsteps,
                double(g.nx) * g.ny * g.nz, loop_time, nranks_);
  MPI_Comm_free(&cart);
  MPI_Barrier(MPI_COMM_WORLD);
  if (rank_ == 0) std::printf(" Total running time: %g\n", MPI_Wtime() - time_start);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  const int status = run(argc, argv);  // every MPI object is gone before MPI_Finalize
  MPI_Finalize();
  return status;
}

// gpu/gpu_run.hpp: the CUDA build's driver (part of sw4lite.cpp; `make GPU=cuda` builds
// ./sw4lite-cuda): one piece per rank, one GPU per rank, the whole step on the device.
//
// Why built so: it is run_twosided with the phases on a DevicePiece (gpu/gpu_kernels.hpp)
// and the halos through gpu/gpu_halo.hpp; everything before the first step (parsing, the
// set-up's checks, material, sources, receivers, a restart) and after the last (files, norms,
// the report) is the CPU build's, on the host Subdomain, so the two builds print the same lines
// and write the same files. Between the steps only four things cross to the host: the time
// functions' values (a few numbers, two uploads a step), the look's four integers at a looked-at
// step, the receivers' batches, and the solution levels when an image or a checkpoint is due.
// What the device does not have yet is refused before anything runs, in one line
// (gpu_problem): DG, the test problems whose data are host functions.
#pragma once

#include "gpu/gpu_halo.hpp"
#include "gpu/gpu_kernels.hpp"
#include "gpu/gpu_look.hpp"
#include "gpu/gpu_receivers.hpp"

// What this build cannot run, as one line naming the deck's command, or "".
std::string gpu_problem(const Config& cfg, const std::string& deck) {
  auto no = [&](const std::string& what, int line) {
    return deck + (line > 0 ? ":" + std::to_string(line) : "") + ": " + what +
           " is not in the CUDA build yet (allowed: ./sw4lite or ./sw4lite-onesided run it)";
  };
  if (cfg.dg.on) return no("dgalerkin (the DG solver)", cfg.dg.line);
  const char* names[] = {"", "twilight", "testenergy", "testlamb", "testrayleigh"};
  if (cfg.verify.kind != VerifyKind::None)
    return no(std::string(names[int(cfg.verify.kind)]) + " (its data are host functions)", 0);
  if (cfg.dev.reference_kernel) return no("developer kernel=reference (a CPU kernel)", 0);
  if (cfg.dev.imbalance_rank >= 0) return no("developer imbalance", 0);
  if (cfg.att.on) return no("attenuation", cfg.att.line);
  return "";
}

// The GPU of this rank and the device memory the piece needs, or the line that stops the run.
gpu::DeviceInfo gpu_device(const Run& run, const Subdomain& sd) {
  CommGuard node;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, rank_, MPI_INFO_NULL, &node.comm);
  int node_rank = 0;
  MPI_Comm_rank(node.comm, &node_rank);
  gpu::DeviceInfo d;
  std::string mine;
  try {
    d = gpu::select_device(node_rank, machine_memory());
  } catch (const gpu::Error& e) {
    mine = e.what();
  }
  int bad = mine.empty() ? 0 : 1, any = 0;
  MPI_Allreduce(&bad, &any, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  if (any) {  // every rank that has no device says so, and all stop
    if (bad) std::fprintf(stderr, "sw4lite-cuda: rank %d: %s\n", rank_, mine.c_str());
    stop("");
  }
  const double points = double(sd.box.size()) + (sd.topo ? double(sd.top.box.size()) : 0);
  const double need = gpu::DevicePiece::bytes(double(sd.box.size()), sd.topo ? double(sd.top.box.size()) : 0);
  if (need > d.free) {
    char b[400];
    std::snprintf(b, sizeof b,
                  "%s:%d: grid: the arrays of this rank's piece (%.0f points) need about %s of GPU "
                  "memory, and GPU %d (%s) of rank %d has %s free (allowed: a grid that fits: a "
                  "larger h, a smaller domain, or more ranks and GPUs)",
                  run.deck.c_str(), run.cfg.grid.line, points, gigabytes(need).c_str(),
                  d.index, d.name.c_str(), rank_, gigabytes(d.free).c_str());
    stop_on_problem(b);
  }
  stop_on_problem("");
  return d;
}

int run_gpu(Run& run, const std::array<int, 2>& pgrid) {
  const Config& cfg = run.cfg;
  const ProcessGrid grid(pgrid);
  Subdomain sd(cfg, grid.piece(cfg));
  // With topography the time step needs the metric, so the arrays come first (as run_twosided).
  if (cfg.topo.on) stop_on_problem(sd.allocate(cfg));
  const std::array<double, 2> speed2 = cfg.topo.on ? reduce_speed2(sd.max_speed2())
      : std::array<double, 2>{reduce(max_wave_speed2(cfg, sd.box), MPI_MAX), 0};
  const double dt0 = time_step(run, speed2);
  check_and_schedule(run, dt0, speed2);
  sd.dt = run.dt;
  print_setup(run, grid.words(), reduce(double(sd.point_sources()), MPI_SUM),
              reduce(double(sd.unique_point_sources()), MPI_SUM));
  const gpu::DeviceInfo dev = gpu_device(run, sd);  // before the output directory is made
  prepare_output(run);
  if (!cfg.topo.on) stop_on_problem(sd.allocate(cfg));
  for (Receiver& r : sd.receivers) r.reserve(run.nsteps);
  for (Receiver& r : sd.top.receivers) r.reserve(run.nsteps);
  const std::vector<Subdomain*> pieces{&sd};
  stop_on_problem(restart_or_record_initial(MPI_COMM_WORLD, cfg, run.restart, pieces, run.ckpt.stats));
  gpu::DevicePiece dp(sd);
  gpu::DeviceHalo halo(grid.guard.comm, dp.g0.L);
  std::unique_ptr<gpu::DeviceHalo> halo1;
  if (dp.topo) halo1 = std::make_unique<gpu::DeviceHalo>(grid.guard.comm, dp.g1.L);
  auto exchange = [&] {  // U+ of both grids
    halo.exchange(dp.g0.up);
    if (halo1) halo1->exchange(dp.g1.up);
  };
  gpu::DeviceLook looker;
  const int slots = std::min(run.nsteps, 128);
  gpu::DeviceReceivers recs0(sd.receivers, dp.g0.L, slots), recs1(sd.top.receivers, dp.g1.L, slots);
  auto flush = [&] {
    recs0.flush(sd.receivers, sd.grid.h, run.dt);
    recs1.flush(sd.top.receivers, sd.grid.h, run.dt);
  };
  if (rank_ == 0) {
    std::printf("%s: %d rank(s), rank 0 on GPU %d of %d (%s, %.3g GB), halos %s\n", gpu::kBackend,
                nranks_, dev.index, dev.count, dev.name.c_str(), dev.memory / 1e9,
                halo.cuda_aware() ? "from device memory (MPI_CUDA_AWARE=1)" : "through the host");
    if (!cfg.dev.halo.empty())
      std::printf("warning: halo %s is a model of ./sw4lite; ignored here\n", cfg.dev.halo.c_str());
  }
  StepEnd end{&cfg, run.utc, rank_, run.nsteps, {}};
  end.start(run.nsteps, run.dt, run.restart.step);
  std::vector<double> g(sd.tfun.size());
  auto forces = [&](double t, int stage) {
    for (std::size_t s = 0; s < g.size(); ++s) g[s] = stage == 0 ? sd.tfun[s].g(t) : sd.tfun[s].g_tt(t);
    gpu::point_forces(dp, g, stage);
  };
  // A phase's seconds into the timing table, once its launches are done.
  double clock = 0;
  auto lap = [&](double PhaseTimes::*column) {
    gpu::synchronize("a phase of the step");
    const double now = MPI_Wtime();
    if (sd.timing) sd.times.*column += now - clock;
    clock = now;
  };

  double t = run.restart.t, window_start = -1;
  if (rank_ == 0) std::printf("starting at time %g at cycle %ld\n", t, run.restart.step + 1);
  if (!cfg.restart.on && run.images.due(0)) stop_on_problem(run.images.write(MPI_COMM_WORLD, pieces, 0, t));
  MPI_Barrier(MPI_COMM_WORLD);
  end.clock.restart(run.restart.step);
  const double loop_start = MPI_Wtime();
  for (int n = int(run.restart.step) + 1; n <= run.nsteps; ++n) {
    if (timed_step(n) && window_start < 0) window_start = MPI_Wtime();
    StepEnd::begin(sd, n);
    clock = MPI_Wtime();
    gpu::predictor(dp);  // U*
    lap(&PhaseTimes::scheme);
    forces(t, 0);
    lap(&PhaseTimes::forcing);
    exchange();
    lap(&PhaseTimes::comm);
    if (dp.time_order == 4) {  // U+ (second order: U* damped, NUMERICS 2.4)
      gpu::boundary_conditions(dp);
      lap(&PhaseTimes::bc);
      gpu::corrector_update(dp);
      lap(&PhaseTimes::scheme);
      forces(t, 1);
      lap(&PhaseTimes::forcing);
    }
    gpu::damping(dp);
    lap(&PhaseTimes::supergrid);
    exchange();
    lap(&PhaseTimes::comm);
    gpu::boundary_conditions(dp);  // finish: BC, receivers, rotation
    lap(&PhaseTimes::bc);
    recs0.gather(dp.g0.up, dp.g0.um);
    recs1.gather(dp.g1.up, dp.g1.um);
    dp.rotate();
    t += sd.dt;
    if (end.checks(n)) {
      end.noted(n, t, looker.look(dp, abs_bits(end.bound(n))));
      stop_on_bad_solution(cfg, end, n);
    }
    if (recs0.full() || recs1.full() || recs0.file_due(sd.receivers) ||
        recs1.file_due(sd.top.receivers) || run.ckpt.due(n))
      flush();
    end.write(sd);
    if (rank_ == 0) end.progress(n, t);
    if (run.ckpt.due(n) || run.images.due(n)) dp.download_solution(sd);
    if (run.ckpt.due(n)) stop_on_problem(run.ckpt.write(MPI_COMM_WORLD, pieces, n, t, run.utc));
    if (run.images.due(n)) stop_on_problem(run.images.write(MPI_COMM_WORLD, pieces, n, t));
  }
  gpu::synchronize("the last step");
  const double loop_end = MPI_Wtime();
  flush();
  dp.download_solution(sd);
  sd.write_receivers(cfg.fileio.path, run.utc, false);
  std::vector<ErrorParts> parts;
  if (has_error_norms(cfg)) parts.push_back(error_parts(sd, cfg, t));
  const double total = window_start < 0 ? 0 : loop_end - window_start;
  report(run, parts, end, sd.times, total, loop_end - loop_start, t);
  return 0;
}

// sw4lite_dg.hpp: the DG solver's driver (NUMERICS 30-34): `dgalerkin` in the deck runs the
// energy-based discontinuous Galerkin method instead of the finite-difference time loop.
//
// Part of the driver: sw4lite.cpp includes it inside its own namespace, after the helpers it
// uses (rank_, nranks_, reduce, stop, stop_on_problem, prepare_output), and nothing else
// includes it.
//
// Why built so: the DG run shares the deck, the decomposition of the grid's columns, the
// receivers' files and the exact sums of the norms with the FD run, and nothing of the FD
// step. Two-sided: one piece per rank, the edge faces exchanged before every stage
// (halo/dg_faces.hpp). One-sided: the pieces are partitions on the runtime
// (sw4lite_dg_onesided.hpp, onesided/dg_step.hpp). Both print the same lines.

// The norms over all ranks: per component the square root of the exact sum, and the largest
// |error| in u_z.
struct DgErrors {
  double l2[3], max_z;
};
DgErrors reduce_dg_norms(std::vector<dg::Norms>& parts) {
  ExactSum mine[3];
  double mz = 0;
  for (dg::Norms& n : parts) {
    for (int c = 0; c < 3; ++c) add_limbs(mine[c], n.l2[c]);
    mz = std::max(mz, n.max_z);
  }
  DgErrors e{};
  for (int c = 0; c < 3; ++c) {
    mine[c].normalize();
    ExactSum all;
    MPI_Allreduce(mine[c].limb.data(), all.limb.data(), ExactSum::kLimbs, MPI_INT64_T, MPI_SUM, MPI_COMM_WORLD);
    e.l2[c] = std::sqrt(all.value());
  }
  e.max_z = reduce(mz, MPI_MAX);
  return e;
}

// The error block in the original's words (NUMERICS 34.3), with more digits.
void print_dg_errors(const Config& cfg, std::vector<dg::Norms>& parts, double t, bool final) {
  if (!dg::has_norms(cfg)) return;
  const DgErrors e = reduce_dg_norms(parts);
  if (rank_ != 0) return;
  if (final) std::printf("checking errors at final time: %g\n", cfg.time.t_end);
  std::printf("checking errors at time: %.12g\n", t);
  if (cfg.dg.singlemode) {
    for (int c = 0; c < 3; ++c) std::printf("l2_err %d %.12g\n", c + 1, e.l2[c]);
  } else {
    std::printf("Max-err in u_z %.12g\n", e.max_z);
    std::printf("l2_err in u_x %.12g\nl2_err in u_y %.12g\nl2_err in u_z %.12g\n", e.l2[0], e.l2[1], e.l2[2]);
  }
}

// Before the loop: what the run is, on rank 0; a piece without elements stops every rank.
void dg_setup_lines(const Run& run, const dg::StepPlan& plan, const std::string& layout, long my_elements) {
  const Config& cfg = run.cfg;
  stop_on_problem(my_elements > 0 ? "" : "dgalerkin: a piece of the grid has no element column (allowed: at most (nx-1)/2 "
                                         "pieces along x and (ny-1)/2 along y; use fewer ranks or partitions)");
  if (rank_ != 0) return;
  const long ne = long(cfg.grid.nx - 1) * (cfg.grid.ny - 1) * (cfg.grid.nz - 1);
  const int Q = cfg.dg.order + 1;
  print_grid_table(cfg);
  std::printf("DG solver: degree %d, %ld elements, %ld unknowns, %s\n", cfg.dg.order, ne, 6L * Q * Q * Q * ne,
              cfg.dg.singlemode ? "the single-mode problem on mirror sides" : "free surface on top, walls elsewhere");
  std::printf("Running on %d MPI tasks x %d threads (%s), %s kernel, element arithmetic in double\n", nranks_,
              max_threads(), layout.c_str(), cfg.dev.reference_kernel ? "reference" : "tuned");
  std::printf("number of point sources = %zu\n", cfg.sources.size());
  std::printf("time step %.10g, %d steps to t = %.10g\n", plan.dt, plan.nsteps, plan.nsteps * plan.dt);
  std::printf("%s\n", dg_cost_line(cfg, plan.nsteps, nranks_, max_threads()).c_str());
}

// The receivers' files once the run has ended (every station lives on one piece).
void write_dg_stations(const Run& run, const std::vector<dg::Station>& st, double dt) {
  std::string problem;
  try {
    for (const dg::Station& s : st) s.rec.write(run.cfg.fileio.path, dt, run.cfg.grid, run.utc);
  } catch (const std::exception& e) {
    problem = e.what();
  }
  stop_on_problem(problem);
}

// testpointsource with receivers: their samples against the exact solution, the FD run's line.
void print_dg_receiver_errors(const Config& cfg, const std::vector<dg::Station>& st, double dt, double t) {
  if (!(cfg.tps.on && !cfg.sources.empty() && !cfg.recs.empty())) return;
  std::vector<ErrorParts> parts(1);
  dg::station_errors(st, cfg, dt, parts[0].at_receivers);
  const ErrorLine rec = reduce_norms(parts, NormSet::Receivers);
  if (rank_ == 0)
    std::printf("Errors at the receivers up to time %g Linf = %g L2 = %g norm of solution = %g\n", t, rec.linf,
                rec.l2, rec.solmax);
}

// The progress line every ~10 s (or every printcycle steps), the FD run's (output/progress.hpp),
// to t_end = nsteps dt; the caller's printing rank calls it.
void dg_progress(ProgressClock& clock, const Config& cfg, const dg::StepPlan& plan, long n, double t) {
  clock.after_step(cfg.fileio.printcycle_set, cfg.fileio.printcycle, n, plan.nsteps, t, double(plan.nsteps) * plan.dt);
}

// Every rank: did any piece's solution stop being finite after step n?
void stop_on_dg_blowup(bool mine_finite, long n, double t) {
  const double bad = reduce(mine_finite ? 0.0 : 1.0, MPI_MAX);
  if (bad > 0)
    stop("dgalerkin: the solution is not finite after step " + std::to_string(n) + " (t = " + std::to_string(t) +
         "): the time step is too large for the scheme (lower developer cfl=)");
}

// The lines of the end of a DG run; `loop` the wall time of the time loop.
void dg_report(const Run& run, const dg::StepPlan& plan, std::vector<dg::Norms>& parts, double t, double loop) {
  print_dg_errors(run.cfg, parts, t, true);
  if (rank_ != 0) return;
  const long ne = long(run.cfg.grid.nx - 1) * (run.cfg.grid.ny - 1) * (run.cfg.grid.nz - 1);
  const int Q = run.cfg.dg.order + 1;
  const double dofs = 6.0 * Q * Q * Q * double(ne), updates = dofs * plan.nsteps;
  std::printf("\n***** Solver execution time: %g seconds ******\n", loop);
  if (loop > 0)
    std::printf("Figure of merit: %.4g DG degree-of-freedom updates/s (%.4g per rank), %d steps of %.4g "
                "unknowns in %.4g s on %d ranks x %d threads\n",
                updates / loop, updates / loop / nranks_, plan.nsteps, dofs, loop, nranks_, max_threads());
}

int run_dg_twosided(Run& run, const std::array<int, 2>& pgrid) {
  const Config& cfg = run.cfg;
  const ProcessGrid grid(pgrid);
  const PieceGeometry pg = grid.piece(cfg);
  const dg::StepPlan plan = dg::step_plan(cfg);
  dg_setup_lines(run, plan, grid.words(),
                 long(std::max(0, std::min(pg.owned.ie, cfg.grid.nx - 1) - pg.owned.ib + 1)) *
                     std::max(0, std::min(pg.owned.je, cfg.grid.ny - 1) - pg.owned.jb + 1));
  if (run.check_only) return 0;
  prepare_output(run);
  dg::Piece p = dg::make_piece(cfg, {pg.owned.ib, pg.owned.ie}, {pg.owned.jb, pg.owned.je});
  std::vector<dg::Station> st = dg::add_stations(p, cfg);
  for (dg::Station& s : st) {
    s.rec.reserve(plan.nsteps);
    dg::record(p, s, true);
  }
  DgFaceExchange faces(grid.guard.comm, p);
  std::vector<dg::Norms> parts;
  if (dg::has_norms(cfg)) {
    if (rank_ == 0) std::printf("\n****** Computing the error in initial data ******\n");
    parts = {dg::norms(p, cfg, 0)};
    print_dg_errors(cfg, parts, 0, false);
  }
  if (rank_ == 0) {
    std::printf("\n****** CFL= %g time step=%g\n", cfg.dev.cfl, plan.dt);
    std::printf("Starting DG-solver Using %d time derivatives and degree %d polynomials.\n", p.ntay, cfg.dg.order);
  }
  const dg::TaylorWeights weights(p.ntay);
  ProgressClock progress{};
  MPI_Barrier(MPI_COMM_WORLD);
  const double loop_start = MPI_Wtime();
  double t = 0;
  for (int n = 1; n <= plan.nsteps; ++n) {
    dg::source_coefficients(p, weights, (n - 1) * plan.dt, plan.dt);
    dg::begin_step(p);
    double d = plan.dt;
    for (int k = 1; k <= p.ntay; ++k) {
      dg::traces(p);
      faces.exchange(p);
      dg::stage(p, k, d);
      d = dg::next_factor(d, plan.dt, k);
    }
    t += plan.dt;
    for (dg::Station& s : st) dg::record(p, s, false);
    if (dg::checked_step(cfg, n, plan.nsteps)) stop_on_dg_blowup(dg::finite(p), n, t);
    if (rank_ == 0) dg_progress(progress, cfg, plan, n, t);
  }
  const double loop = MPI_Wtime() - loop_start;
  write_dg_stations(run, st, plan.dt);
  parts.clear();
  if (dg::has_norms(cfg)) parts = {dg::norms(p, cfg, t)};
  dg_report(run, plan, parts, t, loop);
  print_dg_receiver_errors(cfg, st, plan.dt, t);
  return 0;
}

// sw4lite_dg_onesided.hpp: the DG solver's one-sided driver (NUMERICS 30-34; -DSW4LITE_ONESIDED):
// `dgalerkin` in ./sw4lite-onesided runs the DG pieces as partitions on the active-message
// runtime (onesided/dg_step.hpp).
//
// Part of the driver: sw4lite.cpp includes it inside its own namespace, after sw4lite_dg.hpp
// and checked_layout, whose helpers it uses (rank_, nranks_, reduce, stop_on_problem,
// prepare_output, dg_setup_lines, print_dg_errors, dg_report, write_dg_stations,
// print_dg_receiver_errors, stop_on_dg_blowup, dg_progress), and nothing else includes it. The
// one-sided DG headers are library headers, which must not land in the driver's unnamed
// namespace: the include below leaves it for them and comes back (every header they need is in
// already, so nothing else moves).
//
// Why built so: the partitions are the FD one-sided mode's (checked_layout), each a DG piece
// built where it lives, so the run prints the lines of run_dg_twosided (the layout named as the
// FD one-sided run names it, then the runtime's table) and the same numbers to the bit: the
// norms are exact sums over the parts, whichever partitions a rank holds at the end. Handlers
// never wait, so nothing collective runs inside the loop: the two-sided loop's finite check is
// made by each partition at the same steps, and the ranks agree on it once the run quiesced.

}  // namespace (the driver's; reopened below)
#include "onesided/dg_step.hpp"
namespace {

int run_dg_onesided(Run& run) {
  const Config& cfg = run.cfg;
  const PartitionLayout L = checked_layout(run);
  const dg::StepPlan plan = dg::step_plan(cfg);
  long fewest = LONG_MAX;  // dg_setup_lines stops every rank if one partition has no element
  for (int pj = 0; pj < L.p2(); ++pj)
    for (int pi = 0; pi < L.p1(); ++pi)
      if (L.home(pi, pj) == rank_) fewest = std::min(fewest, dg_elements(cfg, dg_geometry(cfg, L, pi, pj)));
  dg_setup_lines(run, plan,
                 std::to_string(L.count()) + " partitions, " + std::to_string(L.p1()) + " x " + std::to_string(L.p2()) +
                     ", " + std::to_string(L.q1 * L.q2) + " per rank, eager protocol",
                 fewest);
  if (run.check_only) return 0;
  prepare_output(run);

  amr::Runtime rt(MPI_COMM_WORLD);
  rt.set_stealing(cfg.dev.steal);
  DgRun dr;
  dr.cfg = &cfg;
  dr.rt = &rt;
  dr.layout = L;
  dr.plan = plan;
  const int ntay = dg::taylor_terms(cfg.dg.order);
  dr.weights = dg::TaylorWeights(ntay);
  struct Unset {  // the handlers' pointer to `dr` dies with it, also when stop() unwinds
    ~Unset() { g_dg_run = nullptr; }
  } unset;
  g_dg_run = &dr;
  add_dg_partitions(dr);
  rt.for_each<DgPartition>([&](amr::Gid gid, DgPartition&) { rt.invoke(gid, dr.setup); });
  rt.quiesce();

  std::vector<dg::Norms> parts;
  if (dg::has_norms(cfg)) {
    if (rank_ == 0) std::printf("\n****** Computing the error in initial data ******\n");
    rt.for_each<DgPartition>([&](amr::Gid, DgPartition& p) { parts.push_back(dg::norms(p.piece, cfg, 0)); });
    print_dg_errors(cfg, parts, 0, false);
  }
  if (rank_ == 0) {
    std::printf("\n****** CFL= %g time step=%g\n", cfg.dev.cfl, plan.dt);
    std::printf("Starting DG-solver Using %d time derivatives and degree %d polynomials.\n", ntay, cfg.dg.order);
  }
  // dg_progress's line, printed by the rank that holds partition 0 when it closes a step (as
  // the FD one-sided run prints its own): after a migration that is not rank 0.
  ProgressClock clock{};
  dr.progress = [&](long n, double t) { dg_progress(clock, cfg, plan, n, t); };
  MPI_Barrier(MPI_COMM_WORLD);
  rt.reset_stats();
  clock = ProgressClock{};
  const double loop_start = MPI_Wtime();
  rt.for_each<DgPartition>([&](amr::Gid gid, DgPartition&) { rt.invoke(gid, dr.start); });
  rt.quiesce();
  const double loop = MPI_Wtime() - loop_start;

  // The earliest checked step at which some partition was not finite, agreed by every rank
  // (all partitions closed that step: a halted one had sent its neighbours every face of it).
  long bad = plan.nsteps + 1L;
  double bad_t = 0, t = 0;
  rt.for_each<DgPartition>([&](amr::Gid, DgPartition& p) {
    if (p.halted && p.step < bad) bad = p.step, bad_t = p.t;
    t = p.t;
  });
  const long first_bad = long(reduce(double(bad), MPI_MIN));
  const bool finite = first_bad > plan.nsteps;
  stop_on_dg_blowup(finite, finite ? plan.nsteps : first_bad,
                    finite ? t : reduce(bad == first_bad ? bad_t : -1.0, MPI_MAX));

  std::vector<dg::Station> st;
  rt.for_each<DgPartition>([&](amr::Gid, DgPartition& p) {
    for (dg::Station& s : p.stations) st.push_back(std::move(s));
  });
  write_dg_stations(run, st, plan.dt);
  parts.clear();
  if (dg::has_norms(cfg))
    rt.for_each<DgPartition>([&](amr::Gid, DgPartition& p) { parts.push_back(dg::norms(p.piece, cfg, p.t)); });
  t = reduce(t, MPI_MAX);  // every partition accumulated the same t; a rank may hold none
  dg_report(run, plan, parts, t, loop);
  print_dg_receiver_errors(cfg, st, plan.dt, t);
  rt.report();
  return 0;
}

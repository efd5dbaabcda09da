// sw4lite_report.hpp: the end of a run, the same in both modes: the error norms of a test
// problem (and SW4's files of them: TwilightErr.txt, LambErr.txt), testenergy's energy, the
// timing table, the figure of merit; and the solution check's agreement after a looked-at step.
//
// Part of the driver: sw4lite.cpp includes it inside its own namespace, after the helpers it
// uses (rank_, nranks_, reduce, stop, stop_on_problem), and nothing else includes it.
//
// Why built so: the reductions over ranks of the end of a run are the driver's, and they are
// the same for both binaries; apart from the time loops they would crowd the story of
// sw4lite.cpp. Exact sums (norms.hpp) travel as their integer limbs under MPI_SUM, so every
// printed number is the same on any number of ranks. The reductions are agree's (halo/agree.hpp):
// MPI's, or OpenSHMEM's when the run's halos are (halo=shmem).

// Adds each part's limbs to `into` (normalised first, so that the sum stays in range).
void add_limbs(ExactSum& into, ExactSum& part) {
  part.normalize();
  for (int n = 0; n < ExactSum::kLimbs; ++n) into.limb[n] += part.limb[n];
}

// testenergy (NUMERICS 26): E of the steps from the run's first through `through`, summed over
// the ranks (every rank calls; the values on rank 0, an empty list elsewhere).
std::vector<double> reduce_energy(const Run& run, StepEnd& end, long through) {
  const long first = run.restart.step + 1, n = through - run.restart.step;
  if (n <= 0) return {};
  std::vector<std::int64_t> all(std::size_t(n) * ExactSum::kLimbs, 0);
  for (auto& [step, sum] : end.energy.by_step) {
    if (step > through) continue;
    sum.normalize();
    std::copy(sum.limb.begin(), sum.limb.end(), all.begin() + (step - first) * ExactSum::kLimbs);
  }
  agree(all.data(), int(all.size()), MPI_SUM);
  std::vector<double> e;
  if (rank_ != 0) return e;
  for (long s = 0; s < n; ++s) {
    ExactSum x;
    std::copy(all.begin() + s * ExactSum::kLimbs, all.begin() + (s + 1) * ExactSum::kLimbs, x.limb.begin());
    e.push_back(x.value());
  }
  return e;
}

// The deck's file in the fileio path, SW4's format (verify/energy.hpp), written whole by rank 0.
void write_energy(const Run& run, const std::vector<double>& e) {
  std::string problem;
  if (rank_ == 0) {
    const std::string file = run.cfg.fileio.path + run.cfg.verify.en.file;
    const std::string text = energy_file_text(e);
    const std::string why = file_write_problem(file, text.data(), text.size());
    if (!why.empty()) problem = "sw4lite: cannot write " + file + " (" + why + ")";
  }
  stop_on_problem(problem);
}

// testlamb (NUMERICS 27.4): SW4's surface norms of every step, summed over the ranks, written to
// LambErr.txt in the fileio path in SW4's layout (t, errInf, errL2, solInf a line), and the last
// step's printed. Each step travels as its limbs (MPI_SUM) and as t, errInf, solInf (MPI_MAX:
// every rank holding a piece of the step has the same t, one holding none brings 0).
void report_lamb_surface(const Run& run, StepEnd& end) {
  const long first = run.restart.step + 1, n = run.nsteps - run.restart.step;
  if (n <= 0) return;
  std::vector<std::int64_t> all(std::size_t(n) * ExactSum::kLimbs, 0);
  std::vector<double> allmx(std::size_t(n) * 3, 0);
  for (auto& [step, e] : end.lamb_surface.by_step) {
    e.l2sum.normalize();
    std::copy(e.l2sum.limb.begin(), e.l2sum.limb.end(), all.begin() + (step - first) * ExactSum::kLimbs);
    const std::size_t at = std::size_t(step - first) * 3;
    allmx[at] = e.t;
    allmx[at + 1] = e.errinf;
    allmx[at + 2] = e.solinf;
  }
  agree(all.data(), int(all.size()), MPI_SUM);
  agree(allmx.data(), int(allmx.size()), MPI_MAX);
  std::string problem;
  if (rank_ == 0) {
    std::string text;
    double l2 = 0;
    for (long s = 0; s < n; ++s) {
      ExactSum e;
      std::copy(all.begin() + s * ExactSum::kLimbs, all.begin() + (s + 1) * ExactSum::kLimbs, e.limb.begin());
      l2 = std::sqrt(e.value());
      char line[96];
      std::snprintf(line, sizeof line, "%e %15.7e %15.7e %15.7e\n", allmx[s * 3], allmx[s * 3 + 1], l2,
                    allmx[s * 3 + 2]);
      text += line;
    }
    const double* last = &allmx[std::size_t(n - 1) * 3];
    std::printf("Surface errors at time %g (u_z on the surface, every step in LambErr.txt) errInf = %.7e "
                "errL2 = %.7e solInf = %.7e\n", last[0], last[1], l2, last[2]);
    const std::string file = run.cfg.fileio.path + "LambErr.txt";
    const std::string why = file_write_problem(file, text.data(), text.size());
    if (!why.empty()) problem = "sw4lite: cannot write " + file + " (" + why + ")";
  }
  stop_on_problem(problem);
}

// twilight errorlog=1 (NUMERICS 25.4): SW4's TwilightErr.txt, the final time and the three
// norms in SW4's layout. Rank 0 only; the caller stops every rank on a failed write.
std::string write_twilight_log(const Config& cfg, double t, double linf, double l2, double solmax,
                               const std::array<double, 3>* memory) {
  const std::string file = cfg.fileio.path + "TwilightErr.txt";
  char text[320];
  int n = std::snprintf(text, sizeof text,
                        "Final time\n%e\nDisplacement variables (errInf, errL2, solInf)\n%15.7e %15.7e %15.7e\n",
                        t, linf, l2, solmax);
  if (memory)  // with attenuation, SW4's two more lines
    n += std::snprintf(text + n, sizeof text - std::size_t(n),
                       "Attenuation variables (errInf, errL2, solInf)\n%15.7e %15.7e %15.7e\n", (*memory)[0],
                       (*memory)[1], (*memory)[2]);
  const std::string why = file_write_problem(file, text, std::size_t(n));
  return why.empty() ? std::string() : "sw4lite: cannot write " + file + " (" + why + ")";
}

// After step n: the file again when writeEvery says so (both drivers; collective).
void write_energy_if_due(const Run& run, StepEnd& end, long n) {
  if (energy_write_due(run.cfg, n, run.nsteps)) write_energy(run, reduce_energy(run, end, n));
}

// At the end: the file, and one line with the largest change from the first step's E and the
// largest rise from one step to the next, both relative to the first E.
void report_energy(const Run& run, StepEnd& end) {
  const long first = run.restart.step + 1;
  if (run.nsteps < first) return;
  const std::vector<double> e = reduce_energy(run, end, run.nsteps);
  if (rank_ == 0) {
    const double e0 = e.front();
    double change = 0, rise = -DBL_MAX;
    for (std::size_t s = 0; s < e.size(); ++s) {
      change = std::max(change, std::fabs(e[s] - e0));
      if (s > 0) rise = std::max(rise, e[s] - e[s - 1]);
    }
    std::printf("Energy: E(%ld) = %.15e E(%ld) = %.15e largest relative change = %.3e largest "
                "relative rise in a step = %.3e\n", first, e0, long(run.nsteps), e.back(), change / e0,
                (e.size() > 1 ? rise : 0.0) / e0);
  }
  write_energy(run, e);
}

// A set of norms over all ranks: the parts' maxima, and the square root of their exact sum.
struct ErrorLine {
  double linf, l2, solmax;
};
enum class NormSet { Grid, Receivers, Memory };
ErrorLine reduce_norms(std::vector<ErrorParts>& parts, NormSet set) {
  double linf = 0, solmax = 0;
  ExactSum mine;
  for (ErrorParts& p : parts) {
    ErrorNorm& e = set == NormSet::Receivers ? p.at_receivers : set == NormSet::Memory ? p.memory : p;
    linf = std::max(linf, e.linf);
    solmax = std::max(solmax, e.solmax);
    add_limbs(mine, e.l2sum);
  }
  mine.normalize();
  agree(mine.limb.data(), ExactSum::kLimbs, MPI_SUM);
  return {reduce(linf, MPI_MAX), std::sqrt(mine.value()), reduce(solmax, MPI_MAX)};
}

// The end of a run, the same in both modes: norms of testpointsource, timing table, figure
// of merit. `parts` are this rank's pieces' error parts, `times` the sum of their phase times
// and `total` the wall clock of the timing window (DESIGN.md, "The timing table").
void report(const Run& run, std::vector<ErrorParts>& parts, StepEnd& end, const PhaseTimes& times,
            double total, double loop_time, double t) {
  const Config& cfg = run.cfg;
  if (rank_ == 0) std::printf("%s\n", execution_time(loop_time, "solver phase").c_str());
  if (has_error_norms(cfg)) {
    const ErrorLine grid = reduce_norms(parts, NormSet::Grid);
    std::string problem;  // a norm file that cannot be written ends every rank with status 1
    // twilight's line has 8 digits, as SW4's file: the original's testpointsource line keeps %g.
    const bool tw = cfg.verify.kind == VerifyKind::Twilight;
    if (rank_ == 0)
      std::printf(tw ? "Errors at time %g Linf = %.8g L2 = %.8g norm of solution = %.8g\n"
                     : "Errors at time %g Linf = %g L2 = %g norm of solution = %g\n",
                  t, grid.linf, grid.l2, grid.solmax);
    ErrorLine memory{0, 0, 0};
    const bool att = tw && cfg.att.on && cfg.att.nmech > 0;
    if (att) {
      memory = reduce_norms(parts, NormSet::Memory);
      if (rank_ == 0)
        std::printf("Errors of the memory variable at time %g Linf = %.8g L2 = %.8g norm of solution = %.8g\n",
                    t, memory.linf, memory.l2, memory.solmax);
    }
    const std::array<double, 3> m3{memory.linf, memory.l2, memory.solmax};
    if (rank_ == 0 && tw && cfg.verify.tw.errorlog)
      problem = write_twilight_log(cfg, t, grid.linf, grid.l2, grid.solmax, att ? &m3 : nullptr);
    if (rank_ == 0 && cfg.tps.on) {  // the original's file, for testpointsource
      const std::string file = cfg.fileio.path + "PointSourceErr.txt";
      char line[128];
      const int n = std::snprintf(line, sizeof line, "%.12g %.12g %.12g %.12g\n", t, grid.linf, grid.l2, grid.solmax);
      const std::string why = file_write_problem(file, line, std::size_t(n));
      if (!why.empty()) problem = "sw4lite: cannot write " + file + " (" + why + ")";
    }
    stop_on_problem(problem);
  }
  if (has_receiver_norms(cfg)) {
    const ErrorLine rec = reduce_norms(parts, NormSet::Receivers);
    if (rank_ == 0)
      std::printf("Errors at the receivers up to time %g Linf = %g L2 = %g norm of solution = %g\n", t,
                  rec.linf, rec.l2, rec.solmax);
  }
  if (cfg.verify.kind == VerifyKind::Energy) report_energy(run, end);
  if (cfg.verify.kind == VerifyKind::Lamb) report_lamb_surface(run, end);
  if (cfg.dev.reporttiming) {
    double avg[6] = {total, times.comm, times.bc, times.scheme, times.supergrid, times.forcing};
    agree(avg, 6, MPI_SUM);
    for (double& a : avg) a /= nranks_;
    if (rank_ == 0) print_timing_table(avg, MPI_Wtick(), nranks_, max_threads());
  }
  if (rank_ == 0 && run.ckpt.stats.any()) std::printf("%s\n", checkpoint_line(run.ckpt.stats).c_str());
  const long steps = run.nsteps - run.restart.step;  // the steps this run took
  const double points = grid_points(cfg), updates = points * double(steps);
  if (rank_ == 0 && loop_time > 0)
    std::printf("Figure of merit: %.4g grid-point updates/s (%.4g per rank), %ld steps of %.4g "
                "points in %.4g s on %d ranks x %d threads, %s precision\n",
                updates / loop_time, updates / loop_time / nranks_, steps, points, loop_time,
                nranks_, max_threads(), kPrecision);
}

// All ranks agree on what their looks at U found at the looked-at steps up to `through`
// (step_end.hpp) in one reduction (halo/agree.hpp: the maximum of 64-bit integers, the
// earliest bad step and each step's largest |u|, exact), then take the same verdict; a stop
// names the earliest bad point (smallest step, then point) or the first point holding the
// largest |u| (the growth test), the same line in both modes. Two-sided: after every looked-at step; one-sided: after
// each segment, over the segment's steps at once.
void stop_on_bad_solution(const Config& cfg, StepEnd& end, long through) {
  const std::vector<long> steps = end.pending(through);
  std::vector<long> all = end.numbers(steps);
  agree(all.data(), int(all.size()), MPI_MAX);
  const Verdict v = end.agree(steps, all, through);
  if (v.kind == Verdict::None) return;
  long key = end.candidate(v);
  agree(&key, 1, MPI_MIN);
  long bits = end.bits_of(v, key);
  agree(&bits, 1, MPI_MAX);
  stop(solution_stop_line(cfg, v.step, key, reduce(end.time_of(v, key), MPI_MAX), end.words(v, bits)));
}

// checkpoint_run.hpp: checkpoint and restart as the two drivers use them: when a checkpoint is
// due, writing one of the pieces a rank holds, and a restart's header, data and checks.
//
// Why built so: the drivers differ in how many pieces a rank holds (one; or several partitions,
// which may have moved), not in what a checkpoint is, so both hand a list of Subdomains here
// and the same code writes or reads them (checkpoint.hpp: the format; checkpoint_io.hpp: the
// MPI-IO). Every check that can fail is made on every rank with the same data (the header is
// broadcast, the checksums are reduced), so all ranks stop together with the same one line,
// `DECK:LINE: restart: FILE: what is wrong`, before the first step and before any output
// file is written. A restart continues with the checkpoint's step dt and time t (its bits):
// the deck's `time` says only where the run ends (t=T: the step nearest T; steps=N: step N).
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "output/checkpoint.hpp"
#include "output/checkpoint_io.hpp"
#include "output/image_io.hpp"
#ifdef SW4LITE_ONESIDED
#include "onesided/onesided.hpp"
#include "checks/solution_check.hpp"
#endif

namespace sw4 {

// The smallest collective round: a tiny bufsize= would make one collective call per few bytes.
constexpr std::uint64_t kMinRoundBytes = 1 << 20;
inline std::uint64_t round_bytes(int bufsize) {
  return std::max<std::uint64_t>(kMinRoundBytes, std::uint64_t(bufsize));
}

struct CheckpointStats {
  int written = 0, read = 0;
  double write_s = 0, read_s = 0, write_bytes = 0, read_bytes = 0;
  bool any() const { return written > 0 || read > 0; }
};

// The line after the timing table: "Checkpoint: N written, S s, B MB/s; 1 read, ...".
inline std::string checkpoint_line(const CheckpointStats& s) {
  auto part = [](int n, const char* what, double sec, double bytes) {
    char b[128];
    std::snprintf(b, sizeof b, "%d %s, %.3g s, %.4g MB/s", n, what, sec,
                  sec > 0 ? bytes / sec / 1e6 : 0.0);
    return std::string(b);
  };
  std::string l = "Checkpoint: ";
  if (s.written) l += part(s.written, "written", s.write_s, s.write_bytes);
  if (s.written && s.read) l += "; ";
  if (s.read) l += part(s.read, "read", s.read_s, s.read_bytes);
  return l;
}

// Where a restart starts: after step `step` at time t, as the checkpoint's header says.
struct RestartPoint {
  long step = 0;
  double t = 0;
  CheckpointHeader header{};
};

class Checkpointing {
 public:
  CheckpointStats stats;

  // SW4LITE_CHECKPOINT_KILL=half:K or after:K (tests only): the K-th checkpoint this run
  // writes stops every rank with SIGKILL half-way through, or once it is complete. "" or why
  // the variable is malformed.
  std::string setup(const Config& cfg, long nsteps, double dt) {
    cfg_ = &cfg;
    nsteps_ = nsteps;
    dt_ = dt;
    const char* k = std::getenv("SW4LITE_CHECKPOINT_KILL");
    if (!k || !*k) return "";
    const std::string v = k;
    const std::size_t c = v.find(':');
    const std::string mode = v.substr(0, c);
    const int at = c == std::string::npos ? 0 : std::atoi(v.c_str() + c + 1);
    kill_ = mode == "half" ? 1 : mode == "after" ? 2 : 0;
    kill_at_ = at;
    if (kill_ == 0 || at < 1)
      return "sw4lite: SW4LITE_CHECKPOINT_KILL=" + v + " (allowed: half:K or after:K, K >= 1)";
    return "";
  }
  bool due(long n) const { return n <= nsteps_ && checkpoint_due(cfg_->checkpoint, n, dt_); }
  long next(long after) const { return next_checkpoint(cfg_->checkpoint, after, nsteps_, dt_); }

  // A checkpoint of `pieces` (this rank's) after step n at time t. Collective. "" or what
  // stops the run.
  std::string write(MPI_Comm comm, const std::vector<Subdomain*>& pieces, long n, double t,
                    const UtcTime& utc) {
    const Config& cfg = *cfg_;
    const double t0 = MPI_Wtime();
    const CheckpointLayout L = checkpoint_layout(cfg, n);
    std::uint64_t mine[kCheckpointSums] = {}, sums[kCheckpointSums] = {};
    std::vector<IoSpan> spans;
    int bad = 0;
    for (Subdomain* sd : pieces) {
      add_checksums(cfg, L, *sd, mine);
      for_each_checkpoint_row(L, *sd, false, [&](int, std::uint64_t off, Real* row, long m) {
        spans.push_back({off, sizeof(Real) * std::uint64_t(m), reinterpret_cast<char*>(row)});
      });
      for_each_checkpoint_receiver(cfg, *sd, [&](int slot, Receiver& r) {
        if (slot < 0 || long(r.samples.size()) != L.rec_values[std::size_t(slot)]) bad = 1;
        else spans.push_back({L.rec_offset[std::size_t(slot)], sizeof(Real) * r.samples.size(),
                              reinterpret_cast<char*>(r.samples.data())});
      });
    }
    int anybad = 0;
    MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, comm);
    if (anybad) return "sw4lite: internal error: a receiver's sample count does not match step " +
                       std::to_string(n) + " (checkpoint not written)";
    MPI_Allreduce(mine, sums, kCheckpointSums, MPI_UINT64_T, MPI_SUM, comm);
    CheckpointHeader h = checkpoint_header(cfg, L, n, t, dt_, utc);
    for (int s = 0; s < kCheckpointSums; ++s) header_sum_slot(h, s) = sums[s];
    h.header_sum = header_checksum(h);
    const std::string name = checkpoint_name(cfg, n, nsteps_);
    const int kill = ++count_ == kill_at_ ? kill_ : 0;
    const std::string err = write_checkpoint_file(comm, name, h, std::move(spans),
                                                  round_bytes(cfg.checkpoint.bufsize), previous_, kill);
    if (!err.empty())
      return cfg.filename + ":" + std::to_string(cfg.checkpoint.line) + ": checkpoint: " + err;
    previous_ = name;
    stats.write_s += MPI_Wtime() - t0;
    stats.write_bytes += double(L.total);
    ++stats.written;
    int rank = 0;
    MPI_Comm_rank(comm, &rank);
    if (rank == 0) std::printf("wrote checkpoint %s at step %ld, t = %.10g\n", name.c_str(), n, t);
    return "";
  }

 private:
  const Config* cfg_ = nullptr;
  long nsteps_ = 0;
  double dt_ = 0;
  std::string previous_;  // the last checkpoint this run wrote: removed once the next is complete
  int count_ = 0, kill_ = 0, kill_at_ = 0;
};

inline std::string restart_error(const Config& cfg, const std::string& what) {
  return cfg.filename + ":" + std::to_string(cfg.restart.line) + ": restart: " + input_detail::shown(cfg.restart.file) +
         ": " + what;
}

// The checkpoint's header, read by rank 0 and checked on every rank against this deck; then
// dt and the number of steps become the restart's. "" or the line that stops the run.
inline std::string restart_header(MPI_Comm comm, const Config& cfg, RestartPoint& rp, double& dt,
                                  int& nsteps) {
  std::uint64_t bytes = 0;
  std::string why = read_checkpoint_header(comm, cfg.restart.file, rp.header, bytes);
  if (why.empty()) why = check_header(rp.header, bytes, cfg);
  if (!why.empty()) return restart_error(cfg, why);
  rp.step = rp.header.step;
  rp.t = rp.header.t;
  dt = rp.header.dt;
  if (cfg.time.by_time) nsteps = int(std::max(1.0, std::floor(cfg.time.t_end / dt + 0.5)));
  if (rp.step > nsteps)
    return restart_error(cfg, "it is after step " + std::to_string(rp.step) + " (t = " +
                                  input_detail::fmt(rp.t) + "), past this deck's last step " +
                                  std::to_string(nsteps) + " (give a later time t= or more steps=)");
  return "";
}

// Every rank reads the whole array boxes of its pieces and the samples of the receivers they
// own, then the checksums are compared. Receivers must have their room reserved. Collective.
inline std::string restart_read(MPI_Comm comm, const Config& cfg, const RestartPoint& rp,
                                const std::vector<Subdomain*>& pieces, CheckpointStats& stats) {
  const double t0 = MPI_Wtime();
  const CheckpointLayout L = checkpoint_layout(cfg, rp.step);
  std::vector<IoSpan> spans;
  for (Subdomain* sd : pieces) {
    for_each_checkpoint_row(L, *sd, true, [&](int, std::uint64_t off, Real* row, long m) {
      spans.push_back({off, sizeof(Real) * std::uint64_t(m), reinterpret_cast<char*>(row)});
    });
    for_each_checkpoint_receiver(cfg, *sd, [&](int slot, Receiver& r) {
      r.samples.assign(std::size_t(L.rec_values[std::size_t(slot)]), 0.0);
      spans.push_back({L.rec_offset[std::size_t(slot)], sizeof(Real) * r.samples.size(),
                       reinterpret_cast<char*>(r.samples.data())});
    });
  }
  const std::string why =
      read_checkpoint_spans(comm, cfg.restart.file, std::move(spans), round_bytes(cfg.restart.bufsize));
  if (!why.empty()) return restart_error(cfg, why);
  std::uint64_t mine[kCheckpointSums] = {}, sums[kCheckpointSums] = {};
  for (Subdomain* sd : pieces) add_checksums(cfg, L, *sd, mine);
  MPI_Allreduce(mine, sums, kCheckpointSums, MPI_UINT64_T, MPI_SUM, comm);
  CheckpointHeader h = rp.header;
  for (int f = 0; f < L.nfields(); ++f)
    if (sums[L.sum_slot(f)] != header_sum_slot(h, L.sum_slot(f)))
      return restart_error(cfg, "corrupted: " + field_name(cfg, f) + " does not match its checksum");
  if (sums[kCheckpointSums - 1] != rp.header.recs_sum)
    return restart_error(cfg, "corrupted: the receivers' samples do not match their checksum");
  stats.read_s += MPI_Wtime() - t0;
  stats.read_bytes += double(L.total);
  ++stats.read;
  return "";
}

// After the time step is known (both drivers, --check too): a restart's header is read and
// checked, the run takes its dt and ends where the deck says; the checkpoint schedule is set.
inline std::string restart_and_schedule(MPI_Comm comm, const Config& cfg, RestartPoint& rp,
                                        Checkpointing& ck, double& dt, int& nsteps) {
  if (cfg.restart.on) {
    const std::string e = restart_header(comm, cfg, rp, dt, nsteps);
    if (!e.empty()) return e;
  }
  return ck.setup(cfg, nsteps, dt);
}

// Before the first step, the state the pieces start from: a restart's data, or (no restart)
// their receivers' samples of the initial data.
inline std::string restart_or_record_initial(MPI_Comm comm, const Config& cfg, const RestartPoint& rp,
                                             const std::vector<Subdomain*>& pieces,
                                             CheckpointStats& stats) {
  if (cfg.restart.on) return restart_read(comm, cfg, rp, pieces, stats);
  for (Subdomain* sd : pieces) sd->record_initial();
  return "";
}

#ifdef SW4LITE_ONESIDED
// ---------------------------------------------------------------------------------------------
// One-sided mode. A checkpoint needs every partition at one step, while partitions advance on
// their own: the run goes in segments, one per checkpoint (and per image or receiver-file
// step). In a segment every partition runs up to the pause step (os.pause_at) and waits there
// in state Paused (onesided_step.hpp); when the runtime has quiesced, nothing is in flight
// and every partition holds U and Um of that step wherever it lives (migrated or stolen), so
// the ranks agree on the solution check, the driver writes the outputs from the partitions
// each rank holds, then the resume handler sends them on. A run with none of these outputs
// is one segment.

inline std::vector<Subdomain*> partition_pieces(amr::Runtime& rt) {
  std::vector<Subdomain*> v;
  rt.for_each<Partition>([&](amr::Gid, Partition& p) { v.push_back(&p.sd); });
  return v;
}

// A restart's data into the partitions this rank holds (after the setup handlers), which then
// start after its step; without restart nothing (the start handler records the initial samples).
inline std::string restart_partitions(MPI_Comm comm, const Config& cfg, const RestartPoint& rp,
                                      OneSidedRun& os, CheckpointStats& stats) {
  if (!cfg.restart.on) return "";
  const std::string e = restart_read(comm, cfg, rp, partition_pieces(*os.rt), stats);
  if (!e.empty()) return e;
  os.first_step = rp.step;
  os.rt->for_each<Partition>([&](amr::Gid, Partition& p) {
    p.step = rp.step;
    p.exchange = 2 * rp.step;  // U+(step) is the last exchange they have
    p.t = rp.t;
  });
  return "";
}
#endif

}  // namespace sw4

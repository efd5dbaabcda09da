// test_checkpoint.cpp: the checkpoint format without MPI (checkpoint.hpp): when a checkpoint is
// due, its name, the layout, that the pieces' written boxes cover the global box once and their
// checksums add up to the same total on any cut, and every verdict of the header check.
// (Writing and reading through MPI-IO, restarts and crashes: test/checks/checkpoint.sh.)
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "output/checkpoint.hpp"
#include "input_helpers.hpp"

using namespace sw4;

namespace {

const std::string kDeck = kBase +
                          "time steps=20\n"
                          "source x=4 y=4 z=2 Mxx=1 t0=0.5 freq=2\n"
                          "rec x=2 y=2 z=0 file=a\n"
                          "rec x=6 y=5 z=1 file=b variables=velocity\n";

std::vector<long> due_steps(const std::string& line, long nsteps, double dt) {
  const Config c = parse(kBase + line + "\n");
  std::vector<long> v;
  for (long n = 1; n <= nsteps; ++n)
    if (checkpoint_due(c.checkpoint, n, dt)) v.push_back(n);
  return v;
}

}  // namespace

TEST(CheckpointSchedule, EachRule) {
  EXPECT_EQ(due_steps("checkpoint cycle=7", 20, 0.1), (std::vector<long>{7}));
  EXPECT_EQ(due_steps("checkpoint cycleInterval=6", 20, 0.1), (std::vector<long>{6, 12, 18}));
  // time=T: the one step whose window ((n-1/2) dt, (n+1/2) dt] holds T; early T: step 1
  EXPECT_EQ(due_steps("checkpoint time=0.74", 20, 0.1), (std::vector<long>{7}));
  EXPECT_EQ(due_steps("checkpoint time=0.76", 20, 0.1), (std::vector<long>{8}));
  EXPECT_EQ(due_steps("checkpoint time=0.01", 20, 0.1), (std::vector<long>{1}));
  EXPECT_EQ(due_steps("checkpoint time=5", 20, 0.1), (std::vector<long>{}));
  // timeInterval=I: each step whose window holds a positive multiple of I (0.25 is in step 2's
  // (0.15, 0.25]), never step 1 for I > 1.5 dt
  EXPECT_EQ(due_steps("checkpoint timeInterval=0.5", 20, 0.1), (std::vector<long>{5, 10, 15, 20}));
  EXPECT_EQ(due_steps("checkpoint timeInterval=0.25", 12, 0.1), (std::vector<long>{2, 5, 7, 10, 12}));
  EXPECT_EQ(due_steps("checkpoint cycle=3 cycleInterval=10", 20, 0.1), (std::vector<long>{3, 10, 20}));
  EXPECT_EQ(due_steps("developer cfl=1", 20, 0.1), (std::vector<long>{}));  // no checkpoint line
}

TEST(CheckpointSchedule, NextIsTheFirstDueStepOrTheEnd) {
  const Config c = parse(kBase + "checkpoint cycleInterval=6\n");
  EXPECT_EQ(next_checkpoint(c.checkpoint, 0, 20, 0.1), 6);
  EXPECT_EQ(next_checkpoint(c.checkpoint, 6, 20, 0.1), 12);
  EXPECT_EQ(next_checkpoint(c.checkpoint, 18, 20, 0.1), 20);
  EXPECT_EQ(next_checkpoint(c.checkpoint, 20, 20, 0.1), 20);
  EXPECT_EQ(next_checkpoint(parse(kBase).checkpoint, 0, 20, 0.1), 20);
}

TEST(CheckpointName, ThePathPrefixAndAStepAsWideAsTheLast) {
  const Config c = parse(kBase + "fileio path=out\ncheckpoint cycle=5 file=ck\n");
  EXPECT_EQ(checkpoint_name(c, 5, 90), "out/ck.cycle=05.sw4checkpoint");
  EXPECT_EQ(checkpoint_name(c, 5, 100), "out/ck.cycle=005.sw4checkpoint");
  EXPECT_EQ(checkpoint_name(c, 40, 9), "out/ck.cycle=40.sw4checkpoint");
  EXPECT_EQ(checkpoint_name(parse(kBase + "checkpoint cycle=1\n"), 1, 1), "./restart.cycle=1.sw4checkpoint");
}

TEST(CheckpointInput, KeysAndErrors) {
  const Config c = parse(kBase + "checkpoint cycle=2 bufsize=4096\nrestart file=a/b.sw4checkpoint bufsize=77\n");
  EXPECT_EQ(c.checkpoint.bufsize, 4096);
  EXPECT_TRUE(c.restart.on);
  EXPECT_EQ(c.restart.file, "a/b.sw4checkpoint");
  EXPECT_EQ(c.restart.bufsize, 77);
  EXPECT_EQ(c.restart.line, 5);
  EXPECT_FALSE(parse(kBase).restart.on);
  EXPECT_EQ(error_of(kBase + "checkpoint cycle=2 file=a/b\n"),
            "in/x.in:4: checkpoint: 'file=a/b' is not a plain file name (allowed: a name without '/'; "
            "checkpoints are written in the fileio path)");
  EXPECT_EQ(error_of(kBase + "checkpoint cycle=2 file=" + std::string(201, 'x') + "\n"),
            "in/x.in:4: checkpoint: file= is 201 characters long (allowed: at most 200)");
  EXPECT_EQ(error_of(kBase + "checkpoint time=0\n"), "in/x.in:4: checkpoint: time=0 must be > 0");
  EXPECT_EQ(error_of(kBase + "checkpoint cycle=0\n"), "in/x.in:4: checkpoint: cycle=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "checkpoint cycle=1 bufsize=0\n"), "in/x.in:4: checkpoint: bufsize=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "restart file=x bufsize=1.5\n"), "in/x.in:4: restart: 'bufsize=1.5' is not an integer");
}

TEST(CheckpointLayout, FieldsThenReceiversInDeckOrder) {
  const Config c = parse(kDeck);
  const CheckpointLayout L = checkpoint_layout(c, 4);
  const long ni = c.grid.nx + 4, nj = c.grid.ny + 4, nk = c.grid.nz + 4;
  EXPECT_EQ(L.nfields(), 6);
  EXPECT_EQ(L.field_offset(0), 1024u);
  const std::uint64_t vb = sizeof(Real);  // a value's bytes: 8, 4 in the single build
  EXPECT_EQ(L.field_offset(1), 1024u + vb * ni * nj * nk);
  EXPECT_EQ(L.recs_offset, 1024u + 6u * vb * ni * nj * nk);
  EXPECT_EQ(L.index(-1, -1, -1), 0u);
  EXPECT_EQ(L.index(c.grid.nx + 2, c.grid.ny + 2, c.grid.nz + 2), std::uint64_t(ni * nj * nk - 1));
  ASSERT_EQ(L.rec_values.size(), 2u);
  EXPECT_EQ(L.rec_values[0], 5 * 3);  // displacement: t = 0 and 4 steps
  EXPECT_EQ(L.rec_values[1], 4 * 3);  // velocity: no sample at t = 0
  EXPECT_EQ(L.rec_offset[1], L.rec_offset[0] + vb * 15);
  EXPECT_EQ(L.total, L.rec_offset[1] + vb * 12);
}

TEST(CheckpointLayout, TopographyAddsGridOnesSixFields) {
  const Config c = parse(
      "grid h=0.04 x=1.6 y=1.2 z=1.6\ntime t=0.6\nsupergrid gp=8\n"
      "topography input=gaussian zmax=0.5 order=4 gaussianAmp=0.15 gaussianXc=0.8 gaussianYc=0.6 "
      "gaussianLx=0.2 gaussianLy=0.15\nblock vp=2.0 vs=1.0 rho=1.5\n");
  const CheckpointLayout L = checkpoint_layout(c, 0);
  const TopoGrids t = topography_grids(c.grid, c.topo);
  EXPECT_EQ(L.nfields(), 12);
  EXPECT_EQ(L.nk[0], t.n0 + 4);
  EXPECT_EQ(L.nk[1], t.nc + 4);
  EXPECT_EQ(L.total, 1024u + 6u * sizeof(Real) * L.ni * L.nj * (L.nk[0] + L.nk[1]));
}

// With attenuation each mechanism's alpha at t and t - dt follow U's fields (NUMERICS 36.6), grid
// 0's box each, their checksums in the header's memory_sum.
TEST(CheckpointLayout, AttenuationAddsSixFieldsPerMechanism) {
  const Config c = parse("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\nblock vp=2 vs=1 rho=1 qp=60 qs=30\n"
                         "attenuation nmech=2\ncheckpoint cycle=3\nrec x=2 y=2 z=0 file=a\n");
  const CheckpointLayout L = checkpoint_layout(c, 3);
  const std::uint64_t field = sizeof(Real) * L.ni * L.nj * L.nk[0];
  EXPECT_EQ(L.nfields(), 6 + 12);
  EXPECT_EQ(L.field_offset(6), 1024u + 6 * field);
  EXPECT_EQ(L.recs_offset, 1024u + 18 * field);
  EXPECT_EQ(L.sum_slot(5), 5);
  EXPECT_EQ(L.sum_slot(6), kCheckpointMaxFields);
  EXPECT_EQ(L.sum_slot(17), kCheckpointMaxFields + 11);
  EXPECT_EQ(field_name(c, 6), "the memory variable alpha_1(x) at t");
  EXPECT_EQ(field_name(c, 17), "the memory variable alpha_2(z) at t - dt");
  Subdomain sd(c, piece_geometry(c, 1, 1, 0, 0));
  ASSERT_EQ(sd.allocate(c), "");
  ASSERT_EQ(sd.attenuate(c, 0), "");
  EXPECT_EQ(&checkpoint_field(sd, 6), &sd.att.a[0][0]);
  EXPECT_EQ(&checkpoint_field(sd, 11), &sd.att.am[0][2]);
  EXPECT_EQ(&checkpoint_field(sd, 13), &sd.att.a[1][1]);
  CheckpointHeader h = checkpoint_header(c, L, 3, 0.3, 0.1, {});
  header_sum_slot(h, L.sum_slot(17)) = 77;
  header_sum_slot(h, kCheckpointSums - 1) = 5;
  EXPECT_EQ(h.memory_sum[11], 77u);
  EXPECT_EQ(h.recs_sum, 5u);
  EXPECT_EQ(h.nfields, 18);
  // an elastic deck's checkpoint of the same grid is another deck's
  const Config e = parse("grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\nblock vp=2 vs=1 rho=1 qp=60 qs=30\n"
                         "checkpoint cycle=3\nrec x=2 y=2 z=0 file=a\n");
  EXPECT_NE(deck_hash(e), deck_hash(c));
}

// Over the pieces of any cut, the written boxes hold every point of the global box once, and
// the checksums of a field whose values depend on the global index alone add up the same; with
// attenuation, the memory variables' fields too.
namespace {
void expect_cuts_agree(const Config& c) {
  const CheckpointLayout L = checkpoint_layout(c, 0);
  std::uint64_t first[kCheckpointSums] = {};
  for (auto cut : std::vector<std::array<int, 2>>{{1, 1}, {2, 1}, {1, 3}, {2, 2}, {3, 2}}) {
    std::vector<int> seen(L.ni * L.nj * L.nk[0], 0);
    std::uint64_t sum[kCheckpointSums] = {};
    std::size_t receivers = 0;
    for (int pj = 0; pj < cut[1]; ++pj)
      for (int pi = 0; pi < cut[0]; ++pi) {
        Subdomain sd(c, piece_geometry(c, cut[0], cut[1], pi, pj));
        ASSERT_EQ(sd.allocate(c), "");
        ASSERT_EQ(sd.attenuate(c, 0), "");
        for_each_checkpoint_row(L, sd, true, [&](int f, std::uint64_t off, Real* row, long n) {
          for (long i = 0; i < n; ++i) row[i] = Real(double(off + sizeof(Real) * i) * 1e-3 + f);  // by global place
        });
        for_each_checkpoint_row(L, sd, false, [&](int f, std::uint64_t off, Real*, long n) {
          if (f == 0)
            for (long i = 0; i < n; ++i) ++seen[(off - L.field_offset(0)) / sizeof(Real) + i];
        });
        for (Receiver& r : sd.receivers) r.samples.assign(3, Real(receiver_slot(c, r)));
        receivers += sd.receivers.size();
        add_checksums(c, L, sd, sum);
      }
    EXPECT_EQ(std::set<int>(seen.begin(), seen.end()), std::set<int>{1}) << cut[0] << " x " << cut[1];
    EXPECT_EQ(receivers, 2u);
    if (cut[0] * cut[1] == 1) std::copy(sum, sum + kCheckpointSums, first);
    for (int f = 0; f < kCheckpointSums; ++f) EXPECT_EQ(sum[f], first[f]) << f;
    for (int f = 0; f < L.nfields(); ++f) EXPECT_NE(sum[L.sum_slot(f)], 0u) << f;  // every field counted
  }
}
}  // namespace

TEST(CheckpointPieces, WrittenBoxesTileTheGlobalBoxAndChecksumsDoNotDependOnTheCut) {
  expect_cuts_agree(parse(kDeck));
  std::string att = kDeck + "attenuation nmech=2\n";
  att.replace(att.find("rho=1\n"), 6, "rho=1 qp=60 qs=30\n");
  const Config c = parse(att);
  ASSERT_EQ(checkpoint_layout(c, 0).nfields(), 18);
  expect_cuts_agree(c);
}

TEST(CheckpointChecksum, AnyChangedBitChangesTheTerm) {
  for (double v : {0.0, 1.0, -3.5e-300, 6.02e23})
    for (int b = 0; b < 64; ++b) {
      const std::uint64_t bits = bits_of(v) ^ (1ULL << b);
      double w;
      std::memcpy(&w, &bits, 8);
      EXPECT_NE(checksum_term(v, 12345), checksum_term(w, 12345));
    }
  EXPECT_NE(checksum_term(1.0, 7), checksum_term(1.0, 8));  // the place counts too
}

namespace {

struct Checked {
  Config cfg = parse(kDeck);
  CheckpointLayout L = checkpoint_layout(cfg, 6);
  CheckpointHeader h = checkpoint_header(cfg, L, 6, 0.6, 0.1, UtcTime{});
  Checked() { h.header_sum = header_checksum(h); }
  std::string verdict(const std::string& deck, std::uint64_t bytes = 0) const {
    return check_header(h, bytes ? bytes : L.total, parse(deck));
  }
};

}  // namespace

TEST(CheckpointHeader, AcceptsItsDeckWithAnotherEndTimeOrPath) {
  Checked k;
  EXPECT_EQ(k.verdict(kDeck), "");
  std::string later = kDeck;
  later.replace(later.find("time steps=20"), 13, "time t=9");
  EXPECT_EQ(k.verdict(later + "fileio path=elsewhere\ndeveloper partitions=3\n"), "");
}

TEST(CheckpointHeader, EachKindOfBadFile) {
  Checked k;
  EXPECT_EQ(k.verdict(kDeck, 1000), "truncated: 1000 bytes, less than its 1024-byte header");
  EXPECT_EQ(k.verdict(kDeck, k.L.total - 1),
            "truncated: " + std::to_string(k.L.total - 1) + " bytes, its header says " + std::to_string(k.L.total));
  EXPECT_NE(k.verdict(kDeck, k.L.total + 8).find("more than the"), std::string::npos);
  Checked m;
  m.h.magic[0] = 'X';
  EXPECT_EQ(m.verdict(kDeck), "not a sw4lite checkpoint (it does not begin with SW4LCKPT)");
  Checked v;
  v.h.version = 2;
  EXPECT_EQ(v.verdict(kDeck), "format version 2 (this sw4lite reads version 1)");
  Checked f;
  f.h.pad[300] ^= 1;  // any byte of the 1024
  EXPECT_EQ(f.verdict(kDeck), "corrupted: its header does not match its checksum");
  Checked s;
  s.h.step = 7;  // a flip that the checksum catches
  EXPECT_EQ(s.verdict(kDeck), "corrupted: its header does not match its checksum");
}

TEST(CheckpointHeader, AnotherDeck) {
  Checked k;
  const std::string other = "written for another deck: ";
  std::string d = kDeck;
  EXPECT_EQ(k.verdict("grid h=0.5 x=8 y=8 z=5" + d.substr(d.find('\n'))),
            other + "its grid is 17 x 17 x 9, this deck's is 17 x 17 x 11");
  d = kDeck;
  d.replace(d.find("vp=2"), 4, "vp=3");
  const std::string differ = "the grid, topography, blocks, sources, supergrid, testpointsource, attenuation, cfl "
                             "or time_order differ (only time may change for a restart)";
  EXPECT_EQ(k.verdict(d), other + differ);
  // a block's Q counts only with attenuation; then attenuation's keys count too
  d = kDeck;
  d.replace(d.find("rho=1"), 5, "rho=1 qp=100 qs=50");
  EXPECT_EQ(k.verdict(d), "");
  EXPECT_EQ(k.verdict(d + "attenuation\n"), other + differ);
  for (const char* key : {" nmech=2", " phasefreq=2", " maxfreq=3", " minppw=8", " qmultiplier=2"})
    EXPECT_NE(deck_hash(parse(d + "attenuation\n")), deck_hash(parse(d + "attenuation" + key + "\n"))) << key;
  EXPECT_EQ(k.verdict(kDeck + "developer cfl=1.2\n").substr(0, other.size()), other);
  EXPECT_EQ(k.verdict(kDeck + "developer time_order=2\n").substr(0, other.size()), other);
  EXPECT_EQ(k.verdict(kDeck + "source x=1 y=1 z=1 fz=1\n"), other + "it has 1 sources, this deck 2");
  d = kDeck;
  d.replace(d.find("x=6 y=5"), 7, "x=6 y=4");
  EXPECT_EQ(k.verdict(d), other + "the receivers' positions or variables differ");
  d = kDeck;
  d.replace(d.find("file=b"), 6, "file=c writeEvery=3 usgsformat=1");  // names and formats may change
  EXPECT_EQ(k.verdict(d), "");
}

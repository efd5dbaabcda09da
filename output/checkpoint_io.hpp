// checkpoint_io.hpp: the bytes of a checkpoint moved with MPI-IO: one file, every rank its own
// rows, collective calls (checkpoint.hpp says what the rows are and where they go).
//
// Why built so: no rank gathers the grid and no rank writes a file of its own, so a restart
// may use any number of ranks and either binary, and the cost scales as the file system does.
// A rank describes what it moves as spans (a file offset, a length, its memory): for a write,
// the rows it owns, disjoint from every other rank's; for a read, the rows of its whole array
// boxes, which may overlap (the padding of two partitions of one rank). Sorted by offset and
// merged where they touch or overlap, the spans become segments that are contiguous in the file
// and, packed one after the other, in a buffer; that buffer is moved in rounds of at most
// `bufsize` bytes (the checkpoint's and restart's bufsize=), each round one
// MPI_File_set_view with an hindexed file type of its segments and one MPI_File_write_all or
// MPI_File_read_all. Every rank makes the same number of calls (the largest rank's count), a
// rank with nothing left passes an empty view. The file type and the data are bytes, so the
// view is valid MPI whatever a row's length.
//
// A checkpoint is never half there under its name: it is written to NAME.tmp, synced and
// closed, read back and compared with what was written, then rank 0 renames it; only then is
// the previous checkpoint removed. A run killed at any moment leaves the previous checkpoint
// complete (test: SW4LITE_CHECKPOINT_KILL=half:K). The read-back is there because a successful
// MPI_File_write_all does not prove that the bytes landed: Open MPI's ompio, on a full file
// system, prints its own line (mca_fbtl_posix_pwritev: ... No space left on device) and
// returns success, and the file, already of full size (MPI_File_set_size), holds zeros where
// the bytes were lost. Each rank reads its own spans (rank 0 the header too), so the spans of
// all ranks cover every byte written once; comparing bytes, not checksums, is exact and costs
// one more pass over the file, mostly from the page cache (docs/user-guide.md, "Never
// half there").
#pragma once

#include <mpi.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include <sys/statvfs.h>

#include "output/checkpoint.hpp"

namespace sw4 {

struct IoSpan {
  std::uint64_t off = 0, bytes = 0;
  char* mem = nullptr;
};

namespace ckpt_detail {

// The MPI's words for an error code, fit for our one line: no line breaks (an MPI may add its
// error stack, a line a call) and no trailing blank (MPICH's "Other I/O error ").
inline std::string mpi_error(int code) {
  char s[MPI_MAX_ERROR_STRING];
  int n = 0;
  MPI_Error_string(code, s, &n);
  std::string m(s, std::size_t(n));
  for (char& c : m)
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  while (!m.empty() && m.back() == ' ') m.pop_back();
  return m;
}

// The first non-success code over all ranks (0 when all succeeded).
inline int any_error(int code, MPI_Comm comm) {
  int mine = code == MPI_SUCCESS ? INT_MAX : code, all = INT_MAX;
  MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, comm);
  return all == INT_MAX ? MPI_SUCCESS : all;
}

// Bytes free for an unprivileged writer on the file system that holds `file`, or -1.
inline long long free_bytes(const std::string& file) {
  const std::size_t slash = file.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : file.substr(0, slash + 1);
  struct statvfs v;
  if (statvfs(dir.c_str(), &v) != 0) return -1;
  return (long long)(v.f_bavail) * (long long)(v.f_frsize);
}

struct Segment {
  std::uint64_t off, end, vpos;  // file bytes [off, end), at vpos in the packed buffer
};

}  // namespace ckpt_detail

// Write: memory to file; Read: file to memory; Verify: file compared with memory.
enum class IoMode { Write, Read, Verify };

// Moves the spans in collective rounds of at most `round` bytes per rank. Collective over
// comm; every rank returns the same code. Verify adds the bytes that differ, over all ranks,
// to *differ. With stop_after > 0 only that many rounds are made (the crash test's
// half-written file).
inline int transfer_spans(MPI_Comm comm, MPI_File fh, std::vector<IoSpan> spans, IoMode mode,
                          std::uint64_t round, long stop_after = 0, std::uint64_t* differ = nullptr) {
  const bool write = mode == IoMode::Write;
  using ckpt_detail::Segment;
  std::stable_sort(spans.begin(), spans.end(),
                   [](const IoSpan& a, const IoSpan& b) { return a.off < b.off; });
  std::vector<Segment> segs;
  std::vector<std::uint64_t> vstart(spans.size());
  std::uint64_t total = 0;
  for (std::size_t s = 0; s < spans.size(); ++s) {
    const IoSpan& sp = spans[s];
    if (!segs.empty() && sp.off <= segs.back().end) {
      segs.back().end = std::max(segs.back().end, sp.off + sp.bytes);
    } else {
      segs.push_back({sp.off, sp.off + sp.bytes, total});
    }
    Segment& g = segs.back();
    total = g.vpos + (g.end - g.off);
    vstart[s] = g.vpos + (sp.off - g.off);
  }
  round = std::max<std::uint64_t>(1, std::min<std::uint64_t>(round, INT_MAX));
  long mine = long((total + round - 1) / round), rounds = 0;
  MPI_Allreduce(&mine, &rounds, 1, MPI_LONG, MPI_MAX, comm);
  if (stop_after > 0) rounds = std::min(rounds, stop_after);

  std::vector<char> buf;
  std::vector<int> lens;
  std::vector<MPI_Aint> disps;
  std::size_t seg = 0, first = 0;
  int err = MPI_SUCCESS;
  std::uint64_t wrong = 0;  // Verify: bytes of this rank's spans that differ in the file
  for (long r = 0; r < rounds; ++r) {
    const std::uint64_t lo = std::min(total, std::uint64_t(r) * round);
    const std::uint64_t hi = std::min(total, lo + round);
    lens.clear();
    disps.clear();
    for (std::size_t g = seg; g < segs.size() && segs[g].vpos < hi; ++g) {
      const std::uint64_t a = std::max(lo, segs[g].vpos);
      const std::uint64_t b = std::min(hi, segs[g].vpos + (segs[g].end - segs[g].off));
      if (b > a) {
        disps.push_back(MPI_Aint(segs[g].off + (a - segs[g].vpos)));
        lens.push_back(int(b - a));
      }
      if (segs[g].vpos + (segs[g].end - segs[g].off) <= hi) seg = g + 1;
    }
    buf.assign(std::size_t(hi - lo), 0);
    // The spans that meet [lo, hi) in the buffer: sorted by start; ends are not (reads overlap).
    auto each_span = [&](auto fn) {
      while (first < spans.size() && vstart[first] + spans[first].bytes <= lo) ++first;
      for (std::size_t s = first; s < spans.size() && vstart[s] < hi; ++s) {
        const std::uint64_t a = std::max(lo, vstart[s]), b = std::min(hi, vstart[s] + spans[s].bytes);
        if (b > a) fn(spans[s].mem + (a - vstart[s]), buf.data() + (a - lo), std::size_t(b - a));
      }
    };
    if (write) each_span([](char* m, char* bp, std::size_t n) { std::memcpy(bp, m, n); });
    MPI_Datatype ft = MPI_BYTE;
    if (!lens.empty()) {
      MPI_Type_create_hindexed(int(lens.size()), lens.data(), disps.data(), MPI_BYTE, &ft);
      MPI_Type_commit(&ft);
    }
    int e = MPI_File_set_view(fh, 0, MPI_BYTE, ft, "native", MPI_INFO_NULL);
    MPI_Status st;
    const int n = int(hi - lo);
    int e2 = write ? MPI_File_write_all(fh, buf.data(), n, MPI_BYTE, &st)
                   : MPI_File_read_all(fh, buf.data(), n, MPI_BYTE, &st);
    if (e == MPI_SUCCESS) e = e2;
    if (e == MPI_SUCCESS && n > 0) {
      int got = 0;
      MPI_Get_count(&st, MPI_BYTE, &got);
      if (got != n) e = MPI_ERR_IO;
    }
    if (ft != MPI_BYTE) MPI_Type_free(&ft);
    if (mode == IoMode::Read && e == MPI_SUCCESS)
      each_span([](char* m, char* bp, std::size_t k) { std::memcpy(m, bp, k); });
    if (mode == IoMode::Verify && e == MPI_SUCCESS)
      each_span([&](char* m, char* bp, std::size_t k) {
        if (std::memcmp(m, bp, k) == 0) return;
        for (std::size_t b = 0; b < k; ++b) wrong += m[b] != bp[b];
      });
    if (err == MPI_SUCCESS) err = e;
  }
  if (differ) {
    std::uint64_t all = 0;
    MPI_Allreduce(&wrong, &all, 1, MPI_UINT64_T, MPI_SUM, comm);
    *differ += all;
  }
  return ckpt_detail::any_error(err, comm);
}

// What landed in `file`, just written and closed: its size, and every rank's spans read back
// and compared with its memory. Collective. "" or why the file is not what was written.
inline std::string verify_written(MPI_Comm comm, const std::string& file, std::vector<IoSpan> spans,
                                  std::uint64_t round, std::uint64_t file_bytes) {
  MPI_File fh;
  int e = ckpt_detail::any_error(
      MPI_File_open(comm, file.c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &fh), comm);
  if (e != MPI_SUCCESS) return "reading it back: cannot open it (" + ckpt_detail::mpi_error(e) + ")";
  MPI_Offset size = -1;
  e = ckpt_detail::any_error(MPI_File_get_size(fh, &size), comm);
  std::uint64_t differ = 0;
  if (e == MPI_SUCCESS) e = transfer_spans(comm, fh, std::move(spans), IoMode::Verify, round, 0, &differ);
  const int ec = ckpt_detail::any_error(MPI_File_close(&fh), comm);
  if (e == MPI_SUCCESS) e = ec;
  if (e != MPI_SUCCESS) return "reading it back: " + ckpt_detail::mpi_error(e);
  if (size != MPI_Offset(file_bytes))
    return "read back, it has " + std::to_string(size) + " bytes, not " + std::to_string(file_bytes);
  if (differ == 0) return "";
  return "read back, " + std::to_string(differ) + " of its " + std::to_string(file_bytes) +
         " bytes differ from what was written";
}

// Writes a checkpoint: the header (rank 0) and every rank's spans into NAME.tmp, sync, close,
// read back and compare (verify_written), rename to NAME, remove `previous` (if any and not
// NAME). "" or what went wrong, on every rank; NAME.tmp is then removed and `previous` kept.
// kill: 0 none, 1 stop half-way (the file stays NAME.tmp), 2 stop once NAME is complete; both
// stop with SIGKILL on every rank (the crash test).
inline std::string write_checkpoint_file(MPI_Comm comm, const std::string& name,
                                         const CheckpointHeader& header, std::vector<IoSpan> spans,
                                         std::uint64_t bufsize, const std::string& previous,
                                         int kill = 0) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  const std::string tmp = name + ".tmp";
  if (rank == 0) {
    std::remove(tmp.c_str());  // a stale one from a killed run
    spans.push_back({0, sizeof header, const_cast<char*>(reinterpret_cast<const char*>(&header))});
  }
  MPI_Barrier(comm);
  MPI_File fh;
  int e = ckpt_detail::any_error(
      MPI_File_open(comm, tmp.c_str(), MPI_MODE_CREATE | MPI_MODE_WRONLY, MPI_INFO_NULL, &fh), comm);
  if (e != MPI_SUCCESS) return name + ": cannot write the checkpoint (" + ckpt_detail::mpi_error(e) + ")";
  e = ckpt_detail::any_error(MPI_File_set_size(fh, MPI_Offset(header.file_bytes)), comm);
  long stop_after = 0;
  if (kill == 1) {  // half the rounds of the largest rank, and at least one
    std::uint64_t mine = 0, most = 0;
    for (const IoSpan& s : spans) mine += s.bytes;
    MPI_Allreduce(&mine, &most, 1, MPI_UINT64_T, MPI_MAX, comm);
    bufsize = std::max<std::uint64_t>(1, (most + 1) / 2);
    stop_after = 1;
  }
  if (e == MPI_SUCCESS) e = transfer_spans(comm, fh, spans, IoMode::Write, bufsize, stop_after);
  if (kill == 1) {
    MPI_Barrier(comm);
    std::raise(SIGKILL);
  }
  if (e == MPI_SUCCESS) e = ckpt_detail::any_error(MPI_File_sync(fh), comm);
  const int ec = ckpt_detail::any_error(MPI_File_close(&fh), comm);
  if (e == MPI_SUCCESS) e = ec;
  std::string bad = e == MPI_SUCCESS ? verify_written(comm, tmp, std::move(spans), bufsize, header.file_bytes)
                                      : ckpt_detail::mpi_error(e);
  if (!bad.empty()) {  // the free space says whether the disk is full (MPICH says "Other I/O error")
    long long free = -1;
    if (rank == 0) {
      free = ckpt_detail::free_bytes(tmp);
      std::remove(tmp.c_str());
    }
    MPI_Bcast(&free, 1, MPI_LONG_LONG, 0, comm);
    if (free >= 0) bad += "; its file system has " + std::to_string(free) + " bytes free";
    return name + ": cannot write the checkpoint (" + bad + ")";
  }
  int ok = 1;
  std::string why;
  if (rank == 0) {
    ok = std::rename(tmp.c_str(), name.c_str()) == 0;
    if (!ok) why = std::strerror(errno);
    if (ok && !previous.empty() && previous != name) std::remove(previous.c_str());
  }
  MPI_Bcast(&ok, 1, MPI_INT, 0, comm);
  if (!ok) return name + ": cannot rename " + tmp + " to it" + (why.empty() ? "" : " (" + why + ")");
  if (kill == 2) {
    MPI_Barrier(comm);
    std::raise(SIGKILL);
  }
  return "";
}

// Rank 0 reads the header and the file's size with plain stdio (a missing file gets its errno
// message; anything but a regular file is refused before it is opened: a FIFO would wait for
// a writer) and every rank gets them. "" or why the file cannot be read.
inline std::string read_checkpoint_header(MPI_Comm comm, const std::string& name,
                                          CheckpointHeader& h, std::uint64_t& bytes) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  std::memset(&h, 0, sizeof h);
  bytes = 0;
  char why[256] = {0};
  const std::string kind = rank == 0 ? not_regular_file(name) : "";
  if (!kind.empty()) {
    std::snprintf(why, sizeof why, "cannot open it (%s)", kind.c_str());
  } else if (rank == 0) {
    if (std::FILE* f = std::fopen(name.c_str(), "rb")) {
      const std::size_t got = std::fread(&h, 1, sizeof h, f);
      if (got < sizeof h) std::memset(reinterpret_cast<char*>(&h) + got, 0, sizeof h - got);
      if (std::fseek(f, 0, SEEK_END) == 0) {
        const long end = std::ftell(f);
        bytes = end < 0 ? 0 : std::uint64_t(end);
      }
      if (std::ferror(f)) std::snprintf(why, sizeof why, "cannot read it (%s)", std::strerror(errno));
      std::fclose(f);
    } else {
      std::snprintf(why, sizeof why, "cannot open it (%s)", std::strerror(errno));
    }
  }
  MPI_Bcast(why, sizeof why, MPI_CHAR, 0, comm);
  MPI_Bcast(&h, sizeof h, MPI_BYTE, 0, comm);
  MPI_Bcast(&bytes, 1, MPI_UINT64_T, 0, comm);
  return why;
}

// Every rank reads its spans of the file. "" or what went wrong, on every rank.
inline std::string read_checkpoint_spans(MPI_Comm comm, const std::string& name,
                                         std::vector<IoSpan> spans, std::uint64_t bufsize) {
  MPI_File fh;
  int e = ckpt_detail::any_error(
      MPI_File_open(comm, name.c_str(), MPI_MODE_RDONLY, MPI_INFO_NULL, &fh), comm);
  if (e != MPI_SUCCESS) return "cannot open it (" + ckpt_detail::mpi_error(e) + ")";
  e = transfer_spans(comm, fh, std::move(spans), IoMode::Read, bufsize);
  const int ec = ckpt_detail::any_error(MPI_File_close(&fh), comm);
  if (e == MPI_SUCCESS) e = ec;
  return e == MPI_SUCCESS ? "" : "cannot read it (" + ckpt_detail::mpi_error(e) + ")";
}

}  // namespace sw4

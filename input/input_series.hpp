// input_series.hpp: the sample file of `source type=Discrete file=NAME`.
//
// Part of input.hpp, which includes it after the Config structs (include input.hpp, not this).
//
// Why built so: the original has a Discrete time function but no way to reach it from the
// input; here the user gives equally spaced samples in a plain text file, the parser reads them
// once (on every rank, like the deck) and the source module interpolates them. Errors in the file
// point at that file's own line, in the parser's one-line form; what is wrong with the file as a
// whole (none, not a regular file, too large) points at the source line.
//
// The read is bounded, because every rank reads the file before anything else can stop it: a
// name such as /dev/zero or a FIFO is refused before it is opened (stat, as for the deck:
// input.hpp, not_regular_file; a device never ends, a FIFO's open waits for a writer), and a
// regular file may hold at most kMaxSeriesBytes bytes, kMaxSeriesSamples samples and
// kMaxSeriesValue characters in one value. The file is read in blocks and cut into values a
// character at a time, so a file of one endless line (a sparse file of zeros) costs no more
// memory than its first value. The limits are far beyond a real
// run's use: the samples are interpolated at the run's time steps, and a record of 1e8 samples
// (a day at 1 kHz) makes every rank hold 7 doubles a sample (the samples and the six
// coefficients of each interval, time_function.hpp), 5.6 GB; the bytes allow 40 characters a
// sample at that count (a double printed with 17 digits and an exponent takes 24).
//
// File format (docs/user-guide.md, "User time series", copies this):
//   - text; blank lines are ignored, and a token starting with '#' ends its line, so lines
//     starting with '#' are comments;
//   - the first data line holds exactly three values:  t0 dt n
//       t0  time of the first sample (any real; the source's t0= key shifts the whole record,
//           as it shifts every time function),
//       dt  spacing of the samples in time (a real > 0),
//       n   number of samples (an integer, 4 <= n <= 1e8: the interpolant takes slopes and
//           curvatures from differences of neighbouring samples);
//   - then exactly n reals, separated by blanks, tabs or newlines (typically one per line):
//     the samples g(t0), g(t0+dt), ..., g(t0+(n-1)dt).
//   Example:   # a smoothed step
//              0.0 0.01 5
//              0 0.1 0.5 0.9 1
// Lookup: NAME is tried as given (relative to the current directory, or absolute); if there is
// no such file and NAME is relative, it is tried relative to the deck's directory.
#pragma once

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace sw4 {
namespace input_detail {

constexpr int kMinSeriesSamples = 4;
constexpr int kMaxSeriesSamples = 100000000;        // 1e8; 6 (n - 1) coefficients stay an int
constexpr long long kMaxSeriesBytes = 4000000000LL;  // 4e9: 40 characters a sample at 1e8
constexpr std::size_t kMaxSeriesValue = 1000;       // characters of one value

// NAME as given if it exists, else beside the deck when NAME is relative; "" if neither.
// stat, not open: opening a FIFO would wait for a writer.
inline std::string resolve_series_path(const std::string& name, const std::string& deck_dir) {
  struct stat sb;
  if (::stat(name.c_str(), &sb) == 0) return name;
  if (!name.empty() && name[0] != '/' && !deck_dir.empty()) {
    std::string p = deck_dir + name;
    if (::stat(p.c_str(), &sb) == 0) return p;
  }
  return "";
}

// What is wrong with FILE (the source line's token) at PATH before it is read, or "": not a
// regular file (input.hpp: not_regular_file, the deck's own check), or larger than
// kMaxSeriesBytes.
inline std::string series_file_problem(const std::string& file, const std::string& path) {
  const std::string kind = not_regular_file(path);
  if (!kind.empty()) return "cannot open " + file + " (" + kind + ")";
  struct stat sb;
  if (::stat(path.c_str(), &sb) != 0) return "cannot open " + file + " (" + std::strerror(errno) + ")";
  if (sb.st_size > kMaxSeriesBytes)
    return file + " is " + std::to_string(static_cast<long long>(sb.st_size)) + " bytes long (allowed: at most " +
           std::to_string(kMaxSeriesBytes) + " bytes)";
  return "";
}

// The values of a sample file one by one, each with the line it starts on; '#' at the start of
// a value ends its line. Reads blocks of 64 KiB, at most kMaxSeriesBytes bytes in all.
class SeriesValues {
 public:
  SeriesValues(std::istream& in, const std::string& path) : in_(in), path_(path), buf_(1 << 16) {}

  // The next value and its line; false at the end of the file.
  bool next(std::string& v, int& line) {
    v.clear();
    int c;
    while ((c = get()) >= 0) {
      if (blank(c)) continue;
      if (c == '#') {
        while ((c = get()) >= 0 && c != '\n') {}
        continue;
      }
      break;
    }
    if (c < 0) return false;
    line = newlines_ + 1;
    do {
      if (v.size() == kMaxSeriesValue)
        fail_at(path_, line, "a value longer than " + std::to_string(kMaxSeriesValue) + " characters begins " +
                                 in_quotes(v.substr(0, 20) + "...") + " (allowed: a number)");
      v += char(c);
    } while ((c = get()) >= 0 && !blank(c));
    return true;
  }
  // Lines read so far, counting a last line without '\n' (the line an error at the end names).
  int lines() const { return newlines_ + (last_ >= 0 && last_ != '\n' ? 1 : 0); }
  bool bad() const { return in_.bad(); }

 private:
  std::istream& in_;
  std::string path_;
  std::vector<char> buf_;
  std::size_t at_ = 0, end_ = 0;
  long long bytes_ = 0;
  int newlines_ = 0, last_ = -1;

  static bool blank(int c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'; }
  int get() {
    if (at_ == end_) {
      in_.read(buf_.data(), std::streamsize(buf_.size()));
      end_ = std::size_t(in_.gcount());
      at_ = 0;
      bytes_ += static_cast<long long>(end_);
      if (bytes_ > kMaxSeriesBytes)  // the file grew after series_file_problem looked
        fail_at(path_, newlines_ + 1, "more than " + std::to_string(kMaxSeriesBytes) +
                                          " bytes (allowed: at most " + std::to_string(kMaxSeriesBytes) + ")");
      if (end_ == 0) return -1;
    }
    const int c = static_cast<unsigned char>(buf_[at_++]);
    if (c == '\n') ++newlines_;
    last_ = c;
    return c;
  }
};

// Reads the samples of PATH (checked by series_file_problem) into s (sample_t0, sample_dt,
// samples).
inline void read_series(const std::string& path, SourceCfg& s) {
  std::ifstream in(path, std::ios::binary);
  if (!in) fail_at(path, 0, std::string("cannot open this file (") + std::strerror(errno) + ")");
  SeriesValues values(in, path);
  std::string v, head[3];
  int line = 0, header_line = 0, found = 0, n = 0;
  s.samples.clear();
  bool more = values.next(v, line);
  if (more) {  // the first data line: its values, counted to the end of that line
    header_line = line;
    while (more && line == header_line) {
      if (found < 3) head[found] = v;
      ++found;
      more = values.next(v, line);
    }
    if (found != 3)
      fail_at(path, header_line, "the first data line must hold 't0 dt n' (found " + std::to_string(found) +
                                     " values)");
    const int no = header_line;
    if (!to_real(head[0], s.sample_t0)) fail_at(path, no, "t0 " + in_quotes(head[0]) + " is not a number");
    if (!to_real(head[1], s.sample_dt)) fail_at(path, no, "dt " + in_quotes(head[1]) + " is not a number");
    if (!(s.sample_dt > 0)) fail_at(path, no, "dt=" + shown(head[1]) + " must be > 0");
    if (!to_int(head[2], n)) fail_at(path, no, "n " + in_quotes(head[2]) + " is not an integer");
    if (n < kMinSeriesSamples || n > kMaxSeriesSamples)
      fail_at(path, no, "n=" + shown(head[2]) + " is out of range (allowed: " + std::to_string(kMinSeriesSamples) +
                            " <= n <= " + std::to_string(kMaxSeriesSamples) + ")");
    s.samples.reserve(static_cast<std::size_t>(std::min(n, 1 << 20)));  // n is not yet proven
  }
  for (; more; more = values.next(v, line)) {
    double x = 0;
    if (!to_real(v, x)) fail_at(path, line, "sample " + in_quotes(v) + " is not a number");
    if (static_cast<int>(s.samples.size()) == n)
      fail_at(path, line, "more than n=" + std::to_string(n) + " samples (n is set on line " +
                              std::to_string(header_line) + ")");
    s.samples.push_back(x);
  }
  const int last = values.lines();
  if (values.bad()) fail_at(path, last, "cannot read this file");
  if (!header_line) fail_at(path, last, "no data (the first data line must hold 't0 dt n')");
  if (static_cast<int>(s.samples.size()) != n)
    fail_at(path, last, "only " + std::to_string(s.samples.size()) + " samples, expected n=" +
                            std::to_string(n) + " (n is set on line " + std::to_string(header_line) + ")");
}

// The samples of `source type=Discrete file=NAME` (k: that source line), looked up and
// checked as above.
inline void load_series(const Keys& k, const std::string& deck_dir, SourceCfg& s) {
  const std::string name = k.str("file", "");
  s.file = resolve_series_path(name, deck_dir);
  if (s.file.empty())
    k.fail("cannot open " + k.text("file") + " (looked in the current directory" +
           (deck_dir.empty() || name[0] == '/' ? std::string() : " and in " + deck_dir) + ")");
  const std::string problem = series_file_problem(k.text("file"), s.file);
  if (!problem.empty()) k.fail(problem);
  read_series(s.file, s);
}

}  // namespace input_detail
}  // namespace sw4

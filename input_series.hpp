// input_series.hpp: the sample file of `source type=Discrete file=NAME`.
//
// Part of input.hpp, which includes it after the Config structs (include input.hpp, not this).
//
// Why built so: the original has a Discrete time function but no way to reach it from the
// input; here the user gives equally spaced samples in a plain text file, the parser reads them
// once (on every rank, like the deck) and the source module interpolates them. Errors in the file
// point at that file's own line, in the parser's one-line form.
//
// File format (the README copies this):
//   - text; blank lines are ignored, and a token starting with '#' ends its line, so lines
//     starting with '#' are comments;
//   - the first data line holds exactly three values:  t0 dt n
//       t0  time of the first sample (any real; the source's t0= key shifts the whole record,
//           as it shifts every time function),
//       dt  spacing of the samples in time (a real > 0),
//       n   number of samples (an integer >= 4: the interpolant takes slopes and curvatures
//           from differences of neighbouring samples);
//   - then exactly n reals, separated by blanks, tabs or newlines (typically one per line):
//     the samples g(t0), g(t0+dt), ..., g(t0+(n-1)dt).
//   Example:   # a smoothed step
//              0.0 0.01 5
//              0 0.1 0.5 0.9 1
// Lookup: NAME is tried as given (relative to the current directory, or absolute); if that
// cannot be opened and NAME is relative, it is tried relative to the deck's directory.
#pragma once

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace sw4 {
namespace input_detail {

constexpr int kMinSeriesSamples = 4;

// Opens NAME as described above; returns the path that opened, or "" if none did.
inline std::string resolve_series_path(const std::string& name, const std::string& deck_dir) {
  if (std::ifstream(name).good()) return name;
  if (!name.empty() && name[0] != '/' && !deck_dir.empty()) {
    std::string p = deck_dir + name;
    if (std::ifstream(p).good()) return p;
  }
  return "";
}

// Reads the samples of PATH into s (sample_t0, sample_dt, samples).
inline void read_series(const std::string& path, SourceCfg& s) {
  std::ifstream in(path);
  std::string text;
  int no = 0, header_line = 0, n = 0;
  bool have_header = false;
  s.samples.clear();
  while (std::getline(in, text)) {
    ++no;
    std::vector<std::string> w = split_words(text);
    if (w.empty()) continue;
    if (!have_header) {
      if (w.size() != 3)
        fail_at(path, no, "the first data line must hold 't0 dt n' (found " +
                              std::to_string(w.size()) + " values)");
      if (!to_real(w[0], s.sample_t0)) fail_at(path, no, "t0 '" + w[0] + "' is not a number");
      if (!to_real(w[1], s.sample_dt)) fail_at(path, no, "dt '" + w[1] + "' is not a number");
      if (!(s.sample_dt > 0)) fail_at(path, no, "dt=" + w[1] + " must be > 0");
      if (!to_int(w[2], n)) fail_at(path, no, "n '" + w[2] + "' is not an integer");
      if (n < kMinSeriesSamples)
        fail_at(path, no, "n=" + w[2] + " must be >= " + std::to_string(kMinSeriesSamples));
      have_header = true;
      header_line = no;
      s.samples.reserve(static_cast<std::size_t>(std::min(n, 1 << 20)));  // n is not yet proven
      continue;
    }
    for (const std::string& v : w) {
      double x = 0;
      if (!to_real(v, x)) fail_at(path, no, "sample '" + v + "' is not a number");
      if (static_cast<int>(s.samples.size()) == n)
        fail_at(path, no, "more than n=" + std::to_string(n) + " samples (n is set on line " +
                              std::to_string(header_line) + ")");
      s.samples.push_back(x);
    }
  }
  if (in.bad()) fail_at(path, no, "cannot read this file (is it a directory?)");
  if (!have_header) fail_at(path, no, "no data (the first data line must hold 't0 dt n')");
  if (static_cast<int>(s.samples.size()) != n)
    fail_at(path, no, "only " + std::to_string(s.samples.size()) + " samples, expected n=" +
                          std::to_string(n) + " (n is set on line " +
                          std::to_string(header_line) + ")");
}

}  // namespace input_detail
}  // namespace sw4

// usgs_helpers.hpp: reading a receiver's USGS text file and comparing series with a tolerance
// relative to a series' maximum (the end-to-end comparisons with the original's files).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

// One USGS text file: header lines, the time column as printed, and every column as numbers.
struct Usgs {
  std::vector<std::string> header;
  std::vector<std::string> time_text;
  std::vector<std::vector<double>> col;  // col[c][row]; c = 0 is time
  std::string error;                     // empty when the file was read whole
};

Usgs read_usgs(const std::string& path) {
  Usgs u;
  std::ifstream in(path);
  if (!in) {
    u.error = "cannot open " + path;
    return u;
  }
  std::string line;
  int no = 0;
  while (std::getline(in, line)) {
    ++no;
    if (!line.empty() && line[0] == '#') {
      u.header.push_back(line);
      continue;
    }
    std::istringstream words(line);
    std::vector<double> row;
    std::string w;
    while (words >> w) {
      char* end = nullptr;
      const double v = std::strtod(w.c_str(), &end);
      if (end == w.c_str() || *end != '\0') {
        u.error = path + ":" + std::to_string(no) + ": '" + w + "' is not a number";
        return u;
      }
      if (row.empty()) u.time_text.push_back(w);
      row.push_back(v);
    }
    if (row.empty()) continue;
    if (u.col.empty()) u.col.resize(row.size());
    if (row.size() != u.col.size()) {
      u.error = path + ":" + std::to_string(no) + ": " + std::to_string(row.size()) +
                " columns, the first data row has " + std::to_string(u.col.size());
      return u;
    }
    for (std::size_t c = 0; c < row.size(); ++c) u.col[c].push_back(row[c]);
  }
  if (u.col.empty()) u.error = path + ": no data rows";
  return u;
}

double max_abs(const std::vector<double>& v) {
  double m = 0;
  for (double x : v) m = std::max(m, std::fabs(x));
  return m;
}

// Every got[i] within rel * max|want| of want[i]; reports the worst row.
void expect_close(const std::vector<double>& got, const std::vector<double>& want, double rel,
                  const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what << ": different numbers of rows";
  const double tol = rel * max_abs(want);
  double worst = 0;
  std::size_t at = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::fabs(got[i] - want[i]) > worst) worst = std::fabs(got[i] - want[i]), at = i;
  EXPECT_LE(worst, tol) << what << ": row " << at << " differs by " << worst << " (got " << got[at]
                        << ", expected " << want[at] << "; allowed " << rel
                        << " of the maximum " << max_abs(want) << ")";
}

}  // namespace

// receiver_helpers.hpp: what both halves of the receiver tests use (test_receiver.cpp,
// test_receiver_formats.cpp): the grid and time step of the original's pointsource run, the
// date its reference files print, a rec line as a RecCfg, and small file helpers.
//
// Why built so: both files check receivers against the same reference run, so its grid and
// dt are written down once; inline, so that a binary that uses only some of these compiles
// without a warning.
#pragma once

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <system_error>
#include <vector>

#include "receiver.hpp"
#include "pointsource_grid.hpp"

// The pointsource reference run: pointsource_grid(), dt = 0.6/23.
inline const double kDt = 0.6 / 23;
inline const sw4::UtcTime kRefDate{2026, 11, 29, 23, 40, 22, 0, 333};  // the date printed in the reference files

inline sw4::RecCfg rec(double x, double y, double z, const std::string& file,
                       sw4::RecMode mode = sw4::RecMode::Displacement) {
  sw4::RecCfg c;
  c.x = x; c.y = y; c.z = z;
  c.file = file;
  c.mode = mode;
  return c;
}

inline std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

struct TempDir {
  std::filesystem::path dir;
  TempDir() {
    dir = std::filesystem::temp_directory_path() /
          ("sw4lite_test_receiver_" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    std::filesystem::create_directories(dir);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(dir, ec);
  }
  std::string path() const { return dir.string() + "/"; }
};

inline std::string slurp(const std::string& name) {
  std::ifstream in(name, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

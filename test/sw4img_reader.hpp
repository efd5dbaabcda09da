// sw4img_reader.hpp: a reader of SW4's image file (.sw4img) written from the user guide's table
// (docs/user-guide.md, "Images"), for the image tests (test_image.cpp, test_image_exact.cpp).
//
// Why built so: the reader is written from the documented layout, not from the writer
// (output/image.hpp), so a mistake in the writer's layout shows as a mismatch instead of being
// read back the same way; one copy serves both test files. Inline, so that a binary that uses
// part of it compiles without a warning.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

// The SW4 image file as the user guide's table lays it out (docs/user-guide.md, "Images").
struct Sw4Img {
  int prec = 0, npatches = 0, plane = 0, mode = 0, gridinfo = 0;
  double t = 0, coord = 0;
  std::string date;
  struct Patch {
    double h, zmin;
    int ib, ie, jb, je;
  };
  std::vector<Patch> patches;
  std::vector<std::vector<double>> data;
  std::vector<double> z;
};
template <class T>
inline T take(const std::vector<char>& f, std::size_t& at) {
  T v{};
  EXPECT_LE(at + sizeof v, f.size());
  if (at + sizeof v > f.size()) return v;
  std::memcpy(&v, f.data() + at, sizeof v);
  at += sizeof v;
  return v;
}
inline Sw4Img read_sw4img(const std::vector<char>& f) {
  Sw4Img im;
  std::size_t at = 0;
  im.prec = take<std::int32_t>(f, at);
  im.npatches = take<std::int32_t>(f, at);
  im.t = take<double>(f, at);
  im.plane = take<std::int32_t>(f, at);
  im.coord = take<double>(f, at);
  im.mode = take<std::int32_t>(f, at);
  im.gridinfo = take<std::int32_t>(f, at);
  im.date.assign(f.begin() + long(at), f.begin() + long(at + 25));
  at += 25;
  for (int p = 0; p < im.npatches; ++p) {
    Sw4Img::Patch q{};
    q.h = take<double>(f, at);
    q.zmin = take<double>(f, at);
    q.ib = take<std::int32_t>(f, at);
    q.ie = take<std::int32_t>(f, at);
    q.jb = take<std::int32_t>(f, at);
    q.je = take<std::int32_t>(f, at);
    im.patches.push_back(q);
  }
  auto values = [&](std::size_t n) {
    std::vector<double> v;
    for (std::size_t i = 0; i < n; ++i)
      v.push_back(im.prec == 8 ? take<double>(f, at) : double(take<float>(f, at)));
    return v;
  };
  for (const auto& q : im.patches) im.data.push_back(values(std::size_t(q.ie - q.ib + 1) * std::size_t(q.je - q.jb + 1)));
  if (im.gridinfo == 1) {
    const auto& q = im.patches.back();
    im.z = values(std::size_t(q.ie - q.ib + 1) * std::size_t(q.je - q.jb + 1));
  }
  EXPECT_EQ(at, f.size());
  return im;
}

inline std::vector<char> read_file(const std::string& name) {
  std::ifstream in(name, std::ios::binary);
  EXPECT_TRUE(bool(in)) << name;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

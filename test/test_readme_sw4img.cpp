// test_readme_sw4img.cpp: the user guide's table of the .sw4img layout (docs/user-guide.md,
// "Images"), read from that file itself and checked against the writer (output/image.hpp:
// sw4img_bytes): every row's size, type and place, the patch record's size, and the file's
// length, for one patch and for two (topography), and the mode numbers of every mode.
//
// Why built so: the table is what a user's reader is written from, and a table that says 40
// bytes a patch where the writer puts 32 makes every reader built from it misread the file.
// test_image.cpp reads the files by its own copy of the layout; this test reads the table, so a
// table that drifts from the writer fails here.
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "output/image.hpp"
#include "input_helpers.hpp"

using namespace sw4;

namespace {

struct Row {
  std::string bytes, type, field;
};

std::string trim(const std::string& s) {
  const std::size_t b = s.find_first_not_of(' '), e = s.find_last_not_of(' ');
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The rows of the table after "**The .sw4img layout**" (header and separator left out).
std::vector<Row> readme_rows() {
  const char* root = std::getenv("SW4LITE_ROOT");
  const std::string readme = "docs/user-guide.md";  // from the repository's root
  std::ifstream in(std::string(root ? root : ".") + "/" + readme);
  EXPECT_TRUE(bool(in)) << readme << " not found (run from the repository root or set SW4LITE_ROOT)";
  std::string line;
  while (std::getline(in, line) && line.find("**The .sw4img layout**") == std::string::npos) {}
  std::vector<Row> rows;
  bool table = false;
  while (std::getline(in, line)) {
    if (line.rfind("|", 0) != 0) {
      if (table) break;
      continue;
    }
    table = true;
    std::vector<std::string> cells;
    std::stringstream ss(line.substr(1));
    for (std::string c; std::getline(ss, c, '|');) cells.push_back(trim(c));
    if (cells.size() < 3 || cells[0] == "bytes" || cells[0].rfind("---", 0) == 0) continue;
    rows.push_back({cells[0], cells[1], cells[2]});
  }
  return rows;
}

template <class T>
T at(const std::vector<char>& f, std::size_t off) {
  T v{};
  EXPECT_LE(off + sizeof v, f.size());
  if (off + sizeof v <= f.size()) std::memcpy(&v, f.data() + off, sizeof v);
  return v;
}

// The writer's file for IMAGE_LINE in a deck (topography or not), checked row by row.
void check_against_table(const std::string& deck, bool dbl) {
  const Config cfg = parse(deck);
  const ImageCfg& im = cfg.images.back();
  const ImageLayout L = image_layout(cfg, im);
  std::vector<std::vector<double>> data;
  std::size_t values = 0;
  for (const ImagePatch& p : L.patches) {
    data.emplace_back(p.size(), 0.5);
    values += p.size();
  }
  const std::vector<double> z = curvilinear_z(cfg, L);
  const int code = image_mode_info(im.mode).code;
  const std::vector<char> f = sw4img_bytes(L, code, 0.25, dbl, data, z);
  const std::size_t P = L.patches.size(), value_bytes = dbl ? 8 : 4;

  const std::vector<Row> rows = readme_rows();
  ASSERT_GE(rows.size(), 10u);
  std::size_t off = 0, per_patch = 0, header = 0;
  bool patches_seen = false;
  for (const Row& r : rows) {
    if (r.bytes.find("P") != std::string::npos && std::isdigit(static_cast<unsigned char>(r.bytes[0]))) {
      header = off;
      per_patch = std::size_t(std::stoul(r.bytes));  // "N × P"
      EXPECT_EQ(per_patch, 2 * sizeof(double) + 4 * sizeof(std::int32_t)) << "the patch record: " << r.field;
      for (std::size_t q = 0; q < P; ++q) {  // h, zmin, ib, ie, jb, je
        const std::size_t b = off + q * per_patch;
        const ImagePatch& p = L.patches[q];
        EXPECT_EQ(at<double>(f, b), p.h);
        EXPECT_EQ(at<double>(f, b + 8), p.zmin);
        EXPECT_EQ(at<std::int32_t>(f, b + 16), p.ib);
        EXPECT_EQ(at<std::int32_t>(f, b + 20), p.ie);
        EXPECT_EQ(at<std::int32_t>(f, b + 24), p.jb);
        EXPECT_EQ(at<std::int32_t>(f, b + 28), p.je);
      }
      off += P * per_patch;
      patches_seen = true;
      continue;
    }
    if (!std::isdigit(static_cast<unsigned char>(r.bytes[0]))) continue;  // the values: below
    EXPECT_FALSE(patches_seen) << "a fixed-size row after the patch records: " << r.field;
    const std::size_t n = std::size_t(std::stoul(r.bytes));
    const std::string& fd = r.field;
    if (r.type == "int32") {
      ASSERT_EQ(n, 4u) << fd;
      const std::int32_t v = at<std::int32_t>(f, off);
      if (fd.rfind("precision", 0) == 0) EXPECT_EQ(v, dbl ? 8 : 4) << fd;
      else if (fd.rfind("number of patches", 0) == 0) EXPECT_EQ(std::size_t(v), P) << fd;
      else if (fd.rfind("plane", 0) == 0) EXPECT_EQ(v, L.plane) << fd;
      else if (fd.rfind("mode", 0) == 0) EXPECT_EQ(v, code) << fd;
      else if (fd.rfind("gridinfo", 0) == 0) EXPECT_EQ(v, L.gridinfo ? 1 : 0) << fd;
      else ADD_FAILURE() << "a row the test does not know: " << fd;
    } else if (r.type == "float64") {
      ASSERT_EQ(n, 8u) << fd;
      const double v = at<double>(f, off);
      if (fd.rfind("time", 0) == 0) EXPECT_EQ(v, 0.25) << fd;
      else if (fd.find("coordinate") != std::string::npos) EXPECT_EQ(v, L.coord) << fd;
      else ADD_FAILURE() << "a row the test does not know: " << fd;
    } else if (r.type == "char") {
      ASSERT_EQ(n, std::size_t(kImageDateChars)) << fd;
      EXPECT_EQ(std::string(f.data() + off, n), std::string(kImageDate)) << fd;
    } else {
      ADD_FAILURE() << "a type the test does not know: " << r.type;
    }
    off += n;
  }
  EXPECT_TRUE(patches_seen);
  EXPECT_EQ(header, 61u);  // 4 + 4 + 8 + 4 + 8 + 4 + 4 + 25, then the patch records
  // then the values of every patch and, with gridinfo, the z of the last one: nothing else
  const std::size_t zs = L.gridinfo ? L.patches.back().size() : 0;
  EXPECT_EQ(f.size(), 61 + P * per_patch + (values + zs) * value_bytes);
  EXPECT_EQ(zs, z.size());
}

}  // namespace

TEST(ReadmeSw4img, OnePatch) {
  const std::string deck = "grid h=0.1 x=1.2 y=0.8 z=0.7\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n";
  check_against_table(deck + "image mode=ux x=0.5 cycle=1\n", false);
  check_against_table(deck + "image mode=rho z=0.3 cycle=1 precision=double\n", true);
}

TEST(ReadmeSw4img, TwoPatchesUnderTopography) {
  const std::string deck =
      "grid h=0.05 x=1.2 y=0.8 z=1.0\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n"
      "topography input=gaussian zmax=0.5 gaussianAmp=0.05 gaussianXc=0.6 gaussianYc=0.4 gaussianLx=0.2 "
      "gaussianLy=0.2\n";
  check_against_table(deck + "image mode=uz y=0.4 cycle=1\n", false);
  check_against_table(deck + "image mode=topo z=0 cycle=1 precision=double\n", true);
}

// The mode row names every mode the parser takes with the number the writer puts in the file
// ("ux 1, uy 2, ..."), so a reader built from the table knows each file's quantity.
TEST(ReadmeSw4img, ModeRowNamesEveryMode) {
  std::string row;
  for (const Row& r : readme_rows())
    if (r.field.rfind("mode", 0) == 0) row = r.field;
  ASSERT_FALSE(row.empty()) << "no mode row in the table";
  for (const auto& m : input_detail::image_mode_names()) {
    const ImageModeInfo info = image_mode_info(m.mode);
    if (std::string(m.name) != info.name) continue;  // curl, velmag: other names of curlmag, magdudt
    const std::string entry = std::string(info.name) + " " + std::to_string(info.code);
    bool found = false;
    for (std::size_t at = row.find(entry); at != std::string::npos && !found; at = row.find(entry, at + 1)) {
      const char before = at ? row[at - 1] : ' ', after = at + entry.size() < row.size() ? row[at + entry.size()] : ' ';
      found = !std::isalnum(static_cast<unsigned char>(before)) && !std::isdigit(static_cast<unsigned char>(after));
    }
    EXPECT_TRUE(found) << "'" << entry << "' is not in the mode row: " << row;
  }
}

// test_image.cpp: images (image.hpp, image_render.hpp, png.hpp): the PNG writer's checksums
// against published values and an independent decoder, the SW4 image file read back by a
// reader written from the documented layout (sw4img_reader.hpp), the parts of cut pieces
// assembled into the same plane as one piece gives, and (with SW4LITE_IMAGE_DIR set by
// test/checks/image.sh) the files of a real run: the image against the checkpoint written at the
// same step, to the bit. The initial data and the exact and error modes: test_image_exact.cpp.
//
// Why built so: the reader and the decoder are written from the formats' descriptions
// (docs/user-guide.md, "Images", RFC 1950/1951, the PNG specification), not from the writer, so a
// mistake in the writer's layout shows as a mismatch instead of being read back the same way.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "output/checkpoint.hpp"
#include "output/image.hpp"
#include "input.hpp"
#include "output/png.hpp"
#include "sw4img_reader.hpp"

using namespace sw4;

namespace {

std::vector<unsigned char> bytes_of(const std::string& s) { return {s.begin(), s.end()}; }

std::uint32_t crc_bitwise(const unsigned char* p, std::size_t n) {  // no table
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int b = 0; b < 8; ++b) c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1u)));
  }
  return ~c;
}
std::uint32_t be32(const unsigned char* p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 | std::uint32_t(p[2]) << 8 | p[3];
}

// A decoded PNG of stored blocks: width, height and the filtered rows; fails the test on any
// broken checksum or structure.
struct Decoded {
  std::uint32_t w = 0, h = 0;
  std::vector<unsigned char> raw;
};
Decoded decode_png(const std::vector<unsigned char>& f) {
  Decoded d;
  const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  EXPECT_GE(f.size(), 8u);
  EXPECT_EQ(0, std::memcmp(f.data(), sig, 8));
  std::size_t at = 8;
  std::vector<unsigned char> z;
  std::vector<std::string> types;
  while (at + 12 <= f.size()) {
    const std::uint32_t len = be32(&f[at]);
    const std::string type(f.begin() + long(at + 4), f.begin() + long(at + 8));
    types.push_back(type);
    EXPECT_LE(at + 12 + len, f.size());
    EXPECT_EQ(be32(&f[at + 8 + len]), crc_bitwise(&f[at + 4], 4 + len)) << "CRC of chunk " << type;
    if (type == "IHDR") {
      d.w = be32(&f[at + 8]);
      d.h = be32(&f[at + 12]);
      EXPECT_EQ(8, f[at + 16]);  // bit depth
      EXPECT_EQ(2, f[at + 17]);  // RGB
    }
    if (type == "IDAT") z.insert(z.end(), f.begin() + long(at + 8), f.begin() + long(at + 8 + len));
    at += 12 + len;
  }
  EXPECT_EQ(at, f.size());
  EXPECT_EQ((std::vector<std::string>{"IHDR", "IDAT", "IEND"}), types);
  // zlib: CMF/FLG, stored blocks (LEN, NLEN = ~LEN), Adler-32 of the data, computed naively.
  EXPECT_GE(z.size(), 6u);
  EXPECT_EQ(0x78, z[0]);
  EXPECT_EQ(0, (z[0] * 256 + z[1]) % 31);
  std::size_t p = 2;
  bool last = false;
  while (!last && p + 5 <= z.size()) {
    last = z[p] & 1;
    EXPECT_EQ(0, (z[p] >> 1) & 3) << "not a stored block";
    const unsigned len = z[p + 1] | unsigned(z[p + 2]) << 8, nlen = z[p + 3] | unsigned(z[p + 4]) << 8;
    EXPECT_EQ(len, (~nlen) & 0xFFFFu);
    d.raw.insert(d.raw.end(), z.begin() + long(p + 5), z.begin() + long(p + 5 + len));
    p += 5 + len;
  }
  EXPECT_TRUE(last);
  EXPECT_EQ(p + 4, z.size());
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : d.raw) {
    a = (a + c) % 65521;
    b = (b + a) % 65521;
  }
  EXPECT_EQ(be32(&z[p]), (b << 16) | a);
  EXPECT_EQ(std::size_t(d.h) * (3 * std::size_t(d.w) + 1), d.raw.size());
  return d;
}

const char* kDeck =
    "grid h=0.1 x=1.2 y=0.8 z=0.7\n"
    "time steps=4\n"
    "supergrid gp=3\n"
    "block vp=2 vs=1 rho=1.5\n"
    "block vp=3 vs=1.5 rho=2 z1=0.3\n"
    "image mode=rho x=0.5 cycle=1 file=base\n";

Config deck(const std::string& extra = "") {
  std::istringstream in(std::string(kDeck) + extra);
  return parse_input_stream(in, "image.in");
}

// A piece of a p1 x p2 cut with its arrays and U, Um set to known smooth fields.
Subdomain piece(const Config& cfg, int p1, int p2, int pi, int pj) {
  Subdomain sd(cfg, piece_geometry(cfg, p1, p2, pi, pj));
  EXPECT_EQ("", sd.allocate(cfg));
  sd.dt = 0.01;
  for (int c = 0; c < 3; ++c)
    for (int k = sd.box.kb; k <= sd.box.ke; ++k)
      for (int j = sd.box.jb; j <= sd.box.je; ++j)
        for (int i = sd.box.ib; i <= sd.box.ie; ++i) {
          sd.u[std::size_t(c)](i, j, k) = std::sin(0.3 * i + 0.7 * j * (c + 1) + 0.11 * k * k) + 0.01 * c;
          sd.um[std::size_t(c)](i, j, k) = 0.5 * std::cos(0.2 * i * j + k - c);
        }
  return sd;
}

}  // namespace

TEST(Png, ChecksumsAgainstPublishedValues) {
  const auto s = bytes_of("123456789");
  EXPECT_EQ(0xCBF43926u, png::crc32(s.data(), s.size()));
  const auto w = bytes_of("Wikipedia");
  EXPECT_EQ(0x11E60398u, png::adler32(w.data(), w.size()));
  std::vector<unsigned char> big(200000);
  for (std::size_t i = 0; i < big.size(); ++i) big[i] = static_cast<unsigned char>(i * 7 + (i >> 9));
  EXPECT_EQ(crc_bitwise(big.data(), big.size()), png::crc32(big.data(), big.size()));
}

TEST(Png, DecodesToThePixels) {
  for (int w : {1, 3, 250}) {  // 250 x 120 x 3 > 65535: several stored blocks
    const int h = w == 250 ? 120 : 2;
    std::vector<unsigned char> rgb(std::size_t(3 * w * h));
    for (std::size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<unsigned char>(i * 13 + 5);
    const Decoded d = decode_png(png::encode_rgb(w, h, rgb));
    ASSERT_EQ(std::uint32_t(w), d.w);
    ASSERT_EQ(std::uint32_t(h), d.h);
    for (int y = 0; y < h; ++y) {
      EXPECT_EQ(0, d.raw[std::size_t(y) * (3 * std::size_t(w) + 1)]);  // filter None
      for (int x = 0; x < 3 * w; ++x)
        ASSERT_EQ(rgb[std::size_t(y * 3 * w + x)], d.raw[std::size_t(y) * (3 * std::size_t(w) + 1) + 1 + std::size_t(x)]);
    }
  }
}

TEST(ImageRender, BarAndColours) {
  EXPECT_EQ((std::array<double, 2>{-3, 3}), render::bar_range({1, -3, 2}, true));
  EXPECT_EQ((std::array<double, 2>{1, 2}), render::bar_range({1, 2, 1.5}, false));
  const auto flat = render::bar_range({0, 0}, false);
  EXPECT_LT(flat[0], flat[1]);
  EXPECT_EQ((render::Rgb{255, 255, 255}), render::ramp(0.5, render::diverging()));
  for (const char* s = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ=.,-+:()/|"; *s; ++s)
    EXPECT_EQ(35u, std::strlen(render::glyph(*s))) << *s;
  const render::Canvas cv = render::render_field({0, 1, 2, 3}, 2, 2, false, "UX T=1");
  EXPECT_GE(cv.w, 2 * 8 + 12);  // magnified 8 times, and the bar
  EXPECT_EQ(std::size_t(3 * cv.w * cv.h), cv.rgb.size());
}

TEST(Image, FileHoldsTheFieldToTheBit) {
  for (const char* line : {"image mode=ux x=0.5 cycle=1 precision=double\n", "image mode=uz y=0.3 cycle=1\n",
                           "image mode=div z=0.2 cycle=1 precision=double\n", "image mode=vy z=0 cycle=2\n"}) {
    const Config cfg = deck(line);
    const ImageCfg& im = cfg.images.back();
    const ImageLayout L = image_layout(cfg, im);
    Subdomain whole = piece(cfg, 1, 1, 0, 0);
    std::vector<double> one, cut;
    append_piece_part(cfg, im, L, whole, 0.25, one);
    for (int pj = 0; pj < 2; ++pj)  // a 3 x 2 cut, parts in reverse order
      for (int pi = 2; pi >= 0; --pi) {
        Subdomain sd = piece(cfg, 3, 2, pi, pj);
        append_piece_part(cfg, im, L, sd, 0.25, cut);
      }
    std::vector<std::vector<double>> a, b;
    ASSERT_TRUE(assemble_parts(L, one, a));
    ASSERT_TRUE(assemble_parts(L, cut, b));
    EXPECT_EQ(a, b) << line;
    const std::vector<char> bytes = sw4img_bytes(L, image_mode_info(im.mode).code, 0.25, im.double_precision, a, {});
    const Sw4Img f = read_sw4img(bytes);
    EXPECT_EQ(im.double_precision ? 8 : 4, f.prec);
    EXPECT_EQ(1, f.npatches);
    EXPECT_EQ(0.25, f.t);
    EXPECT_EQ(im.plane, f.plane);
    EXPECT_EQ(0, f.gridinfo);
    const Sw4Img::Patch& q = f.patches[0];
    EXPECT_EQ(0.1, q.h);
    EXPECT_EQ(1, q.ib);
    EXPECT_EQ(1, q.jb);
    EXPECT_EQ(im.plane == 0 ? 9 : 13, q.ie);  // ny = 9 on an x plane, nx = 13 otherwise
    EXPECT_EQ(im.plane == 2 ? 9 : 8, q.je);
    // Every value against the field itself (the mode's formula at the point).
    const Field& U = whole.u;
    for (int bb = q.jb; bb <= q.je; ++bb)
      for (int aa = q.ib; aa <= q.ie; ++aa) {
        int i = 0, j = 0, k = 0;
        patch_point(L, L.patches[0], aa, bb, i, j, k);
        double v = 0;
        if (im.mode == ImageMode::Ux) v = U[0](i, j, k);
        if (im.mode == ImageMode::Uz) v = U[2](i, j, k);
        if (im.mode == ImageMode::Vy) v = (U[1](i, j, k) - whole.um[1](i, j, k)) / whole.dt;
        if (im.mode == ImageMode::Div)
          v = (U[0](i + 1, j, k) - U[0](i - 1, j, k) + U[1](i, j + 1, k) - U[1](i, j - 1, k) +
               U[2](i, j, k + 1) - U[2](i, j, k - 1)) * (1.0 / (2 * 0.1));
        v = double(Real(v));  // rounded to the build's precision first (image.hpp), then the file's
        if (f.prec == 4) v = double(float(v));
        ASSERT_EQ(v, f.data[0][std::size_t(aa - q.ib) + std::size_t(q.ie - q.ib + 1) * std::size_t(bb - q.jb)])
            << line << " at " << aa << "," << bb;
      }
  }
}

TEST(Image, LayoutAndName) {
  const Config cfg = deck("fileio path=out\nimage mode=curl y=0.34 cycleInterval=2 file=snap\n");
  const ImageLayout L = image_layout(cfg, cfg.images.back());
  EXPECT_EQ(1, L.plane);
  EXPECT_DOUBLE_EQ(0.3, L.coord);  // the nearest grid plane
  EXPECT_EQ("out/snap.cycle=04.y=0.3.curlmag.sw4img", image_name(cfg, cfg.images.back(), L, 4, 10, ".sw4img"));
  std::vector<double> bad = {0, 1, 13, 1, 7};  // a rectangle without its values
  std::vector<std::vector<double>> d;
  EXPECT_FALSE(assemble_parts(L, bad, d));
}

TEST(ImageInput, KeysAndErrors) {
  const Config c = deck("image mode=velmag z=0.3 timeInterval=0.5 cycle=3 file=s precision=double\n");
  const ImageCfg& im = c.images.back();
  EXPECT_EQ(ImageMode::MagDuDt, im.mode);
  EXPECT_EQ(2, im.plane);
  EXPECT_EQ(0.3, im.coord);
  EXPECT_EQ(0.5, im.when.timeInterval);
  EXPECT_EQ(3, im.when.cycle);
  EXPECT_EQ(-1, im.when.time);
  EXPECT_EQ("s", im.file);
  EXPECT_TRUE(im.double_precision);
  EXPECT_EQ("image", deck("image mode=mu y=0 cycle=1\n").images.back().file);
  EXPECT_FALSE(deck().images.back().double_precision);
  auto error = [](const std::string& extra) {
    try {
      deck(extra);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ("image.in:7: image: the same file=, mode and grid plane as the image on line 6 (allowed: another "
            "file= prefix, or one line with both lines' times)",
            error("image mode=rho x=0.52 cycle=3 file=base\n"));  // x=0.5 and 0.52: the same grid plane
  EXPECT_EQ("no error", error("image mode=rho x=0.56 cycle=3 file=base\n"));
  EXPECT_EQ("no error", error("image mode=p x=0.5 cycle=3 file=base\n"));
  EXPECT_EQ("image.in:7: image: no plane given (give exactly one of x=, y=, z=: the plane x, y or z = constant)",
            error("image mode=ux cycle=3\n"));
  // SW4's decks name what SW4 has and this program lacks: refused by name.
  const std::string modes = "ux, uy, uz, mag, div, curlmag, curl, vx, vy, vz, magdudt, velmag, p, s, rho, lambda, "
                            "mu, topo, uxexact, uyexact, uzexact, uxerr, uyerr, uzerr";
  EXPECT_EQ("image.in:7: image: mode=hmax is SW4's and not implemented here (allowed: " + modes + ")",
            error("image mode=hmax x=0.5 cycle=1\n"));
  EXPECT_EQ("image.in:7: image: unknown mode 'uxx' (allowed: " + modes + ")", error("image mode=uxx x=0.5 cycle=1\n"));
}

// The files of test/e2e/image.sh's run: the image (precision=double, ux on x=1) against the
// checkpoint of the same step, to the bit; every PNG decodes.
TEST(ImageRun, MatchesTheCheckpoint) {
  const char* dir = std::getenv("SW4LITE_IMAGE_DIR");
  if (!dir) GTEST_SKIP() << "SW4LITE_IMAGE_DIR not set (test/checks/image.sh sets it)";
  const std::string d = std::string(dir) + "/np1/out/";
  const Sw4Img im = read_sw4img(read_file(d + "snap.cycle=10.x=1.ux.sw4img"));
  const std::vector<char> ck = read_file(d + "ck.cycle=10.sw4checkpoint");
  ASSERT_GE(ck.size(), sizeof(CheckpointHeader));
  CheckpointHeader h;
  std::memcpy(&h, ck.data(), sizeof h);
  ASSERT_EQ(8, im.prec);
  ASSERT_EQ(1, im.npatches);
  EXPECT_EQ(h.t, im.t);
  const long nx = h.nx, ny = h.ny;
  const Sw4Img::Patch& q = im.patches[0];
  const int i = 1 + int(std::lround(im.coord / q.h));
  for (int k = q.jb; k <= q.je; ++k)
    for (int j = q.ib; j <= q.ie; ++j) {
      const long at = ((k + 1) * (ny + 4) + (j + 1)) * (nx + 4) + (i + 1);  // field 0: U, x
      Real u = 0;  // the checkpoint holds Reals (value_bytes each)
      std::memcpy(&u, ck.data() + h.fields_offset + sizeof(Real) * std::size_t(at), sizeof u);
      ASSERT_EQ(u, im.data[0][std::size_t(j - q.ib) + std::size_t(q.ie - q.ib + 1) * std::size_t(k - q.jb)])
          << "j=" << j << " k=" << k;
    }
  const std::vector<char> p = read_file(d + "snap.cycle=10.x=1.ux.png");
  const Decoded dec = decode_png({p.begin(), p.end()});
  EXPECT_GT(dec.w, std::uint32_t(q.ie - q.ib + 1));
}

// png.hpp: an 8-bit RGB image as the bytes of a PNG file, with no library: the zlib stream
// holds stored (uncompressed) deflate blocks, and CRC-32 and Adler-32 are computed here.
//
// Why built so: a picture of the wavefield should open anywhere without adding a dependency
// (libpng, zlib) to a code that needs only MPI. Stored blocks are valid deflate (RFC 1951,
// BTYPE 00), so every reader decodes them; the price is size (3 bytes a pixel plus one filter
// byte a row), which is small for the planes a run images. The bytes depend only on the
// pixels, so the same image gives the same file on any machine and rank count.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sw4 {
namespace png {

// CRC-32 of ISO 3309 / ITU-T V.42 (the PNG chunk checksum): reflected polynomial 0xEDB88320.
inline std::uint32_t crc32(const unsigned char* p, std::size_t n, std::uint32_t crc = 0) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int b = 0; b < 8; ++b) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  crc = ~crc;
  for (std::size_t i = 0; i < n; ++i) crc = table[(crc ^ p[i]) & 0xFF] ^ (crc >> 8);
  return ~crc;
}

// Adler-32 (RFC 1950): two sums modulo 65521, reduced often enough that no 32-bit sum overflows.
inline std::uint32_t adler32(const unsigned char* p, std::size_t n) {
  std::uint32_t a = 1, b = 0;
  while (n > 0) {
    const std::size_t m = n < 5552 ? n : 5552;  // the most bytes before b could overflow
    for (std::size_t i = 0; i < m; ++i) {
      a += p[i];
      b += a;
    }
    a %= 65521;
    b %= 65521;
    p += m;
    n -= m;
  }
  return (b << 16) | a;
}

inline void put32(std::vector<unsigned char>& o, std::uint32_t v) {  // big-endian, as PNG wants
  for (int s = 24; s >= 0; s -= 8) o.push_back(static_cast<unsigned char>(v >> s));
}

// A zlib stream (RFC 1950) of stored deflate blocks of at most 65535 bytes each.
inline std::vector<unsigned char> zlib_stored(const std::vector<unsigned char>& data) {
  std::vector<unsigned char> z = {0x78, 0x01};  // deflate, 32K window; 0x7801 % 31 == 0
  std::size_t pos = 0;
  do {
    const std::size_t len = data.size() - pos < 65535 ? data.size() - pos : 65535;
    const bool last = pos + len == data.size();
    z.push_back(last ? 1 : 0);  // BFINAL, BTYPE = 00 (stored)
    z.push_back(static_cast<unsigned char>(len & 0xFF));
    z.push_back(static_cast<unsigned char>(len >> 8));
    z.push_back(static_cast<unsigned char>(~len & 0xFF));
    z.push_back(static_cast<unsigned char>((~len >> 8) & 0xFF));
    z.insert(z.end(), data.begin() + long(pos), data.begin() + long(pos + len));
    pos += len;
  } while (pos < data.size());
  put32(z, adler32(data.data(), data.size()));
  return z;
}

inline void chunk(std::vector<unsigned char>& o, const char type[4], const std::vector<unsigned char>& d) {
  put32(o, std::uint32_t(d.size()));
  const std::size_t at = o.size();
  o.insert(o.end(), type, type + 4);
  o.insert(o.end(), d.begin(), d.end());
  put32(o, crc32(o.data() + at, 4 + d.size()));  // over type and data
}

// The PNG of a w x h image, rgb row-major from the top-left pixel, 3 bytes a pixel.
inline std::vector<unsigned char> encode_rgb(int w, int h, const std::vector<unsigned char>& rgb) {
  std::vector<unsigned char> o = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<unsigned char> ihdr;
  put32(ihdr, std::uint32_t(w));
  put32(ihdr, std::uint32_t(h));
  for (unsigned char c : {8, 2, 0, 0, 0}) ihdr.push_back(c);  // depth 8, RGB, deflate, filter 0, no interlace
  chunk(o, "IHDR", ihdr);
  std::vector<unsigned char> raw;
  raw.reserve(std::size_t(h) * (3 * std::size_t(w) + 1));
  for (int y = 0; y < h; ++y) {
    raw.push_back(0);  // filter type None
    const auto row = rgb.begin() + long(3 * std::size_t(w) * std::size_t(y));
    raw.insert(raw.end(), row, row + 3 * w);
  }
  chunk(o, "IDAT", zlib_stored(raw));
  chunk(o, "IEND", {});
  return o;
}

}  // namespace png
}  // namespace sw4

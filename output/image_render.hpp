// image_render.hpp: a 2-D field as a picture: colour maps, a 5x7 bitmap font, and the layout
// of title line, field and colour bar, as RGB pixels for png.hpp.
//
// Why built so: the picture must need no library and be the same bytes wherever it is made,
// so everything is integer pixels decided by the field's values alone: the colour of a value
// is a piecewise-linear map of its place between the bar's ends, the labels are printf of the
// ends, and the glyphs are a table in this file. Signed fields (a displacement component, a
// divergence) get a diverging blue-white-red map centred on zero, so the sign shows at a
// glance; magnitudes and material get a sequential dark-to-bright map from min to max.
#pragma once

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "checks/float_bits.hpp"

namespace sw4 {
namespace render {

// 5x7 glyphs, one string of 7 rows of 5 columns each ('#' lit). Upper case only: titles are
// drawn upper case. An unknown character is drawn as a blank.
inline const char* glyph(char c) {
  switch (c) {
    case '0': return " ### #   ##  ### # ###  ##   # ### ";
    case '1': return "  #   ##    #    #    #    #   ### ";
    case '2': return " ### #   #    #   #   #   #   #####";
    case '3': return "#####   #   #     #     ##   # ### ";
    case '4': return "   #   ##  # # #  # #####   #    # ";
    case '5': return "######    ####     #    ##   # ### ";
    case '6': return "  ##  #   #    #### #   ##   # ### ";
    case '7': return "#####    #   #   #   #    #    #   ";
    case '8': return " ### #   ##   # ### #   ##   # ### ";
    case '9': return " ### #   ##   # ####    #   #  ##  ";
    case 'A': return " ### #   ##   #######   ##   ##   #";
    case 'B': return "#### #   ##   ##### #   ##   ##### ";
    case 'C': return " ### #   ##    #    #    #   # ### ";
    case 'D': return "###  #  # #   ##   ##   ##  # ###  ";
    case 'E': return "######    #    #### #    #    #####";
    case 'F': return "######    #    #### #    #    #    ";
    case 'G': return " ### #   ##    # ####   ##   # ####";
    case 'H': return "#   ##   ##   #######   ##   ##   #";
    case 'I': return " ###   #    #    #    #    #   ### ";
    case 'J': return "  ###   #    #    #    # #  #  ##  ";
    case 'K': return "#   ##  # # #  ##   # #  #  # #   #";
    case 'L': return "#    #    #    #    #    #    #####";
    case 'M': return "#   ### ### # ## # ##   ##   ##   #";
    case 'N': return "#   ##   ###  ## # ##  ###   ##   #";
    case 'O': return " ### #   ##   ##   ##   ##   # ### ";
    case 'P': return "#### #   ##   ##### #    #    #    ";
    case 'Q': return " ### #   ##   ##   ## # ##  #  ## #";
    case 'R': return "#### #   ##   ##### # #  #  # #   #";
    case 'S': return " #####    #     ###     #    ##### ";
    case 'T': return "#####  #    #    #    #    #    #  ";
    case 'U': return "#   ##   ##   ##   ##   ##   # ### ";
    case 'V': return "#   ##   ##   ##   ##   # # #   #  ";
    case 'W': return "#   ##   ##   ## # ## # ## # # # # ";
    case 'X': return "#   ##   # # #   #   # # #   ##   #";
    case 'Y': return "#   ##   # # #   #    #    #    #  ";
    case 'Z': return "#####    #   #   #   #   #    #####";
    case '=': return "          #####     #####          ";
    case '.': return "                         ##   ##   ";
    case ',': return "                     ##    #   #   ";
    case '-': return "               #####               ";
    case '+': return "       #    #  #####  #    #       ";
    case ':': return "      ##   ##        ##   ##       ";
    case '(': return "   #   #   #    #    #     #     # ";
    case ')': return " #     #     #    #    #   #   #   ";
    case '/': return "    #    #   #   #   #   #    #    ";
    case '|': return "  #    #    #    #    #    #    #  ";
    default: return nullptr;
  }
}
constexpr int kGlyphW = 5, kGlyphH = 7, kAdvance = 6;  // a column of space between characters

struct Canvas {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  Canvas(int width, int height) : w(width), h(height), rgb(std::size_t(3) * std::size_t(w) * std::size_t(h), 255) {}
  void set(int x, int y, const std::array<unsigned char, 3>& c) {
    if (x < 0 || y < 0 || x >= w || y >= h) return;
    const std::size_t p = 3 * (std::size_t(y) * std::size_t(w) + std::size_t(x));
    rgb[p] = c[0];
    rgb[p + 1] = c[1];
    rgb[p + 2] = c[2];
  }
  // Text with its top-left corner at (x, y), black, upper-cased. A glyph string shorter than
  // 35 characters (a few of the table's) counts its missing cells as unlit.
  void text(int x, int y, const std::string& s) {
    for (char ch : s) {
      const char* g = glyph(char(std::toupper(static_cast<unsigned char>(ch))));
      if (g) {
        const std::size_t n = std::char_traits<char>::length(g);
        for (int r = 0; r < kGlyphH; ++r)
          for (int c = 0; c < kGlyphW; ++c) {
            const std::size_t at = std::size_t(r * kGlyphW + c);
            if (at < n && g[at] == '#') set(x + c, y + r, {0, 0, 0});
          }
      }
      x += kAdvance;
    }
  }
};
inline int text_width(const std::string& s) { return int(s.size()) * kAdvance; }

using Rgb = std::array<unsigned char, 3>;

// A colour at f in [0, 1] along control colours spaced evenly; linear in between.
inline Rgb ramp(double f, const std::vector<Rgb>& stops) {
  if (!(f > 0)) f = 0;  // a NaN too
  if (f > 1) f = 1;
  const double x = f * double(stops.size() - 1);
  const std::size_t i = std::min(stops.size() - 2, std::size_t(x));
  const double u = x - double(i);
  Rgb c{};
  for (int k = 0; k < 3; ++k)
    c[std::size_t(k)] = static_cast<unsigned char>(
        std::lround((1 - u) * stops[i][std::size_t(k)] + u * stops[i + 1][std::size_t(k)]));
  return c;
}
inline const std::vector<Rgb>& diverging() {  // blue, white, red
  static const std::vector<Rgb> s = {{{33, 64, 154}}, {{120, 160, 220}}, {{255, 255, 255}},
                                     {{230, 130, 110}}, {{165, 20, 30}}};
  return s;
}
inline const std::vector<Rgb>& sequential() {  // dark purple, blue, green, yellow
  static const std::vector<Rgb> s = {{{40, 10, 80}}, {{50, 90, 160}}, {{40, 150, 130}},
                                     {{140, 200, 70}}, {{250, 230, 40}}};
  return s;
}

// The ends of the bar: [-m, m] with m the largest |v| for a signed field, [min, max] otherwise;
// equal ends are pulled apart so that every value has a place.
inline std::array<double, 2> bar_range(const std::vector<double>& v, bool is_signed) {
  double lo = 0, hi = 0;
  bool first = true;
  for (double x : v) {
    if (!finite_bits(x)) continue;
    if (first) lo = hi = x;
    lo = std::min(lo, x);
    hi = std::max(hi, x);
    first = false;
  }
  if (is_signed) {
    hi = std::max(std::fabs(lo), std::fabs(hi));
    lo = -hi;
  }
  if (!(hi > lo)) {
    const double d = lo == 0 ? 1 : std::fabs(lo) * 1e-6;
    lo -= d;
    hi += d;
  }
  return {lo, hi};
}

inline std::string label(double v) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g", v);
  return b;
}

// The picture of an nx x ny field (v[i + nx*j], row j drawn j-th from the top), magnified by
// an integer factor so that the field is at least ~200 pixels across, with a title line above
// and a colour bar, its ends labelled, on the right.
inline Canvas render_field(const std::vector<double>& v, int nx, int ny, bool is_signed,
                           const std::string& title) {
  const int big = std::max(nx, ny);
  const int mag = std::max(1, std::min(8, 200 / std::max(1, big)));
  const int W = nx * mag, H = ny * mag, m = 4, bar = 12;
  const std::array<double, 2> r = bar_range(v, is_signed);
  const std::string top = label(r[1]), bottom = label(r[0]);
  const int labels = std::max(text_width(top), text_width(bottom));
  const int width = std::max(m + W + m + bar + 3 + labels + m, m + text_width(title) + m);
  const int y0 = m + kGlyphH + m, height = y0 + std::max(H, 2 * kGlyphH + 4) + m;
  Canvas cv(width, height);
  cv.text(m, m, title);
  const std::vector<Rgb>& stops = is_signed ? diverging() : sequential();
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const Rgb c = ramp((v[std::size_t(i) + std::size_t(nx) * std::size_t(j)] - r[0]) / (r[1] - r[0]), stops);
      for (int b = 0; b < mag; ++b)
        for (int a = 0; a < mag; ++a) cv.set(m + i * mag + a, y0 + j * mag + b, c);
    }
  const int bx = m + W + m, bh = std::max(H, 2 * kGlyphH + 4);
  for (int y = 0; y < bh; ++y) {  // the top row is the maximum
    const Rgb c = ramp(1.0 - double(y) / double(std::max(1, bh - 1)), stops);
    for (int x = 0; x < bar; ++x) cv.set(bx + x, y0 + y, c);
  }
  cv.text(bx + bar + 3, y0, top);
  cv.text(bx + bar + 3, y0 + bh - kGlyphH, bottom);
  return cv;
}

}  // namespace render
}  // namespace sw4

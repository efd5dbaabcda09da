// input_image.hpp: the `image` command (SW4's): which quantity, on which grid plane, when, and
// under which file prefix.
//
// Part of input.hpp, which includes it after the Config structs (include input.hpp, not this).
//
// Why built so: an image is an output like a checkpoint, so it takes the checkpoint's four
// ways of saying when (the same rules, and as in SW4 step 0 too, the initial data: image_due)
// and the same plain file prefix. Modes carry SW4's names (and its numbers in the file,
// image.hpp), with `curl` and `velmag` accepted for curlmag and magdudt, and vx, vy, vz added
// (the velocity components, which SW4's image command lacks). The plane's position, and
// whether the deck has the exact solution an exact or error mode shows, are checked in pass 2,
// when the grid, the topography and the test problem are known.
#pragma once

#include <cmath>
#include <string>
#include <vector>

namespace sw4 {
namespace input_detail {

struct ImageModeName {
  const char* name;
  ImageMode mode;
};
inline const std::vector<ImageModeName>& image_mode_names() {
  static const std::vector<ImageModeName> v = {
      {"ux", ImageMode::Ux},           {"uy", ImageMode::Uy},          {"uz", ImageMode::Uz},
      {"mag", ImageMode::Mag},         {"div", ImageMode::Div},        {"curlmag", ImageMode::CurlMag},
      {"curl", ImageMode::CurlMag},    {"vx", ImageMode::Vx},          {"vy", ImageMode::Vy},
      {"vz", ImageMode::Vz},           {"magdudt", ImageMode::MagDuDt}, {"velmag", ImageMode::MagDuDt},
      {"p", ImageMode::P},             {"s", ImageMode::S},            {"rho", ImageMode::Rho},
      {"lambda", ImageMode::Lambda},   {"mu", ImageMode::Mu},          {"topo", ImageMode::Topo},
      {"uxexact", ImageMode::UxExact}, {"uyexact", ImageMode::UyExact}, {"uzexact", ImageMode::UzExact},
      {"uxerr", ImageMode::UxErr},     {"uyerr", ImageMode::UyErr},     {"uzerr", ImageMode::UzErr}};
  return v;
}
inline const char* image_mode_name(ImageMode m) {
  for (const ImageModeName& n : image_mode_names())
    if (n.mode == m) return n.name;
  return "?";
}
// SW4's other modes: refused by name, so that an SW4 deck says what is missing here.
inline bool sw4_image_mode(const std::string& m) {
  static const char* const kSw4[] = {
      "veldiv", "divdudt", "velcurl",
      "curldudt", "lat", "lon", "hvelmax", "hmaxdudt", "hmax", "vvelmax", "vmaxdudt", "vmax", "grid",
      "gridx", "gridy", "gridz", "fx", "fy", "fz", "hvelmag", "hmagdudt", "hmag", "gradrho", "gradmu",
      "gradlambda", "gradp", "grads", "qp", "qs", "hvel"};
  for (const char* s : kSw4)
    if (m == s) return true;
  return false;
}

inline void cmd_image(State& st, const Line& ln) {
  Keys k(st.file, ln, {"mode", "x", "y", "z", "time", "timeInterval", "cycle", "cycleInterval",
                       "file", "precision"});
  ImageCfg im;
  im.line = ln.no;
  std::vector<std::string> names;
  for (const ImageModeName& m : image_mode_names()) names.push_back(m.name);
  if (!k.has("mode")) k.fail("missing key 'mode' (allowed: " + join(names) + ")");
  const std::string mode = k.str("mode", "");
  bool found = false;
  for (const ImageModeName& m : image_mode_names())
    if (mode == m.name) {
      im.mode = m.mode;
      found = true;
    }
  if (!found && sw4_image_mode(mode))
    k.fail("mode=" + shown(mode) + " is SW4's and not implemented here (allowed: " + join(names) + ")");
  if (!found) k.fail("unknown mode " + in_quotes(mode) + " (allowed: " + join(names) + ")");
  const int planes = int(k.has("x")) + int(k.has("y")) + int(k.has("z"));
  if (planes != 1)
    k.fail(std::string(planes ? "more than one" : "no") +
           " plane given (give exactly one of x=, y=, z=: the plane x, y or z = constant)");
  im.plane = k.has("x") ? 0 : k.has("y") ? 1 : 2;
  const char* axis = im.plane == 0 ? "x" : im.plane == 1 ? "y" : "z";
  im.coord = k.real(axis, 0);
  // SW4 takes time=0 and never writes it (its time rule wants T > 0); the initial data is cycle=0.
  if (k.has("time") && k.real("time", -1) == 0)
    k.fail("time=0 would never be written (allowed: time > 0; cycle=0 is the image of the initial data)");
  read_when(k, "image", im.when, 0);
  im.file = k.str("file", "image");
  // A plain name in the fileio path, as checkpoints and receivers have, so no write can fail on
  // a missing directory; short enough for the longest name the run makes from it.
  if (im.file.empty() || im.file.find('/') != std::string::npos || im.file == "." || im.file == "..")
    k.fail(k.quote("file") + " is not a plain file name (allowed: a name without '/'; images "
           "are written in the fileio path)");
  if (im.file.size() > 150)
    k.fail("file= is " + std::to_string(im.file.size()) + " characters long (allowed: at most 150)");
  const std::string prec = k.str("precision", "float");
  if (prec != "float" && prec != "double")
    k.fail(k.text("precision") + " (allowed: float, double)");
  im.double_precision = prec == "double";
  st.cfg.images.push_back(im);
}

// Pass 2: the plane inside the domain; topo needs the topography and a z plane; with
// topography a z plane is the surface (z=0) or in the Cartesian grid (z >= the interface).
// Two lines that would write the same files (prefix, mode, grid plane) are refused: the later
// would overwrite the earlier's images without a word.
inline void check_images(State& st) {
  const GridCfg& g = st.cfg.grid;
  std::vector<std::string> keys;
  for (const ImageCfg& im : st.cfg.images) {
    auto fail = [&](const std::string& m) { fail_at(st.file, im.line, "image: " + m); };
    const double hi = im.plane == 0 ? g.xmax : im.plane == 1 ? g.ymax : g.zmax;
    const char* axis = im.plane == 0 ? "x" : im.plane == 1 ? "y" : "z";
    if (!(im.coord >= 0 && im.coord <= hi))
      fail(std::string(axis) + "=" + fmt(im.coord) + " is outside the domain (allowed: 0 <= " + axis +
           " <= " + fmt(hi) + ")");
    if (im.mode == ImageMode::Topo && !st.cfg.topo.on)
      fail("mode=topo needs a topography command (allowed without one: every other mode)");
    if (im.mode == ImageMode::Topo && im.plane != 2)
      fail("mode=topo is an image of the surface (allowed: z=0)");
    if (exact_component(im.mode) >= 0 && !exact_at_every_point(st.cfg))
      fail("mode=" + std::string(image_mode_name(im.mode)) + " needs a test problem with an exact solution at "
           "every grid point (allowed: with twilight, testrayleigh or testpointsource)");
    if (st.cfg.topo.on && im.plane == 2 && im.coord != 0 && im.coord < st.cfg.topo.zmax)
      fail("z=" + fmt(im.coord) + " is inside the curvilinear grid (allowed with topography: z=0, "
           "the surface, or z >= " + fmt(st.cfg.topo.zmax) + ", the Cartesian grid)");
    const bool below = st.cfg.topo.on && im.plane == 2 && im.coord != 0 && im.mode != ImageMode::Topo;
    const double c = below ? im.coord - st.cfg.topo.zmax : im.coord;  // receiver_modes.hpp's rule
    int plane = int(std::floor(c / g.h)) + 1;
    if (c - (plane - 0.5) * g.h > 0) ++plane;
    keys.push_back(im.file + "/" + std::to_string(int(im.mode)) + "/" + axis + std::to_string(plane) +
                   (below ? "c" : ""));
    for (std::size_t e = 0; e + 1 < keys.size(); ++e)
      if (keys[e] == keys.back())
        fail("the same file=, mode and grid plane as the image on line " +
             std::to_string(st.cfg.images[e].line) + " (allowed: another file= prefix, or one line "
             "with both lines' times)");
  }
}

}  // namespace input_detail
}  // namespace sw4

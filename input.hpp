// input.hpp: the SW4 input language, parsed into a plain Config (config.hpp).
//
// Why built so: every rank parses the same file and gets the same Config, so no broadcast is
// needed and an input error stops every rank with the same one-line message and exit status 1.
// The parser knows the grid, so every check that needs only the deck (a source outside the
// domain, a super-grid wider than the domain, points left without material...) happens here,
// before any array is allocated or any output file is started. No MPI in this file.
//
// The language is the original's (NUMERICS.md section 9), read more strictly: a command is its
// whole first word, a key its whole name; an unknown command or key, a malformed number
// ("1.0x", "nan", 2.5 for an integer), a value out of range or a missing required key is an
// error, where the original warned, truncated or went on. Booleans are 0/1, on/off, yes/no,
// true/false. SW4 commands that sw4lite ignores (volimage, prefilter...) give a warning line in
// Config::warnings. Pass 1 reads the lines in order (input_commands.hpp), pass 2 checks what
// needs the whole deck (input_check.hpp), so a source may precede the grid it lives in.
#pragma once

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>
#include <istream>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/stat.h>

#include "config.hpp"  // the Config structs the parser fills

namespace sw4 {

// One line: "FILE:LINE: what is wrong (what is allowed)".
struct InputError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// "it is a FIFO, not a regular file" (a directory, a device...) for a path that is there but
// is not a regular file, else "" (opening it then says why it fails, if it does). Files the
// program reads are checked so before they are opened: opening a FIFO waits for a writer that
// may never come, a device may never end, and every rank must read the same bytes.
inline std::string not_regular_file(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0 || S_ISREG(st.st_mode)) return "";
  const char* kind = S_ISFIFO(st.st_mode)   ? "a FIFO"
                     : S_ISDIR(st.st_mode)  ? "a directory"
                     : S_ISCHR(st.st_mode)  ? "a character device"
                     : S_ISBLK(st.st_mode)  ? "a block device"
                     : S_ISSOCK(st.st_mode) ? "a socket"
                                            : "something";
  return std::string("it is ") + kind + ", not a regular file";
}

// The halo models of the two-sided binary (developer halo=, --halo), in the order of the docs;
// shmem only in its OpenSHMEM build (halo/halo_select.hpp says so to the others).
inline const std::vector<std::string>& halo_models() {
  static const std::vector<std::string> m{"sendrecv", "isend", "neighbor", "rma-fence", "rma-pscw", "rma-passive",
                                          "shmem"};
  return m;
}
inline bool is_halo_model(const std::string& s) {
  for (const std::string& m : halo_models())
    if (s == m) return true;
  return false;
}
inline std::string halo_model_list() {
  std::string l;
  for (const std::string& m : halo_models()) l += (l.empty() ? "" : ", ") + m;
  return l;
}

// Parses and validates FILE; throws InputError with "FILE:LINE: what (allowed)".
inline Config parse_input(const std::string& filename);

// The same for a deck already open as IN, named FILENAME in messages (tests parse strings so).
inline Config parse_input_stream(std::istream& in, const std::string& filename);

}  // namespace sw4

// The parser, in the order its layers build on each other.
#include "input/input_lex.hpp"       // lines, key=value tokens, strict numbers and booleans
#include "input/input_series.hpp"    // the sample file of source type=Discrete
#include "input/input_commands.hpp"  // pass 1: one function per command
#include "input/input_attenuation.hpp"  // pass 1 and 2: attenuation, a block's qp and qs
#include "input/input_developer.hpp"  // pass 1 and 2: the developer command, the time order
#include "topography/input_topography.hpp"  // pass 1: the topography command
#include "input/input_image.hpp"     // pass 1 and 2: the image command
#include "input/input_verify.hpp"    // pass 1 and 2: twilight, testenergy, testlamb, testrayleigh
#include "input/input_dg.hpp"        // pass 1 and 2: dgalerkin, the DG solver
#include "input/input_check.hpp"     // pass 2: checks against the grid, coverage

namespace sw4 {

inline Config parse_input_stream(std::istream& in, const std::string& filename) {
  input_detail::State st;
  st.file = filename;
  std::size_t slash = filename.rfind('/');
  st.dir = slash == std::string::npos ? std::string() : filename.substr(0, slash + 1);
  st.cfg.filename = filename;
  std::string text;
  int no = 0;
  while (input_detail::get_line(in, text)) {  // the original's buffer held 255 characters
    ++no;
    if (text.size() > input_detail::kMaxLineChars)
      input_detail::fail_at(filename, no, "the line is longer than " + std::to_string(input_detail::kMaxLineChars) +
                                              " characters (allowed: at most " +
                                              std::to_string(input_detail::kMaxLineChars) + ")");
    std::vector<std::string> w = input_detail::split_words(text);
    if (w.empty()) continue;
    input_detail::Line ln;
    ln.no = no;
    ln.cmd = w[0];
    ln.words.assign(w.begin() + 1, w.end());
    input_detail::dispatch(st, ln);
  }
  if (in.bad()) input_detail::fail_at(filename, no, "cannot read the input file (is it a directory?)");
  st.last_line = no;
  input_detail::check_deck(st);
  return st.cfg;
}

inline Config parse_input(const std::string& filename) {
  const std::string kind = not_regular_file(filename);
  if (!kind.empty()) input_detail::fail_at(filename, 0, "cannot open the input file (" + kind + ")");
  std::ifstream in(filename);
  if (!in) {
    int e = errno;
    input_detail::fail_at(input_detail::shown(filename, input_detail::kShownPathChars), 0,
                          std::string("cannot open the input file (") + (e ? std::strerror(e) : "unknown reason") +
                              ")");
  }
  return parse_input_stream(in, filename);
}

}  // namespace sw4

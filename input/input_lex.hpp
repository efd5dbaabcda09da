// input_lex.hpp: the lexical layer of the input language: lines, key=value tokens, values.
//
// Part of input.hpp, which includes it after the Config structs (include input.hpp, not this).
//
// Why built so: every message of the parser has the one form "FILE:LINE: command: what is wrong
// (what is allowed)", so the place (file, line, command) travels with the tokens, and every
// conversion from text goes through one strict function that either gives a finite value or
// throws. The strictness is the point: atof("1.0x") is 1 and atoi("2.5") is 2 in the original;
// here both are errors, as are "nan" and "inf", so a typo never becomes a number.
// A key is matched by its whole name (not by prefix), each key may appear once per line, and
// a key that the command does not know is an error listing the keys it does know. What the
// parser reads and says is bounded: a deck line is at most kMaxLineChars, and a message quotes
// the user's text through shown() or in_quotes(), about 80 characters of it at most.
#pragma once

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <istream>
#include <sstream>
#include <string>
#include <vector>

#include "checks/float_bits.hpp"

namespace sw4 {
namespace input_detail {

// One key=value token as written; text is the token itself, quoted back in messages (shown).
struct Token {
  std::string key, value, text;
};

// One command line: its number in the file, the command word and the remaining tokens.
struct Line {
  int no = 0;
  std::string cmd;
  std::vector<std::string> words;  // tokens after the command, comments stripped
};

[[noreturn]] inline void fail_at(const std::string& file, int line, const std::string& msg) {
  throw InputError(file + ":" + std::to_string(line) + ": " + msg);
}

// The user's text as a message quotes it: whole up to `limit` characters (kShownChars for a
// token or value, file= names included), else its head and its last 20 characters around
// "..." and its length, so that a 100 KB token still gives a line a terminal shows whole (the
// head names the key, the tail ends a file name). Control characters become \xNN, so a binary
// file read as a deck cannot garble the line either. The FILE of "FILE:LINE:" is a file that
// was opened, at most PATH_MAX long, and is left whole: it is where an editor jumps to (a deck
// that cannot be opened is cut at PATH_MAX).
constexpr std::size_t kShownChars = 80;
constexpr std::size_t kShownPathChars = 4096;  // PATH_MAX on Linux

inline std::string printable(const std::string& s) {
  static const char* hex = "0123456789ABCDEF";
  std::string o;
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u >= 32 && u != 127) o += c;
    else o += std::string("\\x") + hex[u >> 4] + hex[u & 15];
  }
  return o;
}

inline std::string shown(const std::string& s, std::size_t limit = kShownChars) {
  if (s.size() <= limit) return printable(s);
  std::size_t head = limit - 30, tail = s.size() - 20;
  // not inside a UTF-8 sequence: back up over continuation bytes (10xxxxxx)
  while (head > 0 && (static_cast<unsigned char>(s[head]) & 0xC0) == 0x80) --head;
  while (tail > head && (static_cast<unsigned char>(s[tail]) & 0xC0) == 0x80) --tail;
  return printable(s.substr(0, head)) + "..." + printable(s.substr(tail)) + " (" +
         std::to_string(s.size()) + " characters)";
}

// The same in quotes, the length outside them: 'x=1...9' (100002 characters).
inline std::string in_quotes(const std::string& s) {
  if (s.size() <= kShownChars) return "'" + printable(s) + "'";
  const std::string c = shown(s);
  const std::size_t paren = c.rfind(" (");
  return "'" + c.substr(0, paren) + "'" + c.substr(paren);
}

// std::getline for a deck, keeping at most kMaxLineChars + 1 characters of a line (the caller
// refuses a longer one, whose rest stays unread): no deck needs more, and a deck of one
// endless line (a large sparse file of zeros: a regular file) would otherwise fill the memory
// of every rank.
constexpr std::size_t kMaxLineChars = 1 << 20;

inline bool get_line(std::istream& in, std::string& line) {
  line.clear();
  bool any = false;
  for (char c; in.get(c);) {
    any = true;
    if (c == '\n') break;
    line += c;
    if (line.size() > kMaxLineChars) break;
  }
  return any;
}

// Splits at blanks and tabs (CR and other white space too, for files written on Windows);
// a token that starts with '#' ends the line.
inline std::vector<std::string> split_words(const std::string& s) {
  std::vector<std::string> out;
  std::size_t i = 0, n = s.size();
  auto blank = [](char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f';
  };
  while (i < n) {
    while (i < n && blank(s[i])) ++i;
    if (i >= n || s[i] == '#') break;
    std::size_t b = i;
    while (i < n && !blank(s[i])) ++i;
    out.push_back(s.substr(b, i - b));
  }
  return out;
}

inline std::string join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string s;
  for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
  return s;
}

// Numbers in messages: up to 10 significant digits, no trailing zeros (8, 0.04, 30000).
inline std::string fmt(double v) {
  std::ostringstream os;
  os.precision(10);
  os << v;
  return os.str();
}

// A finite real written in decimal: [+-]digits[.digits][e[+-]digits]; nothing else.
inline bool to_real(const std::string& s, double& v) {
  if (s.empty() || s.find_first_not_of("0123456789+-.eE") != std::string::npos) return false;
  if (s.find_first_of("0123456789") == std::string::npos) return false;
  const char* b = s.c_str();
  char* e = nullptr;
  errno = 0;
  double x = std::strtod(b, &e);
  if (e != b + s.size() || !finite_bits(x)) return false;
  if (errno == ERANGE && std::fabs(x) > 1.0) return false;  // overflow; underflow gives ~0
  v = x;
  return true;
}

// An integer written as [+-]digits that fits in int (so "2.5" and "1e3" are not integers).
inline bool to_int(const std::string& s, int& v) {
  std::size_t p = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
  if (s.size() == p || s.find_first_not_of("0123456789", p) != std::string::npos) return false;
  errno = 0;
  long x = std::strtol(s.c_str(), nullptr, 10);
  if (errno == ERANGE || x < INT_MIN || x > INT_MAX) return false;
  v = static_cast<int>(x);
  return true;
}

constexpr const char* kBoolWords = "0, 1, on, off, yes, no, true, false";

inline bool to_bool(const std::string& s, bool& v) {
  if (s == "1" || s == "on" || s == "yes" || s == "true") { v = true; return true; }
  if (s == "0" || s == "off" || s == "no" || s == "false") { v = false; return true; }
  return false;
}

// The keys of one command line, checked against the keys the command knows.
class Keys {
 public:
  Keys(const std::string& file, const Line& ln, const std::vector<std::string>& allowed)
      : file_(file), line_(ln.no), cmd_(ln.cmd) {
    for (const std::string& w : ln.words) {
      std::size_t eq = w.find('=');
      if (eq == std::string::npos || eq == 0)
        fail(in_quotes(w) + " is not of the form key=value");
      Token t{w.substr(0, eq), w.substr(eq + 1), w};
      bool known = false;
      for (const std::string& a : allowed) known = known || a == t.key;
      if (!known)
        fail("unknown key " + in_quotes(t.key) + " (allowed: " + join(allowed) + ")");
      if (find(t.key)) fail("key '" + t.key + "' is given twice (give each key once)");
      if (t.value.empty()) fail(in_quotes(w) + " has no value");
      toks_.push_back(t);
    }
  }

  [[noreturn]] void fail(const std::string& msg) const { fail_at(file_, line_, cmd_ + ": " + msg); }

  const Token* find(const std::string& k) const {
    for (const Token& t : toks_)
      if (t.key == k) return &t;
    return nullptr;
  }
  bool has(const std::string& k) const { return find(k) != nullptr; }
  // The token of key k as messages show it (cut when long), or k when not given; quote() puts
  // it in quotes.
  std::string text(const std::string& k) const { return find(k) ? shown(find(k)->text) : k; }
  std::string quote(const std::string& k) const { return in_quotes(find(k) ? find(k)->text : k); }

  // Of two spellings of one key (Mxx/mxx), the one given, or "" if neither; both is an error.
  std::string either(const std::string& a, const std::string& b) const {
    if (has(a) && has(b)) fail("'" + a + "' and '" + b + "' are the same key (give one of them)");
    return has(a) ? a : has(b) ? b : std::string();
  }

  double real(const std::string& k, double def) const {
    const Token* t = find(k);
    if (!t) return def;
    double v = 0;
    if (!to_real(t->value, v)) fail(in_quotes(t->text) + " is not a number");
    return v;
  }
  // A real that must be > lo (strict) or >= lo.
  double real_min(const std::string& k, double def, double lo, bool strict) const {
    double v = real(k, def);
    if (has(k) && (strict ? !(v > lo) : !(v >= lo)))
      fail(text(k) + " must be " + (strict ? "> " : ">= ") + fmt(lo));
    return v;
  }
  int integer(const std::string& k, int def, int lo = INT_MIN) const {
    const Token* t = find(k);
    if (!t) return def;
    int v = 0;
    if (!to_int(t->value, v)) fail(in_quotes(t->text) + " is not an integer");
    if (v < lo) fail(shown(t->text) + " must be >= " + std::to_string(lo));
    return v;
  }
  bool boolean(const std::string& k, bool def) const {
    const Token* t = find(k);
    if (!t) return def;
    bool v = false;
    if (!to_bool(t->value, v))
      fail(in_quotes(t->text) + " is not a boolean (allowed: " + kBoolWords + ")");
    return v;
  }
  std::string str(const std::string& k, const std::string& def) const {
    const Token* t = find(k);
    return t ? t->value : def;
  }

 private:
  std::string file_;
  int line_;
  std::string cmd_;
  std::vector<Token> toks_;
};

}  // namespace input_detail
}  // namespace sw4

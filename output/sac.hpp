// sac.hpp: the SAC binary header layout (standard, version 6) and a reader of SAC files.
//
// Why built so: the layout is data (the names of the 70 float, 40 int and 24 character words, in
// order), so the writer in receiver.hpp and read_sac() (for the tests and for tools that check
// a file field by field) share one table and cannot disagree.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace sw4 {

// Standard SAC (version 6) header: word w of the float block is f[w], and so on. The character
// block has 24 eight-byte slots for 23 names: KEVNM is 16 bytes (slots 1 and 2).
constexpr std::size_t kSacHeaderBytes = 70 * 4 + 40 * 4 + 24 * 8;  // 632
constexpr float kSacUndef = -12345.0f;
constexpr int32_t kSacUndefInt = -12345;
// IDEP, the kind of the dependent variable (SAC's enumerated values).
constexpr int32_t kSacIunkn = 5, kSacIdisp = 6, kSacIvel = 7;

inline const std::array<const char*, 70>& sac_float_names() {
  static const std::array<const char*, 70> n = {
      "DELTA", "DEPMIN", "DEPMAX", "SCALE", "ODELTA", "B", "E", "O", "A", "FMT",
      "T0", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9",
      "F", "RESP0", "RESP1", "RESP2", "RESP3", "RESP4", "RESP5", "RESP6", "RESP7", "RESP8",
      "RESP9", "STLA", "STLO", "STEL", "STDP", "EVLA", "EVLO", "EVEL", "EVDP", "MAG",
      "USER0", "USER1", "USER2", "USER3", "USER4", "USER5", "USER6", "USER7", "USER8", "USER9",
      "DIST", "AZ", "BAZ", "GCARC", "SB", "SDELTA", "DEPMEN", "CMPAZ", "CMPINC", "XMINIMUM",
      "XMAXIMUM", "YMINIMUM", "YMAXIMUM", "ADJTM", "UNUSED64", "UNUSED65", "UNUSED66", "UNUSED67", "UNUSED68", "UNUSED69"};
  return n;
}
// Words 7 and 8 are NORID/NEVID in current SAC, NINF/NHST in the original's tables (both found).
inline const std::array<const char*, 40>& sac_int_names() {
  static const std::array<const char*, 40> n = {
      "NZYEAR", "NZJDAY", "NZHOUR", "NZMIN", "NZSEC", "NZMSEC", "NVHDR", "NINF", "NHST", "NPTS",
      "NSNPTS", "NWFID", "NXSIZE", "NYSIZE", "UNUSED14", "IFTYPE", "IDEP", "IZTYPE", "UNUSED18", "IINST",
      "ISTREG", "IEVREG", "IEVTYP", "IQUAL", "ISYNTH", "IMAGTYP", "IMAGSRC", "UNUSED27", "UNUSED28", "UNUSED29",
      "UNUSED30", "UNUSED31", "UNUSED32", "UNUSED33", "UNUSED34", "LEVEN", "LPSPOL", "LOVROK", "LCALDA", "UNUSED39"};
  return n;
}
inline const std::array<const char*, 24>& sac_char_names() {
  static const std::array<const char*, 24> n = {
      "KSTNM", "KEVNM", "", "KHOLE", "KO", "KA", "KT0", "KT1", "KT2", "KT3", "KT4", "KT5",
      "KT6", "KT7", "KT8", "KT9", "KF", "KUSER0", "KUSER1", "KUSER2", "KCMPNM", "KNETWK", "KDATRD", "KINST"};
  return n;
}

template <std::size_t N>
int sac_slot(const std::array<const char*, N>& names, const std::string& name) {
  for (std::size_t w = 0; w < N; ++w)
    if (name == names[w]) return int(w);
  if (N == 40 && name == "NORID") return 7;
  if (N == 40 && name == "NEVID") return 8;
  throw std::invalid_argument("no SAC header field named " + name);
}

// A SAC file as read back: the three header blocks and the samples. k[w] holds the 8 raw
// bytes of slot w; kh() gives a field by name without its trailing blanks.
struct SacFile {
  std::array<float, 70> f{};
  std::array<int32_t, 40> n{};
  std::array<std::string, 24> k;
  std::vector<float> data;

  float fh(const std::string& name) const { return f[sac_slot(sac_float_names(), name)]; }
  int32_t nh(const std::string& name) const { return n[sac_slot(sac_int_names(), name)]; }
  std::string kh(const std::string& name) const {
    int w = sac_slot(sac_char_names(), name);
    std::string s = k[w] + (name == "KEVNM" ? k[w + 1] : std::string());
    return s.erase(s.find_last_not_of(' ') + 1);
  }
};

inline uint32_t byte_swapped(uint32_t x) {
  return (x >> 24) | ((x >> 8) & 0xff00u) | ((x << 8) & 0xff0000u) | (x << 24);
}

// Reads a binary SAC file; a file written on a machine of the other byte order is recognised
// by its NVHDR (6) and swapped.
inline SacFile read_sac(const std::string& filename) {
  std::FILE* fp = std::fopen(filename.c_str(), "rb");
  if (!fp) throw std::runtime_error("cannot open SAC file " + filename + " for reading");
  std::fseek(fp, 0, SEEK_END);
  const long size = std::ftell(fp);
  std::rewind(fp);
  char head[kSacHeaderBytes];
  uint32_t w[110] = {};  // the float and int words
  bool ok = size >= long(kSacHeaderBytes) && std::fread(head, 1, kSacHeaderBytes, fp) == kSacHeaderBytes;
  if (ok) std::memcpy(w, head, sizeof w);
  const bool swap = ok && int32_t(w[76]) != 6 && int32_t(byte_swapped(w[76])) == 6;
  if (swap)
    for (uint32_t& x : w) x = byte_swapped(x);
  SacFile s;
  std::memcpy(s.f.data(), w, 280);
  std::memcpy(s.n.data(), w + 70, 160);
  for (int i = 0; i < 24 && ok; ++i) s.k[i].assign(head + 440 + 8 * i, 8);
  ok = ok && s.n[9] >= 0 && (size - long(kSacHeaderBytes)) / 4 >= s.n[9];
  if (ok) {
    std::vector<uint32_t> raw(std::size_t(s.n[9]));
    ok = std::fread(raw.data(), 4, raw.size(), fp) == raw.size();
    s.data.resize(raw.size());
    for (std::size_t i = 0; i < raw.size(); ++i) {
      const uint32_t x = swap ? byte_swapped(raw[i]) : raw[i];
      std::memcpy(&s.data[i], &x, 4);
    }
  }
  std::fclose(fp);
  if (!ok) throw std::runtime_error("SAC file " + filename + " is truncated or not a SAC binary file");
  return s;
}

}  // namespace sw4

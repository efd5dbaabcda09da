// receiver_write.hpp: what a receiver file needs besides its samples: the UTC date it is
// stamped with, the original's fixed geographic frame, and writing a file whole.
//
// Why built so: these are the slow or fussy parts of the output (a clock, trigonometry, the
// file system), used only when a receiver writes, never while it records; apart from the
// Receiver they are plain functions that the tests can call on their own. The formats
// themselves (USGS header lines, SAC header fields) stay with the Receiver in receiver.hpp,
// beside the component table they are built from (NUMERICS.md 10.2, 10.3).
#pragma once

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <stdexcept>
#include <string>

namespace sw4 {

// ---------------------------------------------------------------- reference date (UTC)

// yday is the day of the year, 1..366 (SAC's NZJDAY).
struct UtcTime { int year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, msec = 0, yday = 1; };

inline bool is_leap_year(int y) { return y % 400 == 0 || (y % 4 == 0 && y % 100 != 0); }
inline int days_in_month(int y, int m) {
  static const int d[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  return m == 2 && is_leap_year(y) ? 29 : d[m - 1];
}

// Calendar date of a count of seconds since 1970-01-01 00:00:00 UTC (no leap seconds, as POSIX).
// Counting whole years is plain and fast enough for the years 1970..9999 that utc_now accepts.
inline UtcTime utc_from_epoch(long long s) {
  long long days = s / 86400, rem = s % 86400;
  if (rem < 0) { rem += 86400; --days; }
  UtcTime t;
  t.hour = int(rem / 3600);
  t.minute = int(rem % 3600 / 60);
  t.second = int(rem % 60);
  int y = 1970;
  while (days < 0) { --y; days += is_leap_year(y) ? 366 : 365; }
  while (days >= (is_leap_year(y) ? 366 : 365)) { days -= is_leap_year(y) ? 366 : 365; ++y; }
  t.year = y;
  t.yday = int(days) + 1;
  int m = 1;
  while (days >= days_in_month(y, m)) { days -= days_in_month(y, m); ++m; }
  t.month = m;
  t.day = int(days) + 1;
  return t;
}

// SOURCE_DATE_EPOCH (the reproducible-builds convention) when set, else the wall clock.
// A malformed value is a user mistake: it is reported, not silently replaced by the clock.
inline UtcTime utc_now() {
  const char* env = std::getenv("SOURCE_DATE_EPOCH");
  if (env && *env) {
    long long s = 0;
    bool ok = true;
    for (const char* c = env; *c && ok; ++c) {
      ok = std::isdigit(static_cast<unsigned char>(*c)) && s <= 25340230079LL;
      s = 10 * s + (*c - '0');
    }
    if (!ok || s > 253402300799LL)  // past 9999-12-31
      throw std::runtime_error(std::string("SOURCE_DATE_EPOCH='") + env +
                               "' is not a count of seconds since 1970 (digits only, at most 253402300799)");
    return utc_from_epoch(s);
  }
  return utc_from_epoch(static_cast<long long>(std::time(nullptr)));
}

// ---------------------------------------------------------------- geography

// The original's fixed geographic frame (no input command changes it): x north, y east,
// grid azimuth 0, origin at 37 N, 118 W, a spherical degree of 111319.5 m.
constexpr double kPi = 3.14159265358979323846;
constexpr double kGridAzimuth = 0.0, kLatOrigin = 37.0, kLonOrigin = -118.0, kMetersPerDegree = 111319.5;

inline void geographic(double x, double y, double& lon, double& lat) {
  const double deg2rad = kPi / 180.0;
  const double phi = kGridAzimuth * deg2rad;
  lat = kLatOrigin + (x * std::cos(phi) - y * std::sin(phi)) / kMetersPerDegree;
  lon = kLonOrigin + (x * std::sin(phi) + y * std::cos(phi)) / (kMetersPerDegree * std::cos(lat * deg2rad));
}

// ---------------------------------------------------------------- writing a file whole

// Writes bytes to NAME.tmp, then renames it to NAME: the file appears complete or not at all.
inline void write_file_atomically(const std::string& name, const std::string& bytes) {
  const std::string tmp = name + ".tmp";
  std::FILE* fp = std::fopen(tmp.c_str(), "wb");
  if (!fp)
    throw std::runtime_error("cannot write receiver file " + name + " (opening " + tmp + ": " + std::strerror(errno) + ")");
  bool ok = std::fwrite(bytes.data(), 1, bytes.size(), fp) == bytes.size();
  ok = (std::fclose(fp) == 0) && ok;
  if (!ok || std::rename(tmp.c_str(), name.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw std::runtime_error("cannot write receiver file " + name);
  }
}

}  // namespace sw4

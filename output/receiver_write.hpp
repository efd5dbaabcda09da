// receiver_write.hpp: what a receiver file needs besides its samples: the UTC date it is
// stamped with, the original's fixed geographic frame, and writing a file whole.
//
// Why built so: these are the slow or fussy parts of the output (a clock, trigonometry, the
// file system), used only when a file is written, never while a receiver records; apart from the
// Receiver they are plain functions that the tests can call on their own. The formats
// themselves (USGS header lines, SAC header fields) stay with the Receiver in receiver.hpp,
// beside the component table they are built from (NUMERICS.md 10.2, 10.3). The whole-file
// write serves every small file of a run (receivers, images, PointSourceErr.txt), so that
// none can fail silently: it checks each step and says which one failed and why.
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

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

// Writes n bytes to NAME.tmp, then renames it to NAME: the file appears complete or not at all.
// "" or the step that failed with the system's reason ("writing out/r.x.tmp: No space left on
// device"). Every step is checked, the close too: on some file systems (NFS) a full disk shows
// only there. The temporary file is opened non-blocking and must be a regular file, so that a
// FIFO or a device in its place is an error, not a wait for a reader or bytes sent nowhere.
inline std::string file_write_problem(const std::string& name, const char* bytes, std::size_t n) {
  const std::string tmp = name + ".tmp";
  auto failed = [&](const std::string& what) {
    const std::string why = what + ": " + std::strerror(errno);
    std::remove(tmp.c_str());
    return why;
  };
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_NONBLOCK | O_CLOEXEC, 0666);
  if (fd < 0) return "opening " + tmp + ": " + std::strerror(errno);  // not ours to remove
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    return "opening " + tmp + ": not a regular file";
  }
  for (std::size_t done = 0; done < n;) {
    const ssize_t w = ::write(fd, bytes + done, n - done);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) {
      if (w == 0) errno = EIO;
      const int e = errno;
      ::close(fd);
      errno = e;
      return failed("writing " + tmp);
    }
    done += std::size_t(w);
  }
  if (::close(fd) != 0) return failed("closing " + tmp);
  if (std::rename(tmp.c_str(), name.c_str()) != 0) return failed("renaming " + tmp + " to " + name);
  return "";
}

// A receiver's file whole (file_write_problem), or an exception that names it: the rank that
// owns the receiver is the only one that knows, so sw4lite.cpp's main ends every rank.
inline void write_file_atomically(const std::string& name, const std::string& bytes) {
  const std::string why = file_write_problem(name, bytes.data(), bytes.size());
  if (!why.empty()) throw std::runtime_error("cannot write receiver file " + name + " (" + why + ")");
}

}  // namespace sw4

// test_precision.cpp: what the build's precision changes, checked in both builds (precision.hpp;
// docs/user-guide.md, "Single precision"): a checkpoint of the other precision is refused with a line that
// names both, files from before value_bytes read as double, the bit orders of float_bits.hpp
// that the solution check compares in a Real's width, and the digits a receiver's USGS text
// prints. (The set-up line and make's PRECISION check: test/checks/precision.sh.)
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <string>

#include "output/checkpoint.hpp"
#include "checks/float_bits.hpp"
#include "input_helpers.hpp"
#include "receiver_helpers.hpp"
#include "test/precision_helpers.hpp"

using namespace sw4;
using sw4test::kSingle;

namespace {

const std::string kDeck = kBase + "time steps=20\nsource x=4 y=4 z=2 Mxx=1 t0=0.5 freq=2\n";

// A header of this deck after step 6, as the build whose values are `value_bytes` long wrote
// it (its checksum recomputed, so only the precision is wrong), and check_header's verdict.
std::string verdict_for(std::int64_t value_bytes) {
  const Config cfg = parse(kDeck);
  const CheckpointLayout L = checkpoint_layout(cfg, 6);
  CheckpointHeader h = checkpoint_header(cfg, L, 6, 0.6, 0.1, UtcTime{});
  h.value_bytes = value_bytes;
  h.header_sum = header_checksum(h);
  return check_header(h, L.total, cfg);
}

}  // namespace

TEST(PrecisionName, MatchesReal) {
  EXPECT_EQ(std::string(kPrecision), kSingle ? "single" : "double");
  EXPECT_EQ(sizeof(Real), kSingle ? 4u : 8u);
}

TEST(CheckpointPrecision, OwnPrecisionIsAccepted) {
  EXPECT_EQ(verdict_for(std::int64_t(sizeof(Real))), "");
  const Config cfg = parse(kDeck);
  EXPECT_EQ(checkpoint_header(cfg, checkpoint_layout(cfg, 6), 6, 0.6, 0.1, UtcTime{}).value_bytes,
            std::int64_t(sizeof(Real)));
}

// The other build's checkpoint: one verdict naming both precisions (the restart prints it as
// its one line, DECK:LINE: restart: FILE: ...), whatever the file's size.
TEST(CheckpointPrecision, OtherPrecisionIsRefusedNamingBoth) {
  const std::string other = kSingle ? "double" : "single", mine = kSingle ? "single" : "double";
  const std::string want = "written by the " + other + "-precision build; this sw4lite is the " + mine +
                           "-precision build (restart with a build of the same PRECISION)";
  EXPECT_EQ(verdict_for(kSingle ? 8 : 4), want);
  EXPECT_EQ(verdict_for(3).substr(0, 27), "written by the unknown-prec");
}

// Checkpoints written before the header had value_bytes hold 0 there and doubles: read as
// double, so the double build accepts them and the single build names them double.
TEST(CheckpointPrecision, OldFilesAreDouble) {
  if (kSingle)
    EXPECT_NE(verdict_for(0).find("written by the double-precision build"), std::string::npos);
  else
    EXPECT_EQ(verdict_for(0), "");
}

// widen_bits: a Real's |x| bits to the same value's double bits, order kept, NaN above inf.
TEST(FloatBits, WidenKeepsTheOrder) {
  const Real vals[] = {Real(0), std::numeric_limits<Real>::denorm_min(), std::numeric_limits<Real>::min(),
                       Real(1e-30), Real(0.5), Real(1), Real(3.25e20), std::numeric_limits<Real>::max()};
  std::int64_t prev = -1;
  for (Real v : vals) {
    const std::int64_t w = widen_bits(real_abs_bits(v));
    EXPECT_EQ(w, abs_bits(double(v))) << v;
    EXPECT_EQ(widen_bits(real_abs_bits(-v)), w) << v;  // the sign is cleared
    EXPECT_GT(w, prev) << v;
    prev = w;
  }
  const Real inf = std::numeric_limits<Real>::infinity(), nan = std::numeric_limits<Real>::quiet_NaN();
  EXPECT_TRUE(is_inf_bits(widen_bits(real_abs_bits(inf))));
  EXPECT_TRUE(is_nan_bits(widen_bits(real_abs_bits(nan))));
  EXPECT_GT(real_abs_bits(nan), real_abs_bits(inf));
  EXPECT_GT(real_abs_bits(inf), real_abs_bits(std::numeric_limits<Real>::max()));
}

// narrow_bits(b): the bits of the largest Real not above the double whose bits are b, so that
// "|x| > bound" reads the same on the Real's bits as on the double's.
TEST(FloatBits, NarrowIsTheLargestRealNotAbove) {
  const double ds[] = {0.0, 4.9e-324, 1e-45, 1.5e-40, double(FLT_MIN), 0.1, 1.0, 1.0 + 1e-12, 3.0e38,
                       double(FLT_MAX), 3.5e38, 1e39, 1e300, DBL_MAX};
  for (double d : ds) {
    const RealBits r = narrow_bits(abs_bits(d));
    Real x;
    std::memcpy(&x, &r, sizeof x);
    EXPECT_LE(double(x), d) << d;
    EXPECT_TRUE(std::isfinite(x)) << d;
    const Real up = std::nextafter(x, std::numeric_limits<Real>::infinity());
    if (std::isfinite(up)) {
      EXPECT_GT(double(up), d) << d;  // the next Real is above d
    }
  }
  // exact at a Real itself; beyond the largest Real, the largest Real
  EXPECT_EQ(narrow_bits(abs_bits(1.0)), real_abs_bits(Real(1)));
  EXPECT_EQ(narrow_bits(abs_bits(DBL_MAX)), real_abs_bits(std::numeric_limits<Real>::max()));
  if (kSingle) {
    EXPECT_EQ(narrow_bits(abs_bits(1e39)), real_abs_bits(FLT_MAX));
    EXPECT_EQ(narrow_bits(abs_bits(double(FLT_MAX))), real_abs_bits(FLT_MAX));
    EXPECT_EQ(narrow_bits(abs_bits(0.1)), real_abs_bits(0.1f) - (double(0.1f) > 0.1 ? 1 : 0));
  } else {
    EXPECT_EQ(narrow_bits(abs_bits(1e39)), abs_bits(1e39));  // the identity in double
  }
}

// A sample prints with the digits that give its Real back: 9 significant (%15.8e) for a
// float, 17 (%24.17e) for a double; each value read back is the sample, bit for bit.
TEST(UsgsPrecision, SamplesPrintTheirRealsDigits) {
  Receiver r = make_receiver(rec(4.4, 4.2, 1.0, "p"), pointsource_grid());
  r.samples = {Real(1) / Real(3), Real(-2.5e-7), Real(123456.789)};
  const std::string row = lines_of(r.usgs_text(kDt, pointsource_grid(), kRefDate)).back();
  std::string want;
  char buf[64];
  std::snprintf(buf, sizeof buf, "%e", 0.0);
  want = buf;
  for (Real v : r.samples) {
    std::snprintf(buf, sizeof buf, kSingle ? " %15.8e" : " %24.17e", double(v));
    want += buf;
  }
  EXPECT_EQ(row, want);
  EXPECT_EQ(std::string(Receiver::kSampleFormat), kSingle ? " %15.8e" : " %24.17e");
  std::istringstream in(row);
  double t = 0;
  in >> t;
  for (Real v : r.samples) {
    double got = 0;
    in >> got;
    EXPECT_EQ(Real(got), v);
  }
}

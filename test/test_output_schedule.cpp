// test_output_schedule.cpp: outputs that a run never writes (output_schedule.hpp): ever_due
// agrees with checkpoint_due step by step, and the warnings name each silent line once.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "output/checkpoint.hpp"
#include "input.hpp"
#include "checks/output_schedule.hpp"

using namespace sw4;

namespace {
Config deck(const std::string& text) {
  std::istringstream in(text);
  return parse_input_stream(in, "in/out.in");
}
const std::string kBase =
    "grid h=100 x=2000 y=2000 z=1400\n"
    "supergrid gp=5 dc=0.003\n"
    "block vp=2000 vs=1000 rho=2000\n"
    "time steps=43\n";
}  // namespace

// For every kind of key, values around the run's end and dt's that are not exact in binary:
// ever_due is true exactly when checkpoint_due fires at some step 1..N, and for an image when
// image_due fires at some step 0..N.
TEST(OutputSchedule, EverDueAgreesWithCheckpointDue) {
  for (double dt : {0.1, 0.0263157894736842, 1.0 / 3, 0.05}) {
    for (long N : {0L, 1L, 2L, 7L, 43L}) {
      std::vector<CheckpointCfg> cs;
      for (int v : {0, 1, 2, 7, 42, 43, 44, 750}) {
        CheckpointCfg a, b;
        a.on = b.on = true;
        a.cycle = v;
        b.cycleInterval = std::max(v, 1);
        cs.push_back(a);
        cs.push_back(b);
      }
      for (double f : {0.01, 0.4, 0.5, 0.51, 1.0, 1.49, 1.5, 1.51, 2.0, 7.5, 43.4, 43.5, 43.6, 44.0}) {
        CheckpointCfg a, b;
        a.on = b.on = true;
        a.time = f * dt;
        b.timeInterval = f * dt;
        cs.push_back(a);
        cs.push_back(b);
      }
      for (const CheckpointCfg& c : cs) {
        bool any = false, image = image_due(c, 0, dt);
        for (long n = 1; n <= N; ++n) {
          any = any || checkpoint_due(c, n, dt);
          image = image || image_due(c, n, dt);
        }
        EXPECT_EQ(ever_due(c, N, dt, false), any) << "dt " << dt << " N " << N << " cycle " << c.cycle << " ci "
                                                  << c.cycleInterval << " time " << c.time << " ti " << c.timeInterval;
        EXPECT_EQ(ever_due(c, N, dt, true), image) << "image: dt " << dt << " N " << N << " cycle " << c.cycle;
      }
    }
  }
}

// Output lines that a 43-step run never writes: each warns once naming its line; a line with
// one key that fires does not (an image's cycleInterval and timeInterval fire at step 0); a
// receiver that writes no format does; reporttiming with one step does.
TEST(OutputSchedule, WarnsOncePerSilentLine) {
  const Config c = deck(kBase +
                        "image mode=ux y=1000 cycle=750 file=a\n"
                        "image mode=uy y=1000 time=1.7e308 file=b\n"
                        "image mode=uz y=1000 cycle=750 time=2 file=c\n"
                        "image mode=ux y=1000 cycle=750 timeInterval=1e300 cycleInterval=100 file=d\n"
                        "checkpoint cycle=750 timeInterval=1e300 cycleInterval=100\n"
                        "rec x=1000 y=1000 z=0 file=quiet usgsformat=0 sacformat=0\n"
                        "rec x=1000 y=1000 z=0 file=loud\n");
  const double dt = 0.05;  // 43 steps to t = 2.15: time=2 fires
  const std::vector<std::string> w = unwritten_outputs(c, 43, dt);
  // The image on line 8 is written at step 0 (its cycleInterval and timeInterval take 0); the
  // checkpoint with the same keys is not.
  ASSERT_EQ(w.size(), 4u);
  EXPECT_EQ(w[0], "in/out.in:5: warning: image: never written: cycle=750 asks for a step after the run's last, "
                  "43 (t = 2.15)");
  EXPECT_EQ(w[1], "in/out.in:6: warning: image: never written: time=1.7e+308 asks for a step after the run's "
                  "last, 43 (t = 2.15)");
  EXPECT_EQ(w[2], "in/out.in:9: warning: checkpoint: never written: cycle=750, cycleInterval=100 and "
                  "timeInterval=1e+300 ask for steps after the run's last, 43 (t = 2.15)");
  EXPECT_EQ(w[3], "in/out.in:10: warning: rec: quiet is never written: usgsformat=0 and sacformat=0 (give "
                  "usgsformat=1 or sacformat=1)");
  EXPECT_EQ(unwritten_outputs(c, 750, dt).size(), 2u);  // time=1.7e308 and the receiver are left
  const Config t = deck(kBase + "developer reporttiming=1\n");
  ASSERT_EQ(unwritten_outputs(t, 1, dt).size(), 1u);
  EXPECT_NE(unwritten_outputs(t, 1, dt)[0].find("in/out.in:5: warning: developer: reporttiming=1 prints no times"),
            std::string::npos);
  EXPECT_TRUE(unwritten_outputs(t, 2, dt).empty());
  const Config z = deck(kBase + "checkpoint cycle=1\nimage mode=ux y=1000 cycle=0\n");
  ASSERT_EQ(unwritten_outputs(z, 0, dt).size(), 1u);  // time steps=0: no step, but the initial data
  EXPECT_NE(unwritten_outputs(z, 0, dt)[0].find("cycle=1 asks for a step, and the run takes none"),
            std::string::npos);
}

// test_cost.cpp: the cost line of checks/cost.hpp and limits.hpp's memory estimate under
// attenuation: 11 more values a point per mechanism (the memory variables), and an estimated
// time 1 + c n times the elastic one for n mechanisms.
//
// Why built so: a visco-elastic LOH.3 needs three times the memory of LOH.1 and about three
// times its time; a --check that quoted the elastic figures would let a user start a run the
// machine cannot hold, or one three times longer than said. The figures are pure functions of
// the deck, so the tests parse decks that differ in the attenuation line only and compare the
// numbers the line prints with the model's, read back from the line itself.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "input_helpers.hpp"
#include "checks/cost.hpp"

namespace {

// kBase (17 x 17 x 9 points) with LOH.3-like Q, elastic for nmech < 0.
sw4::Config deck(int nmech) {
  std::string text = "grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\nblock vp=2 vs=1 rho=1 qp=100 qs=50\ntime steps=10\n";
  if (nmech >= 0) text += "attenuation maxfreq=1 nmech=" + std::to_string(nmech) + "\n";
  return parse(text);
}

// A number the cost line prints after `key` ("memory about ").
double number_after(const std::string& line, const std::string& key) {
  const std::size_t p = line.find(key);
  EXPECT_NE(p, std::string::npos) << line;
  return p == std::string::npos ? -1 : std::stod(line.substr(p + key.size()));
}

// The estimated time in seconds, read back from duration_words' "M min S s" or "S s".
double estimated_seconds(const std::string& line) {
  const std::size_t p = line.find("estimated time ");
  EXPECT_NE(p, std::string::npos) << line;
  if (p == std::string::npos) return -1;
  double a = 0, b = 0;
  char u1[8] = "", u2[8] = "";
  const int got = std::sscanf(line.c_str() + p + 15, "%lf %7s %lf %7s", &a, u1, &b, u2);
  if (got >= 2 && std::string(u1) == "s") return a;
  if (got == 4 && std::string(u1) == "min" && std::string(u2) == "s") return 60 * a + b;
  ADD_FAILURE() << "no seconds in: " << line;
  return -1;
}

}  // namespace

TEST(Cost, MemoryGrowsByElevenValuesAPointPerMechanism) {
  const double elastic = sw4::array_bytes(deck(-1), 1, 1, true)[0];
  EXPECT_EQ(sw4::values_per_point(deck(-1)), 15);
  EXPECT_EQ(sw4::array_bytes(deck(0), 1, 1, true)[0], elastic);  // nmech=0: no memory variables
  for (int n : {1, 3, 8}) {
    const sw4::Config c = deck(n);
    EXPECT_EQ(sw4::attenuation_values(c), 11 * n);
    EXPECT_EQ(sw4::values_per_point(c), 15 + 11 * n);
    // The same points, (15 + 11 n) / 15 times the bytes; two pieces alike.
    EXPECT_DOUBLE_EQ(sw4::array_bytes(c, 1, 1, true)[0], elastic * (15 + 11 * n) / 15);
    EXPECT_DOUBLE_EQ(sw4::array_bytes(c, 2, 1, true)[1], sw4::array_bytes(deck(-1), 2, 1, true)[1] * (15 + 11 * n) / 15);
  }
  // The check that refuses a grid too large names the values a point it counted.
  const sw4::Config c = deck(3);
  EXPECT_NE(sw4::grid_memory_problem(c, {1, 1, 1, 1, 1e3}).find(sw4::input_detail::fmt(48) + " "), std::string::npos)
      << sw4::grid_memory_problem(c, {1, 1, 1, 1, 1e3});
}

TEST(Cost, LineScalesMemoryAndTimeWithTheMechanisms) {
  const sw4::MachineShare m{1, 1, 1, 1, 1e12};
  const long steps = 2500000;  // 2601 points: about 15 min elastic, under an hour with 3 mechanisms
  const std::string el = sw4::cost_line(deck(-1), steps, m, 1);
  EXPECT_EQ(el.find("visco-elastic"), std::string::npos) << el;
  EXPECT_EQ(sw4::cost_line(deck(0), steps, m, 1), el);  // nmech=0: costed as elastic
  const double el_s = estimated_seconds(el);
  EXPECT_GT(el_s, 600);
  for (int n : {1, 3}) {
    const std::string line = sw4::cost_line(deck(n), steps, m, 1);
    const double factor = 1 + sw4::kAttenuationCostPerMechanism * n;
    char said[80];
    std::snprintf(said, sizeof said, "visco-elastic, %d mechanisms: %.3g times", n, factor);
    EXPECT_NE(line.find(said), std::string::npos) << line;
    // Both times are printed to the second: 1 s of rounding each.
    EXPECT_NEAR(estimated_seconds(line), el_s * factor, 1.0 + factor) << line;
    EXPECT_NEAR(number_after(line, "memory about "), number_after(el, "memory about ") * (15 + 11 * n) / 15,
                0.01 * number_after(el, "memory about ") * (15 + 11 * n) / 15)
        << line;
  }
}

// The command line (options.hpp): every option, and one line for each mistake.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "options.hpp"

using namespace sw4;

namespace {

Options parse(std::vector<std::string> args) {
  args.insert(args.begin(), "sw4lite");
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(&a[0]);
  return parse_options(int(argv.size()), argv.data());
}

}  // namespace

TEST(Options, EveryOption) {
  const Options o = parse({"--check", "--partitions", "6", "--kernel", "reference", "--halo", "rma-pscw", "d.in"});
  EXPECT_EQ(o.error, "");
  EXPECT_EQ(o.deck, "d.in");
  EXPECT_TRUE(o.check_only);
  EXPECT_EQ(o.partitions, 6);
  EXPECT_EQ(o.kernel, "reference");
  EXPECT_EQ(o.halo, "rma-pscw");
  const Options d = parse({"d.in"});
  EXPECT_FALSE(d.check_only);
  EXPECT_EQ(d.partitions, 0);
  EXPECT_EQ(d.kernel, "");
  EXPECT_EQ(d.halo, "");
  EXPECT_TRUE(parse({"--help", "--bogus"}).help);
}

TEST(Options, OneLineForEachMistake) {
  EXPECT_EQ(parse({}).error, usage_line("sw4lite"));
  EXPECT_EQ(parse({"--partitions", "0", "d.in"}).error, "sw4lite: --partitions 0: not a positive integer");
  EXPECT_EQ(parse({"--partitions", "3x", "d.in"}).error, "sw4lite: --partitions 3x: not a positive integer");
  EXPECT_EQ(parse({"--kernel", "fast", "d.in"}).error,
            "sw4lite: --kernel fast: not a kernel (allowed: tuned, reference)");
  EXPECT_EQ(parse({"--halo", "mail", "d.in"}).error,
            "sw4lite: --halo mail: not a halo model (allowed: " + halo_model_list() + ")");
  EXPECT_EQ(parse({"--bogus", "d.in"}).error,
            "sw4lite: unknown option '--bogus' (allowed: --check, --partitions N, --kernel tuned|reference, --halo NAME)");
  EXPECT_EQ(parse({"--partitions"}).error.substr(0, 25), "sw4lite: unknown option '");
  EXPECT_EQ(parse({"a.in", "b.in"}).error, "sw4lite: more than one input file given ('a.in', 'b.in')");
  // The first mistake is the one reported.
  EXPECT_EQ(parse({"--kernel", "fast", "--halo", "mail", "d.in"}).error,
            "sw4lite: --kernel fast: not a kernel (allowed: tuned, reference)");
}

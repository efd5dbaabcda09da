// options.hpp: the command line of both binaries (--check, --partitions N, --kernel NAME,
// --halo NAME, --help, one deck).
//
// Why built so: the options are plain data that win over the deck's developer line once it is
// read; parsing them needs no MPI, so it lives here and is the same on every rank, and every
// rank stops alike on a bad one (the driver turns `error` into its one line and exit status 1).
#pragma once

#include <cstdlib>
#include <string>

#include "input.hpp"

namespace sw4 {

struct Options {
  std::string deck;
  bool check_only = false;
  bool help = false;
  int partitions = 0;  // --partitions N (one-sided mode); 0: the deck's or the default
  std::string kernel;  // --kernel tuned|reference; "": the deck's
  std::string halo;    // --halo NAME; "": the deck's
  std::string error;   // what is wrong with the command line; "" when nothing is
};

inline std::string usage_line(const std::string& program) {
  return "usage: mpirun -np P " + program +
         " [--check] [--partitions N] [--kernel tuned|reference] [--halo NAME] DECK";
}

inline Options parse_options(int argc, char** argv) {
  Options o;
  auto fail = [&](const std::string& why) {
    if (o.error.empty()) o.error = "sw4lite: " + why;
  };
  for (int a = 1; a < argc && o.error.empty(); ++a) {
    const std::string arg = argv[a];
    if (arg == "--check") {
      o.check_only = true;
    } else if (arg == "--partitions" && a + 1 < argc) {
      const std::string v = argv[++a];
      char* end = nullptr;
      const long n = std::strtol(v.c_str(), &end, 10);
      if (v.empty() || *end != '\0' || n < 1 || n > 1000000)
        fail("--partitions " + v + ": not a positive integer");
      o.partitions = int(n);
    } else if (arg == "--kernel" && a + 1 < argc) {
      o.kernel = argv[++a];
      if (o.kernel != "tuned" && o.kernel != "reference")
        fail("--kernel " + o.kernel + ": not a kernel (allowed: tuned, reference)");
    } else if (arg == "--halo" && a + 1 < argc) {
      o.halo = argv[++a];
      if (!is_halo_model(o.halo))
        fail("--halo " + o.halo + ": not a halo model (allowed: " + halo_model_list() + ")");
    } else if (arg == "-h" || arg == "--help") {
      o.help = true;
      return o;
    } else if (!arg.empty() && arg[0] == '-') {
      fail("unknown option '" + arg +
           "' (allowed: --check, --partitions N, --kernel tuned|reference, --halo NAME)");
    } else if (o.deck.empty()) {
      o.deck = arg;
    } else {
      fail("more than one input file given ('" + o.deck + "', '" + arg + "')");
    }
  }
  if (o.error.empty() && o.deck.empty()) o.error = usage_line("sw4lite");
  return o;
}

}  // namespace sw4

// test_input_developer.cpp: the developer command's keys that SW4's decks bring
// (input/input_developer.hpp): time_order and what it cannot be combined with, the
// mesh-refinement controls that change nothing, and the refinement command that is refused.
#include <gtest/gtest.h>

#include "test/input_helpers.hpp"

using namespace sw4;

// developer time_order (NUMERICS 2.4) and SW4's mesh-refinement controls; refinement itself.
TEST(InputDeveloper, TimeOrderAndMeshRefinement) {
  const Config c = parse(kBase + "time steps=1\ndeveloper time_order=2 cfl=0.7\n");
  EXPECT_EQ(c.dev.time_order, 2);
  EXPECT_EQ(c.dev.time_order_line, 5);
  EXPECT_EQ(parse(kBase + "time steps=1\n").dev.time_order, 4);
  EXPECT_EQ(parse(kBase + "time steps=1\ndeveloper time_order=2\ndeveloper time_order=4\n").dev.time_order, 4);
  EXPECT_EQ(error_of(kBase + "developer time_order=3\n"),
            "in/x.in:4: developer: time_order=3 is not a time order (allowed: 2, the predictor alone; 4, "
            "predictor and corrector)");
  EXPECT_EQ(error_of(kBase + "developer time_order=2.0\n"), "in/x.in:4: developer: 'time_order=2.0' is not an integer");
  EXPECT_EQ(error_of("grid h=0.5 x=8 y=8 z=4\nblock vp=2 vs=1 rho=1\ndgalerkin order=2\ndeveloper time_order=2\n"),
            "in/x.in:4: developer: time_order=2 cannot be combined with dgalerkin on line 3 (the DG solver has its "
            "own Taylor stepper; allowed: time_order=4)");
  EXPECT_EQ(error_of("grid h=0.1 x=1 y=1 z=1\ntwilight\nsupergrid gp=2\ndeveloper time_order=2\n"),
            "in/x.in:4: developer: time_order=2 cannot be combined with twilight and a supergrid command (its "
            "damping's share is given back in the corrector, which the second order does not have; allowed: "
            "time_order=4, or twilight without supergrid)");
  EXPECT_EQ(parse("grid h=0.1 x=1 y=1 z=1\ntwilight\ndeveloper time_order=2\n").dev.time_order, 2);
  // ctol, cmaxit, crelax: checked, then a warning that nothing reads them
  const Config m = parse(kBase + "time steps=1\ndeveloper ctol=1e-10 cmaxit=100 crelax=0.92 cfl=0.8\n");
  ASSERT_EQ(m.warnings.size(), 1u);
  EXPECT_EQ(m.warnings[0], "in/x.in:5: warning: developer: ctol, cmaxit, crelax control SW4's iteration at "
                           "mesh-refinement interfaces; sw4lite has none, so they change nothing");
  EXPECT_EQ(parse(kBase + "time steps=1\ndeveloper cmaxit=5\n").warnings[0],
            "in/x.in:5: warning: developer: cmaxit controls SW4's iteration at mesh-refinement interfaces; sw4lite "
            "has none, so it changes nothing");
  EXPECT_EQ(error_of(kBase + "developer ctol=0\n"), "in/x.in:4: developer: ctol=0 must be > 0");
  EXPECT_EQ(error_of(kBase + "developer cmaxit=0\n"), "in/x.in:4: developer: cmaxit=0 must be >= 1");
  EXPECT_EQ(error_of(kBase + "developer crelax=x\n"), "in/x.in:4: developer: 'crelax=x' is not a number");
  EXPECT_EQ(error_of(kBase + "refinement zmax=2\n"),
            "in/x.in:4: refinement: SW4's mesh refinement is not implemented here (allowed: one Cartesian grid, "
            "with topography a curvilinear grid on top; remove the refinement command)");
}

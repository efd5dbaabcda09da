// precision_helpers.hpp: the tests' one way to say "this tolerance depends on the precision"
// (precision.hpp; docs/user-guide.md, "Single precision").
//
// Why built so: the double build keeps every tolerance it had; the single build rounds every
// field value to a float (eps 6e-8), so a test that compares with an exact value, with a
// double computation or with the original's reference output needs a looser bound there. Each
// such bound goes through tol(double_tol, single_tol), written at the test with the reason for
// the single one, so `grep -n 'tol(' test/` lists every place the single build is let off, and
// the double build's numbers stay in sight beside it. Bitwise checks never go through it.
#pragma once

#include "precision.hpp"

namespace sw4test {

// true in the single build (make PRECISION=single): field values are floats.
constexpr bool kSingle = sizeof(sw4::Real) == 4;

// The tolerance of this build: double_tol in the double build, single_tol in the single one.
constexpr double tol(double double_tol, double single_tol) { return kSingle ? single_tol : double_tol; }

}  // namespace sw4test

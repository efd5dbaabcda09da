// input_helpers.hpp: what both halves of the parser's tests use (test_input.cpp,
// test_input_errors.cpp): the three lines most decks start with, a deck parsed from a string,
// and the one-line message of the error a deck raises.
//
// Why built so: a test shows its deck and the expected message side by side, so both files
// must parse strings the same way under the same name ("in/x.in"), which the messages print.
// Inline, so that a binary that uses only some of these compiles without a warning.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "input.hpp"

// Lines 1-3 of most decks: 17 x 17 x 9 points, h = 0.5, covered by one block.
inline const std::string kBase = "grid h=0.5 x=8 y=8 z=4\nsupergrid gp=2\nblock vp=2 vs=1 rho=1\n";

inline sw4::Config parse(const std::string& text) {
  std::istringstream in(text);
  return sw4::parse_input_stream(in, "in/x.in");
}

// The message of the InputError that TEXT raises; every message must be one line.
inline std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const sw4::InputError& e) {
    std::string m = e.what();
    EXPECT_EQ(m.find('\n'), std::string::npos) << m;
    return m;
  }
  return "(no error)";
}

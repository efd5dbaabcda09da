# verify_exact.sh: the exact solutions the verification compares against (test_lamb_exact: Lamb's problem).
gtest_check unit-lamb-exact 1 120 build/test_lamb_exact --gtest_color=no

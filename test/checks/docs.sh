# The documents the code cites (sourced by test/run_tests.sh): every reference such as
# "NUMERICS.md 3.1, 3.2", "NUMERICS §7.2" or DESIGN.md, "The numbers contract" names a heading
# that exists (with the heading's words where the citation gives them), every cited .md file is
# in the repository, every link's anchor is a heading, and DESIGN.md's layout table lists every
# header and source (tools/check_citations.sh). The self-test runs the check on a copy with a
# bad citation of each kind and expects it to fail, so the check itself is checked: in make
# check only, as it checks the checker, not the documents (40 s, a twelfth of make test).
cmd_check docs-citations 60 bash tools/check_citations.sh
quick || cmd_check docs-citations-selftest 120 bash tools/check_citations.sh --self-test
# The user guide's table of the .sw4img layout against the writer (output/image.hpp), read from
# docs/user-guide.md.
gtest_check unit-readme-sw4img 1 60 build/test_readme_sw4img --gtest_color=no

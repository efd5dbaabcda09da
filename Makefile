# sw4lite: a Makefile that is not clever.
#   make            build ./sw4lite (two-sided MPI halo exchange) and ./sw4lite-onesided (runtime)
#   make run        install what is missing (apt-get), build, run inputs/pointsource.in on 2 ranks
#   make test       the quick suite (minutes): every feature once, one configuration of each
#                   kind (QUICK=1 on the check files QUICK_CHECKS); last line "N passed, N failed"
#   make check      every check of test/checks/*.sh, every configuration (CI part a); last line
#                   "N passed, N failed"
#   make tests      build what make check runs, run nothing
#   make bench      time loop, timing table and figure of merit on 1 and 2 ranks
#   make clean
# Options: PRECISION=double|single (the type of every field value: precision.hpp)
#          MPICXX=<mpi c++ compiler>  OPT="<optimisation flags>"  DEBUG=1 (no optimisation, -g)
#          WERROR=1 (warnings are errors; CI)  SANITIZE=1 (AddressSanitizer + UBSan, compile and link)
#          EXTRA_CXXFLAGS, EXTRA_LDFLAGS, GTEST_LIBS

MPICXX ?= mpicxx
OPT    ?= -O3 -march=native
DEBUG  ?= 0
ifeq ($(DEBUG),1)
  OPT := -O0 -g -fno-omit-frame-pointer
endif
WERROR   ?= 0
SANITIZE ?= 0
# Warnings stay warnings unless asked: a newer compiler's new warning must not break a user's
# build, while CI (WERROR=1) keeps the code warning-free.
WARN := -Wall -Wextra -Wpedantic
ifeq ($(WERROR),1)
  WARN += -Werror
endif
# Sanitizers go on both the compile and the link line; any finding stops the program.
ifeq ($(SANITIZE),1)
  SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
endif
# The MPI C++ bindings are not used (and warn under -Wextra): skip them.
CXXFLAGS := -std=c++17 -I. $(WARN) $(OPT) $(SANFLAGS) -DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX $(EXTRA_CXXFLAGS)
LDFLAGS  := $(SANFLAGS) $(EXTRA_LDFLAGS)
GTEST_LIBS ?= -lgtest -pthread

# Field values in double (the default) or single precision (docs/user-guide.md, "Single precision").
PRECISION ?= double
ifeq ($(PRECISION),single)
  CXXFLAGS += -DSW4LITE_SINGLE
else ifneq ($(PRECISION),double)
  $(error PRECISION=$(PRECISION) is not a precision (allowed: single, double))
endif
# Switching the precision rebuilds everything: the programs depend on a stamp that holds it.
PREC_STAMP := build/precision
$(shell mkdir -p build && { [ "$$(cat $(PREC_STAMP) 2>/dev/null)" = "$(PRECISION)" ] || echo $(PRECISION) >$(PREC_STAMP); })

# OpenMP threads inside a rank (OMP_NUM_THREADS): on where the compiler builds an OpenMP
# program with OMPFLAGS, OPENMP=0 to build without (the pragmas then vanish).
OPENMP   ?= 1
OMPFLAGS ?= -fopenmp
ifeq ($(OPENMP),1)
  OMP_OK := $(shell printf '\043include <omp.h>\nint main() { return omp_get_max_threads() > 0 ? 0 : 1; }\n' | \
              $(MPICXX) $(OMPFLAGS) -x c++ - -o /dev/null >/dev/null 2>&1 && echo yes)
  ifeq ($(OMP_OK),yes)
    CXXFLAGS += $(OMPFLAGS)
    OMP_INFO := on ($(OMPFLAGS))
  else
    OMP_INFO := off ($(MPICXX) $(OMPFLAGS) does not build an OpenMP program)
  endif
else
  OMP_INFO := off (OPENMP=0)
endif
# parallel compiles for make run / test / bench
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

HEADERS   := $(wildcard *.hpp amr/*.hpp checks/*.hpp dg/*.hpp halo/*.hpp input/*.hpp onesided/*.hpp output/*.hpp topography/*.hpp verify/*.hpp)
UNIT_BIN  := $(patsubst test/%.cpp,build/%,$(wildcard test/test_*.cpp))
MPI_BIN   := $(patsubst test/%.cpp,build/%,$(wildcard test/mpi_*.cpp))
# make test's check files (QUICK=1 trims the files that run a matrix: test/run_tests.sh) and the
# test programs they run, found in them as .ci/run finds them: only these are built (the two
# binaries' -O3 builds and the unit tests' are most of the suite's time). The unit tests of the
# kernels, the operator and its 4th order, the grid, the sources, the receivers, the step, the
# parser and its messages, the topography; the curvilinear operator's own unit tests and the
# set-up's measured limits run in make check (topography is checked end to end here); SW4's
# smallest regression decks (sw4).
QUICK_CHECKS := kernels stencil convergence grid source receiver step input topography e2e \
                flat_outputs plots halo onesided threads checkpoint image topography_identity \
                topography_decks solution_check runtime docs verify dg sw4 sw4_energy
QUICK_BIN := $(sort $(shell grep -ho 'build/[a-z0-9_]*' $(QUICK_CHECKS:%=test/checks/%.sh)))
BENCH_BIN := $(patsubst bench/%.cpp,build/%,$(wildcard bench/bench_*.cpp))
# make bench compares the precisions side by side (bench/parts/12-precision.sh), whatever
# PRECISION says: these are built with each precision's flag.
PREC_BIN  := $(foreach p,double single,build/bench-precision/sw4lite-$(p) build/bench-precision/bench_kernels-$(p))
PREC_FLAG  = $(if $(filter single,$(1)),-DSW4LITE_SINGLE)

.PHONY: all info run test check verify bench clean deps tests

all: info sw4lite sw4lite-onesided

# First line: the compiler underneath the MPI wrapper (works for Open MPI's and MPICH's).
info:
	@echo "sw4lite build: compiler: $$($(MPICXX) --version 2>/dev/null | head -n 1)"
	@echo "               MPICXX=$(MPICXX) OPT=$(OPT) DEBUG=$(DEBUG) WERROR=$(WERROR) SANITIZE=$(SANITIZE)"
	@echo "               precision: $(PRECISION) (PRECISION=single|double)"
	@echo "               CXXFLAGS=$(CXXFLAGS)"
	@echo "               OpenMP threads: $(OMP_INFO)"

sw4lite: sw4lite.cpp $(HEADERS) $(PREC_STAMP)
	$(MPICXX) $(CXXFLAGS) -o $@ sw4lite.cpp $(LDFLAGS)

# The same sources, halos exchanged one-sidedly through the active-message runtime.
sw4lite-onesided: sw4lite.cpp $(HEADERS) $(PREC_STAMP)
	$(MPICXX) $(CXXFLAGS) -DSW4LITE_ONESIDED -o $@ sw4lite.cpp $(LDFLAGS)

build:
	@mkdir -p build

build/test_%: test/test_%.cpp $(HEADERS) $(wildcard test/*.hpp) $(PREC_STAMP) | build
	$(MPICXX) $(CXXFLAGS) -I. -o $@ $< -lgtest_main $(GTEST_LIBS) $(LDFLAGS)

build/mpi_%: test/mpi_%.cpp $(HEADERS) $(wildcard test/*.hpp) $(PREC_STAMP) | build
	$(MPICXX) $(CXXFLAGS) -I. -o $@ $< $(GTEST_LIBS) $(LDFLAGS)

build/bench_%: bench/bench_%.cpp $(HEADERS) $(wildcard bench/*.hpp) $(PREC_STAMP) | build
	$(MPICXX) $(CXXFLAGS) -I. -o $@ $< $(LDFLAGS)

build/bench-precision/sw4lite-%: sw4lite.cpp $(HEADERS) | build
	@mkdir -p build/bench-precision
	$(MPICXX) $(filter-out -DSW4LITE_SINGLE,$(CXXFLAGS)) $(call PREC_FLAG,$*) -o $@ sw4lite.cpp $(LDFLAGS)

build/bench-precision/bench_kernels-%: bench/bench_kernels.cpp $(HEADERS) | build
	@mkdir -p build/bench-precision
	$(MPICXX) $(filter-out -DSW4LITE_SINGLE,$(CXXFLAGS)) $(call PREC_FLAG,$*) -I. -o $@ $< $(LDFLAGS)

deps:
	@bash tools/deps.sh

tests: sw4lite sw4lite-onesided $(UNIT_BIN) $(MPI_BIN)

run: deps
	@$(MAKE) --no-print-directory -j$(JOBS) all
	@bash tools/run_pointsource.sh

test: deps
	@$(MAKE) --no-print-directory -j$(JOBS) info sw4lite sw4lite-onesided $(QUICK_BIN)
	@QUICK=1 bash test/run_tests.sh $(QUICK_CHECKS)

# The verification suite: convergence tables, energy, the same bits everywhere, the plot
# (verify/run_verify.sh; about 4 minutes on 2 cores with the builds).
verify: deps
	@$(MAKE) --no-print-directory -j$(JOBS) info sw4lite sw4lite-onesided build/bench-precision/sw4lite-single
	@bash verify/run_verify.sh

check: deps
	@$(MAKE) --no-print-directory -j$(JOBS) info tests
	@QUICK=0 bash test/run_tests.sh

bench: deps
	@$(MAKE) --no-print-directory -j$(JOBS) all $(BENCH_BIN) $(PREC_BIN)
	@bash bench/run_bench.sh

clean:
	rm -rf build sw4lite sw4lite-onesided test-output bench-output pointsource-h0p04 precision-output

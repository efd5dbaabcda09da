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
#   make GPU=cuda   build ./sw4lite-cuda, the whole step on an NVIDIA GPU (nvcc; DESIGN.md, "The GPU build")
#   make SHMEM=1    build ./sw4lite-shmem too: ./sw4lite with the OpenSHMEM halo model (halo=shmem)
# Options: PRECISION=double|single (the type of every field value: precision.hpp)
#          MPICXX=<mpi c++ compiler>  OPT="<optimisation flags>"  DEBUG=1 (no optimisation, -g)
#          WERROR=1 (warnings are errors; CI)  SANITIZE=1 (AddressSanitizer + UBSan, compile and link)
#          EXTRA_CXXFLAGS, EXTRA_LDFLAGS, GTEST_LIBS, UNIT_OPT (the unit tests' flags; OPT at -O1)
#          GPU=cuda  NVCC=<nvcc>  CUDA_ARCH=sm_90 (the default; its PTX is embedded too)

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
# No contraction of a*b + c into a fused multiply-add: whether GCC contracts an expression depends
# on how its function was inlined, which differs between ./sw4lite and ./sw4lite-onesided, and
# the two must give the same bits (measured: twilight's receivers differed in the last bit).
FPFLAGS := -ffp-contract=off
CXXFLAGS := -std=c++17 -I. $(WARN) $(OPT) $(FPFLAGS) $(SANFLAGS) -DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX $(EXTRA_CXXFLAGS)
LDFLAGS  := $(SANFLAGS) $(EXTRA_LDFLAGS)
GTEST_LIBS ?= -lgtest -pthread
# The unit-test programs build at -O1 where OPT asks for more (UNIT_OPT): their -O3 build was
# most of make test's time (48 programs, 547 s of 839 on 2 cores; -O1 compiles one in 11 s
# against 28), and -O1 does each floating-point operation as -O3 does (no contraction: FPFLAGS;
# no reassociation without -ffast-math, which OPT passes on), so they check the same numbers;
# the one exception, GCC's fused add/subtract at -O3 in the sources' weights, is DESIGN.md's
# ("The numbers contract"), and the tests there compare to 1e-15.
UNIT_OPT ?= $(patsubst -Ofast,-O1 -ffast-math,$(patsubst -O2,-O1,$(patsubst -O3,-O1,$(OPT))))
# Clang reports every `omp simd` loop it leaves unvectorized, which it does at -O1 (an error under
# WERROR=1): the binaries, built at OPT, are where that report counts.
UNIT_CLANG := $(shell $(MPICXX) --version 2>/dev/null | grep -qi clang && echo yes)
UNIT_CXXFLAGS = $(filter-out $(OPT),$(CXXFLAGS)) $(UNIT_OPT) $(if $(UNIT_CLANG),-Wno-pass-failed)

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

HEADERS   := $(wildcard *.hpp amr/*.hpp attenuation/*.hpp checks/*.hpp dg/*.hpp gpu/*.hpp halo/*.hpp input/*.hpp onesided/*.hpp output/*.hpp topography/*.hpp verify/*.hpp)
UNIT_BIN  := $(patsubst test/%.cpp,build/%,$(wildcard test/test_*.cpp))
MPI_BIN   := $(patsubst test/%.cpp,build/%,$(wildcard test/mpi_*.cpp))
# make test's check files (QUICK=1 trims the files that run a matrix: test/run_tests.sh) and the
# test programs they run, found in them as .ci/run finds them: only these are built (the two
# binaries' -O3 builds and the unit tests' are most of the suite's time). The unit tests of the
# kernels, the operator and its 4th order, the grid, the sources, the receivers, the step, the
# parser and its messages, the topography; the curvilinear operator's own unit tests and the
# set-up's measured limits run in make check (topography is checked end to end here); SW4's
# smallest regression decks (sw4); attenuation's material fit. The CUDA build's point formulas and its device step on the
# host backend are unit tests of kernels.sh; its whole driver on the host backend (gpu.sh, a
# third -O3 build of sw4lite.cpp) runs in make check.
QUICK_CHECKS := kernels stencil convergence grid source receiver step input topography e2e \
                flat_outputs plots halo onesided threads checkpoint image topography_identity \
                topography_decks solution_check runtime docs verify dg sw4 sw4_energy shmem \
                attenuation attenuation_identity
QUICK_BIN := $(sort $(shell grep -ho 'build/[a-z0-9_]*' $(QUICK_CHECKS:%=test/checks/%.sh)))
BENCH_BIN := $(patsubst bench/%.cpp,build/%,$(wildcard bench/bench_*.cpp))
# make bench compares the precisions side by side (bench/parts/12-precision.sh), whatever
# PRECISION says: these are built with each precision's flag.
PREC_BIN  := $(foreach p,double single,build/bench-precision/sw4lite-$(p) build/bench-precision/bench_kernels-$(p))
PREC_FLAG  = $(if $(filter single,$(1)),-DSW4LITE_SINGLE)

.PHONY: all info run test check verify bench clean deps tests cuda

all: info sw4lite sw4lite-onesided

# The CUDA build: sw4lite.cpp compiled by nvcc as CUDA with the MPI compiler as its host
# compiler, -DSW4LITE_GPU (the driver gpu/gpu_run.hpp). Extended lambdas are the kernels
# (gpu/device.hpp); relaxed constexpr lets device code call the constexpr helpers of the
# tables. The host backend of the same driver, build/sw4lite_gpuhost, needs no nvcc.
GPU  ?=
NVCC ?= $(firstword $(shell command -v nvcc 2>/dev/null) $(wildcard /usr/local/cuda/bin/nvcc))
CUDA_ARCH ?= sm_90
comma := ,
empty :=
space := $(empty) $(empty)
CUDA_VIRT := $(subst sm_,compute_,$(CUDA_ARCH))
NVCCFLAGS := -x cu -std=c++17 -O3 -ccbin $(MPICXX) --extended-lambda --expt-relaxed-constexpr \
             -gencode arch=$(CUDA_VIRT),code=[$(CUDA_ARCH),$(CUDA_VIRT)] -I. -DSW4LITE_GPU \
             -DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX $(if $(filter single,$(PRECISION)),-DSW4LITE_SINGLE) \
             -Xcompiler $(subst $(space),$(comma),$(strip -Wall -Wextra $(OPT) $(if $(filter yes,$(OMP_OK)),$(OMPFLAGS))))
ifeq ($(WERROR),1)
  NVCCFLAGS += -Werror all-warnings -Xcompiler -Werror
endif
ifeq ($(GPU),cuda)
  ifeq ($(NVCC),)
    $(error make GPU=cuda: nvcc is not on PATH nor in /usr/local/cuda/bin (allowed: NVCC=/path/to/nvcc, or make without GPU=cuda))
  endif
  .DEFAULT_GOAL := cuda
else ifneq ($(GPU),)
  $(error GPU=$(GPU) is not a GPU build (allowed: cuda))
endif

cuda: info sw4lite-cuda

sw4lite-cuda: sw4lite.cpp $(HEADERS) $(PREC_STAMP)
	@[ -n "$(NVCC)" ] || { echo "sw4lite-cuda: nvcc is not on PATH nor in /usr/local/cuda/bin (allowed: NVCC=/path/to/nvcc)"; exit 1; }
	$(NVCC) $(NVCCFLAGS) -o $@ sw4lite.cpp $(EXTRA_LDFLAGS)

# The single build's CUDA binary beside the double one (CI's part g builds both at once).
build/sw4lite-cuda-single: sw4lite.cpp $(HEADERS) | build
	@[ -n "$(NVCC)" ] || { echo "sw4lite-cuda: nvcc is not on PATH nor in /usr/local/cuda/bin (allowed: NVCC=/path/to/nvcc)"; exit 1; }
	$(NVCC) $(filter-out -DSW4LITE_SINGLE,$(NVCCFLAGS)) -DSW4LITE_SINGLE -o $@ sw4lite.cpp $(EXTRA_LDFLAGS)

build/sw4lite_gpuhost: sw4lite.cpp $(HEADERS) $(PREC_STAMP) | build
	$(MPICXX) $(CXXFLAGS) -DSW4LITE_GPU -o $@ sw4lite.cpp $(LDFLAGS)

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

# The OpenSHMEM build: ./sw4lite with the halo model shmem and its reductions (halo/halo_shmem.hpp,
# halo/agree.hpp), compiled by the OpenSHMEM compiler (Open MPI's oshc++: liboshmem on top of its
# MPI), -DSW4LITE_SHMEM. make SHMEM=1 adds it to make; make check, tests and bench build it
# wherever $(OSHCXX) is found (SHMEM=0: never), and its checks skip where it is not built.
OSHCXX ?= oshc++
SHMEM  ?= auto
ifeq ($(SHMEM),1)
  SHMEM_BIN := sw4lite-shmem
  all: sw4lite-shmem
else ifeq ($(SHMEM),auto)
  SHMEM_BIN := $(if $(shell command -v $(OSHCXX) 2>/dev/null),sw4lite-shmem)
else ifneq ($(SHMEM),0)
  $(error SHMEM=$(SHMEM) is not an OpenSHMEM choice (allowed: 1, 0, auto))
endif
# make check builds `tests` in its own make, after deps: there the compiler is looked for again.
tests bench: $(SHMEM_BIN)
sw4lite-shmem: sw4lite.cpp $(HEADERS) $(PREC_STAMP)
	@command -v $(OSHCXX) >/dev/null || { echo "sw4lite-shmem: $(OSHCXX) is not on PATH (allowed: OSHCXX=<OpenSHMEM C++ compiler>; Debian: openmpi-bin)"; exit 1; }
	$(OSHCXX) $(CXXFLAGS) -DSW4LITE_SHMEM -o $@ sw4lite.cpp $(LDFLAGS)

build:
	@mkdir -p build

build/test_%: test/test_%.cpp $(HEADERS) $(wildcard test/*.hpp) $(PREC_STAMP) | build
	$(MPICXX) $(UNIT_CXXFLAGS) -I. -o $@ $< -lgtest_main $(GTEST_LIBS) $(LDFLAGS)

build/mpi_%: test/mpi_%.cpp $(HEADERS) $(wildcard test/*.hpp) $(PREC_STAMP) | build
	$(MPICXX) $(UNIT_CXXFLAGS) -I. -o $@ $< $(GTEST_LIBS) $(LDFLAGS)

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

tests: sw4lite sw4lite-onesided build/sw4lite_gpuhost $(UNIT_BIN) $(MPI_BIN)

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
	rm -rf build sw4lite sw4lite-onesided sw4lite-cuda sw4lite-shmem test-output bench-output pointsource-h0p04 precision-output

#!/usr/bin/env bash
# Installs what the build needs (Open MPI, GoogleTest) with apt-get when it is missing and
# apt-get can be used; otherwise says what to install and fails.
#
# What the user chose is honoured before anything is installed: MPICXX (and MPIRUN) naming a
# command that exists means that MPI is used, whichever it is; GTEST_LIBS or EXTRA_CXXFLAGS
# set means GoogleTest is found where they say. (make passes its command-line variables here
# through the environment.)
set -u
need=()
exists() { command -v "${1%% *}" >/dev/null 2>&1; }   # the command of a "cmd args" string
if [ -n "${MPICXX:-}" ] && exists "$MPICXX"; then :
else exists mpicxx || need+=(openmpi-bin libopenmpi-dev)
fi
if [ -n "${MPIRUN:-}" ] && exists "$MPIRUN"; then :
elif [ -n "${MPICXX:-}" ] && exists "$MPICXX"; then :   # its launcher comes with it
else exists mpirun || need+=(openmpi-bin)
fi
if [ -z "${GTEST_LIBS:-}" ] && [ -z "${EXTRA_CXXFLAGS:-}" ] &&
   ! [ -f /usr/include/gtest/gtest.h ] && ! [ -f /usr/local/include/gtest/gtest.h ]; then
  need+=(libgtest-dev)
fi
[ ${#need[@]} -eq 0 ] && exit 0
echo "sw4lite: installing missing packages: ${need[*]}"
sudo=""
[ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >/dev/null && exit 0
fi
echo "sw4lite: please install an MPI (mpicxx, mpirun) and GoogleTest, then run make again" >&2
exit 1

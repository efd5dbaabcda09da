#!/usr/bin/env bash
# Installs what the build needs (Open MPI, GoogleTest) with apt-get when it is missing and
# apt-get can be used; otherwise says what to install and fails.
set -u
need=()
command -v mpicxx >/dev/null 2>&1 || need+=(openmpi-bin libopenmpi-dev)
command -v mpirun >/dev/null 2>&1 || need+=(openmpi-bin)
if ! [ -f /usr/include/gtest/gtest.h ] && ! [ -f /usr/local/include/gtest/gtest.h ]; then
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

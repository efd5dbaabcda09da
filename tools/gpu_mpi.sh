#!/usr/bin/env bash
# gpu_mpi.sh: makes gpu-mpi/, an MPI that travels with the working tree to a machine that has
# none (the GPU machine the CUDA build runs on), from Debian 12's MPICH packages.
# Usage: tools/gpu_mpi.sh [DEST]    (DEST defaults to gpu-mpi/ in the repository root)
# There: source gpu-mpi/env.sh; make MPICXX=gpu-mpi/bin/mpicxx ...; mpiexec -n 2 ./sw4lite deck.in
#
# Why built so: the GPU machine has a compiler and nvcc but no MPI and no network, and what
# reaches it is a copy of the tree plus a few ignored folders, 64 MiB in all. So the MPI is
# carried as built binaries, taken from the distribution's own packages (apt-get download,
# dpkg -x: nothing is installed or changed here) rather than built from source, which would
# take longer than the whole sw4lite build. MPICH rather than Open MPI: its launcher (Hydra)
# is two programs over two libraries, while Open MPI 4.1's mpirun needs its orted daemon, PMIx,
# over a hundred plugin libraries and help and configuration files under its installation
# prefix (OPAL_PREFIX moves them, but that is more to carry and more to go wrong). Only what
# runs is carried: the launcher and its proxy, libmpich.so.12 (the C API, all sw4lite uses) and
# the shared libraries these name (checked below: every NEEDED entry of every carried file is
# carried or belongs to glibc), the C headers and the packages' copyright files; no Fortran or
# C++ bindings, no man pages, no UCX transport modules (UCX loads them with dlopen and works
# without them on one machine; the InfiniBand ones would drag in libibverbs and libnl), no hwloc
# plugins (env.sh turns their loading off). The packages are Debian 12's and need glibc 2.34 or
# newer there (env.sh warns).
#
# libmpich.so.12 alone is 41 MB of the 46: it is carried gzipped (13 MB) and env.sh inflates it
# once into a directory outside the tree (/tmp/gpu-mpi-UID-SUM, SUM its checksum), so that a
# folder sourced here can still be carried (the inflated copy never joins it) and a stale copy
# is never used. No symbolic links are carried (a link travels only as a link): libmpich.so is
# a one-line linker script, the wrappers are small scripts.
#
# bin/mpicxx runs ${HOST_CXX:-g++} with the MPI flags (compile flags when compiling, link flags
# too when linking, as MPI's own wrappers do), so it serves both as MPICXX and as nvcc's host
# compiler (nvcc -ccbin gpu-mpi/bin/mpicxx). bin/mpiexec (and mpirun, the same) sets what the
# ranks need and starts Hydra with the fork launcher: there is no ssh there. Hydra forks on its
# own host unasked (seen with no ssh and a host name nothing resolves), but a host it takes for
# another one (-hosts, a host file, a Slurm-looking environment) goes through ssh, and without
# ssh it hangs rather than fails; fork starts every rank here whatever the host list says.
# The MPI C++ bindings are skipped (MPICH_SKIP_MPICXX), as the Makefile does: mpicxx.h and
# libmpichcxx are not carried. At the end a small MPI program is built and run on 2 ranks
# in an empty environment (env -i) with nothing but env.sh, as the other machine will.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
dest=${1:-$repo/gpu-mpi}
arch=x86_64-linux-gnu
# Debian 12 (bookworm) names; the list is the closure checked below.
pkgs=(mpich libmpich12 libmpich-dev libhwloc15 libucx0 libnuma1 libudev1 libslurm38)
bins=(mpiexec.hydra hydra_pmi_proxy)
libs=(libmpich.so.12 libhwloc.so.15 libucp.so.0 libuct.so.0 libucs.so.0 libucm.so.0
      libnuma.so.1 libudev.so.1 libslurm.so.38)
headers=(mpi.h mpio.h mpi_proto.h)
# What any Linux with a C++ compiler has: glibc's libraries, the compiler's runtime.
base_re='^(libc|libm|libdl|libpthread|librt|libresolv|libutil|ld-linux-x86-64|libstdc\+\+|libgcc_s)\.so'

die() { echo "gpu_mpi.sh: $*" >&2; exit 1; }
for t in apt-get dpkg readelf gzip cksum; do
  command -v "$t" >/dev/null || die "needs $t (a Debian 12 machine with binutils)"
done
[ "$(uname -m)" = x86_64 ] || die "the packages are amd64 ones; run this on x86-64"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "gpu_mpi.sh: downloading ${pkgs[*]}"
sandbox=()
[ "$(id -u)" -eq 0 ] && sandbox=(-o APT::Sandbox::User=root)   # _apt cannot write in $work
(cd "$work" && apt-get -q "${sandbox[@]}" download "${pkgs[@]}" >/dev/null) ||
  die "apt-get download failed (no network, no package lists: apt-get update; or not Debian 12)"
for deb in "$work"/*.deb; do dpkg -x "$deb" "$work/root"; done

# Where a file lies in the unpacked packages (usr/lib or lib, merged /usr or not).
find_one() {
  local f
  f=$(find "$work/root" -name "$1" \( -type f -o -type l \) | head -n 1)
  [ -n "$f" ] || die "$1 is in none of the packages (${pkgs[*]})"
  printf '%s\n' "$f"
}

rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/lib" "$dest/include" "$dest/licenses"
for b in "${bins[@]}"; do cp -L "$(find_one "$b")" "$dest/bin/$b"; done
for l in "${libs[@]}"; do cp -L "$(find_one "$l")" "$dest/lib/$l"; done
for h in "${headers[@]}"; do cp -L "$work/root/usr/include/$arch/mpich/$h" "$dest/include/$h"; done
for p in "${pkgs[@]}"; do
  c=$work/root/usr/share/doc/$p/copyright
  [ -f "$c" ] || continue
  cmp -s "$c" "$dest/licenses/mpich.copyright" || cp "$c" "$dest/licenses/$p.copyright"
done
for deb in "$work"/*.deb; do
  dpkg-deb -f "$deb" Package Version | paste -sd' ' -
done | sed 's/^Package: //; s/ Version: / /' >"$dest/VERSIONS"

# The closure: each NEEDED library of each carried file is carried or is glibc's.
missing=""
for f in "$dest"/bin/* "$dest"/lib/*; do
  for n in $(readelf -d "$f" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    [ -f "$dest/lib/$n" ] || [[ $n =~ $base_re ]] || missing+=" $n (needed by ${f##*/})"
  done
done
[ -z "$missing" ] || die "not carried:$missing"

gzip -9n "$dest/lib/libmpich.so.12"
sum=$(cksum <"$dest/lib/libmpich.so.12.gz" | cut -d' ' -f1)
# -lmpich finds this script, which names the library by its soname (searched along -L).
echo 'INPUT(libmpich.so.12)' >"$dest/lib/libmpich.so"

# --- env.sh: everything the other machine needs, in one file the wrappers source too.
cat >"$dest/env.sh" <<EOF
# gpu-mpi/env.sh (written by tools/gpu_mpi.sh): the carried MPICH, for a machine without MPI.
# shellcheck shell=sh
# Source it (bash: from anywhere; sh: from the repository root). It sets PATH (mpiexec, mpirun,
# mpicxx of gpu-mpi/bin first), LD_LIBRARY_PATH, HYDRA_LAUNCHER=fork, HWLOC_PLUGINS_PATH
# (none loaded), MPICXX and MPIRUN (so make and tools/mpirun.sh use this MPI), and
# MPI_CXXFLAGS / MPI_LDFLAGS for a compiler or nvcc called directly. libmpich.so.12 is
# carried gzipped and inflated once, outside the tree, into \$GPU_MPI_LIBDIR (GPU_MPI_CACHE=DIR
# chooses it).
if [ -z "\${GPU_MPI:-}" ] || [ ! -f "\$GPU_MPI/env.sh" ]; then
  if [ -n "\${BASH_VERSION:-}" ]; then eval 'GPU_MPI=\$(dirname "\${BASH_SOURCE[0]}")'; else GPU_MPI=gpu-mpi; fi
fi
GPU_MPI=\$(cd "\$GPU_MPI" && pwd)
export GPU_MPI
case "\$(getconf GNU_LIBC_VERSION 2>/dev/null)" in
  "glibc 2."[0-9] | "glibc 2."[0-9].* | "glibc 2."[12][0-9] | "glibc 2."[12][0-9].* | "glibc 2.3"[0-3] | "glibc 2.3"[0-3].*)
    echo "gpu-mpi/env.sh: this glibc (\$(getconf GNU_LIBC_VERSION)) is older than 2.34, which Debian 12's MPICH needs" >&2 ;;
esac
GPU_MPI_LIBDIR=\${GPU_MPI_CACHE:-\${TMPDIR:-/tmp}/gpu-mpi-\$(id -u)-$sum}
if [ ! -f "\$GPU_MPI_LIBDIR/libmpich.so.12" ]; then
  mkdir -p "\$GPU_MPI_LIBDIR"
  _gm_tmp=\$GPU_MPI_LIBDIR/libmpich.so.12.\$\$
  if gzip -dc <"\$GPU_MPI/lib/libmpich.so.12.gz" >"\$_gm_tmp" 2>/dev/null ||
     python3 -c 'import gzip, shutil, sys; shutil.copyfileobj(gzip.open(sys.argv[1]), open(sys.argv[2], "wb"))' \\
       "\$GPU_MPI/lib/libmpich.so.12.gz" "\$_gm_tmp"; then
    mv -f "\$_gm_tmp" "\$GPU_MPI_LIBDIR/libmpich.so.12"   # whole or not at all: make -j
  else
    rm -f "\$_gm_tmp"
    echo "gpu-mpi/env.sh: cannot inflate libmpich.so.12 into \$GPU_MPI_LIBDIR (no gzip, no python3?)" >&2
  fi
  unset _gm_tmp
fi
export GPU_MPI_LIBDIR
case ":\${PATH:-}:" in *":\$GPU_MPI/bin:"*) ;; *) export PATH="\$GPU_MPI/bin\${PATH:+:\$PATH}" ;; esac
case ":\${LD_LIBRARY_PATH:-}:" in
  *":\$GPU_MPI_LIBDIR:\$GPU_MPI/lib:"*) ;;
  *) export LD_LIBRARY_PATH="\$GPU_MPI_LIBDIR:\$GPU_MPI/lib\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" ;;
esac
export MPI_CXXFLAGS="-I\$GPU_MPI/include -DMPICH_SKIP_MPICXX"
export MPI_LDFLAGS="-L\$GPU_MPI_LIBDIR -L\$GPU_MPI/lib -lmpich"
export HYDRA_LAUNCHER="\${HYDRA_LAUNCHER:-fork}"
# No hwloc plugins (none are carried): a system's own would be another hwloc's, and its
# CUDA or NVML plugin would start CUDA in every rank inside MPI_Init.
export HWLOC_PLUGINS_PATH="\$GPU_MPI/lib/hwloc"
export MPICXX="\$GPU_MPI/bin/mpicxx" MPIRUN="\$GPU_MPI/bin/mpiexec" MPIRUN_KIND=hydra
EOF

# --- bin/mpicxx: the host compiler with the MPI flags.
cat >"$dest/bin/mpicxx" <<'EOF'
#!/bin/sh
# gpu-mpi/bin/mpicxx (written by tools/gpu_mpi.sh): ${HOST_CXX:-g++} against the carried MPICH.
# Link flags only when linking (-c, -S, -E, -M compile or preprocess only), as MPI's own
# wrappers do; -rpath-link lets ld check libmpich's own libraries without LD_LIBRARY_PATH.
GPU_MPI=$(cd "$(dirname "$0")/.." && pwd)
. "$GPU_MPI/env.sh"
cxx=${HOST_CXX:-}
if [ -z "$cxx" ]; then
  for c in g++ c++ clang++; do command -v "$c" >/dev/null 2>&1 && { cxx=$c; break; }; done
  [ -n "$cxx" ] || { echo "gpu-mpi/bin/mpicxx: no C++ compiler (set HOST_CXX)" >&2; exit 127; }
fi
link=1
for a in "$@"; do
  case $a in -c | -S | -E | -M | -MM) link=0 ;; esac
done
if [ "$link" = 1 ]; then
  # shellcheck disable=SC2086
  exec $cxx $MPI_CXXFLAGS "$@" $MPI_LDFLAGS "-Wl,-rpath-link,$GPU_MPI/lib"
fi
# shellcheck disable=SC2086
exec $cxx $MPI_CXXFLAGS "$@"
EOF

# --- bin/mpiexec and bin/mpirun: Hydra, its environment and the fork launcher.
for w in mpiexec mpirun; do
  cat >"$dest/bin/$w" <<'EOF'
#!/bin/sh
# gpu-mpi/bin/mpiexec (written by tools/gpu_mpi.sh): MPICH's Hydra from the carried folder.
# env.sh sets LD_LIBRARY_PATH, which Hydra passes to every rank, and HYDRA_LAUNCHER=fork:
# no ssh on that machine. Hydra finds hydra_pmi_proxy beside the path it is started by.
GPU_MPI=$(cd "$(dirname "$0")/.." && pwd)
. "$GPU_MPI/env.sh"
exec "$GPU_MPI/bin/mpiexec.hydra" "$@"
EOF
done
chmod 755 "$dest"/bin/*

# --- The self-test: an MPI program built and run with nothing but env.sh.
cat >"$work/hello.cpp" <<'EOF'
#include <mpi.h>
#include <cstdio>
int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 0, sum = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int one = rank + 1;
  MPI_Allreduce(&one, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0) std::printf("ranks %d sum %d\n", size, sum);
  MPI_Finalize();
  return sum == size * (size + 1) / 2 ? 0 : 1;
}
EOF
# shellcheck disable=SC2016  # expanded by the inner shell
got=$(env -i PATH=/usr/bin:/bin HOME="${HOME:-/tmp}" bash -c '
  source "$1/env.sh" && mpicxx -O1 -o "$2/hello" "$2/hello.cpp" && mpiexec -n 2 "$2/hello"
' _ "$dest" "$work" 2>&1) || die "self-test failed: $got"
[ "$got" = "ranks 2 sum 3" ] || die "self-test printed: $got"
echo "gpu_mpi.sh: self-test (built and run on 2 ranks with env.sh only): $got"
echo "gpu_mpi.sh: $(du -sh "$dest" | cut -f1) in ${dest#"$repo"/}/ ($(wc -l <"$dest/VERSIONS") packages, VERSIONS)"

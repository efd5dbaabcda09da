#!/usr/bin/env bash
# runtime_path.sh: the path of an 8-byte invocation, step by step, in instructions counted by
# callgrind (bench/runtime_path.cpp says how the wait is kept out). Not part of `make bench`:
# it needs valgrind, and takes about a minute. Usage, from the repository root:
#   bash bench/runtime_path.sh            # the runtime as built, then with AMR_PREPOSTED=0
# Prints, per way of finding a message (the runtime's default ring of posted receives, and
# probing), instructions per message:
#   runtime-path <mode> respond=<n> (find+poll=<n> match=<n> dispatch=<n> reply_send=<n>)
#                       send=<n> empty_poll=<n> raw_respond=<n> raw_send=<n> polls_per_message=<x>
# respond: from the first poll after the message is in memory to the reply sent; find+poll:
# the MPI calls that find and receive it (the test or probe whose progress brings it in, the
# receive, the copy; with the ring also the repost of the previous message's receive) and the
# poll's own work; match: sequencing and the run queue (Engine::on_arrival); dispatch: the run
# queue to the handler (Engine::execute less the send); reply_send: Engine::send_invoke, the
# handler's invoke down to MPI_Isend. send: an invoke from outside a handler. raw_*: the same
# steps as MPI_Recv + MPI_Send, and MPI_Send. Nothing is asserted.
set -u
cd "$(dirname "$0")/.."
command -v valgrind >/dev/null || { echo "runtime_path: valgrind is not installed"; exit 0; }
MPICXX=${MPICXX:-mpicxx}
mkdir -p build bench-output/runtime_path
out=bench-output/runtime_path
# No -march=native: valgrind does not decode AVX-512.
$MPICXX -std=c++17 -O3 -g -DOMPI_SKIP_MPICXX -DMPICH_SKIP_MPICXX -I. -o build/runtime_path \
  bench/runtime_path.cpp || exit 1
rounds=${RUNTIME_PATH_ROUNDS:-50}

# inclusive Ir of a function (a line "N (P%)  file:FUNC... [binary]"), 0 if absent
incl() { awk -v f="$2" 'index($0, f) && /\[/ { gsub(",", "", $1); print $1; exit }' "$1" | grep . || echo 0; }

for mode in ring probe; do
  pre=-1; [ $mode = probe ] && pre=0
  rm -f "$out/$mode".cg.*
  tools/mpirun.sh 2 valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect='*path_*<1>*' --callgrind-out-file="$PWD/$out/$mode.cg.%q{OMPI_COMM_WORLD_RANK}" \
    build/runtime_path "$rounds" "$pre" >"$out/$mode.log" 2>&1
  for r in 0 1; do
    callgrind_annotate --inclusive=yes "$out/$mode.cg.$r" >"$out/$mode.annotate.$r" 2>/dev/null
  done
  a0=$out/$mode.annotate.0 a1=$out/$mode.annotate.1
  polls=$(grep -o '[0-9]* polls' "$out/$mode.log" | grep -o '[0-9]*')
  awk -v n="$rounds" -v mode="$mode" -v polls="${polls:-0}" \
    -v respond="$(incl "$a0" 'path_respond<1>')" -v arrival="$(incl "$a0" 'Engine::on_arrival(')" \
    -v execute="$(incl "$a0" 'Engine::execute(')" -v reply="$(incl "$a0" 'Engine::send_invoke(')" \
    -v raw_respond="$(incl "$a0" 'path_raw_respond<1>')" -v send="$(incl "$a1" 'path_send<1>')" \
    -v raw_send="$(incl "$a1" 'path_raw_send<1>')" -v idle="$(incl "$a1" 'path_idle<1>')" 'BEGIN {
      find = respond - arrival - execute
      printf "runtime-path %s respond=%.0f (find+poll=%.0f match=%.0f dispatch=%.0f reply_send=%.0f) send=%.0f empty_poll=%.0f raw_respond=%.0f raw_send=%.0f polls_per_message=%.2f\n",
        mode, respond / n, find / n, arrival / n, (execute - reply) / n, reply / n, send / n, idle / n,
        raw_respond / n, raw_send / n, polls / n }'
done

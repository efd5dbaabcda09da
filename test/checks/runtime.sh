# test/checks/runtime.sh: the active-message runtime (amr_runtime.hpp and its amr_*.hpp parts).
# Sourced by test/run_tests.sh. Every GoogleTest binary runs on 1 to 4 ranks (oversubscribed);
# the large-payload and migration tests run again with Open MPI's shared-memory eager limit at
# its minimum (56 bytes; Open MPI refuses less), where every message goes by rendezvous; each
# error the runtime must report is provoked by build/mpi_runtime_fault and its line checked.
# The suites run once more finding small messages by MPI_Improbe instead of the receives
# posted in advance (below).
# Timeouts are generous (the tests take seconds) so that only a hang trips them.
# RuntimeBasic.ArrivedMessageRunsInOnePoll runs only where its promise holds: on 2 ranks or
# more (a message must come from another rank) and with receives posted in advance (found by
# MPI_Improbe, a message takes a poll more by design); elsewhere the filter leaves it out,
# so that no run counts a test that did not run.
rt_one_poll=--gtest_filter=-RuntimeBasic.ArrivedMessageRunsInOnePoll
# make test (QUICK=1): every suite on 2 ranks, once with rendezvous for every message and
# once found by MPI_Improbe; make check: the whole matrix below.
rt_nps="1 2 3 4" rt_probe_nps="2 3 4"
quick && rt_nps=2 rt_probe_nps=2
for np in $rt_nps; do
  rt_filter=; [ "$np" -eq 1 ] && rt_filter=$rt_one_poll
  gtest_check "runtime_basic_np$np" "$np" 120 build/mpi_runtime_basic $rt_filter
  gtest_check "runtime_migrate_np$np" "$np" 180 build/mpi_runtime_migrate
  gtest_check "runtime_large_np$np" "$np" 180 build/mpi_runtime_large
  gtest_check "runtime_steal_np$np" "$np" 180 build/mpi_runtime_steal
done
for np in $rt_probe_nps; do
  gtest_check "runtime_large_eager56_np$np" "$np" 240 env OMPI_MCA_btl_vader_eager_limit=56 build/mpi_runtime_large
done
quick || gtest_check "runtime_migrate_eager56_np3" 3 240 env OMPI_MCA_btl_vader_eager_limit=56 build/mpi_runtime_migrate
# Again with the other ways of finding a small message (Runtime::set_preposted, here through
# AMR_PREPOSTED): by MPI_Improbe alone (0), and with a ring of one receive posted in advance,
# which runs dry at every burst. They change how a message is found, so every promise must hold
# unchanged, also when every message goes by rendezvous.
for np in $rt_probe_nps; do
  gtest_check "runtime_basic_probe_np$np" "$np" 120 env AMR_PREPOSTED=0 build/mpi_runtime_basic $rt_one_poll
  gtest_check "runtime_migrate_probe_np$np" "$np" 180 env AMR_PREPOSTED=0 build/mpi_runtime_migrate
done
if ! quick; then
  gtest_check "runtime_large_probe_np3" 3 180 env AMR_PREPOSTED=0 build/mpi_runtime_large
  gtest_check "runtime_steal_probe_np3" 3 180 env AMR_PREPOSTED=0 build/mpi_runtime_steal
  gtest_check "runtime_large_eager56_probe_np3" 3 240 \
    env OMPI_MCA_btl_vader_eager_limit=56 AMR_PREPOSTED=0 build/mpi_runtime_large
  gtest_check "runtime_migrate_eager56_probe_np3" 3 240 \
    env OMPI_MCA_btl_vader_eager_limit=56 AMR_PREPOSTED=0 build/mpi_runtime_migrate
  gtest_check "runtime_basic_ring1_np3" 3 120 env AMR_PREPOSTED=1 build/mpi_runtime_basic
  gtest_check "runtime_steal_ring1_np3" 3 180 env AMR_PREPOSTED=1 build/mpi_runtime_steal
fi

_rt_abort() {  # NAME CASE 'expected line'
  cmd_check "runtime_error_$1" 60 test/mpi_runtime_expect_abort.sh 2 "$2" "$3"
}
_rt_abort unknown_handler unknown_handler \
  "amr_runtime: rank 1: unknown handler id 1 in a message for object 1 from rank 0"
_rt_abort unknown_handler_local unknown_handler_local \
  "amr_runtime: rank 0: invoke on object 0: unknown handler id 7"
_rt_abort bad_payload bad_payload \
  "amr_runtime: rank 1: payload of 3 bytes for handler 1 ('twice') on object 1 does not unpack"
_rt_abort protocol_error protocol_error \
  "amr_runtime: rank 1: handler 1 ('out_of_turn') on object 1: protocol error: nothing was asked for"
_rt_abort bad_state bad_state \
  "amr_runtime: rank 1: migrated state of object 0 (type"
_rt_abort no_object no_object \
  "amr_runtime: rank 0: invoke of handler 0 ('noop') on object 99, which no rank holds"
_rt_abort removed_object removed_object \
  "amr_runtime: rank 1: message for object 1 (handler 0 ('noop'), from rank 0), which no rank holds"
_rt_abort wrong_type wrong_type \
  "amr_runtime: rank 1: handler 1 ('on_other') expects an object of type"
_rt_abort poll_in_handler poll_in_handler \
  "amr_runtime: rank 0: poll(), run_until() or quiesce() called inside a handler (object 0)"
unset -f _rt_abort

# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Overload: the driver outruns a capture with a small receive buffer.
# hwmsgd keeps running; the drops it reports equal the SEQ gaps in its file,
# and records + gaps equal what the module sent.
load
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
capture_start over --source genl=noconfig --rcvbuf 32768
pid=$(cat /tmp/over.pid)
run sh -c "echo 400000 > $DBG/hwmsg_sim1/rate"
settle 2
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
run sh -c "echo 30000 > $DBG/hwmsg_sim1/burst"
settle 1
# a last transaction after the storm: its SEQ shows the loss at the tail
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
settle 0.5
kill -0 "$pid" || fail "hwmsgd died under load"
# the driver polls on its own: without its device it is silent, so that
# nothing is sent between hwmsgd's last read and its exit
run sh -c "echo 1 > $DEL"
capture_stop over
[ "$(cat /out/over.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/over.rc)"
vm_nl stats | tee /out/stats.txt
run sh -c "echo '1 spectrum 2' > $NEW"

# the tracepoint source with one-page rings: the loss perf reports
# (PERF_RECORD_LOST) plus what was written is what the driver sent (its
# tid counter tells, .check)
capture_start tpover --source tracepoint=1
# on CPU 0 only: perf reports a ring's loss with the next sample that finds
# room in that ring, so the last transaction must land in the same one
run taskset 1 sh -c "echo 20000 > $DBG/hwmsg_sim1/burst"
settle 1
run taskset 1 sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
settle 1
capture_stop tpover
[ "$(cat /out/tpover.rc)" = 0 ] || fail "hwmsgd tracepoint exited $(cat /out/tpover.rc)"
pass

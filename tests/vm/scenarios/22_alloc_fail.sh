# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Allocation failures while emitting (debugfs devlink_hwmsg/fail_alloc: the
# kernel has no failslab): each lost message is counted as nomem, spends
# its SEQ so the listener sees the gap, and hwmsgd counts it as dropped.
load
run sh -c "echo '1 spectrum 1' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
F=/sys/kernel/debug/devlink_hwmsg/fail_alloc
[ -f "$F" ] || fail "no $F"
capture_start af --source genl=noconfig
run sh -c "echo 50 > $DBG/hwmsg_sim1/burst"
run sh -c "echo 7 > $F"
run sh -c "echo 50 > $DBG/hwmsg_sim1/burst"
[ "$(cat $F)" = 0 ] || fail "fail_alloc left at $(cat $F)"
run sh -c "echo 50 > $DBG/hwmsg_sim1/burst"
settle 0.5
capture_stop af
[ "$(cat /out/af.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/af.rc)"
vm_nl stats | tee /out/stats.txt
grep -q "^nomem 7$" /out/stats.txt || fail "nomem is not 7"
grep -q " 7 dropped" /out/af.err || fail "hwmsgd did not count 7 dropped"
run sh -c "echo 1 > $DEL"
unload
run rmmod devlink_hwmsg
pass

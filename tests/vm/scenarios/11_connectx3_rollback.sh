# SPDX-License-Identifier: GPL-2.0-or-later
# connectx3: a change to eth whose netdev registration fails leaves the port
# ib, in devlink and in the firmware (PTYS written back).
load
run sh -c "echo '3 connectx3 2' > $NEW"
D=hwmsg_sim/hwmsg_sim3
K=$DBG/hwmsg_sim3
capture_start cx --source genl=noconfig
run devlink port set $D/0 type ib
cat $K/port_proto
grep -qx "0 ib" $K/port_proto || fail "port 0 not ib in the firmware"
run sh -c "echo 1 > $K/fail_next_netdev"
devlink port set $D/0 type eth && fail "change to eth succeeded without a netdev"
devlink port show $D/0 | tee /tmp/p0
grep -q "type ib" /tmp/p0 || fail "devlink: port 0 is no longer ib"
cat $K/port_proto
grep -qx "0 ib" $K/port_proto || fail "firmware kept eth after the failed change"
# and the next change works
run devlink port set $D/0 type eth
devlink port show $D/0 | tee /tmp/p0
grep -q "type eth netdev" /tmp/p0 || fail "port 0 not eth after the retry"
grep -qx "0 eth" $K/port_proto || fail "firmware not eth after the retry"
settle 0.5
capture_stop cx
[ "$(cat /out/cx.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/cx.rc)"
run sh -c "echo 3 > $DEL"
pass

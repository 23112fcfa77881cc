# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Modules load, both kinds of device come and go, devlink sees them, the
# tracepoint fires, and everything unloads.
load
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo '2 connectx3 2' > $NEW"
run devlink dev show
run devlink port show
devlink dev show | grep -q "hwmsg_sim/hwmsg_sim1" || fail "spectrum not in devlink"
devlink dev show | grep -q "hwmsg_sim/hwmsg_sim2" || fail "connectx3 not in devlink"
run devlink port set hwmsg_sim/hwmsg_sim2/0 type ib
devlink port show hwmsg_sim/hwmsg_sim2/0 | grep -q "type ib" || fail "port type not ib"
run devlink port set hwmsg_sim/hwmsg_sim2/0 type eth
devlink port show hwmsg_sim/hwmsg_sim2/0 | grep -q "type eth" || fail "port type not eth"
T=/sys/kernel/tracing
run sh -c "echo 1 > $T/events/devlink/devlink_hwmsg/enable"
run sh -c "echo 10 > $DBG/hwmsg_sim1/burst"
run sh -c "echo 0 > $T/events/devlink/devlink_hwmsg/enable"
n=$(grep -c devlink_hwmsg $T/trace)
echo "trace lines: $n"
[ "$n" -ge 20 ] || fail "tracepoint: $n lines after a burst of 10"
run sh -c "echo 1 > $DEL"
run sh -c "echo 2 > $DEL"
[ -z "$(devlink dev show)" ] || fail "devlink instances left"
unload
run rmmod devlink_hwmsg
pass

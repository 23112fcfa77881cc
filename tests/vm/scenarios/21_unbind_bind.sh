# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# sysfs unbind and bind of a device during a capture: the devlink instance
# goes away (DEL event) and comes back (NEW event, mlxsw's probe again);
# hwmsgd records both sides and keeps going.
load
run sh -c "echo '1 spectrum 2' > $NEW"
D=/sys/bus/hwmsg_sim/drivers/mlxsw_spectrum
[ -e "$D/hwmsg_sim1" ] || fail "hwmsg_sim1 not bound to $D"
capture_start ub --source genl
run sh -c "echo 10 > $DBG/hwmsg_sim1/burst"
run sh -c "echo hwmsg_sim1 > $D/unbind"
[ -e "$D/hwmsg_sim1" ] && fail "hwmsg_sim1 still bound after unbind"
devlink dev show | grep -q hwmsg_sim1 && fail "devlink instance left after unbind"
settle 0.3
kill -0 "$(cat /tmp/ub.pid)" || fail "hwmsgd died at unbind"
run sh -c "echo hwmsg_sim1 > $D/bind"
devlink dev show | grep -q hwmsg_sim1 || fail "no devlink instance after bind"
run sh -c "echo 20 > $DBG/hwmsg_sim1/burst"
settle 0.5
capture_stop ub
[ "$(cat /out/ub.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/ub.rc)"
grep -q " 0 dropped" /out/ub.err || fail "hwmsgd reported drops"
run sh -c "echo 1 > $DEL"
unload
run rmmod devlink_hwmsg
pass

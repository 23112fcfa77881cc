# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Device removal during a capture: hwmsgd goes on (the event is recorded).
# rmmod devlink_hwmsg during a capture: hwmsgd says the family went away,
# closes the file (complete) and exits 1. rmmod hwmsg_sim with devices
# present during a capture: hwmsgd goes on.
load
run sh -c "echo '1 spectrum 1' > $NEW"
run sh -c "echo '2 connectx3 1' > $NEW"
run sh -c "echo 50 > $DBG/hwmsg_sim1/rate"
capture_start del --source genl
settle 1
run sh -c "echo 1 > $DEL"
settle 0.5
kill -0 "$(cat /tmp/del.pid)" || fail "hwmsgd died when a device went away"
capture_stop del
[ "$(cat /out/del.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/del.rc) after del_device"

run sh -c "echo '3 spectrum 1' > $NEW"
run sh -c "echo 50 > $DBG/hwmsg_sim3/rate"
capture_start rmmod --source genl
settle 1
run rmmod devlink_hwmsg
i=0
while kill -0 "$(cat /tmp/rmmod.pid)" 2>/dev/null && [ $i -lt 150 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -0 "$(cat /tmp/rmmod.pid)" 2>/dev/null && fail "hwmsgd still running after rmmod"
wait "$(cat /tmp/rmmod.pid)"
echo $? >/out/rmmod.rc
cat /out/rmmod.err
[ "$(cat /out/rmmod.rc)" = 1 ] || fail "hwmsgd exit status $(cat /out/rmmod.rc) after rmmod, 1 expected"
grep -q "unregistered" /out/rmmod.err || fail "hwmsgd did not say the family went away"

# --source genl=wait outlives the module: reload it, the capture goes on
run insmod /lib/hwmsg/devlink_hwmsg.ko
capture_start wait --source genl=wait,noconfig
run sh -c "echo 5 > $DBG/hwmsg_sim3/burst"
settle 0.5
run rmmod devlink_hwmsg
settle 0.5
kill -0 "$(cat /tmp/wait.pid)" || fail "hwmsgd genl=wait died at rmmod"
run insmod /lib/hwmsg/devlink_hwmsg.ko
settle 0.5
run sh -c "echo 7 > $DBG/hwmsg_sim3/burst"
settle 0.5
capture_stop wait
[ "$(cat /out/wait.rc)" = 0 ] || fail "hwmsgd genl=wait exited $(cat /out/wait.rc)"
grep -q "waiting for it to return" /out/wait.err || fail "genl=wait did not say it waits"
grep -q "is back" /out/wait.err || fail "genl=wait did not notice the module's return"
run sh -c "echo 0 > $DBG/hwmsg_sim3/rate"

capture_start simgone --source genl
settle 0.5
unload
settle 0.5
kill -0 "$(cat /tmp/simgone.pid)" || fail "hwmsgd died when hwmsg_sim went away"
capture_stop simgone
[ "$(cat /out/simgone.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/simgone.rc) after rmmod hwmsg_sim"
[ -z "$(devlink dev show)" ] || fail "devlink instances left after rmmod hwmsg_sim"
run rmmod devlink_hwmsg
pass

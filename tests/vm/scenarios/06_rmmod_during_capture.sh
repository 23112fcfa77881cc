# SPDX-License-Identifier: GPL-2.0-or-later
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
while kill -0 "$(cat /tmp/rmmod.pid)" 2>/dev/null && [ $i -lt 50 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -0 "$(cat /tmp/rmmod.pid)" 2>/dev/null && fail "hwmsgd still running after rmmod"
wait "$(cat /tmp/rmmod.pid)"
echo $? >/out/rmmod.rc
cat /out/rmmod.err
[ "$(cat /out/rmmod.rc)" = 1 ] || fail "hwmsgd exit status $(cat /out/rmmod.rc) after rmmod, 1 expected"
grep -q "unregistered" /out/rmmod.err || fail "hwmsgd did not say the family went away"

run insmod /lib/hwmsg/devlink_hwmsg.ko
capture_start simgone --source genl
settle 0.5
run rmmod hwmsg_sim
settle 0.5
kill -0 "$(cat /tmp/simgone.pid)" || fail "hwmsgd died when hwmsg_sim went away"
capture_stop simgone
[ "$(cat /out/simgone.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/simgone.rc) after rmmod hwmsg_sim"
[ -z "$(devlink dev show)" ] || fail "devlink instances left after rmmod hwmsg_sim"
run rmmod devlink_hwmsg
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Firmware faults as Linux's mlxsw meets them, under a tracepoint capture:
# "busy" makes the driver send the request again; a bad status comes with
# the firmware's text (STRING TLV) to devlink:devlink_hwerr and dmesg; a
# dropped response makes the driver time out and retry; a device removed
# while the driver waits on a lost answer goes cleanly. Host: .check.
load
run sh -c "echo '1 spectrum 2' > $NEW"
settle 1
D=$DBG/hwmsg_sim1
T=/sys/kernel/tracing
capture_start faults --source tracepoint
run sh -c "echo 1 > $T/events/devlink/devlink_hwerr/enable"

# busy twice, then the answer: the MTU is set
run sh -c "echo 2 > $D/inject_count; echo 1 > $D/inject_status"
run ip link set eth0 mtu 2000
ip link show eth0 | grep -q "mtu 2000" || fail "mtu after busy"
dmesg | grep -q "EMAD retries (2/" || fail "no 'EMAD retries (2/' in dmesg"

# bad parameter with the firmware's words: the write fails
run sh -c "echo 'hwmsg: injected bad parameter' > $D/inject_string"
run sh -c "echo 1 > $D/inject_count; echo 7 > $D/inject_status"
ip link set eth0 mtu 2100 && fail "mtu write passed a bad status"
dmesg | grep -q "EMAD reg access failed.*status=7(bad parameter)" ||
	fail "no 'EMAD reg access failed' in dmesg"
grep -q "hwmsg: injected bad parameter" $T/trace ||
	fail "the firmware string is not in devlink_hwerr"
grep devlink_hwerr $T/trace >/out/hwerr.txt

# one lost answer: the driver times out, sends again, succeeds
run sh -c "echo 1 > $D/drop_count"
run ip link set eth0 mtu 2200
ip link show eth0 | grep -q "mtu 2200" || fail "mtu after a lost answer"
dmesg | grep -q "EMAD retries (1/" || fail "no 'EMAD retries (1/' in dmesg"
capture_stop faults
[ "$(cat /out/faults.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/faults.rc)"

# every answer lost, and the device removed while the driver waits: the
# removal waits for the transaction (rtnl), which a device going away
# answers again, and goes cleanly
run sh -c "echo 1000 > $D/drop_count"
ip link set eth0 mtu 2300 >/out/lost.txt 2>&1 &
lost=$!
sleep 0.5
kill -0 $lost 2>/dev/null || fail "the write did not wait for its lost answer"
run sh -c "echo 1 > $DEL"
wait $lost
[ -z "$(devlink dev show)" ] || fail "devlink instance left"
run rmmod hwmsg_sim_mlxsw
dmesg | grep "hwmsg_sim1" >/out/dmesg-sim.txt
pass

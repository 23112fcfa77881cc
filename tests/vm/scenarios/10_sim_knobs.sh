# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# hwmsg_sim_mlxsw's knobs: the load's rate has a ceiling, a status is 7
# bits; a huge burst neither blocks the device's removal nor ignores
# signals.
load
run sh -c "echo '1 spectrum 1' > $NEW"
sh -c "echo 1000001 > $DBG/hwmsg_sim1/rate" 2>/dev/null &&
	fail "rate above 1000000 accepted"
sh -c "echo 4294967295 > $DBG/hwmsg_sim1/rate" 2>/dev/null &&
	fail "rate 2^32-1 accepted"
run sh -c "echo 1000000 > $DBG/hwmsg_sim1/rate"
[ "$(cat $DBG/hwmsg_sim1/rate)" = 1000000 ] || fail "rate does not read back"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
sh -c "echo 128 > $DBG/hwmsg_sim1/inject_status" 2>/dev/null &&
	fail "inject_status 128 accepted"
run sh -c "echo 0 > $DBG/hwmsg_sim1/inject_status"

# a burst of 100 million transactions, killed: it stops at once
sh -c "echo 100000000 > $DBG/hwmsg_sim1/burst" &
bp=$!
sleep 1
t0=$(date +%s)
kill -TERM $bp
wait $bp && fail "killed burst reported success"
echo "killed burst stopped in $(($(date +%s) - t0)) s"

# another one, and the device is removed under it
sh -c "echo 100000000 > $DBG/hwmsg_sim1/burst" 2>/tmp/burst.err &
bp=$!
sleep 1
t0=$(date +%s)
run sh -c "echo 1 > $DEL"
t1=$(date +%s)
echo "del_device took $((t1 - t0)) s"
# the burst stops at once; the driver's teardown takes a few seconds
# under TCG (the burst alone would take hours)
[ $((t1 - t0)) -le 20 ] || fail "del_device waited $((t1 - t0)) s for the burst"
wait $bp && fail "burst on a removed device reported success"
cat /tmp/burst.err
grep -q "No such device" /tmp/burst.err || fail "burst did not say ENODEV"
devlink dev show | grep -q hwmsg_sim1 && fail "device still there"
unload
run rmmod devlink_hwmsg
pass

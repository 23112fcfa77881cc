# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Three listeners on the hwmsg group at once: every one receives every
# message, the same ones in the same order with the same SEQ (a multicast
# is one SEQ for all, not one per listener).
load
# one Spectrum (mlxsw 6.1 drives one per kernel) and a ConnectX-3
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo '2 connectx3 1' > $NEW"
for l in l1 l2 l3; do
	capture_start $l --source genl=noconfig
done
taskset 1 sh -c "echo 1500 > $DBG/hwmsg_sim1/burst" &
p1=$!
taskset 2 sh -c "echo 500 > $DBG/hwmsg_sim1/burst" &
p2=$!
for t in ib eth ib eth; do
	run taskset 2 devlink port set hwmsg_sim/hwmsg_sim2/0 type $t
done
wait $p1 || fail "first burst failed"
wait $p2 || fail "second burst failed"
settle 1
for l in l1 l2 l3; do
	capture_stop $l
	[ "$(cat /out/$l.rc)" = 0 ] || fail "hwmsgd $l exited $(cat /out/$l.rc)"
	grep -q " 0 dropped" /out/$l.err || fail "$l: hwmsgd reported drops"
done
run sh -c "echo 1 > $DEL"
run sh -c "echo 2 > $DEL"
unload
run rmmod devlink_hwmsg
pass

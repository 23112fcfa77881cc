# SPDX-License-Identifier: GPL-2.0-or-later
# Three listeners on the hwmsg group at once: every one receives every
# message, the same ones in the same order with the same SEQ (a multicast
# is one SEQ for all, not one per listener).
load
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo '2 spectrum 1' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
run sh -c "echo 0 > $DBG/hwmsg_sim2/rate"
for l in l1 l2 l3; do
	capture_start $l --source genl=noconfig
done
taskset 1 sh -c "echo 1500 > $DBG/hwmsg_sim1/burst" &
p1=$!
taskset 2 sh -c "echo 500 > $DBG/hwmsg_sim2/burst" &
p2=$!
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
run rmmod hwmsg_sim
run rmmod devlink_hwmsg
pass

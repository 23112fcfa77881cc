# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# devlink_hwmsg's multicast with an nlmon tap up: the tap's
# __dev_queue_xmit() must never run with interrupts off (the old
# spin_lock_irqsave around the multicast did that). Messages come from
# mlxsw on both CPUs at once: its requests in process context, its
# responses in its receive path (softirq), and from an hrtimer (hardirq,
# hardirq_burst: no driver does that); the hardirq ones are refused,
# counted, and their SEQ spent; everything else reaches the capture.
load
run $IP link add nlmon0 type nlmon
run $IP link set nlmon0 up
run sh -c "echo '1 spectrum 1' > $NEW"
T=/sys/kernel/tracing
E=$T/events/net/net_dev_start_xmit
[ -d "$E" ] || fail "no tracepoint net:net_dev_start_xmit"
run sh -c "echo 'name == \"nlmon0\"' > $E/filter"
run sh -c "echo 32768 > $T/buffer_size_kb"
run sh -c ": > $T/trace"
run sh -c "echo 1 > $E/enable"
capture_start nlmon --source genl=noconfig
taskset 1 sh -c "echo 1500 > $DBG/hwmsg_sim1/burst" &
p1=$!
taskset 2 sh -c "echo 1500 > $DBG/hwmsg_sim1/burst" &
p2=$!
run sh -c "echo 100 > $DBG/hwmsg_sim1/hardirq_burst"
wait $p1 || fail "burst on cpu 0 failed"
wait $p2 || fail "burst on cpu 1 failed"
# a last message after everything, so that a loss at the tail shows
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
# the driver polls on its own: without its device it is silent, so that
# nothing is sent between hwmsgd's last read and its exit
run sh -c "echo 1 > $DEL"
settle 1
capture_stop nlmon
[ "$(cat /out/nlmon.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/nlmon.rc)"
run sh -c "echo 0 > $E/enable"
grep -v '^#' $T/trace >/out/xmit.trace
vm_nl stats | tee /out/stats.txt
$IP -s link show nlmon0 | tee /out/nlmon.link
n=$(grep -c "net_dev_start_xmit" /out/xmit.trace || true)
echo "nlmon xmits traced: $n"
[ "$n" -gt 1000 ] || fail "the nlmon tap saw $n messages"
# the irqs-off/BH column: d or D means interrupts were off in the xmit
sed -n 's/^.*\] \(.\)[^ ]* *[0-9.]*: net_dev_start_xmit.*/\1/p' /out/xmit.trace |
	sort | uniq -c | tee /out/xmit.flags
grep -q "[dD]$" /out/xmit.flags && fail "nlmon xmit ran with interrupts off"
grep -q "^refused 100$" /out/stats.txt || fail "hardirq messages not refused and counted"
grep -q "^send_failed 0$" /out/stats.txt || fail "multicasts failed"
grep -q "^nomem 0$" /out/stats.txt || fail "allocations failed"
pass

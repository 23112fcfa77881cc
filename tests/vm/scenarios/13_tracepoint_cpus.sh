# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# hwmsgd --source tracepoint: holding a sample back for ordering costs no
# CPU time; a CPU offline at the start is reported, and captured once it
# comes online.
load
run sh -c "echo '1 spectrum 1' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
C1=/sys/devices/system/cpu/cpu1/online
[ -w $C1 ] || fail "cpu1 cannot go offline here"

# 1. CPU time while samples are held: 100 transactions/s, request and
# response back to back on one CPU
capture_start cpu --source tracepoint
pid=$(cat /tmp/cpu.pid)
run sh -c "echo 200 > $DBG/hwmsg_sim1/rate"
sleep 1
a=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
sleep 4
b=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
capture_stop cpu
[ "$(cat /out/cpu.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/cpu.rc)"
echo "hwmsgd used $((b - a)) ticks of 400 in 4 s"
echo $((b - a)) >/out/cpu.ticks
[ $((b - a)) -le 80 ] || fail "hwmsgd spun: $((b - a)) ticks of 400 (over 20%)"

# 2. cpu1 offline at the start, online later
run sh -c "echo 0 > $C1"
capture_start hot --source tracepoint
grep -q "cpu 1 is offline" /out/hot.err || { cat /out/hot.err; fail "offline cpu 1 not reported"; }
run sh -c "echo 1 > $C1"
i=0
until grep -q "cpu 1 came online" /out/hot.err; do
	i=$((i + 1))
	[ $i -gt 50 ] && { cat /out/hot.err; fail "cpu 1 coming online not noticed"; }
	sleep 0.2
done
run taskset 2 sh -c "echo 50 > $DBG/hwmsg_sim1/burst"
settle 1
capture_stop hot
[ "$(cat /out/hot.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/hot.rc)"
pass

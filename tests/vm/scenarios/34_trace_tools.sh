# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# The real tools record devlink:devlink_hwmsg while Linux's mlxsw_spectrum
# works, side by side with hwmsgd --source tracepoint: perf record (file,
# pipe and zstd modes) and trace-cmd record (default file version, and
# version 7 with zstd, in an ftrace instance of its own so both run at
# once). Phases, each NAME's files in /out as NAME-perf.data,
# NAME-perf-pipe.data, NAME-perf-zstd.data, NAME-trace.dat,
# NAME-trace-v7-zstd.dat and NAME.pcapng (hwmsgd):
#   probe  the driver probing a Spectrum-1
#   ops    a few devlink and ip operations on the probed device
# then perf-other-event.data (sched:sched_switch only) and, with tiny
# buffers during a burst of MTMP queries, lost-perf.data and
# lost-trace.dat (events lost) next to lost.pcapng (hwmsgd loses none).
# Host: .check counts the events of each file against hwmsgd's capture.
#
# The recorders start and stop one after the other, so the driver's own
# periodic work is quieted first (its thermal zones' polling, MTMP every
# second; the neighbour activity poll, RAUHTD every 5 s, set to an hour
# before the probe; port counters, PPCNT, run only while a link is up):
# every recorder then sees the same EMADs.
TP=devlink:devlink_hwmsg
DL=hwmsg_sim/hwmsg_sim1
export HOME=/tmp	# perf's build-id cache (~/.debug), not in /out

uname -r >/out/kernel.txt
perf version --build-options >/out/perf-version.txt 2>&1 || fail "perf does not run"
trace-cmd --version >/out/trace-cmd-version.txt 2>&1
grep -q "zstd: \[ on" /out/perf-version.txt || fail "perf without zstd"

echo 3600 >/proc/sys/net/ipv4/neigh/default/delay_first_probe_time
echo 3600 >/proc/sys/net/ipv6/neigh/default/delay_first_probe_time

# record_all NAME: hwmsgd and the five real recorders, all running
record_all() {
	capture_start "$1" --source tracepoint
	tracer_start "$1-perf" /dev/null \
		perf record -e $TP -a -o "/out/$1-perf.data"
	tracer_start "$1-perf-pipe" "/out/$1-perf-pipe.data" \
		perf record -e $TP -a -o -
	tracer_start "$1-perf-zstd" /dev/null \
		perf record -z -e $TP -a -o "/out/$1-perf-zstd.data"
	tracer_start "$1-trace" "/out/$1-trace.out" \
		trace-cmd record -e $TP -o "/out/$1-trace.dat"
	tracecmd_ready "$1-trace"
	tracer_start "$1-trace-v7-zstd" "/out/$1-trace-v7-zstd.out" \
		trace-cmd record --file-version 7 --compression zstd \
		-B hwmsg -e $TP -o "/out/$1-trace-v7-zstd.dat"
	tracecmd_ready "$1-trace-v7-zstd"
	sleep 3	# perf enables its events once it has synthesized the tasks
	for t in perf perf-pipe perf-zstd trace trace-v7-zstd; do
		tracer_alive "$1-$t"
	done
}

# tracecmd_ready NAME: trace-cmd records (within 30 s): its per-CPU files
# are there (its "Hit Ctrl^C" sits in a stdio buffer until it exits)
tracecmd_ready() {
	i=0
	until ls /out/"$1".dat*cpu0 >/dev/null 2>&1; do
		i=$((i + 1))
		[ $i -gt 300 ] && { cat "/out/$1.err"; fail "$1 did not start"; }
		tracer_alive "$1"
		sleep 0.1
	done
}

stop_all() {
	for t in trace-v7-zstd trace perf-zstd perf-pipe perf; do
		tracer_stop "$1-$t"
	done
	capture_stop_ok "$1"
}

# quiet: stop the thermal zones' polling (MTMP each second)
quiet() {
	for z in /sys/class/thermal/thermal_zone*; do
		case $(cat "$z/type") in
		mlxsw*) echo disabled >"$z/mode" ;;
		esac
	done
	settle 2
}

load
cat /sys/kernel/tracing/trace_clock >/out/trace-clock.txt

# ---- probe
record_all probe
run sh -c "echo '1 spectrum 2' > $NEW"
settle 2
quiet
stop_all probe
devlink dev info $DL | grep -q "driver mlxsw_spectrum" || fail "driver is not mlxsw_spectrum"

# ---- ops: a few operations on the probed device
record_all ops
run $IP link set eth0 mtu 9000
run devlink sb pool set $DL sb 0 pool 0 size 960000 thtype dynamic
P=$(devlink port show | awk '/netdev eth0 /{sub(":","",$1); print $1}')
run devlink sb port pool set $P sb 0 pool 0 th 15
run $IP link set eth0 up
run $IP link set eth1 up	# the other end of eth0's cable
wait_up eth0	# the firmware's PUDE event
run $IP link set eth1 down
run $IP link set eth0 down
settle 2	# the port counters' last poll
stop_all ops

# ---- another event only
run perf record -e sched:sched_switch -a -o /out/perf-other-event.data sleep 1

# ---- lost events: tiny buffers (perf: one page per CPU; trace-cmd: 4 KB
# per CPU, overwritten) during a burst of MTMP queries
capture_start lost --source tracepoint
tracer_start lost-perf /dev/null perf record -m 1 -e $TP -a -o /out/lost-perf.data
tracer_start lost-trace /out/lost-trace.out \
	trace-cmd record -b 4 -e $TP -o /out/lost-trace.dat
tracecmd_ready lost-trace
sleep 3
tracer_alive lost-perf
run sh -c "echo 2000 > $DBG/hwmsg_sim1/burst"
settle 1
tracer_stop lost-trace
tracer_stop lost-perf
capture_stop_ok lost

cat $DBG/hwmsg_sim1/emads >/out/emads.txt
run sh -c "echo 1 > $DEL"
run rmmod hwmsg_sim_mlxsw
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for scenarios/*.sh (sourced in the guest, busybox sh).
# A scenario calls `pass` at its end; `fail` records why and exits.
set -u
NEW=/sys/bus/hwmsg_sim/new_device
DEL=/sys/bus/hwmsg_sim/del_device
DBG=/sys/kernel/debug/hwmsg_sim
# busybox sh prefers its applets: name iproute2 binaries by path
IP=/usr/sbin/ip

fail() {
	echo "FAIL: $*" | tee -a /out/result
	exit 1
}

pass() {
	echo PASS >/out/result
	echo "PASS"
}

run() {	# run a command, log it, fail if it fails
	echo "+ $*"
	"$@" || fail "command failed ($?): $*"
}

# load [devlink_hwmsg args]: our modules and, where the guest has them,
# Linux's mlxsw (mlxsw_core, mlxsw_spectrum) with hwmsg_sim_mlxsw, so that
# new spectrum devices are probed by mlxsw_spectrum. Scenarios that create
# one say "# needs: mlxsw" (run-vm.sh skips them, with the reason, else).
load() {
	run insmod /lib/hwmsg/devlink_hwmsg.ko "$@"
	run insmod /lib/hwmsg/hwmsg_sim.ko
	if modprobe -n hwmsg_sim_mlxsw 2>/dev/null; then
		run modprobe hwmsg_sim_mlxsw
	fi
}

# unload: the simulator's modules, the mlxsw side first
unload() {
	if grep -q "^hwmsg_sim_mlxsw " /proc/modules; then
		run rmmod hwmsg_sim_mlxsw
	fi
	run rmmod hwmsg_sim
}

# capture_start NAME hwmsgd-args...: background hwmsgd writing /out/NAME.pcapng
capture_start() {
	name=$1
	shift
	rm -f "/out/$name.pcapng"
	hwmsgd "$@" -w "/out/$name.pcapng" 2>"/out/$name.err" &
	echo $! >"/tmp/$name.pid"
	# the file exists once the source is open and joined
	i=0
	while [ ! -s "/out/$name.pcapng" ]; do
		i=$((i + 1))
		[ $i -gt 100 ] && { cat "/out/$name.err"; fail "hwmsgd $name did not start"; }
		kill -0 "$(cat /tmp/$name.pid)" 2>/dev/null ||
			{ cat "/out/$name.err"; fail "hwmsgd $name exited"; }
		sleep 0.1
	done
	sleep 0.2
}

# capture_stop NAME: SIGINT, wait, keep the exit status in /out/NAME.rc
capture_stop() {
	pid=$(cat "/tmp/$1.pid")
	kill -INT "$pid" 2>/dev/null
	wait "$pid"
	echo $? >"/out/$1.rc"
	cat "/out/$1.err"
}

# wait_up DEV: the link is up (operstate UP) within 20 s
wait_up() {
	i=0
	until [ "$(cat "/sys/class/net/$1/operstate")" = up ]; do
		i=$((i + 1))
		[ $i -gt 200 ] && fail "$1 not up after 20 s"
		sleep 0.1
	done
}

# settle SECONDS: let delayed work and the capture catch up
settle() {
	sleep "$1"
}

# capture_stop_ok NAME: capture_stop, and hwmsgd must have exited 0
capture_stop_ok() {
	capture_stop "$1"
	[ "$(cat "/out/$1.rc")" = 0 ] || fail "hwmsgd $1 exited $(cat "/out/$1.rc")"
}

# tracer_start NAME STDOUT CMD...: a real tracer (perf record, trace-cmd
# record) in the background, its stderr in /out/NAME.err
tracer_start() {
	name=$1
	out=$2
	shift 2
	echo "+ $* >$out &"
	"$@" >"$out" 2>"/out/$name.err" &
	echo $! >"/tmp/$name.pid"
}

# tracer_alive NAME: still running (a tracer that exited has failed)
tracer_alive() {
	kill -0 "$(cat "/tmp/$1.pid")" 2>/dev/null ||
		{ cat "/out/$1.err"; fail "$1 exited early"; }
}

# tracer_stop NAME: SIGINT as Ctrl-C, wait until it has written its file;
# its exit status in /out/NAME.rc, which must be 0, or 130: perf record
# re-raises the SIGINT once its file is complete
tracer_stop() {
	capture_stop "$1"
	case $(cat "/out/$1.rc") in
	0 | 130) ;;
	*) fail "$1 exited $(cat "/out/$1.rc")" ;;
	esac
}

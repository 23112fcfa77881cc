# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Tracepoint capture. A: only hwmsg_sim loaded (a stock kernel plus a
# driver): hwmsgd --source tracepoint records the probe of device 1, and
# plain hwmsgd falls back to the tracepoint, saying so.
# B: with devlink_hwmsg too, genl and tracepoint captures of device 2 run
# side by side and must hold the same payloads.
run insmod /lib/hwmsg/hwmsg_sim.ko
capture_start tp_only --source tracepoint
run sh -c "echo '1 spectrum 2' > $NEW"
settle 1
capture_stop tp_only
[ "$(cat /out/tp_only.rc)" = 0 ] || fail "hwmsgd tracepoint exited $(cat /out/tp_only.rc)"
# no --source and no devlink_hwmsg: genl fails, hwmsgd says it goes on
# with the tracepoint rather than leaving the genl error as the last word
capture_start auto
capture_stop auto
grep -qx "hwmsgd: capturing from source tracepoint" /out/auto.err ||
	fail "plain hwmsgd did not name the source it fell back to"
# mlxsw 6.1 drives one Spectrum per kernel: the next one after this
run sh -c "echo 1 > $DEL"

run insmod /lib/hwmsg/devlink_hwmsg.ko
capture_start genl --source genl=noconfig
capture_start tp --source tracepoint
run sh -c "echo '2 spectrum 2' > $NEW"
settle 1
run sh -c "echo 50 > $DBG/hwmsg_sim2/burst"
settle 1
capture_stop genl
capture_stop tp
[ "$(cat /out/genl.rc)" = 0 ] || fail "hwmsgd genl exited $(cat /out/genl.rc)"
[ "$(cat /out/tp.rc)" = 0 ] || fail "hwmsgd tracepoint exited $(cat /out/tp.rc)"
pass

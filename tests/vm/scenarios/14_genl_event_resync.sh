# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# genl source with devlink events joined and a small receive buffer: an
# overrun may lose devlink events, which have no SEQ. hwmsgd counts such
# overruns and re-reads the devices and ports into the capture.
load
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
capture_start ev --source genl --rcvbuf 32768
run sh -c "echo 400000 > $DBG/hwmsg_sim1/rate"
settle 2
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
settle 1
capture_stop ev
[ "$(cat /out/ev.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/ev.rc)"
grep -q "overran" /out/ev.err || fail "no overrun: the storm did not overload"
grep -q "devlink events may have been lost in [1-9][0-9]* overruns; the device state was re-read" /out/ev.err ||
	fail "hwmsgd did not count the overruns that may have lost devlink events"
pass

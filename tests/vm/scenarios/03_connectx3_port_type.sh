# SPDX-License-Identifier: GPL-2.0-or-later
# connectx3: iproute2's devlink changes a port's type; the change runs PTYS
# over CMD_REG (in the capture), devlink announces it (config events in the
# capture), and `hwmsg dev` agrees with `devlink` before and after. An
# injected firmware error fails the change and leaves the type alone.
load
# a stock kernel with the module: the module's ABI, not the series' group
hwmsg dev source | tee /out/source.txt
grep -qx "used: module" /out/source.txt || fail "hwmsg dev source did not pick the module"
[ "$(hwmsg dev source -j)" = '{"devlink":false,"module":true,"used":"module"}' ] ||
	fail "hwmsg dev source -j: $(hwmsg dev source -j)"
if hwmsg dev --source genl=devlink source 2>/out/source.err; then
	fail "genl=devlink accepted on a kernel without the series"
fi
grep -q "devlink family has no group 'hwmsg'" /out/source.err ||
	fail "genl=devlink: $(cat /out/source.err)"
hwmsg dev monitor >/out/monitor.txt 2>&1 &
echo $! >/tmp/monitor.pid
capture_start genl --source genl
run sh -c "echo '3 connectx3 2' > $NEW"
D=hwmsg_sim/hwmsg_sim3

same_as_devlink() {	# compare hwmsg dev with devlink on what both print
	devlink dev show >/tmp/dl.dev
	hwmsg dev >/tmp/hw.dev || fail "hwmsg dev failed"
	cmp /tmp/dl.dev /tmp/hw.dev || { cat /tmp/dl.dev /tmp/hw.dev; fail "hwmsg dev != devlink dev show ($1)"; }
	devlink port show | sed 's/ splittable [a-z]*//' >/tmp/dl.port
	hwmsg dev port >/tmp/hw.port || fail "hwmsg dev port failed"
	cmp /tmp/dl.port /tmp/hw.port || { cat /tmp/dl.port /tmp/hw.port; fail "hwmsg dev port != devlink port show ($1)"; }
	cat /tmp/hw.port
}

same_as_devlink "at creation"
grep -q "^$D/0: type eth netdev" /tmp/hw.port || fail "port 0 does not start as eth"
run devlink port set $D/0 type ib
same_as_devlink "after type ib"
grep -q "^$D/0: type ib flavour physical port 1" /tmp/hw.port || fail "port 0 is not ib"
hwmsg dev -j port $D/0 | tee /out/port0.json
grep -q '"type":"ib"' /out/port0.json || fail "hwmsg dev -j: port 0 not ib"

run sh -c "echo 7 > $DBG/hwmsg_sim3/inject_status"
if devlink port set $D/1 type ib; then fail "type change succeeded despite status 7"; fi
run sh -c "echo 0 > $DBG/hwmsg_sim3/inject_status"
same_as_devlink "after the failed change"
grep -q "^$D/1: type eth netdev" /tmp/hw.port || fail "port 1 changed despite the error"
settle 0.5
kill -INT "$(cat /tmp/monitor.pid)"
wait "$(cat /tmp/monitor.pid)" || fail "hwmsg dev monitor failed"
cat /out/monitor.txt
grep -q "port_new hwmsg_sim/hwmsg_sim3/0 type ib" /out/monitor.txt ||
	fail "hwmsg dev monitor did not show port 0 turning ib"
# and the hardware messages, decoded as hwmsg show prints them
n=$(grep -c " hwmsg_sim/hwmsg_sim3 [<>] .*PTYS" /out/monitor.txt || true)
[ "$n" -ge 12 ] || fail "hwmsg dev monitor printed $n PTYS messages, not 12"
capture_stop genl
[ "$(cat /out/genl.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/genl.rc)"
pass

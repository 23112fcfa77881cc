# SPDX-License-Identifier: GPL-2.0-or-later
# devlink dev reload of a spectrum, as mlxsw: the ports go (split ones
# too), the firmware is reset (MRSR), the init sequence runs again and the
# ports come back unsplit, with their netdevs and the shared buffer's
# defaults. Host: .check finds MRSR then the init sequence in the capture.
load
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
D=hwmsg_sim/hwmsg_sim1
run devlink port split $D/1 count 2
run devlink sb pool set $D pool 1 size 960000 thtype static
devlink port show | tee /out/before.txt
grep -q "^$D/257:" /out/before.txt || fail "no split port before the reload"
capture_start reload --source genl
run devlink dev reload $D
devlink -s dev show $D | tee /out/stats.txt
devlink port show | tee /out/after.txt
capture_stop reload
[ "$(cat /out/reload.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/reload.rc)"
for p in 1 2; do
	grep -q "^$D/$p: type eth netdev hsim[0-9]* flavour physical port $p splittable true lanes 4$" \
		/out/after.txt || fail "port $p not back after the reload"
done
[ "$(wc -l </out/after.txt)" = 2 ] || fail "ports other than 1 and 2 after the reload"
n=$(ls -d /sys/class/net/hsim* | wc -l)
[ "$n" = 2 ] || fail "$n hsim netdevs after the reload, 2 expected"
for n in /sys/class/net/hsim*; do cat "$n/phys_port_name"; done | sort | tr '\n' ' ' >/out/ppn.txt
[ "$(cat /out/ppn.txt)" = "p1 p2 " ] || fail "phys_port_name after the reload: $(cat /out/ppn.txt)"
devlink sb pool show $D pool 1 | tee /out/pool1.txt
grep -qxF "  sb 0 pool 1 type ingress size 0 thtype dynamic cell size 96" /out/pool1.txt ||
	fail "pool 1 not back to its default"
[ "$(grep -A1 "^          driver_reinit:" /out/stats.txt | sed -n 2p)" = "            unspecified 1" ] ||
	fail "reload stats: not 1 driver_reinit"
# what the simulator does not do
devlink dev reload $D action fw_activate 2>/out/err.txt && fail "fw_activate accepted"
cat /out/err.txt
run devlink dev info $D
run sh -c "echo 1 > $DEL"
run rmmod hwmsg_sim
run rmmod devlink_hwmsg
pass

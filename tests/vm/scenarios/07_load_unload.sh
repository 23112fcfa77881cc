# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# 20 rounds of loading both modules, creating devices, changing a port type
# and unloading with the devices present: nothing may be left behind.
# mlxsw's dependencies stay (ip6_tunnel's fallback device ip6tnl0 with
# them): what is left after each round must be what was there before
run modprobe mlxsw_spectrum
ls /sys/class/net >/tmp/netdevs.before
i=0
while [ $i -lt 20 ]; do
	run insmod /lib/hwmsg/devlink_hwmsg.ko
	run insmod /lib/hwmsg/hwmsg_sim.ko
	run sh -c "echo '1 spectrum 2' > $NEW"
	run sh -c "echo '2 connectx3 2' > $NEW"
	run devlink port set hwmsg_sim/hwmsg_sim2/1 type ib
	[ "$(devlink dev show | wc -l)" = 2 ] || fail "round $i: devices missing"
	if [ $((i % 2)) = 0 ]; then
		unload
		run rmmod devlink_hwmsg
	else
		run rmmod devlink_hwmsg
		unload
	fi
	[ -z "$(devlink dev show)" ] || fail "round $i: devlink instances left"
	ls /sys/class/net | cmp -s - /tmp/netdevs.before ||
		fail "round $i: netdevs left: $(ls /sys/class/net | tr '\n' ' ')"
	[ -e /sys/bus/hwmsg_sim ] && fail "round $i: bus left"
	i=$((i + 1))
done
grep -q "hwmsg_sim\|devlink_hwmsg" /proc/modules && fail "modules still loaded"
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Devices in a network namespace do not keep it alive: when the namespace
# is deleted, devlink reloads them into init_net (as netdevsim), with their
# ports and netdevs, and they go on working there. The ConnectX-3 is
# created in ns1; mlxsw registers the Spectrum in init_net (as for a PCI
# device) and devlink moves it to ns1, reloading the driver.
load
run $IP netns add ns1
run sh -c "echo '4 spectrum 2' > $NEW"
run devlink dev reload hwmsg_sim/hwmsg_sim4 netns ns1
run $IP netns exec ns1 sh -c "echo '5 connectx3 1' > $NEW"
$IP netns exec ns1 devlink dev show | tee /tmp/ns1.dev
grep -q hwmsg_sim4 /tmp/ns1.dev && grep -q hwmsg_sim5 /tmp/ns1.dev ||
	fail "devices not in ns1"
devlink dev show | grep -q hwmsg_sim && fail "init_net sees ns1's devices"
run $IP netns exec ns1 devlink port set hwmsg_sim/hwmsg_sim5/0 type ib
run $IP netns del ns1
i=0
until devlink dev show | grep -q hwmsg_sim4 &&
	devlink dev show | grep -q hwmsg_sim5; do
	i=$((i + 1))
	[ $i -gt 100 ] && fail "devices did not come back to init_net (netns kept alive?)"
	sleep 0.2
done
echo "back in init_net after $i polls"
devlink dev show
devlink port show | tee /tmp/ports
[ "$(grep -c "^hwmsg_sim/hwmsg_sim4/[0-9]*: type eth netdev .* flavour physical" /tmp/ports)" = 2 ] ||
	fail "spectrum ports not recreated with netdevs"
grep -q "^hwmsg_sim/hwmsg_sim5/0: type eth netdev hsim" /tmp/ports ||
	fail "connectx3 port not recreated as eth"
for nd in $(sed -n 's/^hwmsg_sim\/hwmsg_sim[45]\/[0-9]*: type eth netdev \([^ ]*\) .*/\1/p' /tmp/ports); do
	[ -e /sys/class/net/$nd ] || fail "netdev $nd of a port is not in init_net"
done
# they work in init_net
capture_start back --source genl=noconfig
run devlink port set hwmsg_sim/hwmsg_sim5/0 type ib
run sh -c "echo 1 > $DBG/hwmsg_sim4/burst"
settle 0.5
capture_stop back
[ "$(cat /out/back.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/back.rc)"
run sh -c "echo 4 > $DEL"
run sh -c "echo 5 > $DEL"
unload
run rmmod devlink_hwmsg
pass

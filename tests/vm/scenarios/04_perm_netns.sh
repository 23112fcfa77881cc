# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Joining "hwmsg" needs CAP_NET_ADMIN; messages stay in the devlink
# instance's network namespace.
load
run vm_nl join
vm_nl join 65534 >/tmp/join.txt
cat /tmp/join.txt
grep -q "join failed: EPERM" /tmp/join.txt || fail "unprivileged join was not refused with EPERM"
if command -v su >/dev/null; then
	su -s /bin/sh nobody -c "hwmsgd --source genl -w /tmp/nobody.pcapng -c 1" \
		>/tmp/su.txt 2>&1 && fail "hwmsgd ran unprivileged"
	cat /tmp/su.txt
	grep -q "Operation not permitted" /tmp/su.txt || fail "hwmsgd did not say EPERM"
	# hwmsg dev monitor unprivileged: no hardware messages, events still
	su -s /bin/sh nobody -c 'hwmsg dev monitor & sleep 1; kill -INT $!; wait $!' \
		>/tmp/mon.txt 2>&1 || { cat /tmp/mon.txt; fail "hwmsg dev monitor gave up unprivileged"; }
	cat /tmp/mon.txt
	grep -q "needs CAP_NET_ADMIN" /tmp/mon.txt || fail "monitor did not say EPERM"
	grep -qx "hwmsg dev: devlink events only" /tmp/mon.txt ||
		fail "monitor did not go on with devlink events"
fi

# mlxsw registers its devlink instance in init_net (as for a PCI device);
# devlink moves it, reloading the driver, as an administrator would
run $IP netns add ns1
run sh -c "echo '4 spectrum 1' > $NEW"
run devlink dev reload hwmsg_sim/hwmsg_sim4 netns ns1
capture_start init --source genl
# capture_start waits for the file, which the 9p share shows in both
rm -f /out/ns1.pcapng
$IP netns exec ns1 hwmsgd --source genl -w /out/ns1.pcapng 2>/out/ns1.err &
echo $! >/tmp/ns1.pid
i=0
while [ ! -s /out/ns1.pcapng ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s /out/ns1.pcapng ] || fail "hwmsgd in ns1 did not start"
sleep 0.2
run sh -c "echo 50 > $DBG/hwmsg_sim4/burst"
# init's device: a ConnectX-3 (mlxsw 6.1 drives one Spectrum per kernel)
run sh -c "echo '5 connectx3 1' > $NEW"
settle 1
devlink dev show | tee /out/init.devlink
$IP netns exec ns1 devlink dev show | tee /out/ns1.devlink
grep -q hwmsg_sim4 /out/init.devlink && fail "init ns sees ns1's device"
grep -q hwmsg_sim4 /out/ns1.devlink || fail "ns1 does not see its device"
grep -q hwmsg_sim5 /out/ns1.devlink && fail "ns1 sees init's device"
settle 0.5
capture_stop init
capture_stop ns1
[ "$(cat /out/init.rc)" = 0 ] || fail "hwmsgd init exited $(cat /out/init.rc)"
[ "$(cat /out/ns1.rc)" = 0 ] || fail "hwmsgd ns1 exited $(cat /out/ns1.rc)"
run sh -c "echo 4 > $DEL"
run sh -c "echo 5 > $DEL"
run $IP netns del ns1
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Linux's own selftests for mlxsw (tools/testing/selftests/drivers/net/
# mlxsw of linux-source-6.1: rtnetlink.sh, extack.sh, q_in_q_veto.sh) run
# unchanged against two ports of the simulated switch, under a tracepoint
# capture: the register traffic of real configuration work. No traffic is
# sent (REQUIRE_MZ=no); the devlink device is named (DEVLINK_DEV), as
# devlink_lib.sh otherwise wants a PCI one. Host: .check decodes it.
load
run sh -c "echo '1 spectrum 2' > $NEW"
settle 1
capture_start selftests --source tracepoint
cd /opt/selftests/drivers/net/mlxsw
export REQUIRE_MZ=no DEVLINK_DEV=hwmsg_sim/hwmsg_sim1 PAUSE_ON_FAIL=no
failed=""
for t in rtnetlink.sh extack.sh q_in_q_veto.sh; do
	echo "==== $t"
	bash ./$t eth0 eth1 >/out/$t.log 2>&1
	rc=$?
	cat /out/$t.log
	echo "==== $t: exit $rc"
	[ $rc = 0 ] || failed="$failed $t"
done
cd /out
capture_stop selftests
grep -h "^TEST:" /out/*.sh.log >/out/selftests.txt
[ -z "$failed" ] || fail "selftests failed:$failed"
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# The configuration work a support engineer captures, done by Linux's own
# mlxsw_spectrum on the simulated Spectrum-1: link and MTU, port split and
# unsplit, shared buffer pools, thresholds and occupancy, and a devlink
# reload, all under a tracepoint capture. Host: .check decodes it.
load
run sh -c "echo '1 spectrum 2' > $NEW"
settle 1
capture_start ops --source tracepoint
DL=hwmsg_sim/hwmsg_sim1
run ethtool -i eth0
ethtool -i eth0 >/out/ethtool.txt
grep -q "driver: mlxsw_spectrum" /out/ethtool.txt || fail "ethtool driver"
grep -q "firmware-version: 13.2010.1006" /out/ethtool.txt || fail "ethtool fw"
run ip link set eth0 mtu 9000
run ip link set eth0 up
run ip link set eth1 up	# the other end of eth0's cable
wait_up eth0	# the firmware's PUDE event: carrier
ip link show eth0 | grep -q "mtu 9000" || fail "mtu not 9000"

# split module 1's port in two, then back
run devlink port split $DL/1 count 2
run devlink port show
n=$(devlink port show | grep -c "flavour physical")
[ "$n" = 3 ] || fail "$n physical ports after split, want 3"
devlink port show | grep -q "$DL/3: .*split_group 1" || fail "split port 3 missing"
run devlink port unsplit $DL/1
n=$(devlink port show | grep -c "flavour physical")
[ "$n" = 2 ] || fail "$n physical ports after unsplit, want 2"

# shared buffer: pool, port pool threshold, tc binding, occupancy
run devlink sb pool set $DL sb 0 pool 0 size 960000 thtype dynamic
devlink sb pool show $DL sb 0 pool 0 | grep -q "size 960000 " ||
	fail "sb pool size not set"
P=$(devlink port show | awk '/netdev eth0 /{sub(":","",$1); print $1}')
run devlink sb port pool set $P sb 0 pool 0 th 15
run devlink sb tc bind set $P sb 0 tc 0 type ingress pool 0 th 10
run devlink sb occupancy snapshot $DL
run devlink sb occupancy show $P
run devlink sb occupancy clearmax $DL

run devlink dev reload $DL
run devlink port show
run ip link show
settle 1
n=$(devlink port show | grep -c "flavour physical")
[ "$n" = 2 ] || fail "$n physical ports after reload, want 2"
capture_stop ops
[ "$(cat /out/ops.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/ops.rc)"
cat $DBG/hwmsg_sim1/unmodelled >/out/unmodelled.txt
run sh -c "echo 1 > $DEL"
run rmmod hwmsg_sim_mlxsw
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Linux's own mlxsw_spectrum probes a simulated Spectrum-1 through
# hwmsg_sim's mlxsw bus, under a tracepoint capture (hwmsgd --source
# tracepoint, and --source genl through devlink_hwmsg's bridge at the
# same time): netdevs, devlink ports and `devlink dev info` are the
# driver's. Host: .check decodes every EMAD the driver sent.
load
capture_start probe_genl --source genl
capture_start probe --source tracepoint
run sh -c "echo '1 spectrum 2' > $NEW"
settle 2
run devlink dev show
run devlink dev info hwmsg_sim/hwmsg_sim1
run devlink port show
run ip link show
capture_stop probe
capture_stop probe_genl
[ "$(cat /out/probe.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/probe.rc)"
[ "$(cat /out/probe_genl.rc)" = 0 ] || fail "hwmsgd genl exited $(cat /out/probe_genl.rc)"
devlink dev info hwmsg_sim/hwmsg_sim1 >/out/info.txt
grep -q "driver mlxsw_spectrum" /out/info.txt || fail "driver is not mlxsw_spectrum"
grep -q "fw.version 13.2010.1006" /out/info.txt || fail "fw version"
n=$(devlink port show | grep -c "flavour physical")
[ "$n" = 2 ] || fail "$n physical ports, want 2"
cat $DBG/hwmsg_sim1/unmodelled >/out/unmodelled.txt
cat $DBG/hwmsg_sim1/emads >/out/emads.txt
run sh -c "echo 1 > $DEL"
[ -z "$(devlink dev show)" ] || fail "devlink instances left"
run rmmod hwmsg_sim_mlxsw
pass

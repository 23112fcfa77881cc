# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# genl capture of a spectrum device's probe by mlxsw_spectrum: hwmsgd --source genl records the
# whole EMAD probe and the devlink config events. Host: .check.
load
capture_start genl --source genl
run sh -c "echo '1 spectrum 2' > $NEW"
settle 1
run devlink dev show
run devlink port show
capture_stop genl
[ "$(cat /out/genl.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/genl.rc)"
run vm_nl stats
pass

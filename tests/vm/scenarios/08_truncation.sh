# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Payloads cut by devlink_hwmsg's max_payload keep their length (ORIG_LEN)
# and are counted. (Firmware errors, their strings and busy resends are
# vm/32's, through the driver; Linux 6.1's mlxsw never asks for the
# LATENCY TLV, whose decoding the unit tests cover.)
load
run sh -c "echo '1 spectrum 1' > $NEW"
capture_start cut --source genl=noconfig
P=/sys/module/devlink_hwmsg/parameters/max_payload
full=$(cat $P)
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
run sh -c "echo 60 > $P"
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
run sh -c "echo $full > $P"
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
settle 0.5
capture_stop_ok cut
vm_nl stats | tee /out/stats.txt
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# spectrum knobs end to end: an injected firmware error with its string, the
# LATENCY TLV, busy answers resent with the same tid, and payloads cut by
# the module's max_payload (ORIG_LEN).
load
run sh -c "echo '1 spectrum 1' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
capture_start knobs --source genl=noconfig
run sh -c "echo 1 > $DBG/hwmsg_sim1/latency_tlv"
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
run sh -c "echo 0 > $DBG/hwmsg_sim1/latency_tlv"
run sh -c "echo 7 > $DBG/hwmsg_sim1/inject_status"
run sh -c "echo 'rif 0x32 already exists' > $DBG/hwmsg_sim1/inject_string"
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
run sh -c "echo 0 > $DBG/hwmsg_sim1/inject_status"
# busy twice, then fine: mlxsw's resend with the same tid
run sh -c "echo > $DBG/hwmsg_sim1/inject_string"
run sh -c "echo 2 > $DBG/hwmsg_sim1/inject_count"
run sh -c "echo 1 > $DBG/hwmsg_sim1/inject_status"
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
[ "$(cat $DBG/hwmsg_sim1/inject_status)" = 0 ] || fail "inject_count did not end the injection"
run sh -c "echo 60 > /sys/module/devlink_hwmsg/parameters/max_payload"
run sh -c "echo 1 > $DBG/hwmsg_sim1/burst"
settle 0.5
capture_stop knobs
[ "$(cat /out/knobs.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/knobs.rc)"
vm_nl stats | tee /out/stats.txt
grep -q "^truncated 2$" /out/stats.txt || fail "module did not count 2 truncations"
pass

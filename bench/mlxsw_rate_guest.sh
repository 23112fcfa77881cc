# SPDX-License-Identifier: GPL-2.0-or-later
# needs: mlxsw
# Guest side of bench/mlxsw_rate.sh: EMAD transactions per second through
# Linux's mlxsw core (hwmsg_sim_mlxsw's burst: MGIR queries one after the
# other, mlxsw_reg_query()) with no capture, under hwmsgd --source
# tracepoint and under hwmsgd --source genl (devlink_hwmsg's bridge), each
# run ROUNDS times, interleaved; a line per run: mode n seconds written dropped
load_mlxsw
run sh -c "echo '1 spectrum 2' > $NEW"
settle 1
N=${N:-20000}
ROUNDS=3
: >/out/bench.txt
burst() {	# MODE: time N transactions
	t0=$(/usr/sbin/date +%s%N)
	echo "$N" >$DBG/hwmsg_sim1/burst || fail "burst $1"
	t1=$(/usr/sbin/date +%s%N)
	echo "$1 $N $(( (t1 - t0) / 1000 ))" >>/out/bench.raw
}
for r in $(seq $ROUNDS); do
	burst none
	echo "none $N $(tail -n 1 /out/bench.raw | cut -d' ' -f3) 0 0" >>/out/bench.txt
	for src in tracepoint genl; do
		capture_start b --source $src
		burst $src
		capture_stop b >/tmp/b.out 2>&1
		w=$(sed -n 's/.*: \([0-9]*\) records written.*, \([0-9]*\) dropped.*/\1 \2/p' /tmp/b.out)
		echo "$src $N $(tail -n 1 /out/bench.raw | cut -d' ' -f3) $w" >>/out/bench.txt
	done
done
cat /out/bench.txt
pass

# SPDX-License-Identifier: GPL-2.0-or-later
# Guest half of vm_bench.sh (runs with tests/vm/guest-lib.sh sourced): for
# each capture source and simulator rate, capture 3 s of a spectrum device
# polling at that rate and note what hwmsgd wrote and dropped.
load
run sh -c "echo '1 spectrum 1' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
: >/out/bench.txt
for src in genl=noconfig tracepoint; do
	for rate in 5000 10000 20000 30000 40000 60000 100000; do
		capture_start b --source "$src"
		t0=$(cat $DBG/hwmsg_sim1/emads)
		echo "$rate" >$DBG/hwmsg_sim1/rate
		sleep 3
		echo 0 >$DBG/hwmsg_sim1/rate
		sleep 0.3
		echo 1 >$DBG/hwmsg_sim1/burst	# shows tail loss as a SEQ gap
		sleep 2				# let hwmsgd drain its backlog
		t1=$(cat $DBG/hwmsg_sim1/emads)
		capture_stop b >/dev/null
		w=$(sed -n 's/^hwmsgd: \([0-9]*\) records written.*/\1/p' /out/b.err)
		d=$(sed -n 's/.*, \([0-9]*\) dropped.*/\1/p' /out/b.err)
		echo "${src%%=*} $rate $(((t1 - t0) * 2)) ${w:-0} ${d:-0}" |
			tee -a /out/bench.txt
	done
done
pass

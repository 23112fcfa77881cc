#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top's state view (r) of a simulator capture agrees with hwmsg
# state at the same instant: at record N (:N), every instance's row is
# what hwmsg state -Y 'frame.number <= N' says of it (last write, last
# query, every listed field), in the same order; moving the cursor back
# (<) gives the state one record earlier. The port view (P) agrees with
# hwmsg state --port. A capture of several checkpoint intervals checks
# the replay from checkpoints.
set -eu
HWMSG=$1 HWMSGD=$2 GOLDEN=$3
. "$(dirname "$0")/lib.sh"
EXPECT="$(dirname "$0")/state_expect.py"
W=300 H=300

# state_at FILE N: the rows on screen at record N equal hwmsg state's
state_at() {
	/usr/bin/python3 "$EXPECT" "$HWMSG" "$1" "$2" $W > "$T/want.txt"
	n=$(wc -l < "$T/want.txt")
	[ "$n" -lt $((H - 6)) ] || fail "$n instances do not fit"
	tm send-keys -t top : $(echo "$2" | sed 's/./& /g') Enter
	wait_for 30 "^register state as of record $2,"
	if [ "$n" = 0 ]; then
		wait_for 5 '^no register contents confirmed yet$'
		return
	fi
	i=0
	while :; do
		screen | sed -n "6,$((n + 5))p" > "$T/got.txt"
		cmp -s "$T/want.txt" "$T/got.txt" && break
		i=$((i + 1))
		[ $i -lt 100 ] || { diff "$T/want.txt" "$T/got.txt" | head -20 >&2;
				    fail "state at record $2 differs from hwmsg state"; }
		sleep 0.05
	done
}

cp "$GOLDEN" "$T/sim.pcapng.zst"
cd "$T"
start $W $H "$HWMSG" top -r sim.pcapng.zst
wait_for 10 '\[loaded\]'
tm send-keys -t top r
for n in 1 400 401 1099 1100; do
	state_at sim.pcapng.zst $n
done
# < moves the instant one record back
tm send-keys -t top '<'
wait_for 10 '^register state as of record 1099,'
# the port view: hwmsg state --port's rows
tm send-keys -t top P
wait_for 5 '^DEVICE +PORT +ADMIN +OPER +SPEED'
"$HWMSG" state --port -Y 'frame.number <= 1099' sim.pcapng.zst |
	awk '$1 == "pci/0000:03:00.0" || $1 == "pci/0000:81:00.0" {
		dev = substr($1, 5) } $1 ~ /^[0-9]+$/ {
		mtu = $7; for (i = 8; i <= NF; i++) mtu = mtu " " $i
		printf "%-12s %5s %-8s %-8s %-18s %-5s %-12s %s\n", dev, $1, $2,
		       $3, $4, $5, $6, mtu }' > "$T/ports.txt"
[ -s "$T/ports.txt" ] || fail "hwmsg state --port printed no ports"
while read -r line; do
	screen | grep -qxF -- "$line" || fail "port row missing: $line"
done < "$T/ports.txt"
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# several checkpoints: 150,000 records, the state at points around them
"$HWMSGD" --sim --rate 0 --seed 3 -c 150000 -q -w big.pcapng.zst
H=400	# a longer trace has more instances
start $W $H "$HWMSG" top -r big.pcapng.zst
wait_for 60 '\[loaded\]'
tm send-keys -t top r
for n in 65536 65537 131071 100000 150000; do
	state_at big.pcapng.zst $n
done
tm send-keys -t top q
wait_exit 5
assert_clean_exit
echo "top state: ok"

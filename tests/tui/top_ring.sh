#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg top -r on a ring set of hwmsgd -b (several files, one trace): every
# record of all of them is browsed (count, :N and the last as hwmsg show
# -N of the same files says), the header counts them all, the state view
# agrees with hwmsg state at the end; --follow and stdin take one file.
set -eu
HWMSG=$1 HWMSGD=$2
. "$(dirname "$0")/lib.sh"

cd "$T"
"$HWMSGD" --sim --rate 0 --seed 2 -c 30000 -b filesize:400 -q -w r.pcapng.zst
set -- "$HWMSG" r_*.pcapng.zst
HWMSG=$1
shift
[ $# -gt 5 ] || fail "hwmsgd -b wrote only $# files"
"$HWMSG" show -N "$@" | grep '^[0-9]' > show.txt
[ "$(wc -l < show.txt)" = 30000 ] || fail "hwmsg show read not 30000 records"

start 300 400 "$HWMSG" top -r "$@"
wait_for 30 '^record 1 of 30000 \(whole file\)$'
wait_for 30 '\[loaded\]'
wait_for 5 "^hwmsg top source r_00001_[0-9]+\\.pcapng\\.zst and $(($# - 1)) more "
wait_for 5 '^records 30000 '
for k in 12345 30000; do
	t=$(awk -v k=$k '$1 == k { print substr($2, 1, 15) }' show.txt)
	tm send-keys -t top : $(echo $k | sed 's/./& /g') Enter
	wait_for 5 "^record $k of 30000 "
	screen | grep -q "^$t .*$(awk -v k=$k '$1 == k { print $6 }' show.txt)" ||
		fail "record $k is not hwmsg show's ($t)"
done
# the state after the last record, as hwmsg state reads the set
n_want=$("$HWMSG" state -j "$@" | wc -l)
tm send-keys -t top r
wait_for 10 '^register state as of record 30000,'
i=0
until [ "$(screen | grep -c '^0000:')" = "$n_want" ]; do
	i=$((i + 1))
	[ $i -lt 100 ] || fail "not $n_want instances in the state view"
	sleep 0.05
done
tm send-keys -t top q
wait_exit 5
assert_clean_exit

# --follow and stdin read one file
"$HWMSG" top --follow -r "$1" "$2" > out.txt 2>&1 && fail "--follow took two files"
grep -q 'follow goes with -r FILE (one)' out.txt || fail "no --follow message"
"$HWMSG" top -r - "$1" > out.txt 2>&1 && fail "stdin taken with a file"
grep -q 'stdin (-) is read alone' out.txt || fail "no stdin message"
echo "top ring: ok"

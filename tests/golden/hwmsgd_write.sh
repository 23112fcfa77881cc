#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsgd's output file: a second hwmsgd cannot write the same file (lock);
# after a full disk the count said is exactly what the file holds.
set -eu
HWMSGD=$1 HWMSG=$2
T=$(mktemp -d)
cleanup() { umount "$T/small" 2> /dev/null || true; rm -rf "$T"; }
trap cleanup EXIT

# records of a file, as hwmsg stat counts them
records() { sed -n 's/^records   \([0-9]*\) .*/\1/p' "$1"; }

# the first holds the lock: the second fails at once, naming the file, and
# the first's file is whole
"$HWMSGD" --sim --rate 500 -w "$T/one.pcapng.zst" 2> "$T/first.err" &
pid=$!
i=0
while [ ! -s "$T/one.pcapng.zst" ]; do
	i=$((i + 1)); test $i -lt 100 || { cat "$T/first.err"; exit 1; }
	sleep 0.1
done
rc=0; "$HWMSGD" --sim --rate 500 -c 10 -w "$T/one.pcapng.zst" 2> "$T/second.err" || rc=$?
kill -INT "$pid"; wait "$pid"
test "$rc" -eq 1 || { echo "second writer: exit $rc"; cat "$T/second.err"; exit 1; }
grep -qx "hwmsgd: $T/one.pcapng.zst: another process is writing this file (it holds the lock)" "$T/second.err" ||
	{ cat "$T/second.err"; exit 1; }
said=$(sed -n 's/.*: \([0-9]*\) records written.*/\1/p' "$T/first.err")
"$HWMSG" stat "$T/one.pcapng.zst" > "$T/one.stat"
test "$(records "$T/one.stat")" -eq "$said" && grep -qx "dropped   0 of $said" "$T/one.stat" ||
	{ echo "first writer said $said"; cat "$T/one.stat"; exit 1; }

# a full disk: needs a small tmpfs (root)
mkdir "$T/small"
if ! mount -t tmpfs -o size=200k tmpfs "$T/small" 2> "$T/mount.err"; then
	echo "disk full: skipped, cannot mount a tmpfs ($(head -n 1 "$T/mount.err"))"
	exit 0
fi
for name in full.pcapng.zst full.pcapng; do
	rc=0
	"$HWMSGD" --sim --rate 0 -c 100000 -w "$T/small/$name" 2> "$T/full.err" || rc=$?
	test "$rc" -eq 1 && grep -q "No space left on device" "$T/full.err" ||
		{ echo "$name: exit $rc"; cat "$T/full.err"; exit 1; }
	held=$(sed -n 's/^hwmsgd: \([0-9]*\) records written to .* before the error, [0-9]* more captured lost, 0 dropped$/\1/p' "$T/full.err")
	test -n "$held" || { cat "$T/full.err"; exit 1; }
	rc=0; "$HWMSG" stat "$T/small/$name" > "$T/full.stat" 2> /dev/null || rc=$?
	test "$(records "$T/full.stat")" -eq "$held" ||
		{ echo "$name: hwmsgd said $held"; cat "$T/full.err" "$T/full.stat"; exit 1; }
	rm "$T/small/$name"
done
echo "hwmsgd output: lock and full disk ok ($held records held)"

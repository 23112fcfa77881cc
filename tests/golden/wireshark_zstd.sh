#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Wireshark 4.0 (capinfos, tshark) reads every record of the compressed
# captures hwmsgd writes: one file, a ring, a pipe, a file cut anywhere, a
# capture killed with -9; and with the larger read buffers NFS or APFS
# give it (st_blksize faked by a preload). See include/hwmsg/zlayout.h.
set -eu
HWMSGD=$1 HWMSG=$2 SHIM=$4
N=${HWMSG_ZSTD_RECORDS:-200000}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"

# capinfos -cM: the exact number of packets (empty if it stopped early)
count() {
	capinfos -cM "$@" 2>/dev/null | sed -n 's/^Number of packets: *//p'
}
expect() {	# what, got, want
	test "$2" = "$3" || { echo "$1: $2 records read, expected $3"; exit 1; }
	echo "$1: $2"
}

"$HWMSGD" --sim --rate 0 -c "$N" -q -w one.pcapng.zst
expect "capinfos, one file" "$(count one.pcapng.zst)" "$N"
expect "tshark, one file" "$(tshark -r one.pcapng.zst -T fields -e frame.number 2>/dev/null | wc -l)" "$N"
for b in 262144 1048576 4194304; do
	expect "capinfos, st_blksize $b" \
		"$(HWMSG_FAKE_BLKSIZE=$b LD_PRELOAD=$SHIM count one.pcapng.zst)" "$N"
done
# the same bytes as zstd -d gives them
zstd -qdc one.pcapng.zst > one.pcapng
expect "capinfos, zstd -d" "$(count one.pcapng)" "$N"

"$HWMSGD" --sim --rate 0 -c "$N" -q -w - > pipe.pcapng.zst
expect "capinfos, -w - to a file" "$(count pipe.pcapng.zst)" "$N"
expect "tshark, -w - through a pipe" \
	"$("$HWMSGD" --sim --rate 0 -c "$N" -q -z -w - | tshark -r - -T fields -e frame.number 2>/dev/null | wc -l)" "$N"

"$HWMSGD" --sim --rate 0 -c "$N" -q -b filesize:2000 -w ring.pcapng.zst
total=0
for f in ring_*.pcapng.zst; do
	total=$((total + $(count "$f")))
done
test "$(ls ring_*.pcapng.zst | wc -l)" -ge 2 || { echo "expected a ring"; exit 1; }
expect "capinfos, ring of $(ls ring_*.pcapng.zst | wc -l) files" "$total" "$N"

# cut anywhere: Wireshark reads as far as hwmsg does
size=$(stat -c %s one.pcapng.zst)
for cut in $((size / 3)) $((size / 2 + 7)) $((size * 9 / 10)); do
	head -c "$cut" one.pcapng.zst > cut.pcapng.zst
	want=$("$HWMSG" stat cut.pcapng.zst 2>/dev/null |
		sed -n 's/^records *\([0-9]*\).*/\1/p')
	test "$want" -gt 0
	got=$(capinfos -cM cut.pcapng.zst 2>/dev/null |
		sed -n 's/^Number of packets: *//p')
	expect "capinfos, cut at $cut" "$got" "$want"
done

# kill -9 at 20,000 records/s: at most the last second is lost
start=$(date +%s%N)
"$HWMSGD" --sim --rate 20000 -q -w killed.pcapng.zst &
pid=$!
sleep 3
kill -9 $pid
end=$(date +%s%N)
wait $pid 2>/dev/null || true
got=$(capinfos -cM killed.pcapng.zst 2>/dev/null |
	sed -n 's/^Number of packets: *//p')
want=$("$HWMSG" stat killed.pcapng.zst 2>/dev/null |
	sed -n 's/^records *\([0-9]*\).*/\1/p')
expect "capinfos, killed capture" "$got" "$want"
ran_ms=$(( (end - start) / 1000000 ))
kept_ms=$(( got / 20 ))
echo "killed after $ran_ms ms: $got records ($kept_ms ms) kept"
test $((ran_ms - kept_ms)) -le 1500 ||
	{ echo "lost more than a second"; exit 1; }
echo "wireshark_zstd: ok"

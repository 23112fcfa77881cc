#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The reader opens and walks pcapng itself (formats/io/walk.c) and keeps
# libpcap for classic pcap; HWMSG_READER=libpcap has libpcap open and read
# pcapng too. Every capture the tests hold (the fuzz seeds: big-endian, two
# sections, ISBs, pcap, Ethernet, zstd, bad header blocks of every kind
# libpcap's open refuses), captures cut and damaged in the ways bad_input.sh
# names, and a new one with both devices must read the same either way:
# the same output, errors and exit status of show -V and stat.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

"$HWMSGD" --sim --rate 0 --seed 3 -c 3000 -q --no-compress -w "$T/sim.pcapng"
size=$(stat -c %s "$T/sim.pcapng")
head -c $((size / 2)) "$T/sim.pcapng" > "$T/half.pcapng"
head -c $((size / 2 + 5)) "$T/sim.pcapng" > "$T/half5.pcapng"
{ cat "$T/sim.pcapng"; printf 'trailing garbage, not a block'; } > "$T/tail.pcapng"
cp "$T/sim.pcapng" "$T/trailer.pcapng"	# the last block's trailer made wrong
printf '\001' | dd of="$T/trailer.pcapng" bs=1 seek=$((size - 4)) conv=notrunc 2> /dev/null
zstd -q -c "$T/sim.pcapng" > "$T/sim.pcapng.zst"

n=0
for f in "$G/sim.pcapng.zst" "$G/../data/emad_eth.pcap" \
	"$G"/../fuzz/corpus/fuzz_reader/* "$T"/*.pcapng "$T"/*.zst; do
	for cmd in "show -V" stat; do
		for how in walk libpcap; do
			rc=0
			# shellcheck disable=SC2086
			HWMSG_READER=$how "$HWMSG" $cmd "$f" > "$T/$how.out" \
				2> "$T/$how.err" || rc=$?
			echo "exit $rc" >> "$T/$how.err"
		done
		# only the offset a damaged file's last error names may differ
		sed -i 's/(offset 0x[0-9a-f]*)/(offset)/' "$T/walk.err" "$T/libpcap.err"
		if ! cmp -s "$T/walk.out" "$T/libpcap.out" ||
		   ! cmp -s "$T/walk.err" "$T/libpcap.err"; then
			echo "FAIL: $cmd $f: the walk and libpcap differ"
			diff "$T/libpcap.out" "$T/walk.out" | head -n 5
			diff "$T/libpcap.err" "$T/walk.err" | head -n 5
			exit 1
		fi
		n=$((n + 1))
	done
done
echo "reader parity: ok ($n reads compared)"

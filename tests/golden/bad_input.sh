#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input gets one clear line naming the file and place, never a crash;
# records before (and around) the damage are still shown, and the exit
# status says the input was damaged.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

# The byte offset of the Nth (1-based) EPB of a little-endian pcapng.
epb_offset() {
	od -An -tu1 -v "$1" | awk -v want="$2" '
	{ for (i = 1; i <= NF; i++) b[n++] = $i }
	END {
		while (off + 8 <= n) {
			t = b[off] + b[off+1]*256 + b[off+2]*65536 + b[off+3]*16777216
			l = b[off+4] + b[off+5]*256 + b[off+6]*65536 + b[off+7]*16777216
			if (t == 6 && ++k == want) { print off; exit }
			if (l < 12) exit 1
			off += l
		}
		exit 1
	}'
}

# The byte offset of the message (the buf TLV's value) in the Nth EPB.
buf_offset() {
	epb=$(epb_offset "$1" "$2")
	od -An -tu1 -v -j $((epb + 28)) -N 512 "$1" | awk -v base=$((epb + 28)) '
	{ for (i = 1; i <= NF; i++) b[n++] = $i }
	END {
		while (off + 4 <= n) {
			if (b[off] + b[off+1]*256 == 5) { print base + off + 4; exit }
			off += 4 + b[off+2] + b[off+3]*256
		}
		exit 1
	}'
}

# Records (not orphan lines) of a show output.
records() { grep -vc '^orphan' "$1" || true; }

printf 'not a capture at all' > "$T/junk"
if "$HWMSG" show "$T/junk" > "$T/out" 2> "$T/err"; then exit 1; fi
test "$(wc -l < "$T/err")" -eq 1
grep -q "junk" "$T/err"

"$HWMSG" show /nonexistent/file 2> "$T/err" && exit 1
grep -q "/nonexistent/file" "$T/err"

# an empty file or stream says so, in our words, not libpcap's
: > "$T/empty.pcapng"
rc=0; "$HWMSG" show "$T/empty.pcapng" 2> "$T/err" || rc=$?
test "$rc" -eq 1 && grep -qx "hwmsg: $T/empty.pcapng: empty file, not a capture" "$T/err"
rc=0; "$HWMSG" show - < /dev/null 2> "$T/err" || rc=$?
test "$rc" -eq 1 && grep -qx "hwmsg: (stdin): empty file, not a capture" "$T/err"
# a header cut short is named as such, not "unknown file format"
"$HWMSGD" --sim --rate 0 -c 2 --no-compress -q -w "$T/two.pcapng"
for n in 10 100; do
	head -c $n "$T/two.pcapng" > "$T/hdr.pcapng"
	rc=0; "$HWMSG" show "$T/hdr.pcapng" > "$T/out" 2> "$T/err" || rc=$?
	test "$rc" -eq 1 && test ! -s "$T/out" && test "$(wc -l < "$T/err")" -eq 1
	grep -q "^hwmsg: $T/hdr.pcapng: pcapng header blocks (section header, first interface) cut short (" "$T/err" ||
		{ cat "$T/err"; exit 1; }
done
printf '\324\303\262\241\002\000\004\000\000\000' > "$T/hdr.pcap"
"$HWMSG" show "$T/hdr.pcap" 2> "$T/err" && exit 1
grep -q "^hwmsg: $T/hdr.pcap: pcap file header cut short (" "$T/err"
# Ethernet captures: frames that are not EMAD are skipped and counted;
# records with no device name are "unnamed" in stat, no device is "none"
hex2bin() { h=$1; while [ -n "$h" ]; do rest=${h#??}; printf "\\$(printf %o "0x${h%"$rest"}")"; h=$rest; done; }
pcap_hdr=d4c3b2a1020004000000000000000000ffff000001000000
ip_frame=01000000000000002200000022000000ffffffffffff001122334455080045000014000000004011000000000000ffffffff
hex2bin "$pcap_hdr$ip_frame" > "$T/ip.pcap"
"$HWMSG" stat "$T/ip.pcap" > "$T/out"
grep -qx 'records   0 (emad 0, cmd_reg 0, other 0), 1 non-EMAD frames skipped' "$T/out" &&
	grep -qx 'devices   none' "$T/out" || { cat "$T/out"; exit 1; }
cp "$G/../data/emad_eth.pcap" "$T/eth.pcap"	# that EMAD frame + the IP one
"$HWMSG" stat "$T/eth.pcap" > "$T/out"
grep -qx 'records   1 (emad 1, cmd_reg 0, other 0), 1 non-EMAD frames skipped' "$T/out" &&
	grep -qx 'devices   unnamed 1' "$T/out" &&
	grep -qx 'statuses  none (no responses)' "$T/out" || { cat "$T/out"; exit 1; }
"$HWMSG" show "$T/eth.pcap" | grep -qx '00:00:01.000000000 - > EMAD PMLP query request local_port 2 tid 0x1a2b3c4d00000005'
"$HWMSG" show "$T/eth.pcap" | grep -qx 'orphan: - EMAD PMLP query tid 0x1a2b3c4d00000005 sent at 00:00:01.000000000 never answered'
# stat of nothing readable: the error, no empty table, exit 1
rc=0; "$HWMSG" stat "$T/empty.pcapng" > "$T/out" 2> "$T/err" || rc=$?
test "$rc" -eq 1 && test ! -s "$T/out" && test "$(wc -l < "$T/err")" -eq 1

# a compressed capture cut in the middle: what came before still decodes
"$HWMSGD" --sim --rate 0 -c 5000 -q -w "$T/full.pcapng.zst"
"$HWMSG" show "$T/full.pcapng.zst" > "$T/full.txt"
size=$(stat -c %s "$T/full.pcapng.zst")
head -c $((size * 2 / 3)) "$T/full.pcapng.zst" > "$T/cut.pcapng.zst"
rc=0; "$HWMSG" show "$T/cut.pcapng.zst" > "$T/cut.txt" 2> "$T/cut.err" || rc=$?
test "$rc" -eq 1 || { echo "cut file: exit $rc"; exit 1; }
n=$(records "$T/cut.txt")
test "$n" -gt 0 && test "$n" -lt 5000 || { echo "cut file gave $n records"; exit 1; }
test "$(wc -l < "$T/cut.err")" -eq 1
grep -q "^hwmsg: $T/cut.pcapng.zst: after record $n (offset 0x[0-9a-f]*): zstd frame cut short at compressed offset 0x" "$T/cut.err" ||
	{ cat "$T/cut.err"; exit 1; }
grep -v '^orphan' "$T/cut.txt" > "$T/cut-records.txt"
head -n "$n" "$T/full.txt" | diff -q - "$T/cut-records.txt" > /dev/null ||
	{ head -n 5 "$T/cut.txt"; echo "cut file records differ from the original"; exit 1; }
rc=0; "$HWMSG" stat "$T/cut.pcapng.zst" > "$T/cut.stat" 2> /dev/null || rc=$?
test "$rc" -eq 1
# cut at the end (still being written, or its writer died) is no damage
grep -q "^records   $n (.*), cut short at the end$" "$T/cut.stat" || { cat "$T/cut.stat"; exit 1; }
rc=0; "$HWMSG" stat "$T/cut.pcapng.zst" "$T/cut.pcapng.zst" > "$T/cut.stat" 2> /dev/null || rc=$?
grep -q "^records   $((2 * n)) (.*), 2 files cut short at the end$" "$T/cut.stat" || { cat "$T/cut.stat"; exit 1; }

# a compressed capture just started: a few bytes, its first frame not
# complete, or only the section header: "empty so far", not damage words
# (at --rate 1 the simulator's first record comes after a second)
"$HWMSGD" --sim --rate 1 -q -w "$T/none.pcapng.zst" &
pid=$!
# the section header is out at once (ASan on a loaded machine: not in 0.3 s)
i=0
while [ ! -s "$T/none.pcapng.zst" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
sleep 0.1
cp "$T/none.pcapng.zst" "$T/header.zst"
kill -KILL "$pid"; wait "$pid" || true
for n in 3 10 30 ""; do
	if [ -n "$n" ]; then head -c "$n" "$T/full.pcapng.zst" > "$T/start.zst"
	else cp "$T/header.zst" "$T/start.zst"; fi
	for cmd in show stat; do
		rc=0; "$HWMSG" $cmd "$T/start.zst" > "$T/out" 2> "$T/err" || rc=$?
		test "$rc" -eq 1 && test ! -s "$T/out" && test "$(wc -l < "$T/err")" -eq 1 &&
			grep -q "^hwmsg: $T/start.zst: empty so far: .* (still being written, or its writer stopped before the first record)$" "$T/err" ||
			{ echo "$cmd of the first ${n:-all} bytes: exit $rc"; cat "$T/err"; exit 1; }
	done
done

# a FIFO with no writer: say what we wait for, then read what comes
mkfifo "$T/fifo"
"$HWMSG" show "$T/fifo" > "$T/fifo.out" 2> "$T/fifo.err" &
pid=$!
sleep 0.5
grep -qx "hwmsg: waiting for a writer on $T/fifo" "$T/fifo.err" || { cat "$T/fifo.err"; exit 1; }
cat "$T/two.pcapng" > "$T/fifo"
wait "$pid"
test "$(grep -vc '^orphan' "$T/fifo.out")" -eq 2 && test "$(wc -l < "$T/fifo.err")" -eq 1

# garbage after the last block: every record, then one error
"$HWMSGD" --sim --rate 0 -c 200 -q -w "$T/p.pcapng"
"$HWMSG" show "$T/p.pcapng" > "$T/p.txt"
{ cat "$T/p.pcapng"; printf 'trailing garbage, not a block'; } > "$T/tail.pcapng"
rc=0; "$HWMSG" show "$T/tail.pcapng" > "$T/tail.txt" 2> "$T/tail.err" || rc=$?
test "$rc" -eq 1
diff -u "$T/p.txt" "$T/tail.txt"
test "$(wc -l < "$T/tail.err")" -eq 1
grep -q "^hwmsg: $T/tail.pcapng: after record 200 (offset 0x[0-9a-f]*): " "$T/tail.err" ||
	{ cat "$T/tail.err"; exit 1; }

# one record with an impossible TLV length: that record is named, the other
# 199 read as before
epb=$(epb_offset "$T/p.pcapng" 10)
cp "$T/p.pcapng" "$T/bad.pcapng"
# the first record TLV's length (EPB data at +28, length at +2)
printf '\377\377' | dd of="$T/bad.pcapng" bs=1 seek=$((epb + 30)) conv=notrunc 2> /dev/null
rc=0; "$HWMSG" show "$T/bad.pcapng" > "$T/bad.txt" 2> "$T/bad.err" || rc=$?
test "$rc" -eq 1
test "$(wc -l < "$T/bad.err")" -eq 1
grep -q "^hwmsg: $T/bad.pcapng: record 10 (offset $(printf 0x%x $((epb + 28)))): TLV 0 (bus_name): length 65535 exceeds the record" "$T/bad.err" ||
	{ cat "$T/bad.err"; exit 1; }
test "$(records "$T/bad.txt")" -eq 199
sed 10d "$T/p.txt" | grep -v '^orphan' > "$T/p-but-10.txt"
grep -v '^orphan' "$T/bad.txt" | diff -u "$T/p-but-10.txt" -

# a message that is not EMAD (its OP TLV header overwritten): shown with
# the parser's reason, counted as undecoded, not an error of the file
buf=$(buf_offset "$T/p.pcapng" 1)
cp "$T/p.pcapng" "$T/undec.pcapng"
printf '\377\377' | dd of="$T/undec.pcapng" bs=1 seek=$((buf + 16)) conv=notrunc 2> /dev/null
"$HWMSG" show "$T/undec.pcapng" > "$T/undec.txt"
sed -n 2p "$T/undec.txt" | grep -q '^  ! .*OP' || { head -n 3 "$T/undec.txt"; exit 1; }
"$HWMSG" stat "$T/undec.pcapng" > "$T/undec.stat"
grep -q '^records   200 (emad 100, cmd_reg 100, other 0), 1 undecoded$' "$T/undec.stat" ||
	{ head -n 3 "$T/undec.stat"; exit 1; }
# a frame that wants a huge window (zstd --long=27, streamed) is refused
# with a way out, not decoded into 128 MiB of memory
zstd -q -dc "$G/sim.pcapng.zst" | zstd -q --long=27 -c > "$T/long.zst"
if "$HWMSG" stat "$T/long.zst" > /dev/null 2> "$T/long.err"; then exit 1; fi
grep -q 'window over 16 MiB (compressed with --long?): decompress it first (zstd -d)' "$T/long.err" ||
	{ cat "$T/long.err"; exit 1; }
zstd -q -dc "$G/sim.pcapng.zst" | zstd -q -19 -c > "$T/l19.zst"
"$HWMSG" stat "$T/l19.zst" | grep -q '^records   1100 '
echo "bad input: ok ($n records before the cut)"

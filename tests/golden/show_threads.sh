#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# show prints through a second thread when its output is a file or a pipe,
# in place (a flush per record) when it is a terminal: the text must be the
# same either way, for every kind of line: records, -V, -j, -N -r, a
# filter, orphans pushed out of the pairing table mid-listing and those
# left at the end, and a frame larger than a whole batch.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
# both ways, compared (ARGS: one string, as a shell reads it); a
# terminal's CR LF made LF
same() {
	sh -c "$HWMSG show $1" > "$T/file.txt"
	script -qec "$HWMSG show $1" /dev/null < /dev/null | tr -d '\r' \
		> "$T/tty.txt"
	cmp "$T/tty.txt" "$T/file.txt" || {
		diff -u "$T/tty.txt" "$T/file.txt" | head -20; exit 1; }
	test -s "$T/file.txt"
}
Z=$G/sim.pcapng.zst
same "$Z"
same "-V $Z"
same "-j $Z"
same "-N -r -Y 'emad.status != 0 || cmd_reg' $Z"
# requests only: after 65536 waiting, each new one pushes the oldest out
"$HWMSGD" --sim=spectrum --rate 0 --seed 3 -c 70000 -q -f 'emad.r == 0' \
	-w "$T/req.pcapng"
same "$T/req.pcapng"
test "$(grep -c 'not answered within 65536 requests$' "$T/file.txt")" -gt 1000
test "$(grep -c 'never answered$' "$T/file.txt")" -eq 65536
# an Ethernet capture's 256 KiB frame: more than a batch holds
/usr/bin/python3 - "$G/../data/emad_eth.pcap" "$T/big.pcap" <<'PY'
import struct, sys
raw = open(sys.argv[1], 'rb').read()
caplen = struct.unpack_from('<I', raw, 24 + 8)[0]
frame = raw[24 + 16:24 + 16 + caplen]
big = frame + bytes(262144 - len(frame))
hdr = struct.pack('<IHHiIII', 0xa1b2c3d4, 2, 4, 0, 0, 262144, 1)
rec = lambda ts, b: struct.pack('<IIII', ts, 0, len(b), len(b)) + b
open(sys.argv[2], 'wb').write(hdr + rec(1, frame) + rec(2, big) + rec(3, frame))
PY
same "-V $T/big.pcap"
test "$(grep -c 'EMAD PMLP query request' "$T/file.txt")" -eq 3
echo "show_threads: the same text from both ways of printing"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# hwmsg show names the device of every line right when a capture has more
# devices than it keeps the text of (it keeps each device's by its number).
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
"$HWMSGD" --sim --rate 0 -c 3000 -q -w sim.pcapng
python3 "$G/many_devices.py" sim.pcapng many.pcap 13 > expected.txt
test "$(sort -u expected.txt | wc -l)" -eq 13
"$HWMSG" show --no-pair many.pcap | awk '{ print $2 }' > got.txt
diff -u expected.txt got.txt
# and across files: a second file's devices are numbered on
python3 "$G/many_devices.py" sim.pcapng many2.pcap 5 > expected2.txt
cat expected.txt expected2.txt > expected12.txt
"$HWMSG" show --no-pair many.pcap many2.pcap | awk '{ print $2 }' > got12.txt
diff -u expected12.txt got12.txt
echo "show: the device of each of $(wc -l < got12.txt) lines, 13 and 5 devices"

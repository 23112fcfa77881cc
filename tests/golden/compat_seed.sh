#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# --compat seed: files a reader of devlink-hwmsg.py's tags (0-5, KeyError
# on others, as Mellanox's bwz.py) reads whole; and records without a type
# tag (bwz.py -s 'tlv(incoming,buf)') are EMADs by their ethertype.
set -eu
HWMSGD=$1 HWMSG=$2 G=$3
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd "$T"
"$HWMSGD" --sim --rate 0 -c 2000 -q -w plain.pcapng
"$HWMSGD" --sim --rate 0 -c 2000 -q --compat seed -w seed.pcapng
# today's files stop such a reader at tag 6; seed files do not
if python3 "$G/seed_reader.py" plain.pcapng 2> err; then exit 1; fi
grep -q KeyError err
test "$(python3 "$G/seed_reader.py" seed.pcapng)" = "2000 records"
# the same messages, without sequence numbers and devlink index
"$HWMSG" show plain.pcapng > plain.txt
"$HWMSG" show seed.pcapng > seed.txt
diff -u plain.txt seed.txt
"$HWMSG" show -j seed.pcapng | jq -e -s 'map(select(.seq != null)) | length == 0' > /dev/null

python3 "$G/seed_reader.py" --write untyped.pcap
test "$(python3 "$G/seed_reader.py" untyped.pcap)" = "2 records"
"$HWMSG" show untyped.pcap > untyped.txt
grep -q '> EMAD MTMP query request sensor_index 0 tid 0x6b8b456700000003$' untyped.txt ||
	{ cat untyped.txt; exit 1; }
grep -q '< EMAD MTMP query response sensor_index 0 ok tid 0x6b8b456700000003 latency 1000.000ms$' untyped.txt ||
	{ cat untyped.txt; exit 1; }
# what bwz.py writes back: names without their NUL, read all the same
python3 "$G/seed_reader.py" --rewrite seed.pcapng bwz.pcap
"$HWMSG" show --no-pair bwz.pcap | cut -d' ' -f2- > bwz.txt
"$HWMSG" show --no-pair seed.pcapng | cut -d' ' -f2- > seed.cut
diff -u seed.cut bwz.txt
echo "compat seed: ok"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Benchmark: what loading the installed mstflint register databases (ADB
# XML, switch and HCA) adds to tshark's start-up with the hwmsg plugin,
# side by side with the built-in registers alone: tshark reading the first
# frame of a small simulator capture, the fastest of REPEAT runs (default
# 5) each, and how many mlxreg fields each registers. Not a test.
#   bench/adb_startup.sh BUILD_DIR
set -eu
B=$(cd "${1:-build}" && pwd)
R=${REPEAT:-5}
sw=/usr/share/mstflint/prm_dbs/switch/ext/register_access_table.adb
hca=/usr/share/mstflint/prm_dbs/hca/ext/register_access_table.adb
[ -r "$sw" ] && [ -r "$hca" ] || { echo "mstflint ADB files not installed"; exit 1; }
T=$(mktemp -d); chmod 755 "$T"; trap 'rm -rf "$T"' EXIT

"$B/capture/hwmsgd" --sim --rate 0 --seed 7 -c 10 -q -w "$T/small.pcapng"
chmod 644 "$T/small.pcapng"
. "$(dirname "$0")/tshark_env.sh"
bench_tshark_env
TS="$AS_USER XDG_CONFIG_HOME=$T/home/.config tshark"

# ms ADB_PATH: the fastest start-up of R, in milliseconds
ms() {
	i=0; b=
	while [ $i -lt "$R" ]; do
		t0=$(date +%s%N)
		# shellcheck disable=SC2086
		HWMSG_ADB_PATH=$1 $TS -r "$T/small.pcapng" -c 1 -Y mlxreg > /dev/null
		t=$(( ($(date +%s%N) - t0) / 1000000 ))
		if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
		i=$((i + 1))
	done
	echo "$b"
}
# shellcheck disable=SC2086
fields() { HWMSG_ADB_PATH=$1 $TS -G fields 2>/dev/null | grep -c '	mlxreg\.'; }

without=$(ms ":")
with=$(ms "$sw:$hca")
echo "tshark start-up, built-in registers:       $without ms, $(fields ":") mlxreg fields"
echo "tshark start-up, with the switch+hca ADBs: $with ms, $(fields "$sw:$hca") mlxreg fields"
echo "the ADB files add $((with - without)) ms (best of $R)"

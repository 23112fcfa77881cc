#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Regenerate the golden capture and its expected outputs. Run it only when
# the simulator or the output format changed on purpose, and review the diff.
#   tests/golden/regen.sh build/capture/hwmsgd build/cli/hwmsg
set -eu
HWMSGD=$1 HWMSG=$2
G=$(dirname "$0")
export TZ=UTC LC_ALL=C
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
"$HWMSGD" --sim --rate 0 --seed 1 -c 1100 -q -w "$G/sim.pcapng.zst"
"$HWMSG" show "$G/sim.pcapng.zst" > "$G/sim.show.txt"
"$HWMSG" show -V -c 300 "$G/sim.pcapng.zst" > "$G/sim.show-V.txt"
"$HWMSG" stat "$G/sim.pcapng.zst" | sed 1d > "$G/sim.stat.txt"
"$HWMSGD" --sim=mlxsw --rate 0 --seed 1 -c 6000 -q -w "$T/mlxsw.pcapng.zst"
"$HWMSG" stat "$T/mlxsw.pcapng.zst" | sed 1d > "$G/sim_mlxsw.stat.txt"

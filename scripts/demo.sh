#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The main job on a machine without hardware: install, build, install the
# tools and the Wireshark plugin, capture a simulated Spectrum switch (the
# real mlxsw driver's recorded conversation, played back) and ConnectX-3 NIC
# for a few seconds, and show the capture decoded.
set -eu
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo

scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo
cmake --build build -j"$(nproc)"
$SUDO cmake --install build

OUT=${1:-demo.pcapng.zst}
build/capture/hwmsgd --sim=mlxsw,cx3 --rate 500 -a duration:3 -w "$OUT"
build/cli/hwmsg show "$OUT" | head -n 40
echo ...
build/cli/hwmsg stat "$OUT"
echo
echo "Open $OUT in Wireshark (filter: emad), or watch live: build/cli/hwmsg top --sim=mlxsw,cx3"

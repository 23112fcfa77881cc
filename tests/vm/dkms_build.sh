#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kernel/dkms.conf works: dkms adds and builds both modules, as its
# instructions say, in a private dkms tree (the system's is left alone).
# Exits 77 (skipped) without dkms or kernel headers.
set -eu
SRC=$(cd "$(dirname "$0")/../.." && pwd)
command -v dkms > /dev/null || { echo "no dkms"; exit 77; }
KVER=
for d in /lib/modules/*/build; do
	[ -d "$d" ] && KVER=$(basename "$(dirname "$d")")
done
[ -n "$KVER" ] || { echo "no kernel headers"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT

VER=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' "$SRC/kernel/dkms.conf")
mkdir -p "$T/src" "$T/tree"
cp -r "$SRC/kernel" "$T/src/hwmsg-$VER"
cp -r "$SRC/include" "$T/src/hwmsg-$VER/"
rm -f "$T/src/hwmsg-$VER"/*.ko "$T/src/hwmsg-$VER"/*.o
opts="-m hwmsg -v $VER --sourcetree $T/src --dkmstree $T/tree"
dkms add $opts > "$T/log" 2>&1 || { cat "$T/log"; exit 1; }
dkms build $opts -k "$KVER" > "$T/log" 2>&1 || { cat "$T/log"; exit 1; }
for m in devlink_hwmsg hwmsg_sim; do
	ko=$T/tree/hwmsg/$VER/$KVER/$(uname -m)/module/$m.ko
	test -f "$ko" || { echo "dkms built no $m.ko"; cat "$T/log"; exit 1; }
	modinfo -F vermagic "$ko" | grep -q "^$KVER " ||
		{ echo "$m.ko: vermagic $(modinfo -F vermagic "$ko")"; exit 1; }
	modinfo -F license "$ko" | grep -qx GPL
done
dkms status $opts | grep -q "hwmsg/$VER, $KVER, .*: built"
echo "dkms: hwmsg/$VER built for $KVER"

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build the project's kernel modules in OUT_DIR (a copy of kernel/):
# devlink_hwmsg.ko, hwmsg_sim.ko and, where linux-source-6.1 is installed,
# Linux's mlxsw (scripts/mlxsw-build.sh) and hwmsg_sim_mlxsw.ko against it.
#   scripts/kmod-build.sh OUT_DIR [KDIR]
# KDIR: the kernel build tree (default: the newest /lib/modules/*/build).
set -eu
cd "$(dirname "$0")/.."
OUT=$1
KDIR=${2:-}
if [ -z "$KDIR" ]; then
	for d in /lib/modules/*/build; do
		[ -e "$d/Makefile" ] && KDIR=$d
	done
fi
[ -n "$KDIR" ] || { echo "kmod-build.sh: no kernel headers" >&2; exit 1; }
MLXSW=
if [ -r /usr/src/linux-source-6.1.tar.xz ]; then
	MLXSW=$(scripts/mlxsw-build.sh "$KDIR")
else
	echo "kmod-build.sh: no linux-source-6.1: hwmsg_sim_mlxsw.ko not built" >&2
fi
mkdir -p "$OUT"
cp kernel/Kbuild kernel/Makefile kernel/*.[ch] "$OUT/"
make -s -C "$OUT" KDIR="$KDIR" HWMSG_INC="$PWD/include" \
	${MLXSW:+HWMSG_MLXSW_SRC="$MLXSW"}
ls "$OUT"/*.ko

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build Linux's own mlxsw driver (mlxsw_core, mlxsw_pci, mlxsw_spectrum) and
# the libraries it needs (objagg, parman) out of tree, from Debian's
# linux-source-6.1, against a kernel's headers: Debian's kernel ships no
# mlxsw module (CONFIG_MLXSW_CORE is not set). The driver's sources are
# built unmodified; hwmsg_sim's mlxsw bus (kernel/sim_mlxsw.c) is the device
# it probes in the QEMU tests.
#
#   scripts/mlxsw-build.sh [KDIR]     prints the build directory
#
# KDIR: the kernel build tree (default: the newest /lib/modules/*/build).
# The result is cached under $HWMSG_KSRC_CACHE (default /var/cache/hwmsg),
# keyed by the kernel release; a rerun with everything built prints the
# directory at once. About a minute on two cores.
set -eu
cd "$(dirname "$0")/.."

KDIR=${1:-}
if [ -z "$KDIR" ]; then
	for d in /lib/modules/*/build; do
		[ -e "$d/Makefile" ] && KDIR=$d
	done
fi
[ -n "$KDIR" ] && [ -e "$KDIR/Makefile" ] ||
	{ echo "mlxsw-build.sh: no kernel headers (apt-get install linux-headers-amd64)" >&2; exit 1; }
KREL=$(make -s -C "$KDIR" kernelrelease 2>/dev/null | tail -n 1)
[ -n "$KREL" ] || KREL=$(basename "$(dirname "$KDIR")")

MLX=drivers/net/ethernet/mellanox
KSRC=$(scripts/ksrc.sh $MLX/mlxsw $MLX/mlxfw lib/objagg.c lib/parman.c)
CACHE=$(dirname "$KSRC")
OUT=$CACHE/mlxsw-$KREL
MODS="mlxsw/mlxsw_core.ko mlxsw/mlxsw_pci.ko mlxsw/mlxsw_spectrum.ko lib/objagg.ko lib/parman.ko"

built=1
for m in $MODS; do
	[ -f "$OUT/$m" ] || built=0
done
if [ $built = 1 ]; then
	echo "$OUT"
	exit 0
fi

rm -rf "$OUT.tmp"
mkdir -p "$OUT.tmp/lib" "$OUT.tmp/mlxfw"
cp -r "$KSRC/$MLX/mlxsw" "$OUT.tmp/"
cp "$KSRC/$MLX/mlxfw/mlxfw.h" "$OUT.tmp/mlxfw/"
cp "$KSRC/lib/objagg.c" "$KSRC/lib/parman.c" "$OUT.tmp/lib/"
echo 'obj-y += lib/ mlxsw/' >"$OUT.tmp/Makefile"
echo 'obj-m += objagg.o parman.o' >"$OUT.tmp/lib/Makefile"

# The Kconfig symbols as Kbuild sees them (obj-$(CONFIG_...)) and as the C
# code does (IS_ENABLED(), #ifdef): pci.h tests IS_ENABLED(CONFIG_MLXSW_PCI).
DEFS="-DCONFIG_MLXSW_CORE_HWMON -DCONFIG_MLXSW_CORE_THERMAL
-DCONFIG_MLXSW_SPECTRUM_DCB -DCONFIG_MLXSW_PCI_MODULE -DCONFIG_MLXSW_CORE_MODULE
-DCONFIG_MLXSW_SPECTRUM_MODULE -DCONFIG_OBJAGG_MODULE -DCONFIG_PARMAN_MODULE"
echo "mlxsw-build.sh: building Linux's mlxsw for $KREL in $OUT (about a minute)" >&2
make -s -C "$KDIR" M="$OUT.tmp" -j"$(nproc)" \
	CONFIG_MLXSW_CORE=m CONFIG_MLXSW_PCI=m CONFIG_MLXSW_SPECTRUM=m \
	CONFIG_MLXSW_CORE_HWMON=y CONFIG_MLXSW_CORE_THERMAL=y \
	CONFIG_MLXSW_SPECTRUM_DCB=y KCFLAGS="$(echo $DEFS)" modules \
	>"$OUT.tmp/build.log" 2>&1 ||
	{ cat "$OUT.tmp/build.log" >&2; echo "mlxsw-build.sh: build failed" >&2; exit 1; }
# strip the debug info: 28 MB for mlxsw_spectrum.ko alone
for m in $MODS; do
	strip --strip-debug "$OUT.tmp/$m"
done
rm -rf "$OUT"
mv "$OUT.tmp" "$OUT"
echo "$OUT"

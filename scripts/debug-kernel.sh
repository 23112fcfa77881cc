#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The QEMU scenarios on a debug kernel: Debian's linux-source-6.1 built with
# lockdep (PROVE_LOCKING), KASAN and sleep-in-atomic checks, everything the
# scenarios need built in. Too slow for CI (about an hour to build on two
# cores, scenarios 3-5x slower under KASAN): run it before a release and
# after changing kernel/. The build is cached outside the checkout; a rerun
# only runs the tests.
#   scripts/debug-kernel.sh [BUILD_DIR] [CTEST_REGEX]
# Env: HWMSG_DEBUG_KERNEL (default /var/cache/hwmsg/linux-6.1-debug)
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}
REGEX=${2:-^vm/[0-9]}
OBJ=${HWMSG_DEBUG_KERNEL:-/var/cache/hwmsg/linux-6.1-debug}
SRC=$(scripts/ksrc.sh)

if [ ! -f "$OBJ/arch/x86/boot/bzImage" ]; then
	mkdir -p "$OBJ"
	make -s -C "$SRC" O="$OBJ" x86_64_defconfig kvm_guest.config
	# what the scenarios use (devlink, tracepoints, perf, nlmon, netns,
	# debugfs, CPU hotplug) and the checkers; nothing as a module
	"$SRC/scripts/config" --file "$OBJ/.config" \
		-e DEBUG_FS -e NETDEVSIM -e PSAMPLE -e NLMON -e NET_NS \
		-e FTRACE -e ENABLE_DEFAULT_TRACERS -e PERF_EVENTS \
		-e HOTPLUG_CPU -e MODULES -e MODULE_UNLOAD \
		-e DEBUG_KERNEL -e PROVE_LOCKING -e DEBUG_ATOMIC_SLEEP \
		-e DEBUG_LIST -e KASAN -e KASAN_GENERIC -e KASAN_INLINE \
		-e DEBUG_INFO_NONE -d DEBUG_INFO_DWARF_TOOLCHAIN_DEFAULT \
		-d DRM -d SOUND -d USB_SUPPORT -d WLAN -d WIRELESS
	make -s -C "$SRC" O="$OBJ" olddefconfig
	for opt in PROVE_LOCKING KASAN NET_DEVLINK NLMON DEBUG_FS; do
		grep -q "^CONFIG_$opt=y" "$OBJ/.config" ||
			{ echo "debug-kernel.sh: CONFIG_$opt did not stick" >&2; exit 1; }
	done
	echo "building $OBJ (about an hour on two cores)"
	make -s -C "$SRC" O="$OBJ" -j"$(nproc)"
fi
HWMSG_VM_KERNEL_DIR=$OBJ HWMSG_VM_TIMEOUT=${HWMSG_VM_TIMEOUT:-1200} \
	ctest --test-dir "$BUILD" -R "$REGEX" --output-on-failure

#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run one kernel scenario in a QEMU guest and assert on the host.
#
#   tests/vm/run-vm.sh BUILD_DIR SCENARIO
#
# 1. builds kernel/ (devlink_hwmsg.ko, hwmsg_sim.ko) against the headers of a
#    kernel that has both /lib/modules/KVER/build and /boot/vmlinuz-KVER;
# 2. builds an initramfs: busybox-static, hwmsgd, hwmsg, vm_dump, vm_nl,
#    iproute2's devlink and ip, perf and trace-cmd, their shared libraries
#    and loader, the virtio/9p modules, our modules, guest-init.sh as /init;
# 3. boots the kernel under TCG (KVM hangs in nested guests) with
#    BUILD_DIR/vm/out/SCENARIO shared over 9p as /out, runs
#    scenarios/SCENARIO.sh there, powers off;
# 4. passes when the guest wrote "PASS" to /out/result and
#    scenarios/SCENARIO.check (if present) succeeds on the host.
# Exit 77 (ctest: skipped) when QEMU, busybox-static or a kernel is missing.
set -eu

BUILD=$(cd "$1" && pwd)
SC=$2
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
# SCENARIO may also be a path to a guest script elsewhere (bench/)
SC_FILE=$HERE/scenarios/$SC.sh
case $SC in
*/*)
	SC_FILE=$SC
	SC=$(basename "$SC" .sh)
	;;
esac
W=$BUILD/vm
OUT=$W/out/$SC
TIMEOUT=${HWMSG_VM_TIMEOUT:-400}

skip() {
	echo "SKIP: $*"
	exit 77
}

[ -f "$SC_FILE" ] || { echo "no scenario $SC_FILE"; exit 2; }
command -v qemu-system-x86_64 >/dev/null || skip "qemu-system-x86_64 missing"
command -v cpio >/dev/null || skip "cpio missing"
BUSYBOX=
for b in /bin/busybox /usr/bin/busybox; do
	if [ -x "$b" ] && file -L "$b" 2>/dev/null | grep -q static; then
		BUSYBOX=$b
		break
	fi
done
# `file` may be absent: trust busybox-static's path
[ -n "$BUSYBOX" ] || { [ -x /bin/busybox ] && BUSYBOX=/bin/busybox; } ||
	skip "busybox-static missing"

# HWMSG_VM_KERNEL_DIR: a kernel build tree (scripts/debug-kernel.sh) whose
# bzImage has the guest's drivers built in; else the installed kernel
if [ -n "${HWMSG_VM_KERNEL_DIR:-}" ]; then
	KDIR=$HWMSG_VM_KERNEL_DIR
	KIMAGE=$KDIR/arch/x86/boot/bzImage
	KMODS=$KDIR
	[ -r "$KIMAGE" ] || { echo "FAIL: no $KIMAGE"; exit 1; }
	W=$BUILD/vm-$(basename "$KDIR")
	OUT=$W/out/$SC
else
	KVER=
	for d in /lib/modules/*/build; do
		[ -e "$d/Makefile" ] || continue
		v=$(basename "$(dirname "$d")")
		[ -r "/boot/vmlinuz-$v" ] && KVER=$v
	done
	[ -n "$KVER" ] || skip "no kernel with both /boot/vmlinuz-KVER and headers"
	KDIR=/lib/modules/$KVER/build
	KIMAGE=/boot/vmlinuz-$KVER
	KMODS=/lib/modules/$KVER/kernel
fi

# HWMSG_VM_KERNEL_ONLY=1: boot without our binaries (debugging the modules)
for bin in capture/hwmsgd cli/hwmsg tests/vm/vm_dump tests/vm/vm_nl; do
	[ -x "$BUILD/$bin" ] || [ -n "${HWMSG_VM_KERNEL_ONLY:-}" ] ||
		{ echo "FAIL: $BUILD/$bin not built"; exit 1; }
done

mkdir -p "$W"
# One build of modules and base initramfs at a time (ctest -j).
exec 9>"$W/.lock"
flock 9

# ---- Linux's mlxsw ------------------------------------------------------------
# Built from linux-source-6.1 (scripts/mlxsw-build.sh) for the installed
# kernel; hwmsg_sim_mlxsw.ko is built with it. A scenario that says
# "# needs: mlxsw" is skipped, with the reason, when that cannot be done.
MLXSW=
MLXSW_WHY=
if [ -n "${HWMSG_VM_KERNEL_DIR:-}" ]; then
	MLXSW_WHY="the mlxsw modules are built for the installed kernel only"
elif [ ! -r /usr/src/linux-source-6.1.tar.xz ]; then
	MLXSW_WHY="no linux-source-6.1 (apt-get install linux-source-6.1)"
elif ! command -v depmod >/dev/null; then
	MLXSW_WHY="no depmod (apt-get install kmod)"
else
	MLXSW=$("$SRC/scripts/mlxsw-build.sh" "$KDIR") ||
		{ echo "FAIL: mlxsw build"; exit 1; }
fi
if grep -q "^# needs: mlxsw" "$SC_FILE" && [ -z "$MLXSW" ]; then
	skip "$MLXSW_WHY"
fi

# The guest's /lib/modules/KVER: mlxsw, ours, and the closure of what
# they and the upstream selftests load (bridge, vxlan, tc actions, ...),
# indexed by depmod, so kmod's modprobe and request_module() find them.
HOST_MODS="mlxfw bridge psample ip6_tunnel vxlan 8021q bonding vrf team
team_mode_loadbalance team_mode_activebackup cls_flower cls_matchall
act_gact act_mirred act_vlan act_police act_sample sch_red sch_ets sch_prio
sch_tbf sch_ingress dummy veth macvlan ip_gre ipip"
module_tree() {
	M=$R/lib/modules/$KVER
	mkdir -p "$M/kernel" "$M/extra/hwmsg" "$M/extra/mlxsw"
	for m in $HOST_MODS; do
		modprobe -S "$KVER" --show-depends "$m" 2>/dev/null |
			awk '$1 == "insmod" {print $2}'
	done | sort -u | while read -r ko; do
		mkdir -p "$R$(dirname "$ko")"
		cp "$ko" "$R$ko"
	done
	cp "$MLXSW"/mlxsw/*.ko "$MLXSW"/lib/*.ko "$M/extra/mlxsw/"
	cp "$W"/kmod/*.ko "$M/extra/hwmsg/"
	cp /lib/modules/"$KVER"/modules.builtin* /lib/modules/"$KVER"/modules.order "$M/"
	depmod -b "$R" "$KVER"
	copy_bin "$(command -v kmod)" /usr/bin
	# the upstream selftests that drive mlxsw (run as they are)
	ST=tools/testing/selftests
	KT=$("$SRC/scripts/ksrc.sh" $ST/drivers/net/mlxsw $ST/net/forwarding)
	mkdir -p "$R/opt/selftests/drivers/net" "$R/opt/selftests/net"
	cp -r "$KT/$ST/drivers/net/mlxsw" "$R/opt/selftests/drivers/net/"
	cp -r "$KT/$ST/net/forwarding" "$R/opt/selftests/net/"
	for t in modprobe rmmod lsmod modinfo insmod depmod; do
		ln -sf /usr/bin/kmod "$R/sbin/$t"
	done
}

# ---- modules --------------------------------------------------------------
mkdir -p "$W/kmod"
for f in "$SRC"/kernel/*; do
	[ -f "$f" ] || continue	# kernel/patches/: the series, not the modules
	cmp -s "$f" "$W/kmod/$(basename "$f")" 2>/dev/null ||
		cp "$f" "$W/kmod/"
done
make -s -C "$W/kmod" KDIR="$KDIR" HWMSG_INC="$SRC/include" \
	${MLXSW:+HWMSG_MLXSW_SRC="$MLXSW"} >"$W/kmod.log" 2>&1 ||
	{ cat "$W/kmod.log"; echo "FAIL: module build"; exit 1; }
if grep -q "warning:" "$W/kmod.log"; then
	cat "$W/kmod.log"
	echo "FAIL: module build has warnings"
	exit 1
fi

# ---- base initramfs ---------------------------------------------------------
R=$W/rootfs
rm -rf "$R"
mkdir -p "$R/bin" "$R/sbin" "$R/usr/bin" "$R/usr/sbin" "$R/lib/hwmsg" \
	"$R/lib/vm" "$R/proc" "$R/sys" "$R/dev" "$R/tmp" "$R/run" "$R/out" \
	"$R/etc" "$R/var"
cp "$BUSYBOX" "$R/bin/busybox"
ln -s busybox "$R/bin/sh"
ln -s ../run "$R/var/run"
echo "root:x:0:0:root:/:/bin/sh" >"$R/etc/passwd"
echo "nobody:x:65534:65534:nobody:/:/bin/sh" >>"$R/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' >"$R/etc/group"

copy_bin() {	# PATH DESTDIR: the binary and every library it needs
	cp "$1" "$R$2/"
	ldd "$1" 2>/dev/null | awk '/=> \//{print $3} /^\t\/[^ ]+ \(/{print $1}' |
	while read -r lib; do
		[ -e "$R$lib" ] && continue
		mkdir -p "$R$(dirname "$lib")"
		cp -L "$lib" "$R$lib"
	done
}
for bin in capture/hwmsgd cli/hwmsg tests/vm/vm_dump tests/vm/vm_nl; do
	[ -x "$BUILD/$bin" ] && copy_bin "$BUILD/$bin" /usr/bin
done
DEVLINK=$(command -v devlink || echo /usr/sbin/devlink)
IP=$(command -v ip || echo /usr/bin/ip)
[ -x "$DEVLINK" ] && copy_bin "$DEVLINK" /usr/sbin
[ -x "$IP" ] && copy_bin "$IP" /usr/sbin
# what the mlxsw scenarios and the upstream selftests run, where installed
for t in ethtool tc bridge bash jq teamd; do
	p=$(command -v $t) && copy_bin "$p" /usr/sbin
done
# the real tracers (vm/34): trace-cmd, and perf's own binary: where
# /usr/bin/perf is Debian's wrapper script (it execs perf_VERSION), the
# newest perf_VERSION, installed in the guest as /usr/bin/perf
p=$(command -v trace-cmd) && copy_bin "$p" /usr/bin
PERF=$(command -v perf || true)
if [ -n "$PERF" ] && [ "$(head -c 2 "$PERF")" = "#!" ]; then
	PERF=$(ls /usr/bin/perf_[0-9]* 2>/dev/null | sort -V | tail -n 1)
fi
if [ -n "$PERF" ]; then
	copy_bin "$PERF" /usr/bin
	[ "$(basename "$PERF")" = perf ] || mv "$R/usr/bin/$(basename "$PERF")" "$R/usr/bin/perf"
fi
# GNU date: lib.sh's busywait counts milliseconds (date +%s%3N), which
# busybox's date does not know
copy_bin /usr/bin/date /usr/sbin

: >"$R/lib/vm/modules.list"
for m in virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev \
	virtio_pci 9pnet 9pnet_virtio netfs fscache 9p nlmon; do
	ko=$(find "$KMODS" -name "$m.ko" | head -n 1)
	if [ -n "$ko" ]; then
		cp "$ko" "$R/lib/vm/"
		echo "$m" >>"$R/lib/vm/modules.list"
	fi
done
cp "$W/kmod/devlink_hwmsg.ko" "$W/kmod/hwmsg_sim.ko" "$R/lib/hwmsg/"
[ -z "$MLXSW" ] || module_tree
cp "$HERE/guest-init.sh" "$R/init"
cp "$HERE/guest-lib.sh" "$R/lib/vm/guest-lib.sh"
chmod +x "$R/init"
(cd "$R" && find . | cpio -o -H newc --quiet | gzip -1) >"$W/base.cpio.gz"
flock -u 9

# ---- the scenario -----------------------------------------------------------
rm -rf "$OUT"
mkdir -p "$OUT" "$W/sc-$SC/lib/vm"
cp "$SC_FILE" "$W/sc-$SC/lib/vm/scenario.sh"
(cd "$W/sc-$SC" && find . | cpio -o -H newc --quiet | gzip -1) >"$W/sc-$SC.cpio.gz"
# concatenated cpio archives: the kernel unpacks both
cat "$W/base.cpio.gz" "$W/sc-$SC.cpio.gz" >"$W/initrd-$SC.gz"
echo "$SC" >"$OUT/scenario"

# a soft lockup panics at once (not at the timeout), with
# every CPU's stack and the whole log replayed: at loglevel=4 the stacks
# the watchdog prints would not reach the console otherwise
LOCKUP="softlockup_panic=1 softlockup_all_cpu_backtrace=1 panic_print=0x20"
start=$(date +%s)
timeout "$TIMEOUT" qemu-system-x86_64 -accel tcg -cpu max -m 1024 -smp 2 \
	-nographic -no-reboot -kernel "$KIMAGE" \
	-initrd "$W/initrd-$SC.gz" \
	-append "console=ttyS0 panic=-1 oops=panic quiet loglevel=4 $LOCKUP" \
	-virtfs "local,path=$OUT,mount_tag=out,security_model=none,id=out" \
	</dev/null >"$OUT/console.log" 2>&1 || true
echo "vm/$SC: guest ran $(($(date +%s) - start)) s (log: $OUT)"

if ! grep -qx PASS "$OUT/result" 2>/dev/null; then
	echo "---- guest log"
	cat "$OUT/guest.log" 2>/dev/null || true
	# the last kernel complaint (after a panic, the replayed one, with its
	# stacks) and what follows, else the tail
	first=
	for re in "BUG:|Oops|general protection" "Kernel panic"; do
		[ -n "$first" ] || first=$(grep -n -E "$re" "$OUT/console.log" \
			2>/dev/null | tail -n 1 | cut -d: -f1)
	done
	if [ -n "$first" ]; then
		echo "---- console (from line $first)"
		sed -n "$first,$((first + 200))p" "$OUT/console.log"
	else
		echo "---- console (tail)"
		tail -n 40 "$OUT/console.log"
	fi
	echo "FAIL: guest did not pass $SC"
	exit 1
fi
if grep -E "WARNING:|BUG:|Oops|general protection|refcount_t" \
	"$OUT/dmesg.txt" "$OUT/console.log" >/dev/null 2>&1; then
	grep -E -A20 "WARNING:|BUG:|Oops|general protection|refcount_t" \
		"$OUT/dmesg.txt" | head -60
	echo "FAIL: kernel warnings in $SC"
	exit 1
fi
if [ -f "$HERE/scenarios/$SC.check" ]; then
	OUT=$OUT BUILD=$BUILD SRC=$SRC sh "$HERE/scenarios/$SC.check" || {
		echo "FAIL: host checks of $SC"
		exit 1
	}
fi
echo "PASS: vm/$SC"

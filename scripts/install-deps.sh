#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Install every Debian 12 package hwmsg needs to build and test. Idempotent.
# Usage: scripts/install-deps.sh [--with-vm]   (--with-vm adds the QEMU/kernel test set)
set -eu

PKGS="build-essential cmake pkg-config clang libclang-rt-14-dev
libmnl-dev libpcap-dev libzstd-dev zstd libtracecmd-dev libtracefs-dev libtraceevent-dev libncurses-dev libxml2-dev
tshark wireshark-common libwireshark-dev libwiretap-dev wireshark-dev libglib2.0-dev
mstflint tmux iproute2 util-linux time jq llvm-14 python3 python3-prometheus-client openssh-server openssh-client"
# the kernel source, and what building in it needs (scripts/kpatch-check.sh,
# scripts/debug-kernel.sh)
KSRC_PKGS="linux-source-6.1 flex bison bc libelf-dev libssl-dev"
# ethtool and teamd: the real-driver scenarios (vm/31, vm/33) run them in the guest;
# linux-perf and trace-cmd: vm/34 records devlink:devlink_hwmsg with the real tools
VM_PKGS="linux-image-amd64 linux-headers-amd64 qemu-system-x86 busybox-static cpio kmod dkms
ethtool teamd linux-perf trace-cmd"

PKGS="$PKGS $KSRC_PKGS"
if [ "${1:-}" = "--with-vm" ]; then
	PKGS="$PKGS $VM_PKGS"
fi

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0

SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
echo "wireshark-common wireshark-common/install-setuid boolean false" |
	$SUDO debconf-set-selections
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing

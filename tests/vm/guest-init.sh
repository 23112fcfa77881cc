#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# /init of the VM test initramfs: mount, share /out over 9p, run the
# scenario, keep its log and the kernel log, power off.
/bin/busybox --install -s /bin
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t tmpfs run /run
mount -t debugfs debugfs /sys/kernel/debug
mount -t tracefs tracefs /sys/kernel/tracing 2>/dev/null
for m in $(cat /lib/vm/modules.list); do
	insmod "/lib/vm/$m.ko" 2>/dev/null
done
if ! mount -t 9p -o trans=virtio,version=9p2000.L out /out; then
	echo "VM: cannot mount the 9p share"
	poweroff -f
fi
ip link set lo up 2>/dev/null
echo "VM: running $(cat /out/scenario)"
cd /out
sh -c '. /lib/vm/guest-lib.sh; . /lib/vm/scenario.sh' >/out/guest.log 2>&1
echo $? >/out/guest.rc
dmesg >/out/dmesg.txt
sync
echo "VM: done rc=$(cat /out/guest.rc)"
cd /
umount /out
poweroff -f

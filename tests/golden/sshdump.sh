#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Remote capture as Wireshark does it: sshdump (Wireshark's extcap) logs in
# to an sshd on localhost with a key made here and runs
# `hwmsgd ... -w -` there; the pcapng it hands back holds every record.
# Needs root (sshd) and openssh-server; skipped (77) without them.
set -eu
HWMSGD=$1 HWMSG=$2
SSHDUMP=$(ls /usr/lib/*/wireshark/extcap/sshdump 2>/dev/null | head -n 1)
if [ "$(id -u)" -ne 0 ] || [ ! -x /usr/sbin/sshd ] || [ -z "$SSHDUMP" ]; then
	echo "SKIP: needs root, /usr/sbin/sshd and sshdump"
	exit 77
fi
T=$(mktemp -d)
chmod 755 "$T"
cleanup() {
	[ -f "$T/sshd.pid" ] && kill "$(cat "$T/sshd.pid")" 2>/dev/null || true
	rm -rf "$T"
}
trap cleanup EXIT
cd "$T"
ssh-keygen -q -t ed25519 -N '' -f host_key
ssh-keygen -q -t ed25519 -N '' -f user_key
cp user_key.pub authorized_keys
chmod 600 authorized_keys
port=$((20000 + $$ % 20000))
cat > sshd_config <<CFG
Port $port
ListenAddress 127.0.0.1
HostKey $T/host_key
AuthorizedKeysFile $T/authorized_keys
PidFile $T/sshd.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
PubkeyAuthentication yes
UsePAM no
StrictModes no
CFG
mkdir -p /run/sshd
/usr/sbin/sshd -f "$T/sshd_config" -E "$T/sshd.log"
for i in 1 2 3 4 5 6 7 8 9 10; do
	[ -f sshd.pid ] && break
	sleep 0.2
done

timeout 120 "$SSHDUMP" --extcap-interface=sshdump --capture --fifo "$T/remote.pcapng" \
	--remote-host 127.0.0.1 --remote-port "$port" --remote-username root \
	--sshkey "$T/user_key" \
	--remote-capture-command "$HWMSGD --sim --rate 0 -c 1000 -q -w -" \
	> sshdump.out 2>&1 || { cat sshdump.out sshd.log; exit 1; }
test "$(capinfos -cM remote.pcapng | sed -n 's/^Number of packets: *//p')" -eq 1000 ||
	{ cat sshdump.out; capinfos remote.pcapng; exit 1; }
"$HWMSG" stat remote.pcapng | grep -q '^records   1000 (emad 500, cmd_reg 500, other 0)$'
"$HWMSG" stat remote.pcapng | grep -q '^dropped   0 of 1000$'
echo "sshdump: 1000 records over ssh"

# SPDX-License-Identifier: GPL-2.0-or-later
# devlink dev info, phys_port_name, port split and unsplit on a spectrum,
# driven by iproute2's devlink: MGIR answers dev info; a split removes the
# port and creates its parts (PMLP/PSPA/PTYS/PMTU/PAOS), netdevs follow.
# Host: .check decodes the capture (the PMLP writes and their lanes).
load
capture_start split --source genl
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
D=hwmsg_sim/hwmsg_sim1

ports() {	# STEP: devlink port show and the netdevs' phys_port_name
	devlink port show | tee "/out/ports$1.txt"
	for n in /sys/class/net/hsim*; do
		echo "$(basename "$n") $(cat "$n/phys_port_name")"
	done | sort -k 2 | tee "/out/ppn$1.txt"
}
want() {	# STEP WHAT PATTERN...: each pattern is in ports or ppn STEP
	f=$1
	shift
	for p in "$@"; do
		grep -q "$p" "/out/$f.txt" || fail "$f: no '$p'"
	done
}
netdevs() {	# STEP N: N hsim netdevs
	[ "$(wc -l <"/out/ppn$1.txt")" = "$2" ] ||
		fail "step $1: $(wc -l <"/out/ppn$1.txt") netdevs, $2 expected"
}

devlink dev info $D | tee /out/info.txt
want info "^  driver hwmsg_sim_spectrum$" "^        hw.revision A1$" \
	"^        fw.psid MT_2860111033$" "^        fw.version 13.2010.1000$"

ports 0
want ports0 "^$D/1: type eth netdev hsim[0-9]* flavour physical port 1 splittable true lanes 4$" \
	"^$D/2: type eth netdev hsim[0-9]* flavour physical port 2 splittable true lanes 4$"
want ppn0 " p1$" " p2$"
netdevs 0 2

run devlink port split $D/1 count 4
ports 1
for s in 0 1 2 3; do
	want ports1 "^$D/$((257 + s)): type eth netdev hsim[0-9]* flavour physical port 1 split_group 1 splittable false lanes 1$"
	want ppn1 " p1s$s$"
done
grep -q "^$D/1:" /out/ports1.txt && fail "port 1 still there after its split"
netdevs 1 5

run devlink port unsplit $D/258
ports 2
want ports2 "^$D/1: .* splittable true lanes 4$"
grep -q "^$D/25[7-9]:\|^$D/260:" /out/ports2.txt && fail "split ports left after unsplit"
want ppn2 " p1$" " p2$"
netdevs 2 2

run devlink port split $D/2 count 2
ports 3
want ports3 "^$D/261: .* port 2 split_group 2 splittable false lanes 2$" \
	"^$D/262: .* port 2 split_group 2 splittable false lanes 2$"
want ppn3 " p1$" " p2s0$" " p2s1$"
netdevs 3 3
# what devlink and the driver refuse, and no traffic for it
devlink port split $D/261 count 2 2>/out/err1.txt && fail "a split port split again"
devlink port split $D/1 count 8 2>/out/err2.txt && fail "split in 8 of 4 lanes"
devlink port unsplit $D/1 2>/out/err3.txt && fail "unsplit of a port never split"
cat /out/err1.txt /out/err2.txt /out/err3.txt
grep -q "Port was not split" /out/err3.txt || fail "unsplit: no 'Port was not split'"
run devlink port unsplit $D/262
ports 4
want ports4 "^$D/2: .* splittable true lanes 4$"
netdevs 4 2
capture_stop split
[ "$(cat /out/split.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/split.rc)"
run sh -c "echo 1 > $DEL"
run rmmod hwmsg_sim
run rmmod devlink_hwmsg
pass

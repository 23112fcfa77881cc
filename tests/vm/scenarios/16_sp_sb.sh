# SPDX-License-Identifier: GPL-2.0-or-later
# Shared buffers of a spectrum with iproute2's devlink: sb show, a pool's
# size, a port's pool threshold and a TC binding set and read back, the
# occupancy snapshot, show and clearmax, on a full port (local port 1) and
# the parts of a split (local ports 261 and 262, SBSR page 1). Host:
# .check finds the SBPR/SBPM/SBCM writes and the SBSR/SBPM answers that
# devlink shows. devlink -n: iproute2 6.1 looks netdev names up in the
# middle of an sb port reply and loses the handle (or hangs on a dump).
load
run sh -c "echo '1 spectrum 2' > $NEW"
run sh -c "echo 0 > $DBG/hwmsg_sim1/rate"
D=hwmsg_sim/hwmsg_sim1
run devlink port split $D/2 count 2
capture_start sb --source genl=noconfig

want() {	# FILE LINE...: FILE holds each LINE (whole lines)
	f=$1
	shift
	for l in "$@"; do
		grep -qxF "$l" "/out/$f.txt" || fail "$f: no line '$l'"
	done
}

devlink sb show | tee /out/sb.txt
want sb "$D:" "  sb 0 size 12440064 ing_pools 4 eg_pools 4 ing_tcs 8 eg_tcs 16"
devlink sb pool show | tee /out/pools0.txt
want pools0 "  sb 0 pool 0 type ingress size 9600000 thtype dynamic cell size 96" \
	"  sb 0 pool 5 type egress size 0 thtype dynamic cell size 96"

run devlink sb pool set $D pool 1 size 960000 thtype static
devlink sb pool show $D pool 1 | tee /out/pool1.txt
want pool1 "  sb 0 pool 1 type ingress size 960000 thtype static cell size 96"

run devlink sb port pool set $D/1 pool 1 th 192000
run devlink sb port pool set $D/261 pool 0 th 9
devlink -n sb port pool show $D/1 pool 1 | tee /out/pm1.txt
want pm1 "$D/1:" "  sb 0 pool 1 threshold 192000"
devlink -n sb port pool show $D/261 pool 0 | tee /out/pm261.txt
want pm261 "$D/261:" "  sb 0 pool 0 threshold 9"

run devlink sb tc bind set $D/1 tc 3 type ingress pool 1 th 9600
devlink -n sb tc bind show $D/1 tc 3 type ingress | tee /out/cm1.txt
want cm1 "$D/1:" "  sb 0 tc 3 type ingress pool 1 threshold 9600"

# refused: an egress pool for an ingress TC, an alpha out of range
devlink sb tc bind set $D/1 tc 0 type ingress pool 4 th 9 2>/out/err1.txt &&
	fail "ingress TC bound to an egress pool"
devlink sb port pool set $D/1 pool 0 th 20 2>/out/err2.txt &&
	fail "dynamic threshold 20 accepted"
cat /out/err1.txt /out/err2.txt
grep -q "Invalid dynamic threshold value" /out/err2.txt || fail "err2: no message"

occ() {	# NAME: the occupancy devlink shows for ports 1 and 262
	for p in 1 262; do
		devlink -n sb occupancy show $D/$p | tee "/out/$1_$p.txt"
	done
}
run devlink sb occupancy snapshot $D
occ snap1
run devlink sb occupancy clearmax $D
occ clear
run devlink sb occupancy snapshot $D
occ snap2
capture_stop sb
[ "$(cat /out/sb.rc)" = 0 ] || fail "hwmsgd exited $(cat /out/sb.rc)"
run sh -c "echo 1 > $DEL"
run rmmod hwmsg_sim
run rmmod devlink_hwmsg
pass

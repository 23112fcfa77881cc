# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the mlxreg tests (sourced after tshark_lib.sh): compare the
# register fields hwmsg show -V prints with tshark's mlxreg.* fields.
#
# mlxreg_crosscheck NAME SHOW_V_TEXT CAPTURE [ADB_LIST [NAMES]]
# Every value show -V printed (depth 0, and depth 1 inside one array
# element or layout; arrays of scalars by index) must equal the value of
# the same field in tshark, for the same frame and occurrence (or, where
# occurrences shift, a later one, in order). Values are
# normalized: enums and flags as their number, hex without leading zeros,
# strings unquoted. NAMES ("FRAME lname" lines) gives the register of a
# frame whose name show -V does not know ("reg 0x0700"). Sets $xc_values
# to the number of values compared.
mlxreg_crosscheck() {
	xc_name=$1 xc_show=$2 xc_cap=$3 xc_adb=${4:-} xc_names=${5:-/dev/null}
	awk -v names="$xc_names" '
	function norm(v,   a, n) {
		n = split(v, a, " ")
		if (a[1] ~ /^0x[0-9a-f]+$/) { sub(/^0x0*/, "", a[1]); return "0x" (a[1] == "" ? "0" : a[1]) }
		if (a[1] ~ /^-?[0-9]+$/) return a[1]
		if (a[n] ~ /^\([0-9]+\)$/) return substr(a[n], 2, length(a[n]) - 2)
		gsub(/^"|"$/, "", v)
		return v
	}
	# "name[3]" -> occurrence 3, name
	function split_idx(s, out) {
		out["occ"] = 0; out["name"] = s
		if (s ~ /\[[0-9]+\]$/) {
			out["occ"] = s; sub(/.*\[/, "", out["occ"]); sub(/\]/, "", out["occ"])
			sub(/\[.*/, "", out["name"])
			return 1
		}
		return 0
	}
	BEGIN { while ((getline l < names) > 0) { split(l, a, " "); lname[a[1]] = a[2] } }
	/^[0-9][0-9]:/ { n++; reg = (n in lname) ? lname[n] : tolower($5); inreg = 0; next }
	/^      register [0-9]+ bytes/ { inreg = 1; next }
	inreg {
		match($0, /^ */); ind = RLENGTH
		if (ind < 8) { inreg = 0; next }
		d = (ind - 8) / 2
		name = $1
		val = $0; sub(/^ *[^ ]+ */, "", val)
		if (name == "(all" || name == "!" || val == "<missing>") next
		if (val ~ /\\x/) next	# a string of random bytes: escaped here, not in tshark
		if (val == "") { grp[d] = name; next }
		if (d > 1) next
		li = split_idx(name, L)
		if (d == 0) {
			printf "%d|mlxreg.%s.%s|%d|%s\n", n, reg, L["name"], L["occ"], norm(val)
			next
		}
		gi = split_idx(grp[0], G)
		if (gi && li) next	# an array inside an array element
		printf "%d|mlxreg.%s.%s.%s|%d|%s\n", n, reg, G["name"], L["name"],
			G["occ"] + L["occ"], norm(val)
	}' "$xc_show" >"$home/xc_want"
	xc_values=$(wc -l <"$home/xc_want")
	cut -d'|' -f2 "$home/xc_want" | sort -u >"$home/xc_filters"
	xc_args=
	while read -r f; do xc_args="$xc_args -e $f"; done <"$home/xc_filters"
	# shellcheck disable=SC2086
	(export HWMSG_ADB_PATH="$xc_adb"; [ -n "$xc_adb" ] || unset HWMSG_ADB_PATH
	 ts -r "$xc_cap" -T fields -E separator=\| -E occurrence=a \
		-E aggregator=, -e frame.number $xc_args) \
		>"$home/xc_fields" 2>"$home/xc_stderr"
	xc_got=$(awk -F'|' -v filters="$home/xc_filters" '
	BEGIN { while ((getline f < filters) > 0) col[++nf] = f }
	FILENAME == ARGV[1] {
		for (i = 2; i <= NF; i++) vals[$1, col[i - 1]] = $i
		next
	}
	function norm(v) {
		if (v ~ /^0x[0-9a-f]+$/) { sub(/^0x0*/, "", v); v = "0x" (v == "" ? "0" : v) }
		return v
	}
	# show -V cuts long byte strings: "0011...". Returns what to print.
	function same(x, w,   n) {
		if (x == w) return 1
		n = length(w) - 3
		return n > 0 && substr(w, n + 1) == "..." &&
			substr(x, 1, n) == substr(w, 1, n)
	}
	# the value at its occurrence, or else later in the list than the
	# previous match of this field (an array element that is a union arm
	# in one element and bytes in another shifts the occurrences)
	{
		k = $1 SUBSEP $2
		n = split(vals[k], a, ",")
		if (!(k in pos)) pos[k] = 1
		v = norm(a[$3 + 1])
		if (same(v, $4))
			v = $4
		else
			for (j = pos[k]; j <= n; j++)
				if (same(norm(a[j]), $4)) { v = $4; pos[k] = j + 1; break }
		printf "%s|%s|%s|%s\n", $1, $2, $3, v
	}' "$home/xc_fields" "$home/xc_want")
	check_eq "$xc_name ($xc_values values)" "$(cat "$home/xc_want")" "$xc_got"
	if [ -s "$home/xc_stderr" ]; then
		sed 's/^/  tshark: /' "$home/xc_stderr" | head -5
	fi
}

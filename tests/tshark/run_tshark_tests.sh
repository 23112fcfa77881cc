# SPDX-License-Identifier: GPL-2.0-or-later
# tshark end-to-end tests of the hwmsg plugin on small generated captures.
# usage: run_tshark_tests.sh PLUGIN.so GEN_TSHARK_INPUTS
# Expected values follow the scenario in gen_tshark_inputs.c.
set -u

. "$(dirname "$0")/tshark_lib.sh"

tshark_setup "$1"
"$2" "$home/in" || { echo "FAIL: generator"; exit 1; }
cp "$(dirname "$0")/reg_table_probe.lua" "$home/in/"
tshark_ready

rec=$home/in/records.pcap
eth=$home/in/ethernet.pcap
bad=$home/in/malformed.pcap
F="-T fields -E separator=|"

# -- the plugin is loaded and claims LINKTYPE_USER15 ----------------------
post="cut -f3 | grep -E '^(devlink_hwmsg|emad|cmd_reg)\$' | sort"
check "protocols registered" "cmd_reg
devlink_hwmsg
emad" -G protocols
post=cat
check "record TLVs" \
"1|pci|0000:03:00.0|mlxsw_spectrum|0|0|0
2|pci|0000:03:00.0|mlxsw_spectrum|1|1|0
8|pci|0000:04:00.0|mlx4_core|0|0|1
10|pci|0000:05:00.0|mlxsw_spectrum|0|0|0" \
	-r "$rec" -Y "frame.number in {1, 2, 8, 10}" $F -e frame.number \
	-e devlink_hwmsg.bus -e devlink_hwmsg.dev -e devlink_hwmsg.driver \
	-e devlink_hwmsg.incoming -e devlink_hwmsg.dir -e devlink_hwmsg.type

# -- devlink notifications: fields from libhwmsg, Info as hwmsg show ------
# (fields print the numbers: port_new 7, del 4, eth 2, physical 0)
check "devlink events as fields" \
"7|7|2|0|3|swp3
4|||||" \
	-r "$home/in/events.pcap" $F -e devlink_event.cmd \
	-e devlink_event.port_index -e devlink_event.port_type \
	-e devlink_event.flavour -e devlink_event.port_number \
	-e devlink_event.netdev -E 'separator=|'
check "devlink event Info" \
"port_new pci/0000:03:00.0/7 type eth netdev swp3 flavour physical port 3" \
	-r "$home/in/events.pcap" -Y 'devlink_event.cmd == 7' -T fields \
	-e _ws.col.Info

check "extension tags and unknown tag" "10|3|77|aabbcc" \
	-r "$rec" -Y "devlink_hwmsg.seq" $F -e frame.number \
	-e devlink_hwmsg.index -e devlink_hwmsg.seq -e devlink_hwmsg.value

# -- EMAD fields by name ----------------------------------------------------
check "EMAD OP TLV" \
"1|0x5002|PMLP|1|1|0|0|0x1a2b3c4d00000005
2|0x5002|PMLP|1|1|1|0|0x1a2b3c4d00000005
3|0x8002|RITR|2|1|0|0|0x1a2b3c4d00000006
4|0x8002|RITR|2|1|1|7|0x1a2b3c4d00000006
5|0x900a|MTMP|1|1|0|0|0x1a2b3c4d00000007
6|0x900a|MTMP|1|1|0|0|0x1a2b3c4d00000007
7|0x900a|MTMP|1|1|1|0|0x1a2b3c4d00000007
10|0x5006|PAOS|1|1|0|0|0x1a2b3c4d00000005
11|0x5006|PAOS|1|1|1|0|0x1a2b3c4d00000005" \
	-r "$rec" -Y emad $F -e frame.number -e emad.reg_id -e emad.reg_name \
	-e emad.method -e emad.class -e emad.r -e emad.status -e emad.tid

check "Ethernet header fields" "01:02:c9:00:00:01|00:02:c9:01:02:03|0x8932|0|0" \
	-r "$rec" -Y "frame.number == 1" $F -e emad.dst -e emad.src \
	-e emad.ethertype -e emad.mlx_proto -e emad.ver

check "filter by register and method" "3
4" -r "$rec" -Y 'emad.reg_id == 0x8002 && emad.method == 2' $F -e frame.number

check "filter by register name" "10
11" -r "$rec" -Y 'emad.reg_name == "PAOS"' $F -e frame.number

check "firmware string and status" "4|7|rif 0x32 already exists" \
	-r "$rec" -Y "emad.status != 0" $F -e frame.number -e emad.status \
	-e emad.string

check "status expert info" "4|Status bad parameter: rif 0x32 already exists" \
	-r "$rec" -Y "emad.status.error" $F -e frame.number -e _ws.expert.message

check "latency TLV" "2|123
4|40" -r "$rec" -Y "emad.latency" $F -e frame.number -e emad.latency

# with no register dissector (mlxreg off) the payload stays bytes
check "register payload as bytes" "0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f20" \
	--disable-protocol mlxreg -r "$rec" -Y "frame.number == 5" $F -e emad.reg.data

check "register payloads go through the emad.reg_id table" \
"1|64|1|
2|64|1|
3|||0102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f40
8|64|1|
9|64|1|" \
	-X lua_script:"$home/in/reg_table_probe.lua" --disable-protocol mlxreg -r "$rec" \
	-Y "frame.number <= 3 || cmd_reg" $F -e frame.number \
	-e hwmsg_regprobe.len -e hwmsg_regprobe.first -e emad.reg.data

# the tree names the register; -T fields above gives the id in hex
post="grep -E '^ +Register: ' | sed 's/^ *//'"
check "register id label" "Register: PMLP (0x5002)
Register: PTYS (0x5004)" -r "$rec" -Y "frame.number in {1, 8}" -V
post=cat

check "Info column" "PMLP query request tid 0x1a2b3c4d00000005 local_port 2
RITR write response tid 0x1a2b3c4d00000006 status bad parameter: rif 0x32 already exists rif 772
PTYS write request (CMD_REG) local_port 2 port_type 3 proto_mask ethernet (4)" \
	-r "$rec" -Y "frame.number in {1, 4, 8}" $F -e _ws.col.Info

check "Source/Destination columns: driver and device" \
"mlxsw_spectrum|pci/0000:03:00.0
pci/0000:03:00.0|mlxsw_spectrum" -r "$rec" -Y "frame.number <= 2" $F \
	-e _ws.col.Source -e _ws.col.Destination

check "other drivers' messages kept as bytes" \
"12|2|0102030405060708090a0b0c0d0e0f101112131415161718|nfp_ctrl to_hw, 24 bytes" \
	-r "$rec" -Y "devlink_hwmsg.type == 2" $F -e frame.number \
	-e devlink_hwmsg.type -e devlink_hwmsg.buf -e _ws.col.Info

check "Protocol column" "EMAD
CMD_REG" -r "$rec" -Y "frame.number in {1, 9}" $F -e _ws.col.Protocol

# -- request/response pairing (two passes: response_in is a look-ahead) ---
check "response_in / response_to / time" \
"1|2||
2||1|0.000250000
3|4||
4||3|0.000500000
5|||
6|7||
7||6|0.000100000
10|11||
11||10|0.000300000" \
	-2 -r "$rec" -Y emad $F -e frame.number -e emad.response_in \
	-e emad.response_to -e emad.time

check "retransmission per device + tid" "6|1|5" \
	-2 -r "$rec" -Y "emad.retransmission" $F -e frame.number \
	-e emad.retransmission -e emad.retransmission_of

# -- CMD_REG ----------------------------------------------------------------
check "CMD_REG fields and pairing" "8|0x5004|PTYS|2|0|9||17
9|0x5004|PTYS|2|0||8|17" \
	-2 -r "$rec" -Y cmd_reg $F -e frame.number -e cmd_reg.reg_id \
	-e cmd_reg.reg_name -e cmd_reg.method -e cmd_reg.status \
	-e cmd_reg.response_in -e cmd_reg.response_to -e cmd_reg.len

# -- the same EMAD frames on Ethernet (ethertype 0x8932) -------------------
check "EMAD on ethertype 0x8932" \
"1|eth:ethertype:emad:mlxreg|PMLP|0x1a2b3c4d00000005|2|
2|eth:ethertype:emad:mlxreg|PMLP|0x1a2b3c4d00000005||1
4|eth:ethertype:emad:mlxreg|RITR|0x1a2b3c4d00000006||3
6|eth:ethertype:emad:mlxreg|MTMP|0x1a2b3c4d00000007|7|" \
	-2 -r "$eth" -Y "frame.number in {1, 2, 4, 6}" $F -e frame.number \
	-e frame.protocols -e emad.reg_name -e emad.tid -e emad.response_in \
	-e emad.response_to

check "Ethernet: string and latency" "rif 0x32 already exists|40" \
	-r "$eth" -Y "emad.string" $F -e emad.string -e emad.latency

# -- malformed input: expert info, never a crash ---------------------------
post="tr '\\n' ' '"
check "malformed: all 8 records read, exit 0" "1 2 3 4 5 6 7 8 " \
	-r "$bad" -T fields -e frame.number
post=cat
for want in 1:devlink_hwmsg.tlv.overrun 1:devlink_hwmsg.no_buf \
	    2:devlink_hwmsg.string.no_nul 3:devlink_hwmsg.tlv.short_header \
	    4:emad.tlv.bad_len 4:emad.no_end 5:emad.tlv.unknown \
	    6:cmd_reg.short 7:devlink_hwmsg.truncated \
	    7:devlink_hwmsg.truncated.expert 8:emad.ethertype.bad; do
	check "malformed: frame ${want%%:*} has ${want#*:}" "${want%%:*}" \
		-r "$bad" -Y "frame.number == ${want%%:*} && ${want#*:}" $F -e frame.number
done
check "well-formed records carry no error expert info" "" \
	-r "$rec" -Y "_ws.expert.severity >= error" $F -e frame.number

# -- statistics: -z hwmsg,tree counts per register, method, status ---------
# keep "name count" of the rows we assert
post="sed -nE 's/^ *(Registers|MTMP|PMLP|ok|bad parameter) +([0-9]+) .*/\\1 \\2/p'"
check "stats tree" "Registers 11
MTMP 3
PMLP 2
ok 4
bad parameter 1" -r "$rec" -q -z hwmsg,tree
post=cat

# response times of the scenario: 250, 500, 100 (retransmitted MTMP: from
# the last transmission), 100 (CMD_REG), 300 us
post="sed -nE '/^Response time/,/^[A-Z]/ s/^ ?([A-Za-z0-9() ]+[a-z)]) {2,}([0-9]+) +([0-9.]+) .*/\\1|\\2|\\3/p' | sort"
check "stats tree response times" "MTMP query|1|100.00
PAOS query|1|300.00
PMLP query|1|250.00
PTYS write|1|100.00
RITR write|1|500.00
Response time (us)|5|250.00" -r "$rec" -q -z hwmsg,tree
post=cat

# -- random byte errors (editcap -E): exit 0, no dissector bug ------------
if command -v editcap >/dev/null; then
	for seed in 1 2 3 4 5 6 7 8; do
		editcap -E 0.03 --seed $seed "$rec" "$home/in/mut$seed.pcap" >/dev/null
	done
	chmod a+r "$home"/in/mut*.pcap
	for seed in 1 2 3 4 5 6 7 8; do
		post="grep -c 'Dissector bug' || true"
		check "byte errors, seed $seed: no dissector bug" 0 \
			-2 -V -r "$home/in/mut$seed.pcap" -z hwmsg,tree
	done
	post="grep -c . || true"
	n=$(for seed in 1 2 3 4 5 6 7 8; do
		ts -r "$home/in/mut$seed.pcap" -Y _ws.expert -T fields -e frame.number
	done | wc -l)
	check_eq "byte errors reach the dissectors (expert info seen)" yes \
		"$([ "$n" -gt 0 ] && echo yes || echo no)"
	post=cat
fi

# -- Info is the same with a tree (-T fields) and without (plain summary):
#    an EMAD's register index fields ("local_port 1") were missing without
#    one (no -Y: a filter builds a tree)
summary=$(ts -r "$rec" 2>/dev/null | sed -n 's/.* EMAD [0-9]* //p')
fields=$(ts -r "$rec" -T fields -E separator=/t -e _ws.col.Protocol \
	-e _ws.col.Info 2>/dev/null | sed -n 's/^EMAD\t//p')
check_eq "EMAD Info with and without a tree" "$fields" "$summary"
check_eq "EMAD Info carries index fields" yes \
	"$(echo "$summary" | grep -q ' local_port [0-9]' && echo yes || echo no)"

# -- Without a tree the dissectors take short cuts (a clean record's TLVs
#    read straight from its bytes, no EMAD TLV items): the columns must come
#    out as with a tree (-T fields), on clean, malformed and byte-mutated
#    records (spaces squeezed: the summary separates columns by blanks)
for f in "$home"/in/*.pcap; do
	summary=$(ts -r "$f" 2>/dev/null \
		-o 'gui.column.format:"P","%p","S","%s","I","%i","D","%d"' |
		tr -s ' ' | sed 's/^ //; s/ $//')
	fields=$(ts -r "$f" -T fields -e _ws.col.Protocol -e _ws.col.Source \
		-e _ws.col.Info -e _ws.col.Destination 2>/dev/null |
		tr '\t' ' ' | tr -s ' ' | sed 's/^ //; s/ $//')
	check_eq "$(basename "$f"): columns without a tree as with one" \
		"$fields" "$summary"
done

tshark_summary

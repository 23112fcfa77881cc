<?xml version="1.0" encoding="UTF-8"?>
<!-- SPDX-License-Identifier: GPL-2.0-or-later -->
<!-- A hand-written register access table in mstflint's ADB format, for
     tests/unit/test_regdb_adb.c: nested nodes, arrays, a union chosen by a
     selector, enums, descriptions with \; line breaks, an unreachable node
     and a register only named. -->
<NodesDefinition>
<config field_attr="enum" type="enumval" />
<config big_endian_arr="1" />
<node name="lane_ext" descr="" size="0x4.0" >
	<field name="module" descr="Module" access="RW" offset="0x0.0" size="0x0.8" />
	<field name="tx_lane" descr="TX lane" access="RW" offset="0x0.16" size="0x0.4" />
</node>
<node name="tst_a_ext" descr="Test register A" size="0x18.0" >
	<field name="width" descr="Width\;second line" access="RW" enum="x1=0x1,x2=0x2,x4=0x4" offset="0x0.0" size="0x0.8" />
	<field name="lp_msb" descr="" access="INDEX" offset="0x0.12" size="0x0.2" />
	<field name="local_port" descr="" access="INDEX" offset="0x0.16" size="0x0.8" />
	<field name="lanes" descr="" subnode="lane_ext" access="RW" high_bound="3" low_bound="0" offset="0x4.0" size="0x10.0" />
	<field name="name" descr="" access="RO" high_bound="3" low_bound="0" offset="0x14.24" size="0x4.0" />
</node>
<node name="arm_eth_ext" descr="" size="0x8.0" >
	<field name="frames_high" descr="" access="RO" offset="0x0.0" size="0x4.0" />
	<field name="frames_low" descr="" access="RO" offset="0x4.0" size="0x4.0" />
</node>
<node name="arm_ib_ext" descr="" size="0x8.0" >
	<field name="symbols" descr="" access="RO" offset="0x0.0" size="0x8.0" />
</node>
<node name="tst_b_counters_auto_ext" descr="" attr_is_union="1" size="0x8.0" >
	<field name="arm_eth_ext" descr="" subnode="arm_eth_ext" offset="0x0.0" selected_by="ETH" size="0x8.0" />
	<field name="arm_ib_ext" descr="" subnode="arm_ib_ext" offset="0x0.0" selected_by="IB" size="0x8.0" />
</node>
<node name="tst_b_ext" descr="" size="0xc.0" >
	<field name="grp" descr="" access="INDEX" enum="ETH=0x0,IB=0x5" offset="0x0.0" size="0x0.6" />
	<field name="counters" descr="" subnode="tst_b_counters_auto_ext" access="RO" offset="0x4.0" size="0x8.0" union_selector="$(parent).grp" />
</node>
<node name="unused_ext" descr="" size="0x4.0" >
	<field name="x" descr="" access="RW" offset="0x0.0" size="0x0.8" />
</node>
<node name="access_reg_summary_ctrl_ext" descr="" attr_is_union="1" size="0x4.0" >
	<field name="id" descr="" subnode="enum_entry" enum="TSTA=0xfa01,TSTB=0xfa02,TSTC=0xfa03,PAOS=0x5006,MCC_ADB=0x9062" offset="0x0.0" size="0x0.16" />
</node>
<node name="access_reg_summary_ext" descr="" attr_is_union="1" size="0x18" >
	<field name="tsta" descr="" subnode="tst_a_ext" offset="0x0.0" selected_by="TSTA" size="0x18" />
	<field name="tstb" descr="" subnode="tst_b_ext" offset="0x0.0" selected_by="TSTB" size="0xc" />
	<field name="tstc" descr="" subnode="missing_ext" offset="0x0.0" selected_by="TSTC" size="0x4" />
	<field name="paos" descr="" subnode="unused_ext" offset="0x0.0" selected_by="PAOS" size="0x4" />
	<field name="mcc" descr="" subnode="unused_ext" offset="0x0.0" selected_by="MCC_ADB" size="0x4" />
</node>
</NodesDefinition>

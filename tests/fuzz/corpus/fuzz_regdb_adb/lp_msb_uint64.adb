<?xml version="1.0" encoding="UTF-8"?>
<NodesDefinition>
<node name="uint64" descr="" size="0x8.0" >
	<field name="hi" descr="" offset="0x0.0" size="0x4.0" />
	<field name="lo" descr="" offset="0x4.0" size="0x4.0" />
</node>
<node name="tstq_ext" descr="split ports and a counter" size="0x10.0" >
	<field name="lp_msb" descr="" access="INDEX" offset="0x0.12" size="0x0.2" />
	<field name="local_port" descr="" access="INDEX" offset="0x0.16" size="0x0.8" />
	<field name="egress_lp_msb" descr="" access="RW" offset="0x4.8" size="0x0.2" />
	<field name="egress_local_port" descr="" access="RW" offset="0x4.16" size="0x0.8" />
	<field name="counter" descr="" subnode="uint64" access="RO" offset="0x8.0" size="0x8.0" />
</node>
<node name="access_reg_summary_ctrl_ext" descr="" size="0x4.0" >
	<field name="id" descr="" access="RW" enum="TSTQ=0xfa10" offset="0x0.0" size="0x0.16" />
</node>
<node name="access_reg_summary_ext" descr="" attr_is_union="1" size="0x10.0" >
	<field name="tstq_ext" descr="" subnode="tstq_ext" offset="0x0.0" selected_by="TSTQ" size="0x10.0" />
</node>
</NodesDefinition>

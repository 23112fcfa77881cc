-- SPDX-License-Identifier: GPL-2.0-or-later
-- A stand-in register dissector for the tshark tests: it plugs into the
-- "emad.reg_id" table the way a register field dissector will, and reports
-- the payload it was handed.
local probe = Proto("hwmsg_regprobe", "hwmsg register table probe")
local f_len = ProtoField.uint32("hwmsg_regprobe.len", "Payload length")
local f_first = ProtoField.uint8("hwmsg_regprobe.first", "First byte")
probe.fields = { f_len, f_first }

function probe.dissector(tvb, pinfo, tree)
	local t = tree:add(probe, tvb())
	t:add(f_len, tvb:len())
	t:add(f_first, tvb(0, 1))
	return tvb:len()
end

local regs = DissectorTable.get("emad.reg_id")
regs:add(0x5002, probe)	-- PMLP, reached through EMAD
regs:add(0x5004, probe)	-- PTYS, reached through CMD_REG

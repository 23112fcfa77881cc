// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The simulator fills registers through its own short list of field
 * positions (include/hwmsg/sim_regs.h); the register database is the reference.
 * Every position the simulator uses must be the database's, so that the
 * two can never drift apart silently.
 */
#include <string.h>

#include "../test.h"
#include "hwmsg/sim_regs.h"
#include "hwmsg/regdb.h"

struct item {
	const char *reg, *path;
	unsigned int off, shift, width;
};

#define ITEM(reg, path, triple) { reg, path, triple }
/* a field wider than 32 bits: only its byte offset is given */
#define AT(reg, path, off) { reg, path, off, 0, 0 }

static const struct item items[] = {
	ITEM("PMTU", "local_port", REG_LOCAL_PORT),
	ITEM("SGCR", "llb", REG_SGCR_LLB),
	AT("SPAD", "base_mac", REG_SPAD_BASE_MAC_OFF),
	ITEM("SFN", "end", REG_SFN_END),
	ITEM("SFN", "num_rec", REG_SFN_NUM_REC),
	ITEM("SPVID", "pvid", REG_SPVID_PVID),
	ITEM("SPVM", "num_rec", REG_SPVM_NUM_REC),
	ITEM("PMLP", "width", REG_PMLP_WIDTH),
	ITEM("PMTU", "max_mtu", REG_PMTU_MAX_MTU),
	ITEM("PMTU", "admin_mtu", REG_PMTU_ADMIN_MTU),
	ITEM("PMTU", "oper_mtu", REG_PMTU_OPER_MTU),
	ITEM("PTYS", "proto_mask", REG_PTYS_PROTO_MASK),
	ITEM("PTYS", "eth_proto_capability", REG_PTYS_ETH_PROTO_CAP),
	ITEM("PTYS", "eth_proto_admin", REG_PTYS_ETH_PROTO_ADMIN),
	ITEM("PTYS", "eth_proto_oper", REG_PTYS_ETH_PROTO_OPER),
	ITEM("PAOS", "admin_status", REG_PAOS_ADMIN_STATUS),
	ITEM("PAOS", "oper_status", REG_PAOS_OPER_STATUS),
	ITEM("PAOS", "ase", REG_PAOS_ASE),
	ITEM("PAOS", "ee", REG_PAOS_EE),
	ITEM("PAOS", "e", REG_PAOS_E),
	ITEM("PPCNT", "grp", REG_PPCNT_GRP),
	ITEM("PPCNT", "lp_gl", REG_PPCNT_LP_GL),
	ITEM("PSPA", "swid", REG_PSPA_SWID),
	ITEM("HTGT", "trap_group", REG_HTGT_TRAP_GROUP),
	ITEM("HTGT", "pide", REG_HTGT_PIDE),
	ITEM("HTGT", "pid", REG_HTGT_PID),
	ITEM("HTGT", "priority", REG_HTGT_PRIORITY),
	ITEM("HPKT", "action", REG_HPKT_ACTION),
	ITEM("HPKT", "trap_group", REG_HPKT_TRAP_GROUP),
	ITEM("HPKT", "trap_id", REG_HPKT_TRAP_ID),
	ITEM("HPKT", "ctrl", REG_HPKT_CTRL),
	ITEM("RGCR", "ipv4_en", REG_RGCR_IPV4_EN),
	ITEM("RGCR", "ipv6_en", REG_RGCR_IPV6_EN),
	ITEM("RGCR", "max_router_interfaces", REG_RGCR_MAX_RIFS),
	ITEM("RGCR", "usp", REG_RGCR_USP),
	ITEM("RITR", "enable", REG_RITR_ENABLE),
	ITEM("RITR", "ipv4", REG_RITR_IPV4),
	ITEM("RITR", "ipv6", REG_RITR_IPV6),
	ITEM("RITR", "type", REG_RITR_TYPE),
	ITEM("RITR", "op", REG_RITR_OP),
	ITEM("RITR", "rif", REG_RITR_RIF),
	ITEM("RITR", "virtual_router", REG_RITR_VR),
	ITEM("RITR", "router_interface_properties.vlan.vlan_id",
	     REG_RITR_VLAN_ID),
	AT("RITR", "router_interface_properties.vlan.router_interface_mac",
	   REG_RITR_IF_MAC_OFF),
	ITEM("RITR", "mtu", REG_RITR_MTU),
	ITEM("MTMP", "sensor_index", REG_MTMP_SENSOR_INDEX),
	ITEM("MTMP", "temperature", REG_MTMP_TEMPERATURE),
	ITEM("MTMP", "mte", REG_MTMP_MTE),
	ITEM("MTMP", "max_temperature", REG_MTMP_MAX_TEMP),
	ITEM("MTMP", "temperature_threshold_hi", REG_MTMP_THRESH_HI),
	ITEM("MGIR", "hw_info.device_hw_revision", REG_MGIR_HW_REVISION),
	ITEM("MGIR", "fw_info.latency_tlv", REG_MGIR_LATENCY_TLV),
	ITEM("MGIR", "fw_info.string_tlv", REG_MGIR_STRING_TLV),
	AT("MGIR", "fw_info.psid", REG_MGIR_PSID_OFF),
	ITEM("MGIR", "hw_info.device_id", REG_MGIR_DEVICE_ID),
	ITEM("MGIR", "fw_info.major", REG_MGIR_FW_VER_MAJOR),
	ITEM("MGIR", "fw_info.minor", REG_MGIR_FW_VER_MINOR),
	ITEM("MGIR", "fw_info.sub_minor", REG_MGIR_FW_VER_SUB_MINOR),
	ITEM("PTYS", "ib_proto_capability", REG_PTYS_IB_PROTO_CAP),
	ITEM("PTYS", "ib_proto_oper", REG_PTYS_IB_PROTO_OPER),
};

static const struct {
	const char *reg;
	unsigned int id, len;
} regs[] = {
	{ "SGCR", REG_SGCR_ID, REG_SGCR_LEN },
	{ "SPAD", REG_SPAD_ID, REG_SPAD_LEN },
	{ "SFN", REG_SFN_ID, REG_SFN_LEN },
	{ "SPVID", REG_SPVID_ID, REG_SPVID_LEN },
	{ "SPVM", REG_SPVM_ID, REG_SPVM_LEN },
	{ "PMLP", REG_PMLP_ID, REG_PMLP_LEN },
	{ "PMTU", REG_PMTU_ID, REG_PMTU_LEN },
	{ "PTYS", REG_PTYS_ID, REG_PTYS_LEN },
	{ "PAOS", REG_PAOS_ID, REG_PAOS_LEN },
	{ "PPCNT", REG_PPCNT_ID, REG_PPCNT_LEN },
	{ "PSPA", REG_PSPA_ID, REG_PSPA_LEN },
	{ "HTGT", REG_HTGT_ID, REG_HTGT_LEN },
	{ "HPKT", REG_HPKT_ID, REG_HPKT_LEN },
	{ "RGCR", REG_RGCR_ID, REG_RGCR_LEN },
	{ "RITR", REG_RITR_ID, REG_RITR_LEN },
	{ "MTMP", REG_MTMP_ID, REG_MTMP_LEN },
	{ "MGIR", REG_MGIR_ID, REG_MGIR_LEN },
};

/* The field a dotted path names (union arms by case name), and its offset. */
static const struct hwmsg_reg_field *resolve(const struct hwmsg_reg *r,
					     const char *path, unsigned int *off)
{
	const struct hwmsg_reg_layout *l = r->layout;
	const struct hwmsg_reg_field *f = NULL;
	char buf[128], *save = NULL, *name;

	*off = 0;
	snprintf(buf, sizeof(buf), "%s", path);
	for (name = strtok_r(buf, ".", &save); name;
	     name = strtok_r(NULL, ".", &save)) {
		unsigned int i;

		if (f && f->kind == HWMSG_REG_UNION) {
			for (i = 0; i < f->n_cases; i++)
				if (!strcmp(f->cases[i].name, name))
					break;
			if (i == f->n_cases)
				return NULL;
			l = f->cases[i].layout;
			f = NULL;	/* the arm's layout is the next level */
			continue;
		}
		if (f)
			l = f->layout;
		if (!l)
			return NULL;
		for (i = 0; i < l->n_fields; i++)
			if (!strcmp(l->fields[i].name, name))
				break;
		if (i == l->n_fields)
			return NULL;
		f = &l->fields[i];
		*off += f->offset;
	}
	return f;
}

int main(void)
{
	const struct hwmsg_regdb *db = hwmsg_regdb_builtin();
	unsigned int i, off;

	for (i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_find_name(db, regs[i].reg);

		CHECK(r != NULL);
		if (!r)
			continue;
		CHECK_EQ(r->id, regs[i].id);
		CHECK_EQ(r->len, regs[i].len);
	}
	for (i = 0; i < sizeof(items) / sizeof(items[0]); i++) {
		const struct item *it = &items[i];
		const struct hwmsg_reg *r = hwmsg_regdb_find_name(db, it->reg);
		const struct hwmsg_reg_field *f = r ? resolve(r, it->path, &off) :
						      NULL;

		if (!f) {
			CHECK(f != NULL);
			fprintf(stderr, "  %s.%s not in the database\n", it->reg,
				it->path);
			continue;
		}
		if (off != it->off || (it->width &&
				       (f->shift != it->shift ||
					f->width != it->width))) {
			CHECK(!"simulator position differs from the database");
			fprintf(stderr, "  %s.%s: sim 0x%02x.%u/%u, db 0x%02x.%u/%u\n",
				it->reg, it->path, it->off, it->shift,
				it->width, off, f->shift, f->width);
		}
	}
	/* PMLP lane words: module, tx_lane, rx_lane of element 0 at 0x04 */
	{
		const struct hwmsg_reg *r = hwmsg_regdb_find_name(db, "PMLP");
		unsigned int shift_w[3][2] = { { REG_PMLP_MODULE_SHIFT },
					       { REG_PMLP_TX_LANE_SHIFT },
					       { REG_PMLP_RX_LANE_SHIFT } };
		const char *names[3] = { "lane_module_mapping.module",
					 "lane_module_mapping.tx_lane",
					 "lane_module_mapping.rx_lane" };

		for (i = 0; r && i < 3; i++) {
			const struct hwmsg_reg_field *f = resolve(r, names[i], &off);

			CHECK(f != NULL);
			if (!f)
				continue;
			CHECK_EQ(off, REG_PMLP_LANE_OFF(0));
			CHECK_EQ(f->shift, shift_w[i][0]);
			CHECK_EQ(f->width, shift_w[i][1]);
		}
	}
	return test_done("sim_layouts");
}

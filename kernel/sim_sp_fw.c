// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Firmware of the simulated Spectrum-1 behind hwmsg_sim's mlxsw bus. Field
 * layouts come from mlxsw's own reg.h and cmd.h (the PRM as Linux packs
 * it), so the device and the driver agree by construction; what the
 * firmware answers is ours.
 *
 * Port layout: module M (0-based) owns local ports 1 + 4M .. 4 + 4M; unsplit,
 * its first local port has all four lanes (PMLP width 4), the others none.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/etherdevice.h>
#include <linux/hashtable.h>
#include <linux/icmpv6.h>
#include <linux/if_arp.h>
#include <linux/ipv6.h>
#include <net/ndisc.h>
#include <linux/ktime.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "cmd.h"
#include "port.h"
#include "reg.h"
#include "resources.h"
#include "trap.h"

#include "hwmsg/wire.h"
#include "sim_sp_fw.h"

#define FW_MAJOR	13	/* what mlxsw_spectrum 6.1 requires */
#define FW_MINOR	2010
#define FW_SUBMINOR	1006
#define FW_PSID		"MT_2740110034"	/* an SN2700's */
#define FW_HW_REV	0xa1
#define FW_LANES	4	/* per module */
#define FW_KEY_WORDS	2
#define FW_REG_PUDE_ID	0x5009	/* the PRM's; reg.h has its layout only */
#define FW_REG_MAX	8188	/* the largest REG TLV payload (2047 words) */

/* QUERY_RESOURCES: a Spectrum-1's values (ids: mlxsw's resources.h) */
static const struct {
	u16 id;
	u64 value;
} fw_resources[] = {
	{ 0x1001, 245760 },	/* KVD_SIZE */
	{ 0x1002, 16384 },	/* KVD_SINGLE_MIN_SIZE */
	{ 0x1003, 16384 },	/* KVD_DOUBLE_MIN_SIZE */
	{ 0x1004, 0x8000 },	/* PGT_SIZE */
	{ 0x2201, 64 },		/* MAX_TRAP_GROUPS */
	{ 0x2410, 65536 },	/* COUNTER_POOL_SIZE */
	{ 0x2411, 4096 },	/* COUNTER_BANK_SIZE */
	{ 0x2420, 8 },		/* MAX_SPAN */
	{ 0x2443, 2 },		/* COUNTER_SIZE_PACKETS_BYTES */
	{ 0x2449, 4 },		/* COUNTER_SIZE_ROUTER_BASIC */
	{ 0x2502, 64 },		/* MAX_SYSTEM_PORT */
	{ 0x2512, 16384 },	/* FID */
	{ 0x2520, 64 },		/* MAX_LAG */
	{ 0x2521, 32 },		/* MAX_LAG_MEMBERS */
	{ 0x2803, 96 },		/* CELL_SIZE */
	{ 0x2805, 15728640 },	/* GUARANTEED_SHARED_BUFFER */
	{ 0x2811, 24576000 },	/* MAX_HEADROOM_SIZE */
	{ 0x2901, 400 },	/* ACL_MAX_TCAM_REGIONS */
	{ 0x2902, 8192 },	/* ACL_MAX_TCAM_RULES */
	{ 0x2903, 400 },	/* ACL_MAX_REGIONS */
	{ 0x2904, 400 },	/* ACL_MAX_GROUPS */
	{ 0x2905, 16 },		/* ACL_MAX_GROUP_SIZE */
	{ 0x2910, 16 },		/* ACL_FLEX_KEYS */
	{ 0x2911, 20 },		/* ACL_MAX_ACTION_PER_RULE */
	{ 0x2912, 3 },		/* ACL_ACTIONS_PER_SET */
	{ 0x2a10, 1000 },	/* MAX_GLOBAL_POLICERS */
	{ 0x2a13, 256 },	/* MAX_CPU_POLICERS */
	{ 0x2c01, 1000 },	/* MAX_VRS */
	{ 0x2c02, 1000 },	/* MAX_RIFS */
	{ 0x2c10, 8192 },	/* MC_ERIF_LIST_ENTRIES */
	{ 0x2c14, 1 },		/* MAX_RIF_MAC_PROFILES */
	{ 0x2c30, 16 },		/* MAX_LPM_TREES */
	{ 0x2e02, 1024 },	/* MAX_NVE_MC_ENTRIES_IPV4 */
	{ 0x2e03, 1024 },	/* MAX_NVE_MC_ENTRIES_IPV6 */
};

/* Index fields: (byte offset, mask) of the key words; dword 0 whole else. */
struct fw_index {
	u16 id;
	u32 mask[FW_KEY_WORDS];
};

#define FW_LP	0x00ff3000	/* local_port 0x00.16/8, lp_msb 0x00.12/2 */

static const struct fw_index fw_indexes[] = {
	{ MLXSW_REG_SGCR_ID, { 0, 0 } },
	{ MLXSW_REG_SPAD_ID, { 0, 0 } },
	{ MLXSW_REG_MGIR_ID, { 0, 0 } },
	{ MLXSW_REG_MTCAP_ID, { 0, 0 } },
	{ MLXSW_REG_SFN_ID, { 0, 0 } },
	{ MLXSW_REG_PAOS_ID, { 0xff000000 | FW_LP, 0 } },
	{ MLXSW_REG_PTYS_ID, { FW_LP | 0x7, 0 } },
	{ MLXSW_REG_PMLP_ID, { FW_LP, 0 } },
	{ MLXSW_REG_PMTU_ID, { FW_LP, 0 } },
	{ MLXSW_REG_PLLP_ID, { FW_LP, 0 } },
	{ MLXSW_REG_SBPR_ID, { 0x0300000f, 0 } },
	{ MLXSW_REG_SBCM_ID, { FW_LP | 0x3f03, 0 } },
	{ MLXSW_REG_SBPM_ID, { FW_LP | 0x0f03, 0 } },
	{ MLXSW_REG_SBMM_ID, { 0x00000f00, 0 } },
	{ MLXSW_REG_HPKT_ID, { 0x000003ff, 0 } },
	{ MLXSW_REG_HTGT_ID, { 0xff000fff, 0 } },
	{ MLXSW_REG_MTMP_ID, { 0x000f0fff, 0 } },
	{ MLXSW_REG_QEEC_ID, { FW_LP, 0x000f00ff } },
	{ MLXSW_REG_PPCNT_ID, { 0xff00f03f, 0x1f } },
};

struct fw_entry {
	struct hlist_node node;
	u16 id;
	u16 len;
	u32 key[FW_KEY_WORDS];
	u8 data[];
};

/* a register answered from the store only, for debugfs "unmodelled" */
struct fw_unmodelled {
	struct list_head list;
	u16 id;
	u64 count;
};

struct hsim_fw {
	struct mutex lock;	/* the store and the counts */
	DECLARE_HASHTABLE(store, 8);
	struct list_head unmodelled;
	unsigned int modules;
	u8 base_mac[ETH_ALEN];
	hsim_fw_event_fn event;
	void *event_ctx;
};

static const u32 *fw_index_mask(u16 id)
{
	static const u32 dword0[FW_KEY_WORDS] = { 0xffffffff, 0 };
	int i;

	for (i = 0; i < ARRAY_SIZE(fw_indexes); i++)
		if (fw_indexes[i].id == id)
			return fw_indexes[i].mask;
	return dword0;
}

static void fw_key(u16 id, const u8 *payload, unsigned int len,
		   u32 key[FW_KEY_WORDS])
{
	const u32 *mask = fw_index_mask(id);
	int i;

	for (i = 0; i < FW_KEY_WORDS; i++)
		key[i] = (i + 1) * 4 <= len ?
			 hwmsg_get_be32(payload + i * 4) & mask[i] : 0;
}

static struct fw_entry *fw_find(struct hsim_fw *fw, u16 id, const u32 *key)
{
	struct fw_entry *e;

	hash_for_each_possible(fw->store, e, node, id ^ key[0])
		if (e->id == id && !memcmp(e->key, key, sizeof(e->key)))
			return e;
	return NULL;
}

static void fw_store(struct hsim_fw *fw, u16 id, const u32 *key,
		     const u8 *payload, unsigned int len)
{
	struct fw_entry *e = fw_find(fw, id, key);

	if (e && e->len != len) {
		hash_del(&e->node);
		kfree(e);
		e = NULL;
	}
	if (!e) {
		e = kzalloc(struct_size(e, data, len), GFP_KERNEL);
		if (!e)
			return;	/* the next query answers from the model */
		e->id = id;
		e->len = len;
		memcpy(e->key, key, sizeof(e->key));
		hash_add(fw->store, &e->node, id ^ key[0]);
	}
	memcpy(e->data, payload, len);
}

static void fw_count_unmodelled(struct hsim_fw *fw, u16 id)
{
	struct fw_unmodelled *u;

	list_for_each_entry(u, &fw->unmodelled, list)
		if (u->id == id)
			goto found;
	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return;
	u->id = id;
	list_add_tail(&u->list, &fw->unmodelled);
found:
	u->count++;
}

/* ---- the registers the firmware answers itself ----------------------- */

static unsigned int fw_lp_module(struct hsim_fw *fw, unsigned int lp)
{
	return lp ? (lp - 1) / FW_LANES : fw->modules;
}

static void fw_pmlp_default(struct hsim_fw *fw, char *pl)
{
	unsigned int lp = mlxsw_reg_pmlp_local_port_get(pl);
	unsigned int module = fw_lp_module(fw, lp);
	int i;

	if (module >= fw->modules || (lp - 1) % FW_LANES)
		return;
	mlxsw_reg_pmlp_width_set(pl, FW_LANES);
	for (i = 0; i < FW_LANES; i++) {
		mlxsw_reg_pmlp_module_set(pl, i, module);
		mlxsw_reg_pmlp_tx_lane_set(pl, i, i);
		mlxsw_reg_pmlp_rx_lane_set(pl, i, i);
	}
}

static void fw_pmtdb_answer(struct hsim_fw *fw, char *pl)
{
	unsigned int module = mlxsw_reg_pmtdb_module_get(pl);
	unsigned int count = mlxsw_reg_pmtdb_num_ports_get(pl);
	unsigned int i;

	if (module >= fw->modules || !count || FW_LANES % count) {
		mlxsw_reg_pmtdb_status_set(pl, 1);	/* unsupported split */
		return;
	}
	for (i = 0; i < count; i++)
		mlxsw_reg_pmtdb_port_num_set(pl, i, 1 + module * FW_LANES +
					     i * (FW_LANES / count));
	mlxsw_reg_pmtdb_status_set(pl, 0);
}

/* The lanes of a local port now: what the driver wrote last, or the default. */
static unsigned int fw_lp_width(struct hsim_fw *fw, unsigned int lp)
{
	char pl[MLXSW_REG_PMLP_LEN] = {};
	u32 key[FW_KEY_WORDS];
	struct fw_entry *e;

	mlxsw_reg_pmlp_local_port_set(pl, lp);
	fw_key(MLXSW_REG_PMLP_ID, pl, sizeof(pl), key);
	e = fw_find(fw, MLXSW_REG_PMLP_ID, key);
	if (e && e->len == sizeof(pl))
		return mlxsw_reg_pmlp_width_get(e->data);
	fw_pmlp_default(fw, pl);
	return mlxsw_reg_pmlp_width_get(pl);
}

/* The front panel label: the module's number, the split port's index. */
static void fw_pllp_answer(struct hsim_fw *fw, char *pl)
{
	unsigned int lp = mlxsw_reg_pllp_local_port_get(pl);
	unsigned int module = fw_lp_module(fw, lp);
	unsigned int width = fw_lp_width(fw, lp);

	if (module >= fw->modules || !width)
		return;
	mlxsw_reg_pllp_label_port_set(pl, module + 1);
	mlxsw_reg_pllp_split_num_set(pl, ((lp - 1) % FW_LANES) / width);
}

/* 1000BASE-KX .. 100GBASE-CR4: what an SN2700 port supports */
#define FW_ETH_PROTO_CAP	(MLXSW_REG_PTYS_ETH_SPEED_SGMII |	\
				 MLXSW_REG_PTYS_ETH_SPEED_10GBASE_CR |	\
				 MLXSW_REG_PTYS_ETH_SPEED_25GBASE_CR |	\
				 MLXSW_REG_PTYS_ETH_SPEED_40GBASE_CR4 | \
				 MLXSW_REG_PTYS_ETH_SPEED_50GBASE_CR2 | \
				 MLXSW_REG_PTYS_ETH_SPEED_100GBASE_CR4)

/* Fills what a query of an instance never written returns. */
static bool fw_reg_default(struct hsim_fw *fw, u16 id, char *pl)
{
	switch (id) {
	case MLXSW_REG_MGIR_ID:
		mlxsw_reg_mgir_hw_info_device_hw_revision_set(pl, FW_HW_REV);
		mlxsw_reg_mgir_fw_info_psid_memcpy_to(pl, FW_PSID);
		mlxsw_reg_mgir_fw_info_extended_major_set(pl, FW_MAJOR);
		mlxsw_reg_mgir_fw_info_extended_minor_set(pl, FW_MINOR);
		mlxsw_reg_mgir_fw_info_extended_sub_minor_set(pl, FW_SUBMINOR);
		return true;
	case MLXSW_REG_SPAD_ID:
		mlxsw_reg_spad_base_mac_memcpy_to(pl, fw->base_mac);
		return true;
	case MLXSW_REG_PMLP_ID:
		fw_pmlp_default(fw, pl);
		return true;
	case MLXSW_REG_PMTDB_ID:
		fw_pmtdb_answer(fw, pl);
		return true;
	case MLXSW_REG_PLLP_ID:
		fw_pllp_answer(fw, pl);
		return true;
	case MLXSW_REG_SFN_ID:
		/* no FDB notification pending: the driver polls again later */
		mlxsw_reg_sfn_num_rec_set(pl, 0);
		mlxsw_reg_sfn_end_set(pl, 1);
		return true;
	case MLXSW_REG_RAUHTD_ID:
		/* no neighbour activity to report */
		mlxsw_reg_rauhtd_num_rec_set(pl, 0);
		return true;
	case MLXSW_REG_PTYS_ID:
		mlxsw_reg_ptys_eth_proto_cap_set(pl, FW_ETH_PROTO_CAP);
		return true;
	case MLXSW_REG_PMTU_ID:
		mlxsw_reg_pmtu_max_mtu_set(pl, 10000 + ETH_HLEN + 8);
		return true;
	case MLXSW_REG_MTCAP_ID:
		mlxsw_reg_mtcap_sensor_count_set(pl, 1);
		return true;
	case MLXSW_REG_MGPIR_ID:
		mlxsw_reg_mgpir_num_of_modules_set(pl, fw->modules);
		return true;
	case MLXSW_REG_PMTM_ID:
		mlxsw_reg_pmtm_module_type_set(pl,
					       MLXSW_REG_PMTM_MODULE_TYPE_QSFP);
		return true;
	case MLXSW_REG_MTMP_ID:
		/*
		 * Thresholds too: with none, mlxsw 6.1's thermal init reads
		 * a module's EEPROM through core_env before env exists (a
		 * NULL dereference in mlxsw_env_validate_cable_ident()).
		 */
		mlxsw_reg_mtmp_temperature_set(pl, 35 * 8);	/* 0.125 C */
		mlxsw_reg_mtmp_max_temperature_set(pl, 41 * 8);
		mlxsw_reg_mtmp_temperature_threshold_hi_set(pl, 75 * 8);
		mlxsw_reg_mtmp_max_operational_temperature_set(pl, 85 * 8);
		if (mlxsw_reg_mtmp_sensor_index_get(pl) <
		    MLXSW_REG_MTMP_MODULE_INDEX_MIN)
			mlxsw_reg_mtmp_sensor_name_memcpy_to(pl, "ASIC");
		return true;
	}
	return false;
}

/*
 * Module M is cabled to its neighbour M ^ 1, lane for lane; the last
 * module of an odd count to a peer that is always up (0: that one).
 */
static unsigned int fw_peer_lp(struct hsim_fw *fw, unsigned int lp)
{
	unsigned int module = fw_lp_module(fw, lp);

	if (module >= fw->modules || (module ^ 1) >= fw->modules)
		return 0;
	return 1 + (module ^ 1) * FW_LANES + (lp - 1) % FW_LANES;
}

static struct fw_entry *fw_paos_entry(struct hsim_fw *fw, unsigned int lp)
{
	char pl[MLXSW_REG_PAOS_LEN] = {};
	u32 key[FW_KEY_WORDS];
	struct fw_entry *e;

	mlxsw_reg_paos_local_port_set(pl, lp);
	fw_key(MLXSW_REG_PAOS_ID, (u8 *)pl, sizeof(pl), key);
	e = fw_find(fw, MLXSW_REG_PAOS_ID, key);
	return e && e->len == sizeof(pl) ? e : NULL;
}

static bool fw_admin_up(struct hsim_fw *fw, unsigned int lp)
{
	struct fw_entry *e = lp ? fw_paos_entry(fw, lp) : NULL;
	unsigned int admin;

	if (!lp)
		return true;	/* the peer outside the switch */
	admin = e ? mlxsw_reg_paos_admin_status_get((char *)e->data) : 0;
	return admin == MLXSW_PORT_ADMIN_STATUS_UP ||
	       admin == MLXSW_PORT_ADMIN_STATUS_UP_ONCE;
}

/*
 * A port's link is up when both ends of its cable are up; a change is
 * told with a PUDE event when the driver asked for events (e).
 */
static void fw_link_update(struct hsim_fw *fw, unsigned int lp)
{
	struct fw_entry *e = fw_paos_entry(fw, lp);
	char pude[MLXSW_REG_PUDE_LEN] = {};
	unsigned int oper, was;
	char *pl;

	if (!e)
		return;
	pl = (char *)e->data;
	oper = fw_admin_up(fw, lp) && fw_admin_up(fw, fw_peer_lp(fw, lp)) ?
	       MLXSW_PORT_OPER_STATUS_UP : MLXSW_PORT_OPER_STATUS_DOWN;
	was = mlxsw_reg_paos_oper_status_get(pl) ?: MLXSW_PORT_OPER_STATUS_DOWN;
	mlxsw_reg_paos_oper_status_set(pl, oper);
	if (oper == was || !mlxsw_reg_paos_e_get(pl) || !fw->event)
		return;
	mlxsw_reg_pude_swid_set(pude, mlxsw_reg_paos_swid_get(pl));
	mlxsw_reg_pude_local_port_set(pude, lp);
	mlxsw_reg_pude_admin_status_set(pude,
					mlxsw_reg_paos_admin_status_get(pl));
	mlxsw_reg_pude_oper_status_set(pude, oper);
	fw->event(fw->event_ctx, MLXSW_TRAP_ID_PUDE, FW_REG_PUDE_ID,
		  (u8 *)pude, sizeof(pude));
}

/* PAOS: stored with the link state it had, then both cable ends updated. */
static void fw_paos_write(struct hsim_fw *fw, u8 *payload, unsigned int len,
			  const u32 *key)
{
	unsigned int lp = mlxsw_reg_paos_local_port_get((char *)payload);
	struct fw_entry *e = fw_paos_entry(fw, lp);
	unsigned int was = e ? mlxsw_reg_paos_oper_status_get((char *)e->data) : 0;

	mlxsw_reg_paos_oper_status_set((char *)payload, was);
	fw_store(fw, MLXSW_REG_PAOS_ID, key, payload, len);
	fw_link_update(fw, lp);
	if (fw_peer_lp(fw, lp))
		fw_link_update(fw, fw_peer_lp(fw, lp));
	e = fw_paos_entry(fw, lp);
	if (e)
		memcpy(payload, e->data, len);
}

/* PTYS: the link runs at the fastest speed both ends allow. */
static void fw_ptys_written(char *pl)
{
	u32 admin = mlxsw_reg_ptys_eth_proto_admin_get(pl) & FW_ETH_PROTO_CAP;

	mlxsw_reg_ptys_eth_proto_cap_set(pl, FW_ETH_PROTO_CAP);
	mlxsw_reg_ptys_eth_proto_oper_set(pl, admin ? BIT(fls(admin) - 1) : 0);
}

/* After a write: the fields the firmware derives from what was written. */
static void fw_reg_written(u16 id, char *pl)
{
	switch (id) {
	case MLXSW_REG_PTYS_ID:
		fw_ptys_written(pl);
		break;
	case MLXSW_REG_PMTU_ID:
		mlxsw_reg_pmtu_max_mtu_set(pl, 10000 + ETH_HLEN + 8);
		mlxsw_reg_pmtu_oper_mtu_set(pl, mlxsw_reg_pmtu_admin_mtu_get(pl));
		break;
	}
}

static void fw_reset(struct hsim_fw *fw)
{
	struct hlist_node *tmp;
	struct fw_entry *e;
	int bkt;

	hash_for_each_safe(fw->store, bkt, tmp, e, node) {
		hash_del(&e->node);
		kfree(e);
	}
}

u8 hsim_fw_reg_access(struct hsim_fw *fw, u16 reg_id, u8 method, u8 *payload,
		      unsigned int len)
{
	u32 key[FW_KEY_WORDS];
	struct fw_entry *e;
	u8 status = 0;

	if (len > FW_REG_MAX)
		return HWMSG_EMAD_STATUS_BAD_PARAMETER;
	fw_key(reg_id, payload, len, key);
	mutex_lock(&fw->lock);
	switch (method) {
	case HWMSG_EMAD_METHOD_QUERY:
		e = fw_find(fw, reg_id, key);
		if (e) {
			memcpy(payload, e->data, min_t(unsigned int, len, e->len));
		} else if (!fw_reg_default(fw, reg_id, (char *)payload)) {
			/* the request's index fields, zeros elsewhere */
			fw_count_unmodelled(fw, reg_id);
		}
		break;
	case HWMSG_EMAD_METHOD_WRITE:
		if (reg_id == MLXSW_REG_MRSR_ID) {
			fw_reset(fw);	/* every register back to its default */
			break;
		}
		if (reg_id == MLXSW_REG_PAOS_ID) {
			fw_paos_write(fw, payload, len, key);
			break;
		}
		fw_reg_written(reg_id, (char *)payload);
		fw_store(fw, reg_id, key, payload, len);
		break;
	default:
		status = HWMSG_EMAD_STATUS_METHOD_NOT_SUPPORTED;
	}
	mutex_unlock(&fw->lock);
	return status;
}

/* ---- the command interface ------------------------------------------- */

static void fw_query_fw(char *out)
{
	mlxsw_cmd_mbox_query_fw_fw_rev_major_set(out, FW_MAJOR);
	mlxsw_cmd_mbox_query_fw_fw_rev_minor_set(out, FW_MINOR);
	mlxsw_cmd_mbox_query_fw_fw_rev_subminor_set(out, FW_SUBMINOR);
	mlxsw_cmd_mbox_query_fw_cmd_interface_rev_set(out, 1);
}

static int fw_query_resources(u32 index, char *out)
{
	unsigned int first = index * MLXSW_CMD_QUERY_RESOURCES_PER_QUERY;
	unsigned int i, n = ARRAY_SIZE(fw_resources);

	for (i = 0; i < MLXSW_CMD_QUERY_RESOURCES_PER_QUERY; i++) {
		if (first + i >= n) {
			mlxsw_cmd_mbox_query_resource_id_set(out, i,
				MLXSW_CMD_QUERY_RESOURCES_TABLE_END_ID);
			return 0;
		}
		mlxsw_cmd_mbox_query_resource_id_set(out, i,
						     fw_resources[first + i].id);
		mlxsw_cmd_mbox_query_resource_data_set(out, i,
						fw_resources[first + i].value);
	}
	return 0;
}

/* ACCESS_REG: an OP TLV and a REG TLV, answered in the out mailbox. */
static int fw_access_reg(struct hsim_fw *fw, const char *in, size_t in_size,
			 char *out, size_t out_size)
{
	const unsigned int op_len = HWMSG_EMAD_OP_TLV_WORDS * 4;
	u8 *op = (u8 *)out, *reg = op + op_len;
	unsigned int reg_len;
	u8 status;

	if (in_size < op_len + 4 || out_size < in_size)
		return -EINVAL;
	memcpy(out, in, in_size);
	reg_len = hwmsg_item_get(reg, HWMSG_EMAD_TLV_LEN) * 4;
	if (reg_len < 4 || op_len + reg_len > in_size)
		return -EINVAL;
	status = hsim_fw_reg_access(fw,
			hwmsg_item_get(op, HWMSG_EMAD_OP_REGISTER_ID),
			hwmsg_item_get(op, HWMSG_EMAD_OP_METHOD),
			reg + 4, reg_len - 4);
	hwmsg_item_set(op, HWMSG_EMAD_OP_R, 1);
	hwmsg_item_set(op, HWMSG_EMAD_OP_STATUS, status);
	return 0;
}

int hsim_fw_cmd(struct hsim_fw *fw, u16 opcode, u8 opcode_mod, u32 in_mod,
		const char *in_mbox, size_t in_size, char *out_mbox,
		size_t out_size, u8 *status)
{
	int err = 0;

	if (out_mbox)
		memset(out_mbox, 0, out_size);
	switch (opcode) {
	case MLXSW_CMD_OPCODE_QUERY_FW:
		if (!out_mbox)
			goto bad;
		fw_query_fw(out_mbox);
		break;
	case MLXSW_CMD_OPCODE_QUERY_RESOURCES:
		if (!out_mbox)
			goto bad;
		err = fw_query_resources(in_mod, out_mbox);
		break;
	case MLXSW_CMD_OPCODE_CONFIG_PROFILE:
		break;	/* the profile changes nothing we model */
	case MLXSW_CMD_OPCODE_ACCESS_REG:
		if (!in_mbox || !out_mbox)
			goto bad;
		err = fw_access_reg(fw, in_mbox, in_size, out_mbox, out_size);
		break;
	default:
		*status = MLXSW_CMD_STATUS_BAD_OP;
		return -EIO;
	}
	if (err)
		goto bad;
	*status = MLXSW_CMD_STATUS_OK;
	return 0;
bad:
	*status = MLXSW_CMD_STATUS_BAD_PARAM;
	return -EIO;
}

/* ---- the wire ----------------------------------------------------------- */

static u16 fw_trap_of(const u8 *frame, unsigned int len)
{
	const unsigned int l3 = ETH_HLEN;
	u16 proto;

	if (len < l3 + 8)
		return 0;
	proto = hwmsg_get_be16(frame + 12);
	if (proto == ETH_P_ARP)
		return hwmsg_get_be16(frame + l3 + 6) == ARPOP_REQUEST ?
		       MLXSW_TRAP_ID_ROUTER_ARPBC : MLXSW_TRAP_ID_ROUTER_ARPUC;
	if (proto == ETH_P_IPV6 && len >= l3 + sizeof(struct ipv6hdr) + 1 &&
	    frame[l3 + 6] == IPPROTO_ICMPV6) {
		switch (frame[l3 + sizeof(struct ipv6hdr)]) {
		case NDISC_NEIGHBOUR_SOLICITATION:
			return MLXSW_TRAP_ID_L3_IPV6_NEIGHBOR_SOLICITATION;
		case NDISC_NEIGHBOUR_ADVERTISEMENT:
			return MLXSW_TRAP_ID_L3_IPV6_NEIGHBOR_ADVERTISEMENT;
		}
	}
	return 0;
}

u16 hsim_fw_wire(struct hsim_fw *fw, u16 local_port, const u8 *frame,
		 unsigned int len, u16 *trap_id)
{
	unsigned int peer = fw_peer_lp(fw, local_port);

	*trap_id = fw_trap_of(frame, len);
	return *trap_id ? peer : 0;
}

/* ---- debugfs ----------------------------------------------------------- */

static int fw_unmodelled_show(struct seq_file *m, void *v)
{
	struct hsim_fw *fw = m->private;
	struct fw_unmodelled *u;

	mutex_lock(&fw->lock);
	list_for_each_entry(u, &fw->unmodelled, list)
		seq_printf(m, "0x%04x %s %llu\n", u->id, mlxsw_reg_id_str(u->id),
			   u->count);
	mutex_unlock(&fw->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(fw_unmodelled);

void hsim_fw_debugfs_init(struct hsim_fw *fw, struct dentry *dir)
{
	debugfs_create_file("unmodelled", 0400, dir, fw, &fw_unmodelled_fops);
}

struct hsim_fw *hsim_fw_create(unsigned int modules, u32 dev_id,
			       hsim_fw_event_fn event, void *ctx)
{
	struct hsim_fw *fw = kzalloc(sizeof(*fw), GFP_KERNEL);

	if (!fw)
		return NULL;
	mutex_init(&fw->lock);
	hash_init(fw->store);
	INIT_LIST_HEAD(&fw->unmodelled);
	fw->modules = modules;
	fw->event = event;
	fw->event_ctx = ctx;
	/* Mellanox's OUI, the device id in the low bytes */
	fw->base_mac[0] = 0x7c;
	fw->base_mac[1] = 0xfe;
	fw->base_mac[2] = 0x90;
	fw->base_mac[3] = dev_id >> 8;
	fw->base_mac[4] = dev_id;
	return fw;
}

void hsim_fw_destroy(struct hsim_fw *fw)
{
	struct fw_unmodelled *u, *tu;

	fw_reset(fw);
	list_for_each_entry_safe(u, tu, &fw->unmodelled, list)
		kfree(u);
	mutex_destroy(&fw->lock);
	kfree(fw);
}

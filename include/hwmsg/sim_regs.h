/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register layouts the simulators fill (userspace sim/ and the kernel's
 * hwmsg_sim): ids, lengths and the fields they set, as "offset, shift,
 * width" triples for hwmsg_item_set() in wire.h. Only #defines, so kernel
 * code includes it too. The register database (formats/regdb) is the full
 * reference; tests/unit/test_sim_layouts.c checks every position here
 * against it.
 */
#ifndef HWMSG_SIM_REGS_H
#define HWMSG_SIM_REGS_H

/*
 * Port registers put the local port here (low 8 bits of it). Local ports
 * have 10 bits (the kernel's MLXSW_ITEM32_LP): the 2 high bits sit at
 * REG_LOCAL_PORT_MSB in most registers, elsewhere in SBCM and PSPA.
 */
#define REG_LOCAL_PORT		0x00, 16, 8
#define REG_LOCAL_PORT_MSB	0x00, 12, 2
#define REG_SBCM_LP_MSB		0x00, 4, 2
#define REG_PSPA_LP_MSB		0x00, 0, 2

#define REG_SGCR_ID		0x2000
#define REG_SGCR_LEN		0x10
#define REG_SGCR_LLB		0x04, 0, 1

#define REG_SPAD_ID		0x2002
#define REG_SPAD_LEN		0x10
#define REG_SPAD_BASE_MAC_OFF	0x02	/* 6 bytes */

#define REG_SFN_ID		0x200B
#define REG_SFN_LEN		0x410
#define REG_SFN_END		0x04, 20, 1
#define REG_SFN_NUM_REC		0x04, 0, 8
#define REG_SFN_REC_BASE	0x10
#define REG_SFN_REC_LEN		0x10
#define REG_SFN_REC_MAX		64
/* Record fields, relative to the record start. */
#define REG_SFN_REC_TYPE	0x00, 20, 4
#define REG_SFN_REC_MAC_OFF	0x02
#define REG_SFN_REC_FID		0x08, 0, 16
#define REG_SFN_REC_SYSTEM_PORT	0x0C, 0, 16
#define REG_SFN_TYPE_LEARNED_MAC 5

#define REG_SPVID_ID		0x200E
#define REG_SPVID_LEN		0x08
#define REG_SPVID_PVID		0x04, 0, 12

#define REG_SPVM_ID		0x200F
#define REG_SPVM_LEN		0x400
#define REG_SPVM_NUM_REC	0x00, 0, 8
#define REG_SPVM_REC_I		0x04, 14, 1
#define REG_SPVM_REC_E		0x04, 13, 1
#define REG_SPVM_REC_U		0x04, 12, 1
#define REG_SPVM_REC_VID	0x04, 0, 12

#define REG_PMLP_ID		0x5002
#define REG_PMLP_LEN		0x40
#define REG_PMLP_WIDTH		0x00, 0, 8
#define REG_PMLP_LANE_OFF(i)	(0x04 + 4 * (i))
#define REG_PMLP_MODULE_SHIFT	0, 8		/* in the lane word */
#define REG_PMLP_TX_LANE_SHIFT	16, 4
#define REG_PMLP_RX_LANE_SHIFT	24, 4

#define REG_PMTU_ID		0x5003
#define REG_PMTU_LEN		0x10
#define REG_PMTU_MAX_MTU	0x04, 16, 16
#define REG_PMTU_ADMIN_MTU	0x08, 16, 16
#define REG_PMTU_OPER_MTU	0x0C, 16, 16

#define REG_PTYS_ID		0x5004
#define REG_PTYS_LEN		0x40
#define REG_PTYS_PROTO_MASK	0x00, 0, 3
#define REG_PTYS_ETH_PROTO_CAP	0x0C, 0, 32
#define REG_PTYS_ETH_PROTO_ADMIN 0x18, 0, 32
#define REG_PTYS_ETH_PROTO_OPER	0x24, 0, 32
#define REG_PTYS_IB_PROTO_CAP	0x10, 0, 16
#define REG_PTYS_IB_PROTO_OPER	0x28, 0, 16
#define PTYS_PROTO_IB		(1 << 0)
#define PTYS_PROTO_ETH		(1 << 2)
#define PTYS_10GBASE_KR		(1u << 4)
#define PTYS_40GBASE_CR4	(1u << 6)
#define PTYS_40GBASE_KR4	(1u << 7)
#define PTYS_10GBASE_CR		(1u << 12)
#define PTYS_10GBASE_SR		(1u << 13)
#define PTYS_40GBASE_SR4	(1u << 15)
#define PTYS_100GBASE_CR4	(1u << 20)
#define PTYS_100GBASE_SR4	(1u << 21)
#define PTYS_100GBASE_KR4	(1u << 22)
#define PTYS_25GBASE_CR		(1u << 27)
#define PTYS_25GBASE_KR		(1u << 28)
#define PTYS_25GBASE_SR		(1u << 29)
#define PTYS_50GBASE_CR2	(1u << 30)

#define REG_PAOS_ID		0x5006
#define REG_PAOS_LEN		0x10
#define REG_PAOS_ADMIN_STATUS	0x00, 8, 4
#define REG_PAOS_OPER_STATUS	0x00, 0, 4
#define REG_PAOS_ASE		0x04, 31, 1
#define REG_PAOS_EE		0x04, 30, 1
#define REG_PAOS_E		0x04, 0, 2
#define PAOS_UP			1
#define PAOS_DOWN		2

#define REG_PPCNT_ID		0x5008
#define REG_PPCNT_LEN		0x100
#define REG_PPCNT_GRP		0x00, 0, 6
#define REG_PPCNT_LP_GL		0x04, 30, 1
/* IEEE 802.3 group, 64-bit counters */
#define REG_PPCNT_FRAMES_TX_OFF	0x08
#define REG_PPCNT_FRAMES_RX_OFF	0x10
#define REG_PPCNT_OCTETS_TX_OFF	0x28
#define REG_PPCNT_OCTETS_RX_OFF	0x30
#define REG_PPCNT_MCAST_TX_OFF	0x38
#define REG_PPCNT_BCAST_TX_OFF	0x40

#define REG_PSPA_ID		0x500D
#define REG_PSPA_LEN		0x08
#define REG_PSPA_SWID		0x00, 24, 8
#define REG_PSPA_SUB_PORT	0x00, 8, 8
#define PSPA_SWID_UNUSED	255	/* the port leaves the switch */

/*
 * Shared buffer registers. dir: 0 ingress, 1 egress; mode: 0 static,
 * 1 dynamic (max_buff is then an alpha index). Sizes are in cells.
 */
#define REG_SBPR_ID		0xB001
#define REG_SBPR_LEN		0x14
#define REG_SBPR_DIR		0x00, 24, 2
#define REG_SBPR_POOL		0x00, 0, 4
#define REG_SBPR_INFI_SIZE	0x04, 31, 1
#define REG_SBPR_SIZE		0x04, 0, 24
#define REG_SBPR_MODE		0x08, 0, 4

#define REG_SBCM_ID		0xB002
#define REG_SBCM_LEN		0x28
#define REG_SBCM_PG_BUFF	0x00, 8, 6
#define REG_SBCM_DIR		0x00, 0, 2
#define REG_SBCM_MIN_BUFF	0x18, 0, 24
#define REG_SBCM_INFI_MAX	0x1C, 31, 1
#define REG_SBCM_MAX_BUFF	0x1C, 0, 24
#define REG_SBCM_POOL		0x24, 0, 4

#define REG_SBPM_ID		0xB003
#define REG_SBPM_LEN		0x28
#define REG_SBPM_POOL		0x00, 8, 4
#define REG_SBPM_DIR		0x00, 0, 2
#define REG_SBPM_BUFF_OCC	0x10, 0, 24
#define REG_SBPM_CLR		0x14, 31, 1
#define REG_SBPM_MAX_BUFF_OCC	0x14, 0, 24
#define REG_SBPM_MIN_BUFF	0x18, 0, 24
#define REG_SBPM_MAX_BUFF	0x1C, 0, 24

#define REG_SBMM_ID		0xB004
#define REG_SBMM_LEN		0x28
#define REG_SBMM_PRIO		0x00, 8, 4
#define REG_SBMM_MIN_BUFF	0x18, 0, 24
#define REG_SBMM_MAX_BUFF	0x1C, 0, 24
#define REG_SBMM_POOL		0x24, 0, 4

/*
 * SBSR: the masks are bit arrays (element 0 in the last byte's low bit),
 * given as start and length in bytes; port masks cover one page of 256
 * local ports. Records follow, ingress port x PG first, then egress port
 * x traffic class.
 */
#define REG_SBSR_ID		0xB005
#define REG_SBSR_LEN		0x41C
#define REG_SBSR_CLR		0x00, 31, 1
#define REG_SBSR_PORT_PAGE	0x04, 0, 4
#define REG_SBSR_ING_PORT_MASK	0x10, 0x20
#define REG_SBSR_PG_BUFF_MASK	0x30, 0x04
#define REG_SBSR_EG_PORT_MASK	0x34, 0x20
#define REG_SBSR_TCLASS_MASK	0x54, 0x08
#define REG_SBSR_PORTS_PER_PAGE	256
#define REG_SBSR_REC_BASE	0x5C
#define REG_SBSR_REC_LEN	0x08
#define REG_SBSR_REC_MAX	120
#define REG_SBSR_REC_BUFF_OCC	0x00, 0, 24	/* in the record */
#define REG_SBSR_REC_MAX_BUFF_OCC 0x04, 0, 24

#define REG_HTGT_ID		0x7002
#define REG_HTGT_LEN		0x20
#define REG_HTGT_TRAP_GROUP	0x00, 0, 8
#define REG_HTGT_PIDE		0x04, 15, 1
#define REG_HTGT_PID		0x04, 0, 14
#define REG_HTGT_PRIORITY	0x0C, 0, 4
#define REG_HTGT_CPU_TCLASS	0x10, 16, 6
#define REG_HTGT_RDQ		0x10, 0, 6

#define REG_HPKT_ID		0x7003
#define REG_HPKT_LEN		0x10
#define REG_HPKT_ACTION		0x00, 20, 4
#define REG_HPKT_TRAP_GROUP	0x00, 12, 6
#define REG_HPKT_TRAP_ID	0x00, 0, 10
#define REG_HPKT_CTRL		0x04, 16, 2
#define HPKT_ACTION_TRAP_TO_CPU	1

#define REG_RGCR_ID		0x8001
#define REG_RGCR_LEN		0x28
#define REG_RGCR_IPV4_EN	0x00, 31, 1
#define REG_RGCR_IPV6_EN	0x00, 30, 1
#define REG_RGCR_MAX_RIFS	0x10, 0, 16
#define REG_RGCR_USP		0x18, 20, 1

#define REG_RITR_ID		0x8002
#define REG_RITR_LEN		0x40
#define REG_RITR_ENABLE		0x00, 31, 1
#define REG_RITR_IPV4		0x00, 29, 1
#define REG_RITR_IPV6		0x00, 28, 1
#define REG_RITR_TYPE		0x00, 23, 3
#define REG_RITR_OP		0x00, 20, 2
#define REG_RITR_RIF		0x00, 0, 16
#define REG_RITR_VR		0x04, 0, 16
#define REG_RITR_VLAN_ID	0x08, 0, 12
#define REG_RITR_IF_MAC_OFF	0x12	/* 6 bytes */
#define REG_RITR_MTU		0x34, 0, 16

#define REG_MTMP_ID		0x900A
#define REG_MTMP_LEN		0x20
#define REG_MTMP_SENSOR_INDEX	0x00, 0, 12
#define REG_MTMP_TEMPERATURE	0x04, 0, 16	/* 0.125 C */
#define REG_MTMP_MTE		0x08, 31, 1
#define REG_MTMP_MAX_TEMP	0x08, 0, 16
#define REG_MTMP_THRESH_HI	0x0C, 0, 16
#define MTMP_THRESH_HI_105C	0x348

#define REG_MRSR_ID		0x9023
#define REG_MRSR_LEN		0x08
#define REG_MRSR_COMMAND	0x00, 0, 4
#define MRSR_RESET		1

#define REG_MGIR_ID		0x9020
#define REG_MGIR_LEN		0x9C
#define REG_MGIR_HW_REVISION	0x00, 16, 16
#define REG_MGIR_DEVICE_ID	0x00, 0, 16
#define REG_MGIR_FW_VER_MAJOR	0x20, 16, 8
#define REG_MGIR_FW_VER_MINOR	0x20, 8, 8
#define REG_MGIR_FW_VER_SUB_MINOR 0x20, 0, 8
#define REG_MGIR_LATENCY_TLV	0x20, 29, 1
#define REG_MGIR_STRING_TLV	0x20, 28, 1
#define REG_MGIR_PSID_OFF	0x30	/* 16 bytes */
#define REG_MGIR_FW_MAJOR	0x44, 0, 32
#define REG_MGIR_FW_MINOR	0x48, 0, 32
#define REG_MGIR_FW_SUB_MINOR	0x4C, 0, 32

#endif

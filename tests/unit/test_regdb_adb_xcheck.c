// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Every built-in register against the installed mstflint ADB files (switch
 * first, then hca): every field must sit at the same bits, with the same
 * array count and stride, and every enum value must exist there under the
 * same name (case aside). This catches typos in formats/regdb/db/.
 *
 * Where the two describe the same bits differently, the rules are:
 * - a field the ADB splits in two is compared with the pair's span:
 *   NAME_hi + NAME_lo (strings), NAME_47_32 + NAME_31_0 (MAC addresses),
 *   NAME_high + NAME_low (64-bit counters, though the loader joins those);
 * - a field the other side models with another shape (records as layouts
 *   vs raw words, a string vs a byte array, a union vs bytes) is compared
 *   by its span: first and last bit;
 * - a local port split in two (msb=) must match the ADB's, whose lp_msb
 *   the loader joins into local_port the same way;
 * - a bit array (the kernel's MLXSW_ITEM_BIT_ARRAY, numbered from the
 *   last byte) must cover the ADB's array, forward-numbered, bit for bit;
 * - names that legitimately differ are in the alias table below.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "hwmsg/regdb.h"
#include "../test.h"

/* paths are short; a cut one only shortens a message */
#define JOIN(buf, ...)                                                       \
	do {                                                                 \
		if (snprintf(buf, sizeof(buf), __VA_ARGS__) >= (int)sizeof(buf)) \
			buf[sizeof(buf) - 1] = 0;                            \
	} while (0)

struct alias {
	const char *path;	/* REG.builtin.path */
	const char *adb;	/* the ADB name; NULL: the ADB lacks it */
	const char *why;
};

static const struct alias aliases[] = {
	{ "MGIR.fw_info.latency_tlv", NULL,
	  "the kernel reads it (reg.h); the ADB omits the bit" },
	{ "SSPR.sub_port", NULL,
	  "the kernel sets it (reg.h); the ADB omits the byte" },
	{ "MCIA.eeprom_data", NULL,
	  "the driver's 48 bytes (its MCIA is 0x40 long); the ADB's dword[32]" },
	{ "MCIA.eeprom_data_ext", NULL, "the rest of the ADB's dword[32]" },
	{ "SFD.record", "records", "kernel name, ADB raw words" },
	{ "SFN.record", "notification_records", "kernel name, ADB raw words" },
	{ "SPVM.record", "vid_record", "kernel name" },
	{ "SPVMLR.record", "vid_learn_enable", "kernel name" },
	{ "SFTR2.port_mask", "mask", "kernel name" },
	{ "SMID2.port_mask", "mask", "kernel name" },
	/* the 6.1 driver's layouts (tests/kernel_xcheck) where the ADB lags */
	{ "SLCOR.port_index", NULL, "10 bits in the kernel, 8 in the ADB" },
	{ "PPTB.prio_to_buff", NULL,
	  "the kernel's bit array; the ADB's prio0buff..prio7buff, same bits" },
	{ "PPTB.prio_to_buff_msb", NULL, "the kernel sets it; the ADB omits it" },
	{ "PBMC.buffer", NULL,
	  "12 in the kernel (11: the port's shared buffer), 10 in the ADB" },
	{ "RECR2.outer_header_enables", NULL,
	  "the kernel's 32-bit bit array; the ADB's 16 bits (high ones reserved)" },
	{ "RECR2.inner_header_enables", NULL,
	  "the kernel's 32-bit bit array; the ADB's 16 bits (high ones reserved)" },
	{ "HPKT.ack", NULL, "the kernel sets it; the ADB omits it" },
	{ "RALST.left_child_bin", NULL,
	  "the kernel's halves of the ADB's 16-bit bin entries" },
	{ "RALST.right_child_bin", NULL,
	  "the kernel's halves of the ADB's 16-bit bin entries" },
	{ "MTMP.max_operational_temperature", NULL,
	  "the kernel reads it; the ADB omits it" },
	{ "SPVTR.tport", NULL, "bit 24 in the kernel, 28 in the ADB" },
	{ "QPDSM", NULL,
	  "the kernel keeps color*_e apart from color*_dscp; the ADB's 8-bit color*" },
	{ "QPDPM.dscp_e", NULL,
	  "the kernel's halves of the ADB's 16-bit dscp entries" },
	{ "QPDPM.dscp_prio", NULL,
	  "the kernel's halves of the ADB's 16-bit dscp entries" },
	{ "RITR.router_interface_properties.loopback.ipip_type", NULL,
	  "the kernel's IP-in-IP loopback; the ADB nests it in rif_loopback_parameters" },
	{ "RITR.router_interface_properties.loopback.ipip_options", NULL,
	  "the kernel's IP-in-IP loopback; the ADB nests it in rif_loopback_parameters" },
	{ "RITR.router_interface_properties.loopback.uvr", NULL,
	  "the kernel's IP-in-IP loopback; the ADB nests it in rif_loopback_parameters" },
	{ "RITR.router_interface_properties.loopback.underlay_rif", NULL,
	  "the kernel's IP-in-IP loopback; the ADB nests it in rif_loopback_parameters" },
	{ "RITR.router_interface_properties.loopback.usip", NULL,
	  "the kernel's IP-in-IP loopback; the ADB nests it in rif_loopback_parameters" },
	{ "RITR.router_interface_properties.loopback.gre_key", NULL,
	  "the kernel's IP-in-IP loopback; the ADB nests it in rif_loopback_parameters" },
	{ "MPAT.encapsulation", NULL,
	  "arms as the kernel packs them; the ADB splits the MACs in halves" },
	{ "CWTP.profile", NULL,
	  "the kernel's array of 3; the ADB's profile1_* .. profile3_*" },
	{ "RALUE.dip", NULL, "by protocol in the kernel; the ADB's 4 words" },
	{ "RALUE.action", NULL,
	  "by action_type in the kernel; the ADB's 5 words" },
	{ "RAUHTD.type", "entry_type", "kernel name" },
	{ "RAUHTD.record", NULL, "the kernel's records; the ADB has none" },
	{ "RICNT", NULL,
	  "the kernel's named 64-bit counters; the ADB's counter_set words" },
	{ "RDPM.e", NULL,
	  "the kernel's entry for DSCP k is byte 0x3f - k; the ADB's dscp[k] byte k" },
	{ "RDPM.prio", NULL,
	  "the kernel's entry for DSCP k is byte 0x3f - k; the ADB's dscp[k] byte k" },
	{ "MTBR.temperature_record", NULL,
	  "47 records in the kernel (MTBR_REC_MAX_COUNT), 2 in the ADB" },
	{ NULL, NULL, NULL }
};

/* enum labels named after the kernel's constants where the ADB's differ */
static const struct alias enum_aliases[] = {
	{ "SFD.op.dump_or_test", "SFD_TEST", "query dump / write test" },
	{ "SFD.op.query_or_edit", "SFD_EDIT", "query / write edit" },
	{ "SFD.op.query_clear_or_remove", "SFD_REMOVE",
	  "query and clear activity / write remove" },
	{ "SPMS.state.no_change", "STP_DO_NOT_UPDATE", "kernel name" },
	{ "SPMS.state.discarding", "STP_DISCARDING", "kernel name" },
	{ "SPMS.state.learning", "STP_LEARNING", "kernel name" },
	{ "SPMS.state.forwarding", "STP_FORWARDING", "kernel name" },
	{ NULL, NULL, NULL }
};

static unsigned int n_fields, n_regs, n_skipped, n_spans, n_reversed;

static const struct alias *find_alias(const struct alias *t, const char *p)
{
	for (; t->path; t++)
		if (!strcmp(t->path, p))
			return t;
	return NULL;
}

static bool is_word_item(const struct hwmsg_reg_field *f)
{
	return f->kind != HWMSG_REG_LAYOUT && f->kind != HWMSG_REG_UNION &&
	       f->width <= 32 && f->shift + f->width <= 32;
}

/* Element 0's first bit in big-endian bit order, from its layout's base. */
static uint64_t elem0_bit(const struct hwmsg_reg_field *f, uint64_t base)
{
	uint64_t b = (base + f->offset) * 8;

	return is_word_item(f) ? b + 32 - f->shift - f->width : b;
}

/* The first bit of all its elements: element 0's, unless it counts back */
static uint64_t first_bit(const struct hwmsg_reg_field *f, uint64_t base)
{
	uint64_t b = elem0_bit(f, base);

	return f->backward ? b - (uint64_t)(f->count - 1) * f->stride : b;
}

static uint64_t span_end(const struct hwmsg_reg_field *f, uint64_t base)
{
	uint64_t end = elem0_bit(f, base) + f->width;

	if (f->count && !f->backward)
		end += (uint64_t)(f->count - 1) * f->stride;
	return end;
}

static const struct hwmsg_reg_field *
find_field(const struct hwmsg_reg_layout *l, const char *name)
{
	unsigned int i;

	for (i = 0; i < l->n_fields; i++)
		if (!strcmp(l->fields[i].name, name))
			return &l->fields[i];
	return NULL;
}

#define FAIL(...)                                                            \
	do {                                                                 \
		test_checks++;                                               \
		test_failures++;                                             \
		fprintf(stderr, __VA_ARGS__);                                \
		fputc('\n', stderr);                                         \
	} while (0)

static void compare_layout(const char *path, const struct hwmsg_reg_layout *b,
			   uint64_t bbase, const struct hwmsg_reg_layout *a,
			   uint64_t abase);

/* A field the ADB splits in two: the pair must cover exactly its bits. */
static bool compare_split(const char *path, const struct hwmsg_reg_field *f,
			  uint64_t bbase, const struct hwmsg_reg_layout *a,
			  uint64_t abase)
{
	static const char *const pairs[][2] = {
		{ "_high", "_low" }, { "_hi", "_lo" }, { "_47_32", "_31_0" },
	};
	char hi[96], lo[96];
	unsigned int i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		const struct hwmsg_reg_field *h, *l;

		JOIN(hi, "%s%s", f->name, pairs[i][0]);
		JOIN(lo, "%s%s", f->name, pairs[i][1]);
		h = find_field(a, hi);
		l = find_field(a, lo);
		if (!h || !l)
			continue;
		test_checks++;
		if (first_bit(h, abase) != first_bit(f, bbase) ||
		    span_end(h, abase) != first_bit(l, abase) ||
		    span_end(l, abase) != span_end(f, bbase))
			FAIL("%s: bits %llu..%llu, ADB %s+%s %llu..%llu", path,
			     (unsigned long long)first_bit(f, bbase),
			     (unsigned long long)span_end(f, bbase), hi, lo,
			     (unsigned long long)first_bit(h, abase),
			     (unsigned long long)span_end(l, abase));
		n_spans++;
		return true;
	}
	return false;
}

static void compare_enums(const char *path, const struct hwmsg_reg_field *f,
			  const struct hwmsg_reg_field *a)
{
	unsigned int i, k;
	char key[160];

	if (!f->enums || !a->enums)
		return;
	for (i = 0; f->enums[i].name; i++) {
		const struct alias *al;
		const char *want = f->enums[i].name;

		JOIN(key, "%s.%s", path, want);
		al = find_alias(enum_aliases, key);
		if (al)
			want = al->adb;
		for (k = 0; a->enums[k].name; k++)
			if (a->enums[k].value == f->enums[i].value &&
			    !strcasecmp(a->enums[k].name, want))
				break;
		test_checks++;
		if (!a->enums[k].name)
			FAIL("%s: enum %s=%u not in the ADB", path,
			     f->enums[i].name, f->enums[i].value);
	}
}

static void compare_field(const char *path, const struct hwmsg_reg_field *f,
			  uint64_t bbase, const struct hwmsg_reg_field *a,
			  uint64_t abase)
{
	bool same_shape = f->count == a->count &&
			  (f->kind == HWMSG_REG_LAYOUT) ==
				  (a->kind == HWMSG_REG_LAYOUT) &&
			  (f->kind == HWMSG_REG_UNION) ==
				  (a->kind == HWMSG_REG_UNION) &&
			  is_word_item(f) == is_word_item(a);
	char sub[256];
	unsigned int i, k;

	n_fields++;
	test_checks++;
	/*
	 * The kernel's bit arrays (SPMS state) count element 0 from the last
	 * byte; the ADB counts from the first. The same bits, elements and
	 * values, numbered the other way: the built-in follows the driver.
	 */
	if (f->backward && !a->backward && f->count == a->count &&
	    f->width == a->width && f->stride == a->stride) {
		n_spans++;
		n_reversed++;
		if (first_bit(f, bbase) != first_bit(a, abase) ||
		    span_end(f, bbase) != span_end(a, abase))
			FAIL("%s: bit array over bits %llu..%llu, ADB %llu..%llu",
			     path, (unsigned long long)first_bit(f, bbase),
			     (unsigned long long)span_end(f, bbase),
			     (unsigned long long)first_bit(a, abase),
			     (unsigned long long)span_end(a, abase));
		compare_enums(path, f, a);
		return;
	}
	if (!same_shape) {
		/* modelled differently: the same bits */
		n_spans++;
		if (first_bit(f, bbase) != first_bit(a, abase) ||
		    span_end(f, bbase) != span_end(a, abase))
			FAIL("%s: bits %llu..%llu, ADB %s %llu..%llu", path,
			     (unsigned long long)first_bit(f, bbase),
			     (unsigned long long)span_end(f, bbase), a->name,
			     (unsigned long long)first_bit(a, abase),
			     (unsigned long long)span_end(a, abase));
		return;
	}
	if (first_bit(f, bbase) != first_bit(a, abase) ||
	    (f->kind != HWMSG_REG_LAYOUT && f->kind != HWMSG_REG_UNION &&
	     f->width != a->width) ||
	    (f->count && f->stride != a->stride))
		FAIL("%s: 0x%x.%u/%u [%u stride %u], ADB 0x%x.%u/%u [%u stride %u]",
		     path, (unsigned int)(bbase + f->offset), f->shift, f->width,
		     f->count, f->stride, (unsigned int)(abase + a->offset),
		     a->shift, a->width, a->count, a->stride);
	if (f->has_msb) {
		/* the loader joins the ADB's lp_msb into its local_port */
		struct hwmsg_reg_field mf = {
			.offset = f->msb_offset, .shift = f->msb_shift,
			.width = f->msb_width, .kind = HWMSG_REG_UINT,
		};
		struct hwmsg_reg_field am = {
			.offset = a->msb_offset, .shift = a->msb_shift,
			.width = a->msb_width, .kind = HWMSG_REG_UINT,
		};

		test_checks++;
		if (!a->has_msb || first_bit(&am, abase) != first_bit(&mf, bbase) ||
		    am.width != mf.width)
			FAIL("%s: msb 0x%x.%u/%u does not match the ADB's lp_msb",
			     path, f->msb_offset, f->msb_shift, f->msb_width);
	}
	compare_enums(path, f, a);
	if (f->kind == HWMSG_REG_LAYOUT) {
		compare_layout(path, f->layout, bbase + f->offset, a->layout,
			       abase + a->offset);
		return;
	}
	if (f->kind != HWMSG_REG_UNION)
		return;
	for (i = 0; i < f->n_cases; i++) {
		for (k = 0; k < a->n_cases; k++)
			if (a->cases[k].value == f->cases[i].value)
				break;
		test_checks++;
		if (k == a->n_cases) {
			FAIL("%s: no ADB arm for %s = %u", path, f->selector,
			     f->cases[i].value);
			continue;
		}
		JOIN(sub, "%s.%s", path, f->cases[i].name);
		compare_layout(sub, f->cases[i].layout, bbase + f->offset,
			       a->cases[k].layout, abase + a->offset);
	}
}

static void compare_layout(const char *path, const struct hwmsg_reg_layout *b,
			   uint64_t bbase, const struct hwmsg_reg_layout *a,
			   uint64_t abase)
{
	char sub[256];
	unsigned int i;

	for (i = 0; i < b->n_fields; i++) {
		const struct hwmsg_reg_field *f = &b->fields[i];
		const struct hwmsg_reg_field *af = find_field(a, f->name);
		const struct alias *al;

		JOIN(sub, "%s.%s", path, f->name);
		al = find_alias(aliases, sub);
		if (al && !al->adb)
			continue;
		if (al)
			af = find_field(a, al->adb);
		if (af) {
			compare_field(sub, f, bbase, af, abase);
			continue;
		}
		if (compare_split(sub, f, bbase, a, abase)) {
			n_fields++;
			continue;
		}
		FAIL("%s: no such field in the ADB", sub);
	}
}

/* The kernel's SFTR2 is the ADB's SFTR_V2. */
static bool same_version(const char *kernel, const char *adb)
{
	const char *v = strstr(adb, "_V");
	size_t n = v ? (size_t)(v - adb) : 0;

	return v && !strncasecmp(kernel, adb, n) && !strcmp(kernel + n, v + 2);
}

int main(void)
{
	const struct hwmsg_regdb *builtin = hwmsg_regdb_builtin();
	struct hwmsg_regdb *adb[2];
	struct hwmsg_err err = { 0 };
	unsigned int i, k;

	for (k = 0; k < 2; k++) {
		adb[k] = hwmsg_regdb_new();
		if (hwmsg_regdb_load_adb(adb[k], hwmsg_adb_default_paths[k],
					 &err)) {
			/* install-deps.sh installs mstflint: missing is a failure */
			fprintf(stderr, "%s\n", err.msg);
			CHECK(0);
			return test_done("test_regdb_adb_xcheck");
		}
	}
	for (i = 0; i < hwmsg_regdb_count(builtin); i++) {
		const struct hwmsg_reg *r = hwmsg_regdb_at(builtin, i);
		const struct hwmsg_reg *a = NULL;

		if (!r->layout)
			continue;
		if (find_alias(aliases, r->name)) {
			/* a whole register modelled another way */
			printf("not compared: %s: %s\n", r->name,
			       find_alias(aliases, r->name)->why);
			n_skipped++;
			continue;
		}
		for (k = 0; k < 2 && !(a && a->layout); k++)
			a = hwmsg_regdb_find(adb[k], r->id);
		if (!a || !a->layout) {
			printf("not in the ADB files: %s\n", r->name);
			n_skipped++;
			continue;
		}
		test_checks++;
		if (strcasecmp(a->name, r->name) && !same_version(r->name, a->name))
			FAIL("0x%04x: built-in %s, ADB %s", r->id, r->name,
			     a->name);
		n_regs++;
		compare_layout(r->name, r->layout, 0, a->layout, 0);
	}
	printf("compared %u registers, %u fields (%u by span, %u bit arrays numbered the kernel's way); %u not in the ADB\n",
	       n_regs, n_fields, n_spans, n_reversed, n_skipped);
	CHECK_EQ(n_reversed, 1);	/* SPMS state */
	CHECK(n_regs >= 50);
	for (k = 0; k < 2; k++)
		hwmsg_regdb_free(adb[k]);
	return test_done("test_regdb_adb_xcheck");
}

/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register database: names and field layouts of Mellanox registers,
 * from the built-in descriptions (formats/regdb/db/) and mstflint's ADB
 * files, and the decoder that turns a register payload into named fields.
 *
 * Field positions follow the kernel's MLXSW_ITEM32 convention (see wire.h):
 * fields of up to 32 bits live in the big-endian 32-bit word at byte
 * `offset`, at bit `shift` (LSB = 0), `width` bits. Wider fields (MACs,
 * addresses, 64-bit counters, strings, byte arrays) start at `offset` and
 * take width / 8 bytes.
 */
#ifndef HWMSG_REGDB_H
#define HWMSG_REGDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "hwmsg/err.h"
#include "hwmsg/msg.h"

enum hwmsg_reg_kind {
	HWMSG_REG_UINT,
	HWMSG_REG_INT,		/* two's complement in width bits */
	HWMSG_REG_BOOL,
	HWMSG_REG_ENUM,		/* uint with names (field->enums) */
	HWMSG_REG_MAC,		/* 48 bits */
	HWMSG_REG_IPV4,		/* 32 bits */
	HWMSG_REG_IPV6,		/* 128 bits */
	HWMSG_REG_STRING,	/* NUL-padded ASCII */
	HWMSG_REG_BYTES,	/* shown as hex */
	HWMSG_REG_U64,		/* 64-bit big-endian counter */
	HWMSG_REG_LAYOUT,	/* a nested layout (field->layout) */
	HWMSG_REG_UNION,	/* one of field->cases, chosen by a selector */
	HWMSG_REG_FLAGS,	/* bit mask; field->enums names bit numbers */
	HWMSG_REG_KIND_COUNT
};

enum hwmsg_reg_access {
	HWMSG_REG_RW,
	HWMSG_REG_RO,
	HWMSG_REG_WO,
	HWMSG_REG_INDEX,	/* picks the instance: local_port, module */
	HWMSG_REG_OP,		/* an operation code, not state */
	HWMSG_REG_ACCESS_COUNT
};

enum hwmsg_reg_source {
	HWMSG_REG_BUILTIN,
	HWMSG_REG_ADB,
};

struct hwmsg_reg_layout;

/* One arm of a union: used when the selector equals value. */
struct hwmsg_reg_case {
	uint32_t value;
	const char *name;		/* path element: "unicast" */
	const struct hwmsg_reg_layout *layout;
};

struct hwmsg_reg_field {
	const char *name;
	const char *descr;		/* may be NULL */
	uint32_t offset;		/* bytes from the start of its layout */
	uint8_t shift;			/* LSB's bit, width <= 32 only */
	uint32_t width;			/* bits */
	uint8_t kind;			/* enum hwmsg_reg_kind */
	uint8_t access;			/* enum hwmsg_reg_access */
	uint32_t count;			/* array elements; 0: a scalar */
	uint32_t stride;		/* bits between array elements */
	/*
	 * The kernel's MLXSW_ITEM_BIT_ARRAY: packed elements counted
	 * backwards, element 0 at offset/shift (the last word's low bits),
	 * element k stride * k bits before it in big-endian bit order.
	 */
	bool backward;
	/* Split local port (MLXSW_ITEM32_LP): bits 8.. of the value */
	bool has_msb;
	uint32_t msb_offset;
	uint8_t msb_shift, msb_width;
	/* uint/int/u64: a unit ("C", "s"; NULL: none) and a scale: the
	 * quantity is raw * scale_num / scale_den (scale_den 0: no scale) */
	const char *unit;
	uint32_t scale_num, scale_den;
	/* ENUM values or FLAGS bit numbers, {0, NULL}-terminated */
	const struct hwmsg_name *enums;
	const struct hwmsg_reg_layout *layout;	/* LAYOUT */
	const char *selector;		/* UNION: sibling field path */
	const struct hwmsg_reg_case *cases;	/* UNION */
	unsigned int n_cases;
	/* strlen(name) for a name with no dot that fits a path, set when
	 * the register is added to a database (0: not known) */
	uint16_t name_len;
};

struct hwmsg_reg_layout {
	const char *name;
	uint32_t len;			/* bytes */
	const struct hwmsg_reg_field *fields;
	unsigned int n_fields;
};

struct hwmsg_reg {
	uint16_t id;
	const char *name;		/* upper case, "PMLP" */
	const char *lname;		/* lower case, for paths: "pmlp" */
	const char *descr;		/* may be NULL */
	uint32_t len;			/* bytes; 0: known by name only */
	uint8_t source;			/* enum hwmsg_reg_source */
	const struct hwmsg_reg_layout *layout;	/* NULL: name only */
	/* values a decode can yield at most, past the limit on them if
	 * more (set when added to a database; 0: not known) */
	uint32_t max_values;
	/* the fields a one-line summary may show, found when added to a
	 * database (NULL: looked for per summary) */
	const struct regdb_summary_plan *summary;
	/* another register the vendor files give this id (0x2032: SPMS_V2
	 * and CPID), told apart by payload length
	 * (hwmsg_reg_lookup_len()); NULL: none */
	const struct hwmsg_reg *alt;
};

/* A set of registers. The first one loaded for an id wins. */
struct hwmsg_regdb;

struct hwmsg_regdb *hwmsg_regdb_new(void);
void hwmsg_regdb_free(struct hwmsg_regdb *db);

/*
 * Parse register descriptions in the text format (docs/regdb.md). file
 * names the text in errors ("port.reg:12: ..."). On error the registers
 * of this text are not added.
 */
int hwmsg_regdb_load_text(struct hwmsg_regdb *db, const char *text,
			  size_t len, const char *file, struct hwmsg_err *err);
/* Add the built-in descriptions (compiled into the library). */
int hwmsg_regdb_load_builtin(struct hwmsg_regdb *db, struct hwmsg_err *err);
/* Load an mstflint ADB XML file, or one held in memory. */
int hwmsg_regdb_load_adb(struct hwmsg_regdb *db, const char *path,
			 struct hwmsg_err *err);
int hwmsg_regdb_load_adb_mem(struct hwmsg_regdb *db, const char *buf,
			     size_t len, const char *file,
			     struct hwmsg_err *err);

/* The installed mstflint databases, switch then hca. */
extern const char *const hwmsg_adb_default_paths[];

/*
 * What most tools want: the built-in database, then the ADB files of
 * HWMSG_ADB_PATH (colon separated) or, if unset, the installed defaults
 * that exist. Missing default files are not an error. Built once per
 * process and never freed; NULL (err set) only if a file fails to parse.
 */
const struct hwmsg_regdb *hwmsg_regdb_default(struct hwmsg_err *err);
/* The built-in database alone, built once. Never NULL. */
const struct hwmsg_regdb *hwmsg_regdb_builtin(void);

const struct hwmsg_reg *hwmsg_regdb_find(const struct hwmsg_regdb *db,
					 uint16_t id);
/*
 * What a decoding tool wants for one id: the built-in description if it
 * has a layout, else hwmsg_regdb_default()'s, whose ADB files are loaded
 * only on the first such miss (a trace of built-in registers never pays
 * for them). NULL if unknown.
 */
const struct hwmsg_reg *hwmsg_reg_lookup(uint16_t id);
/*
 * The same by name (case-insensitive): the built-in description if it has
 * a layout, else the vendor databases' (loaded then), else the built-in
 * one without a layout; NULL if unknown. *db (when not NULL) is the
 * database it came from; err as hwmsg_regdb_default() sets it.
 */
const struct hwmsg_reg *hwmsg_reg_lookup_name(const char *name,
					      const struct hwmsg_regdb **db,
					      struct hwmsg_err *err);
/*
 * hwmsg_reg_lookup() for a payload of len bytes: where one id has two
 * registers of different lengths (reg->alt), the one of that length.
 */
const struct hwmsg_reg *hwmsg_reg_lookup_len(uint16_t id, size_t len);
/* The same choice among reg and its alternatives. */
const struct hwmsg_reg *hwmsg_reg_pick_len(const struct hwmsg_reg *reg,
					   size_t len);
/* By name, case-insensitive ("pmlp", "PMLP"). */
const struct hwmsg_reg *hwmsg_regdb_find_name(const struct hwmsg_regdb *db,
					      const char *name);
/* Registers in id order: i from 0 to hwmsg_regdb_count() - 1. */
unsigned int hwmsg_regdb_count(const struct hwmsg_regdb *db);
const struct hwmsg_reg *hwmsg_regdb_at(const struct hwmsg_regdb *db,
				       unsigned int i);

/* Name of a register id ("PMLP"): built-in, else from the vendor (ADB)
 * databases, which are then loaded once; NULL if unknown. Until the
 * built-in database is built, the built-in names come from a table of
 * names alone (hwmsg_regdb_builtin_name()), a fraction of its cost. */
const char *hwmsg_reg_name(uint16_t id);
/* The built-in name of id, or NULL: what hwmsg_regdb_builtin() names it. */
const char *hwmsg_regdb_builtin_name(uint16_t id);

extern const struct hwmsg_name hwmsg_reg_kind_names[];
extern const struct hwmsg_name hwmsg_reg_access_names[];
extern const struct hwmsg_name hwmsg_reg_source_names[];

/*
 * Every leaf field of every register with a layout, for tools that declare
 * one filter field per register field (Wireshark). filter is
 * "mlxreg.<reg>.<path without array indices>", e.g.
 * "mlxreg.pmlp.lane_module_mapping.tx_lane"; it is the same string the
 * decoder puts in hwmsg_reg_value.filter. Union arms show up under their
 * layout name ("mlxreg.sfd.record.unicast.mac"). A non-zero return from fn
 * stops the walk and is returned.
 */
typedef int (*hwmsg_regdb_field_fn)(void *ctx, const struct hwmsg_reg *reg,
				    const struct hwmsg_reg_field *field,
				    const char *filter);
int hwmsg_regdb_foreach_field(const struct hwmsg_regdb *db,
			      hwmsg_regdb_field_fn fn, void *ctx);

/* ---- decoding ---------------------------------------------------------- */

#define HWMSG_REG_PATH_MAX 128

/* One decoded field (a leaf) or group (an array element, layout, union). */
struct hwmsg_reg_value {
	const struct hwmsg_reg_field *field;
	unsigned int depth;		/* 0 for the register's own fields */
	bool group;			/* has children, no value itself */
	bool missing;			/* beyond the end of the payload */
	uint32_t offset;		/* bytes from the payload's start */
	uint64_t raw;			/* scalar kinds and U64 */
	const uint8_t *bytes;		/* byte-aligned: into payload */
	uint32_t n_bytes;
	char path[HWMSG_REG_PATH_MAX];	/* "lane_module_mapping[2].tx_lane" */
	char filter[HWMSG_REG_PATH_MAX];/* "mlxreg.pmlp.lane_module_mapping.tx_lane" */
};

struct hwmsg_reg_decoded {
	const struct hwmsg_reg *reg;
	struct hwmsg_reg_value *values;	/* pre-order: groups first */
	unsigned int n_values;
	unsigned int n_missing;		/* leaves beyond the payload */
	uint32_t payload_len;
	unsigned int cap;
};

/*
 * Decode payload as register id, looked up in db, or with
 * hwmsg_reg_lookup() when db is NULL. Returns 0 if every field was in the
 * payload, 1 if some were missing (they are in the list, marked missing;
 * err names the first), -1 if the register has no layout or out of memory
 * (err says so). Free with hwmsg_reg_decoded_free() whatever it returns.
 * Arrays of numbers list only their non-zero elements (SPMS: the VIDs
 * with a state, not 4096 entries); scalars and records are all listed.
 */
int hwmsg_reg_decode(const struct hwmsg_regdb *db, uint16_t id,
		     const uint8_t *payload, size_t len,
		     struct hwmsg_reg_decoded *out, struct hwmsg_err *err);
int hwmsg_reg_decode_reg(const struct hwmsg_reg *reg, const uint8_t *payload,
			 size_t len, struct hwmsg_reg_decoded *out,
			 struct hwmsg_err *err);
void hwmsg_reg_decoded_free(struct hwmsg_reg_decoded *d);
/*
 * hwmsg_reg_decode_reg into a decoded list that keeps its buffer from the
 * last call (zeroed at first): no allocation once it is large enough.
 */
int hwmsg_reg_decode_again(const struct hwmsg_reg *reg, const uint8_t *payload,
			   size_t len, struct hwmsg_reg_decoded *out,
			   struct hwmsg_err *err);
/*
 * hwmsg_reg_decode_again for printing, leaving out names it does not need
 * (building them is most of a decode's time):
 *   NO_FILTER    every value's filter name is empty;
 *   LEAF_PATHS   a value's path is its own name only ("tx_lane",
 *                "record[3]"), without its parents' (a text listing
 *                indents by depth; JSON wants the whole path).
 */
#define HWMSG_REG_DECODE_NO_FILTER	1u
#define HWMSG_REG_DECODE_LEAF_PATHS	2u
int hwmsg_reg_decode_flags(const struct hwmsg_reg *reg, const uint8_t *payload,
			   size_t len, struct hwmsg_reg_decoded *out,
			   struct hwmsg_err *err, unsigned int flags);

/*
 * A decode without a list, for printers (show -V decodes every message):
 * each value goes to value() once complete, in the list's order (a group
 * before its children), and each group to group_end() (may be NULL) after
 * its children. v lives for the call only and its path and filter are
 * empty: name is its field's or union arm's name, index its array element
 * (-1: not one). Values, zero array elements left out and the limit on
 * their number are those of a decode. Returns as hwmsg_reg_decode_reg();
 * err names a missing field by its name, without its parents'.
 * flags HWMSG_REG_WALK_TOP: the visitor wants the register's own values
 * (depth 0) only; the walk may then leave out arrays and what groups hold
 * (what is missing among those is not counted).
 */
#define HWMSG_REG_WALK_TOP	1u
/* ... and of those only the index fields (access index, not arrays). */
#define HWMSG_REG_WALK_INDEX	4u
/*
 * flags HWMSG_REG_WALK_SKIP_ZERO: the visitor shows nothing of a record
 * that decodes to groups and zero leaves only: an element of an array of
 * records whose bytes are all zero may then be left out, when it has no
 * enum field with a name for 0 and nothing in it is missing (SFN's 64
 * records, most of them empty).
 */
#define HWMSG_REG_WALK_SKIP_ZERO	2u
struct hwmsg_reg_visitor {
	void (*value)(void *ctx, const struct hwmsg_reg_value *v,
		      const char *name, long index);
	void (*group_end)(void *ctx, const struct hwmsg_reg_value *v);
};
int hwmsg_reg_walk(const struct hwmsg_reg *reg, const uint8_t *payload,
		   size_t len, unsigned int flags,
		   const struct hwmsg_reg_visitor *vis, void *ctx,
		   struct hwmsg_err *err);
/* Are the n bytes at p (a register's payload, a record in it) all zero? */
bool hwmsg_reg_bytes_zero(const uint8_t *p, size_t n);

/* "[k]", NUL-terminated, into buf (no printf: one per array element
 * printed); returns its length. A path's element index everywhere. */
#define HWMSG_REG_INDEX_MAX 24
size_t hwmsg_reg_index_suffix(char buf[HWMSG_REG_INDEX_MAX], unsigned long k);

/* The first decoded value whose path is path ("local_port"), or NULL. */
const struct hwmsg_reg_value *
hwmsg_reg_decoded_get(const struct hwmsg_reg_decoded *d, const char *path);

/*
 * What a leaf field's value is to a filter or a Wireshark field: the one
 * choice the plugin and the filter language make alike.
 */
enum hwmsg_reg_vtype {
	HWMSG_REG_V_UINT,	/* hwmsg_reg_field_bits() wide */
	HWMSG_REG_V_INT,
	HWMSG_REG_V_BOOL,
	HWMSG_REG_V_MAC,
	HWMSG_REG_V_IPV4,
	HWMSG_REG_V_IPV6,
	HWMSG_REG_V_STRING,	/* NUL-padded */
	HWMSG_REG_V_BYTES,
};

enum hwmsg_reg_vtype hwmsg_reg_field_vtype(const struct hwmsg_reg_field *f);
/* Bits of the value, a split local port's high bits included. */
uint32_t hwmsg_reg_field_bits(const struct hwmsg_reg_field *f);

/* A kind read as one number (uint, int, bool, enum, flags, u64, ipv4). */
bool hwmsg_reg_kind_is_number(uint8_t kind);

/*
 * The value as text: "17", "up (1)", "00:02:c9:01:02:03", "192.0.2.1",
 * "-3", "0x1234", "\"SN2700\"", "0x300000 (100gbase_cr4|100gbase_sr4)",
 * "376 (47 C)", "300 s", "<missing>". Returns buf.
 */
const char *hwmsg_reg_value_str(const struct hwmsg_reg_value *v, char *buf,
				size_t size);

/* Shown in hex: flags, and uints of 32 bits or more with no unit (masks,
 * ids), by every tool and the plugin alike. */
bool hwmsg_reg_field_hex(const struct hwmsg_reg_field *f);

/*
 * The quantity a number stands for (raw * scale, for a field with a unit
 * or a scale, and a value that is no special= one): true and *q set.
 */
bool hwmsg_reg_quantity(const struct hwmsg_reg_field *f, uint64_t raw,
			double *q);

/*
 * What a number's unit and scale add to it: " s", " (47.125 C)" for an
 * MTMP temperature of 377 at 1/8 C, "" for a field with neither. Returns
 * buf. hwmsg_reg_value_str() appends it; the plugin too.
 */
const char *hwmsg_reg_unit_str(const struct hwmsg_reg_field *f, uint64_t raw,
			       char *buf, size_t size);

/*
 * One-line summary of what the payload is about, from its top-level index
 * fields: "PAOS local_port 17", "MTMP sensor_index 3". Returns buf.
 */
const char *hwmsg_reg_summary(const struct hwmsg_reg_decoded *d, char *buf,
			      size_t size);

/*
 * The same summary straight from a payload, decoding only the top-level
 * scalar fields (what a one-line view needs, at a fraction of the cost of
 * a full decode). NULL when the register has no layout.
 */
const char *hwmsg_reg_index_summary(const struct hwmsg_regdb *db, uint16_t id,
				    const uint8_t *payload, size_t len,
				    char *buf, size_t size);
/* The same for a register already looked up (NULL: none). */
const char *hwmsg_reg_index_summary_reg(const struct hwmsg_reg *reg,
					const uint8_t *payload, size_t len,
					char *buf, size_t size);

/* ---- coverage: the bits no field decodes ------------------------------ */

/*
 * The set bits of payload that no field of reg decodes, found with the
 * decoder alone: each set bit is cleared in a copy that is decoded again
 * (hwmsg_reg_decode_flags()); when no decoded value changed (path, raw
 * value, bytes, missing), no field reads that bit. Returns how many such
 * bits, and sets them in mask (len bytes; may be NULL); -1 (err set) for a
 * register without a layout or out of memory. Bits past the layout's end
 * count too (a payload longer than its register).
 */
long hwmsg_reg_undecoded(const struct hwmsg_reg *reg, const uint8_t *payload,
			 size_t len, uint8_t *mask, struct hwmsg_err *err);

/*
 * A mask of payload bits as positions: runs within one big-endian 32-bit
 * word in the layouts' notation, "0x04.24/8 0x0c.3" (OFF.SHIFT/WIDTH,
 * OFF.SHIFT for one bit), "..." when buf is full. Returns buf.
 */
const char *hwmsg_reg_bits_str(const uint8_t *mask, uint32_t len, char *buf,
			       size_t size);

/* One register id of a trace. */
struct hwmsg_reg_cov_reg {
	uint16_t id;
	const struct hwmsg_reg *reg;	/* NULL: the id is unknown */
	uint64_t messages;		/* with a register payload */
	uint64_t undecoded;		/* of them with undecoded bits */
	uint64_t short_msgs;		/* of them shorter than the layout */
	uint8_t *mask;			/* their undecoded bits, OR'ed */
	uint32_t mask_len;
};

struct hwmsg_reg_cov_seen;

/* Zero-initialise; the registers are kept in id order. */
struct hwmsg_reg_coverage {
	struct hwmsg_reg_cov_reg *regs;
	unsigned int n, cap;
	uint64_t messages;		/* with a register payload */
	uint64_t full;			/* of them decoded completely */
	/* payloads seen (hashes of id, length and bytes) and what they
	 * gave: a trace repeats most of its payloads */
	struct hwmsg_reg_cov_seen *seen;
	unsigned int n_seen, cap_seen;
};

/*
 * Count one message (request or response, EMAD or CMD_REG, decoded with
 * hwmsg_msg_decode()); one without a register payload is not counted.
 * The register comes from hwmsg_reg_lookup_len(). -1 when out of memory.
 */
int hwmsg_reg_coverage_add(struct hwmsg_reg_coverage *c,
			   const struct hwmsg_msg *msg, struct hwmsg_err *err);
/* Known, with a layout, and every message of it decoded completely. */
bool hwmsg_reg_cov_reg_full(const struct hwmsg_reg_cov_reg *r);
unsigned int hwmsg_reg_coverage_full_regs(const struct hwmsg_reg_coverage *c);
void hwmsg_reg_coverage_free(struct hwmsg_reg_coverage *c);

/* ---- printing ---------------------------------------------------------- */

/* One line of a printed register: indent levels, name, value (or NULL). */
typedef void (*hwmsg_reg_line_fn)(void *ctx, unsigned int depth,
				  const char *name, const char *value);

/*
 * Walk a decoded register as lines: groups as "lane_module_mapping[2]" with
 * a NULL value, leaves as their last path element and formatted value.
 * Zero-valued leaves are skipped unless all is set (arrays of unused
 * records are mostly zeros).
 */
void hwmsg_reg_format(const struct hwmsg_reg_decoded *d, bool all,
		      hwmsg_reg_line_fn fn, void *ctx);

/* The same to f: "<indent><2 spaces per depth><name padded>  <value>\n". */
void hwmsg_reg_print(FILE *f, const struct hwmsg_reg_decoded *d,
		     const char *indent, bool all);

/* Text in memory: s (malloc'ed, len bytes used of cap) grows as needed. */
struct hwmsg_reg_text {
	char *s;
	size_t len, cap;
};

/*
 * hwmsg_reg_print()'s lines for a payload, appended to t, printed as the
 * payload is walked (hwmsg_reg_walk, no list): show -V's register text.
 * Returns as hwmsg_reg_decode_reg(); on -1 (err set) t is as it was.
 * Free t->s with free().
 */
int hwmsg_reg_text_append(struct hwmsg_reg_text *t, const struct hwmsg_reg *reg,
			  const uint8_t *payload, size_t len,
			  const char *indent, bool all, struct hwmsg_err *err);

#endif

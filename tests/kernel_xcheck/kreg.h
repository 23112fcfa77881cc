/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The register layouts of the Linux mlxsw driver, read from its reg.h:
 * MLXSW_REG_DEFINE(name, id, len) and the MLXSW_ITEM* field definitions
 * (item.h's conventions: a big-endian word of 1, 2, 4 or 8 bytes at
 * offset + step * index + in_step_offset, the value at bit shift).
 */
#ifndef KREG_H
#define KREG_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum kitem_kind {
	KITEM_WORD,		/* MLXSW_ITEM8/16/32/64[_INDEXED] */
	KITEM_LP,		/* MLXSW_ITEM32_LP: 8 bits + 2 high bits */
	KITEM_BUF,		/* MLXSW_ITEM_BUF[_INDEXED] */
	KITEM_BIT_ARRAY,	/* MLXSW_ITEM_BIT_ARRAY */
};

struct kitem {
	char name[64];		/* item name: "rec_mac", "local_port" */
	unsigned int line;	/* in reg.h */
	enum kitem_kind kind;
	unsigned int typesize;	/* WORD: bytes of the word (1, 2, 4, 8) */
	uint32_t offset;
	uint32_t shift;		/* WORD, LP */
	uint32_t bits;		/* WORD, LP (8), BIT_ARRAY: element bits */
	uint32_t bytes;		/* BUF, BIT_ARRAY */
	bool indexed;
	int32_t step;		/* negative: RDPM counts down */
	uint32_t in_step_offset;
	bool no_real_shift;
	uint32_t msb_offset, msb_shift;	/* LP: the 2 high bits */
};

struct kreg {
	char name[32];		/* lower case, as in reg.h: "sfd" */
	uint16_t id;		/* 0 for an event: known by name */
	bool event;		/* no MLXSW_REG_DEFINE, only _LEN (PUDE) */
	uint32_t len;
	unsigned int line;
	struct kitem *items;
	unsigned int n_items;
};

/* enum mlxsw_reg_<reg>_<item> { MLXSW_REG_..._LABEL [= value], ... } */
struct kenum_val {
	char name[96];
	int64_t value;
};

struct kenum {
	char name[96];		/* "mlxsw_reg_sfd_rec_type" */
	unsigned int line;
	struct kenum_val *vals;
	unsigned int n_vals;
};

struct kreg_file {
	struct kreg *regs;	/* in reg.h's order */
	unsigned int n_regs;
	unsigned int n_items;
	struct kenum *enums;	/* those whose values all evaluate */
	unsigned int n_enums;
};

/* Read reg.h; on error prints one line naming file:line to err. */
int kreg_read(const char *path, struct kreg_file *out, FILE *err);
void kreg_free(struct kreg_file *f);

/* Elements an item has within its register (1 for a plain item). */
uint32_t kitem_count(const struct kreg *r, const struct kitem *it);
/* Bits of one value: WORD bits, LP 10, BUF bytes * 8, BIT_ARRAY bits. */
uint32_t kitem_value_bits(const struct kitem *it);

/*
 * Set element index of the item to value (all ones: UINT64_MAX) in buf,
 * as the driver's _set() does; BUF items take value's low byte in every
 * byte. Returns -1 if the element does not fit in len bytes.
 */
int kitem_set(const struct kitem *it, uint32_t index, uint64_t value,
	      uint8_t *buf, uint32_t len);

#endif

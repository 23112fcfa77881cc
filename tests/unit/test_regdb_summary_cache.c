// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A show line's register summary is made once per register and key bytes
 * and copied after that (formats/regdb/summary_cache.c): whatever the
 * order of payloads, their lengths, the bytes past the key or a database
 * freed and loaded again, the copy must be the text a full decode gives.
 */
#include <stdlib.h>
#include <string.h>

#include "hwmsg/regdb.h"
#include "../test.h"

/* The summary a full decode gives, into buf. */
static const char *decoded_summary(const struct hwmsg_reg *reg,
				   const uint8_t *p, size_t len, char *buf,
				   size_t size)
{
	struct hwmsg_reg_decoded d;
	const char *s = NULL;

	if (hwmsg_reg_decode_reg(reg, p, len, &d, NULL) >= 0)
		s = hwmsg_reg_summary(&d, buf, size);
	hwmsg_reg_decoded_free(&d);
	return s ? s : "";
}

/*
 * Every built-in register: a random payload, then the same with one
 * leading byte changed (a key short of that byte would copy the first
 * text), each cut short once in a while.
 */
static void test_builtin_registers(void)
{
	const struct hwmsg_regdb *db = hwmsg_regdb_builtin();
	uint8_t base[4096], p[4096];
	unsigned int i, j, compared = 0;

	srand(7);
	for (i = 0; i < hwmsg_regdb_count(db); i++) {
		const struct hwmsg_reg *reg = hwmsg_regdb_at(db, i);
		size_t len = reg->len && reg->len < sizeof(p) ? reg->len : 64;

		if (!reg->layout)
			continue;
		for (size_t k = 0; k < len; k++)
			base[k] = (uint8_t)rand();
		for (j = 0; j < 2 * 40; j++) {
			char a[256], b[256];
			size_t n = j % 7 == 6 ? (size_t)rand() % len : len;

			memcpy(p, base, len);
			if (j % 2 && j / 2 < len)	/* odd: one byte changed */
				p[j / 2] ^= (uint8_t)(1 + rand() % 255);
			hwmsg_reg_index_summary_reg(reg, p, n, a, sizeof(a));
			decoded_summary(reg, p, n, b, sizeof(b));
			CHECK_STR(a, b);
			compared++;
		}
	}
	CHECK(compared > 80 * 50);
}

static const char *text =
	"register TST 0x9001 0x10\n"
	"\tport\t\t0x00.16/8\tindex\tuint\n"
	"\tidx\t\t0x04.0/16\tindex\tuint\n"
	"\tdata\t\t0x08.0/32\trw\tuint\n";

/* the same id and key bytes, other fields */
static const char *text_other =
	"register TST 0x9001 0x10\n"
	"\tqueue\t\t0x00.16/8\tindex\tuint\n"
	"\tslot\t\t0x04.0/16\tindex\tuint\n";

static const char *summary_of(const struct hwmsg_regdb *db, uint8_t port,
			      size_t len, char *buf, size_t size)
{
	uint8_t p[16] = { 0 };

	p[1] = port;
	p[7] = 7;
	p[11] = port;	/* not a summary field: never part of the key */
	return hwmsg_reg_index_summary(db, 0x9001, p, len, buf, size);
}

/* The high bits of a port (msb=) lie past the field's own bytes: the
 * key holds them too. */
static void test_msb_in_key(void)
{
	static const char *t = "register TST 0x9002 0x08\n"
			       "\tport\t\t0x00.24/8\tindex\tuint\tmsb=0x04.0/2\n";
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	uint8_t p[8] = { 5 };
	struct hwmsg_err err;
	char buf[64];

	CHECK(db && !hwmsg_regdb_load_text(db, t, strlen(t), "t", &err));
	if (!db)
		return;
	CHECK_STR(hwmsg_reg_index_summary(db, 0x9002, p, sizeof(p), buf,
					  sizeof(buf)), "TST port 5");
	p[7] = 1;	/* bit 8 of the port */
	CHECK_STR(hwmsg_reg_index_summary(db, 0x9002, p, sizeof(p), buf,
					  sizeof(buf)), "TST port 261");
	hwmsg_regdb_free(db);
}

/* A database freed and loaded again may reuse the same memory. */
static void test_reloaded_database(void)
{
	struct hwmsg_err err;
	char buf[64];
	int round;

	for (round = 0; round < 4; round++) {
		struct hwmsg_regdb *db = hwmsg_regdb_new();
		const char *t = round % 2 ? text_other : text;

		CHECK(db && !hwmsg_regdb_load_text(db, t, strlen(t), "t", &err));
		if (!db)
			return;
		if (round % 2) {
			CHECK_STR(summary_of(db, 5, 16, buf, sizeof(buf)),
				  "TST queue 5 slot 7");
		} else {
			CHECK_STR(summary_of(db, 5, 16, buf, sizeof(buf)),
				  "TST port 5 idx 7");
			CHECK_STR(summary_of(db, 6, 16, buf, sizeof(buf)),
				  "TST port 6 idx 7");
			CHECK_STR(summary_of(db, 5, 16, buf, sizeof(buf)),
				  "TST port 5 idx 7");
			/* cut before idx: not in the text */
			CHECK_STR(summary_of(db, 5, 4, buf, sizeof(buf)),
				  "TST port 5");
			/* a buffer too short for the kept text: cut as made */
			CHECK_STR(summary_of(db, 5, 16, buf, 8), "TST por");
			CHECK_STR(summary_of(db, 5, 16, buf, sizeof(buf)),
				  "TST port 5 idx 7");
		}
		hwmsg_regdb_free(db);
	}
}

int main(void)
{
	test_builtin_registers();
	test_reloaded_database();
	test_msb_in_key();
	return test_done("test_regdb_summary_cache");
}

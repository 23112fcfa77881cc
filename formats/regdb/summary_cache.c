// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * One-line summaries already made. A trace queries the same few ports and
 * indexes over and over, and a summary depends on nothing but its
 * register and the first key_len bytes of the payload (the plan's fields,
 * regdb_summary_key_len()): the text made once is copied after that. A
 * small direct-mapped table per thread; a collision only costs a remake.
 * The table is mapped by a thread's first summary, not in static TLS:
 * there it was zeroed at the start of every process and thread (9 pages,
 * about 0.1 ms here), including those that never make a summary (stat).
 * Mapped, not calloc'd: fresh zero pages, of which a short capture
 * touches the few its slots fall in (calloc zeroes all 9 itself).
 */
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>

#include "regdb_int.h"

#define CACHE_SLOTS	256		/* a power of two */
#define CACHE_TEXT	96		/* longer summaries are made each time */

struct cached {
	unsigned long serial;		/* of the plan; 0: empty */
	uint8_t key_len;		/* payload bytes the key holds */
	uint8_t text_len;
	uint8_t key[REGDB_SUMMARY_KEY_MAX];
	char text[CACHE_TEXT];
};

static _Thread_local struct cached *cache;
/* frees a thread's table when it ends */
static pthread_key_t cache_key;
static pthread_once_t cache_once = PTHREAD_ONCE_INIT;
static bool cache_key_made;

static void unmap(void *table)
{
	munmap(table, CACHE_SLOTS * sizeof(struct cached));
}

static void make_key(void)
{
	cache_key_made = !pthread_key_create(&cache_key, unmap);
}

/* A thread's first summary: NULL when out of memory (nothing cached). */
static struct cached *map_table(void)
{
	void *p;

	pthread_once(&cache_once, make_key);
	/* without a key a thread's table would outlive it */
	if (!cache_key_made)
		return NULL;
	p = mmap(NULL, CACHE_SLOTS * sizeof(*cache), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		return NULL;
	if (pthread_setspecific(cache_key, p)) {
		unmap(p);
		return NULL;
	}
	cache = p;
	return cache;
}

static inline struct cached *table(void)
{
	return cache ? cache : map_table();
}

static struct cached *slot(struct cached *table, const struct hwmsg_reg *reg,
			   const uint8_t *key, size_t key_len)
{
	uint32_t h = 2166136261u ^ reg->id;

	/* the walk below is FNV-1a */

	for (size_t i = 0; i < key_len; i++)
		h = (h ^ key[i]) * 16777619u;
	return &table[(h ^ h >> 16) & (CACHE_SLOTS - 1)];
}

static size_t key_of(const struct regdb_summary_plan *plan,
		     const uint8_t *payload, size_t len)
{
	return payload ? (len < plan->key_len ? len : plan->key_len) : 0;
}

bool regdb_summary_cached(const struct hwmsg_reg *reg,
			  const struct regdb_summary_plan *plan,
			  const uint8_t *payload, size_t len, char *buf,
			  size_t size)
{
	size_t n = key_of(plan, payload, len);
	struct cached *t = table();
	const struct cached *c;

	if (!t)
		return false;
	c = slot(t, reg, payload, n);
	if (c->serial != plan->serial + 1 || c->key_len != n ||
	    c->text_len >= size || (n && memcmp(c->key, payload, n)))
		return false;
	memcpy(buf, c->text, c->text_len);
	buf[c->text_len] = '\0';
	return true;
}

void regdb_summary_keep(const struct hwmsg_reg *reg,
			const struct regdb_summary_plan *plan,
			const uint8_t *payload, size_t len, const char *text,
			size_t text_len)
{
	size_t n = key_of(plan, payload, len);
	struct cached *t = table();
	struct cached *c;

	if (!t || text_len >= CACHE_TEXT)
		return;
	c = slot(t, reg, payload, n);
	c->serial = plan->serial + 1;
	c->key_len = (uint8_t)n;
	if (n)
		memcpy(c->key, payload, n);
	c->text_len = (uint8_t)text_len;
	memcpy(c->text, text, text_len);
}

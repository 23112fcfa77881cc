// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The databases tools share: the built-in one and the built-in one plus
 * the installed (or HWMSG_ADB_PATH) vendor files, each built once.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "regdb_int.h"

const char *const hwmsg_adb_default_paths[] = {
	"/usr/share/mstflint/prm_dbs/switch/ext/register_access_table.adb",
	"/usr/share/mstflint/prm_dbs/hca/ext/register_access_table.adb",
	NULL
};

int hwmsg_regdb_load_builtin(struct hwmsg_regdb *db, struct hwmsg_err *err)
{
	unsigned int i;

	for (i = 0; i < regdb_builtin_n_files; i++)
		if (hwmsg_regdb_load_text(db, regdb_builtin_files[i].text,
					  regdb_builtin_files[i].len,
					  regdb_builtin_files[i].name, err))
			return -1;
	return 0;
}

static struct hwmsg_regdb *builtin_db;
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;
/* builtin_db once built: hwmsg_reg_name() asks it instead of the names */
static _Atomic(const struct hwmsg_regdb *) builtin_ready;

static void builtin_init(void)
{
	struct hwmsg_err err;

	builtin_db = hwmsg_regdb_new();
	if (!builtin_db || hwmsg_regdb_load_builtin(builtin_db, &err)) {
		/* the built-in text is tested: this is a build defect */
		fprintf(stderr, "hwmsg: built-in register database: %s\n",
			builtin_db ? err.msg : "out of memory");
		abort();
	}
	atomic_store_explicit(&builtin_ready, builtin_db, memory_order_release);
}

const struct hwmsg_regdb *hwmsg_regdb_builtin(void)
{
	pthread_once(&builtin_once, builtin_init);
	return builtin_db;
}

/*
 * The built-in names alone (regdb_text_names() over the same files): a
 * tool that only names registers (stat) does not build every layout.
 */
static struct regdb_names builtin_names;
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static void names_init(void)
{
	struct hwmsg_err err;
	unsigned int i;

	for (i = 0; i < regdb_builtin_n_files; i++)
		if (regdb_text_names(&builtin_names, regdb_builtin_files[i].text,
				     regdb_builtin_files[i].len,
				     regdb_builtin_files[i].name, &err)) {
			fprintf(stderr, "hwmsg: built-in register names: %s\n",
				err.msg);
			abort();
		}
}

const char *hwmsg_regdb_builtin_name(uint16_t id)
{
	pthread_once(&names_once, names_init);
	return regdb_names_find(&builtin_names, id);
}

const char *hwmsg_reg_name(uint16_t id)
{
	const struct hwmsg_regdb *db =
		atomic_load_explicit(&builtin_ready, memory_order_acquire);
	const struct hwmsg_reg *r;
	const char *name;

	if (db) {	/* built already: no second table */
		r = hwmsg_regdb_find(db, id);
		if (r)
			return r->name;
	} else if ((name = hwmsg_regdb_builtin_name(id))) {
		return name;
	}
	/* only a vendor database knows it: load those once */
	r = hwmsg_reg_lookup(id);
	return r ? r->name : NULL;
}

static struct hwmsg_regdb *default_db;
static struct hwmsg_err default_err;
static pthread_once_t default_once = PTHREAD_ONCE_INIT;

static int load_path_list(struct hwmsg_regdb *db, const char *list)
{
	char *copy = strdup(list), *save = NULL, *path;
	int ret = 0;

	if (!copy)
		return hwmsg_errf(&default_err, 0, "out of memory");
	for (path = strtok_r(copy, ":", &save); path && !ret;
	     path = strtok_r(NULL, ":", &save))
		ret = hwmsg_regdb_load_adb(db, path, &default_err);
	free(copy);
	return ret;
}

static void default_init(void)
{
	const char *env = getenv("HWMSG_ADB_PATH");
	struct hwmsg_regdb *db = hwmsg_regdb_new();
	unsigned int i;

	if (!db || hwmsg_regdb_load_builtin(db, &default_err))
		goto fail;
	if (env && *env) {
		if (load_path_list(db, env))
			goto fail;
	} else {
		for (i = 0; hwmsg_adb_default_paths[i]; i++)
			if (!access(hwmsg_adb_default_paths[i], R_OK) &&
			    hwmsg_regdb_load_adb(db, hwmsg_adb_default_paths[i],
						 &default_err))
				goto fail;
	}
	default_db = db;
	return;
fail:
	if (!db)
		hwmsg_errf(&default_err, 0, "out of memory");
	hwmsg_regdb_free(db);
}

const struct hwmsg_regdb *hwmsg_regdb_default(struct hwmsg_err *err)
{
	pthread_once(&default_once, default_init);
	if (!default_db && err)
		*err = default_err;
	return default_db;
}

const struct hwmsg_reg *hwmsg_reg_lookup(uint16_t id)
{
	const struct hwmsg_reg *r = hwmsg_regdb_find(hwmsg_regdb_builtin(), id);
	const struct hwmsg_reg *a;

	if (r && r->layout)
		return r;
	a = hwmsg_regdb_find(hwmsg_regdb_default(NULL), id);
	return a ? a : r;
}

const struct hwmsg_reg *hwmsg_reg_lookup_name(const char *name,
					      const struct hwmsg_regdb **db,
					      struct hwmsg_err *err)
{
	const struct hwmsg_regdb *builtin = hwmsg_regdb_builtin();
	const struct hwmsg_regdb *vendor;
	const struct hwmsg_reg *r = hwmsg_regdb_find_name(builtin, name);
	const struct hwmsg_reg *a = NULL;

	if (!r || !r->layout) {
		vendor = hwmsg_regdb_default(err);
		a = vendor ? hwmsg_regdb_find_name(vendor, name) : NULL;
		if (a && db)
			*db = vendor;
	}
	if (a)
		return a;
	if (db)
		*db = builtin;
	return r;
}

const struct hwmsg_reg *hwmsg_reg_pick_len(const struct hwmsg_reg *reg,
					   size_t len)
{
	const struct hwmsg_reg *r;

	for (r = reg; r; r = r->alt)
		if (r->layout && r->len == len)
			return r;
	return reg;
}

const struct hwmsg_reg *hwmsg_reg_lookup_len(uint16_t id, size_t len)
{
	return hwmsg_reg_pick_len(hwmsg_reg_lookup(id), len);
}

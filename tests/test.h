/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The few assertions our unit tests need. Each CHECK prints the failing
 * expression with its values and counts; test_done() sets the exit code.
 * (Hand-written: ctest is the runner, so a framework would add nothing.)
 */
#ifndef HWMSG_TEST_H
#define HWMSG_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int test_failures;
static int test_checks;

#define CHECK(cond)                                                          \
	do {                                                                 \
		test_checks++;                                               \
		if (!(cond)) {                                               \
			test_failures++;                                     \
			fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__,  \
				__LINE__, #cond);                            \
		}                                                            \
	} while (0)

#define CHECK_EQ(a, b)                                                       \
	do {                                                                 \
		unsigned long long va_ = (unsigned long long)(a);            \
		unsigned long long vb_ = (unsigned long long)(b);            \
		test_checks++;                                               \
		if (va_ != vb_) {                                            \
			test_failures++;                                     \
			fprintf(stderr,                                      \
				"%s:%d: CHECK_EQ failed: %s (0x%llx) != %s (0x%llx)\n", \
				__FILE__, __LINE__, #a, va_, #b, vb_);       \
		}                                                            \
	} while (0)

#define CHECK_STR(a, b)                                                      \
	do {                                                                 \
		const char *sa_ = (a), *sb_ = (b);                           \
		test_checks++;                                               \
		if (!sa_ || !sb_ || strcmp(sa_, sb_)) {                      \
			test_failures++;                                     \
			fprintf(stderr,                                      \
				"%s:%d: CHECK_STR failed: %s (\"%s\") != %s (\"%s\")\n", \
				__FILE__, __LINE__, #a, sa_ ? sa_ : "(null)", \
				#b, sb_ ? sb_ : "(null)");                   \
		}                                                            \
	} while (0)

#define CHECK_MEM(a, b, n)                                                   \
	do {                                                                 \
		test_checks++;                                               \
		if (memcmp((a), (b), (n))) {                                 \
			test_failures++;                                     \
			fprintf(stderr, "%s:%d: CHECK_MEM failed: %s != %s\n", \
				__FILE__, __LINE__, #a, #b);                 \
		}                                                            \
	} while (0)

static inline int test_done(const char *name)
{
	printf("%s: %d checks, %d failed\n", name, test_checks, test_failures);
	return test_failures ? 1 : 0;
}

#endif

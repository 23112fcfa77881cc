// SPDX-License-Identifier: GPL-2.0-or-later
/* Tokens of Wireshark's display-filter syntax (epan/dfilter/scanner.l). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "filter_int.h"

static const struct {
	const char *text;
	enum tok tok;
} symbols[] = {		/* longest first */
	{ "===", T_ALL_EQ }, { "!==", T_ANY_NE },
	{ "==", T_EQ }, { "!=", T_NE }, { "~=", T_ANY_NE }, { ">=", T_GE },
	{ "<=", T_LE }, { "&&", T_AND }, { "||", T_OR }, { "..", T_DOTDOT },
	{ ">", T_GT }, { "<", T_LT }, { "!", T_NOT }, { "~", T_MATCHES },
	{ "(", T_LPAREN }, { ")", T_RPAREN }, { "{", T_LBRACE },
	{ "}", T_RBRACE }, { ",", T_COMMA },
}, keywords[] = {
	{ "and", T_AND }, { "or", T_OR }, { "not", T_NOT }, { "eq", T_EQ },
	{ "any_eq", T_EQ }, { "ne", T_NE }, { "all_ne", T_NE },
	{ "all_eq", T_ALL_EQ }, { "any_ne", T_ANY_NE }, { "gt", T_GT },
	{ "ge", T_GE }, { "lt", T_LT }, { "le", T_LE },
	{ "contains", T_CONTAINS }, { "matches", T_MATCHES }, { "in", T_IN },
};

const char *tok_name(enum tok t)
{
	size_t i;

	if (t == T_END)
		return "the end";
	if (t == T_WORD)
		return "a name or value";
	if (t == T_STRING)
		return "a string";
	for (i = 0; i < sizeof(symbols) / sizeof(symbols[0]); i++)
		if (symbols[i].tok == t)
			return symbols[i].text;
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (keywords[i].tok == t)
			return keywords[i].text;
	return "?";
}

/* Field names, numbers, addresses, enum names: 1.5, 00:02:c9:01:02:03 */
static bool word_char(const char *s, size_t i)
{
	unsigned char c = (unsigned char)s[i];

	if (c == '.')
		return s[i + 1] != '.';	/* "1..5" is 1, .., 5 */
	return isalnum(c) || c == '_' || c == ':' || c == '-';
}

static int escape(struct lexer *lx, const char *s, size_t *i, char *out)
{
	static const char from[] = "abfnrtv\\\"'", to[] = "\a\b\f\n\r\t\v\\\"'";
	const char *hit = strchr(from, s[*i]);
	unsigned int v = 0, n = 0;

	if (s[*i] && hit) {
		*out = to[hit - from];
		(*i)++;
		return 0;
	}
	if (s[*i] == 'x') {
		while (n < 2 && isxdigit((unsigned char)s[*i + 1 + n])) {
			char c = s[*i + 1 + n];

			v = v * 16 + (unsigned int)(isdigit((unsigned char)c) ?
				c - '0' : (tolower((unsigned char)c) - 'a' + 10));
			n++;
		}
		if (n) {
			*out = (char)v;
			*i += 1 + n;
			return 0;
		}
	}
	while (n < 3 && s[*i + n] >= '0' && s[*i + n] <= '7')
		v = v * 8 + (unsigned int)(s[*i + n++] - '0');
	if (n && v <= 0xff) {
		*out = (char)v;
		*i += n;
		return 0;
	}
	return hwmsg_errf(lx->err, *i - 1, "bad escape sequence in a string");
}

static int lex_string(struct lexer *lx, bool raw)
{
	const char *s = lx->src;
	size_t i = lx->pos + 1 + raw, n = 0;

	free(lx->strbuf);
	lx->strbuf = malloc(strlen(s + i) + 1);
	if (!lx->strbuf)
		return hwmsg_errf(lx->err, lx->pos, "out of memory");
	while (s[i] && s[i] != '"') {
		if (s[i] == '\\' && raw && (s[i + 1] == '"' || s[i + 1] == '\\')) {
			lx->strbuf[n++] = s[i + 1];
			i += 2;
		} else if (s[i] == '\\' && !raw) {
			i++;
			if (escape(lx, s, &i, &lx->strbuf[n++]))
				return -1;
		} else {
			lx->strbuf[n++] = s[i++];
		}
	}
	if (!s[i])
		return hwmsg_errf(lx->err, lx->pos,
				  "the final quote is missing from a string");
	lx->strbuf[n] = 0;
	lx->cur.tok = T_STRING;
	lx->cur.text = lx->strbuf;
	lx->cur.len = n;
	lx->pos = i + 1;
	return 0;
}

int lex_next(struct lexer *lx)
{
	const char *s = lx->src;
	size_t i, k;

	while (isspace((unsigned char)s[lx->pos]))
		lx->pos++;
	lx->cur.col = (unsigned int)lx->pos;
	lx->cur.text = s + lx->pos;
	lx->cur.len = 0;
	if (!s[lx->pos]) {
		lx->cur.tok = T_END;
		return 0;
	}
	if (s[lx->pos] == '"')
		return lex_string(lx, false);
	if ((s[lx->pos] == 'r' || s[lx->pos] == 'R') && s[lx->pos + 1] == '"')
		return lex_string(lx, true);
	for (k = 0; k < sizeof(symbols) / sizeof(symbols[0]); k++) {
		size_t n = strlen(symbols[k].text);

		if (!strncmp(s + lx->pos, symbols[k].text, n)) {
			lx->cur.tok = symbols[k].tok;
			lx->cur.len = n;
			lx->pos += n;
			return 0;
		}
	}
	for (i = lx->pos; s[i] && word_char(s, i); i++)
		;
	if (i == lx->pos) {
		if (isprint((unsigned char)s[i]))
			return hwmsg_errf(lx->err, i,
					  "\"%c\" was unexpected here", s[i]);
		return hwmsg_errf(lx->err, i,
				  "non-printable characters may only appear inside double quotes");
	}
	lx->cur.len = i - lx->pos;
	lx->cur.tok = T_WORD;
	for (k = 0; k < sizeof(keywords) / sizeof(keywords[0]); k++)
		if (strlen(keywords[k].text) == lx->cur.len &&
		    !strncmp(keywords[k].text, lx->cur.text, lx->cur.len))
			lx->cur.tok = keywords[k].tok;
	lx->pos = i;
	return 0;
}

int lex_init(struct lexer *lx, const char *src, struct hwmsg_err *err)
{
	memset(lx, 0, sizeof(*lx));
	lx->src = src;
	lx->err = err;
	return lex_next(lx);
}

void lex_free(struct lexer *lx)
{
	free(lx->strbuf);
	lx->strbuf = NULL;
}

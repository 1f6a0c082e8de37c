/* strbuf.c -- one way to build a string (strbuf.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

void strbuf_init(struct strbuf *b, size_t max)
{
	*b = (struct strbuf){.max = max};
}

void strbuf_fixed(struct strbuf *b, char *buf, size_t cap)
{
	*b = (struct strbuf){.data = buf, .cap = buf != NULL ? cap : 0};
	if (b->cap > 0)
		buf[0] = '\0';
}

void strbuf_release(struct strbuf *b)
{
	if (b->max == 0) {
		strbuf_fixed(b, b->data, b->cap);
		return;
	}
	free(b->data);
	strbuf_init(b, b->max);
}

/* Make room in a growing buffer for `more` bytes and a NUL. Return 0, or
 * -1 (it failed). */
static int reserve(struct strbuf *b, size_t more)
{
	size_t cap = b->cap > 0 ? b->cap : 4096;
	char *p;

	if (b->failed)
		return -1;
	if (more >= b->max || b->len + more + 1 > b->max) {
		b->failed = true;
		return -1;
	}
	if (b->len + more + 1 <= b->cap)
		return 0;
	while (cap < b->len + more + 1)
		cap *= 2;
	if (cap > b->max)
		cap = b->max;
	p = realloc(b->data, cap);
	if (p == NULL) {
		b->failed = true;
		return -1;
	}
	b->data = p;
	b->cap = cap;
	return 0;
}

void strbuf_add(struct strbuf *b, const char *s, size_t n)
{
	size_t room, at = b->len;

	if (b->max > 0) {
		if (reserve(b, n) != 0)
			return;
		memcpy(b->data + at, s, n);
		b->len += n;
		b->data[b->len] = '\0';
		return;
	}
	b->len += n; /* fixed: counted whole, kept as far as it fits */
	if (b->cap == 0 || at >= b->cap - 1)
		return;
	room = b->cap - 1 - at;
	memcpy(b->data + at, s, n < room ? n : room);
	b->data[at + (n < room ? n : room)] = '\0';
}

void strbuf_puts(struct strbuf *b, const char *s)
{
	strbuf_add(b, s, strlen(s));
}

void strbuf_printf(struct strbuf *b, const char *fmt, ...)
{
	char small[256], *text = small;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->failed = b->max > 0;
		return;
	}
	if ((size_t)n >= sizeof(small)) {
		text = malloc((size_t)n + 1);
		if (text == NULL) {
			b->failed = b->max > 0;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(text, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	strbuf_add(b, text, (size_t)n);
	if (text != small)
		free(text);
}

void strbuf_chomp(struct strbuf *b)
{
	size_t held = strbuf_cut(b) ? (b->cap > 0 ? b->cap - 1 : 0) : b->len;

	if (held > 0 && b->data[held - 1] == '\n') {
		b->data[held - 1] = '\0';
		b->len = held - 1;
	}
}

bool strbuf_cut(const struct strbuf *b)
{
	return b->max == 0 && b->len >= b->cap;
}

/* number.c -- whole decimal numbers read from text (see number.h). */
#include "number.h"

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

/* Read the digits at *s (at least one) into *v and move *s past them.
 * Return 0, or -1 when there is no digit or the value passes `max`. */
static int digits(const char **s, unsigned long long max, unsigned long long *v)
{
	const char *p = *s;
	unsigned long long d;

	*v = 0;
	if (*p < '0' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		d = (unsigned long long)(*p - '0');
		if (*v > (max - d) / 10)
			return -1;
		*v = *v * 10 + d;
	}
	*s = p;
	return 0;
}

int number_parse(const char *s, unsigned long long lo, unsigned long long hi,
		 unsigned long long *out)
{
	unsigned long long v;

	if (digits(&s, ULLONG_MAX, &v) != 0 || *s != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

const char *number_scan(const char *s, long long lo, long long hi,
			long long *out)
{
	unsigned long long limit = (unsigned long long)LLONG_MAX, v;
	bool negative = lo < 0 && *s == '-';
	long long x;

	if (negative) {
		s++;
		limit++; /* -LLONG_MIN */
	}
	if (digits(&s, limit, &v) != 0)
		return NULL;
	if (!negative)
		x = (long long)v;
	else if (v == limit)
		x = LLONG_MIN;
	else
		x = -(long long)v;
	if (x < lo || x > hi)
		return NULL;
	*out = x;
	return s;
}

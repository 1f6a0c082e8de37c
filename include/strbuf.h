/* strbuf.h -- one way to build a string, in the manner of git's strbuf:
 * bytes appended to a buffer that either grows on the heap up to a
 * limit (a web page), or is the caller's array of a fixed size (a
 * record written into the caller's buffer, a line of the board, a
 * sentence): cut to fit there, its length still counting every byte
 * appended, as snprintf() counts, so the caller can tell it was cut.
 *
 * Every writer is a no-op on a growing buffer once it failed (memory
 * ran out, or the limit would be passed). The bytes held are always
 * NUL-terminated (but for a fixed buffer of no room at all, which only
 * counts). Pure C: no I/O, no globals.
 */
#ifndef GOMOKU_STRBUF_H
#define GOMOKU_STRBUF_H

#include <stdbool.h>
#include <stddef.h>

struct strbuf {
	char *data;  /* the bytes, NUL-terminated; NULL while a growing
		      * buffer is empty */
	size_t len;  /* bytes appended (a fixed buffer holds fewer when
		      * len >= cap: the rest was cut) */
	size_t cap;  /* bytes data can hold, its NUL included */
	size_t max;  /* a growing buffer's limit, its NUL included; 0 for a
		      * fixed one */
	bool failed; /* a growing buffer ran out of memory or room */
};

/* An empty growing buffer of at most `max` bytes with its NUL
 * (allocates nothing yet). */
void strbuf_init(struct strbuf *b, size_t max);

/* An empty buffer over the caller's buf[cap] (cap may be 0 and buf NULL:
 * it then only counts). */
void strbuf_fixed(struct strbuf *b, char *buf, size_t cap);

/* Free a growing buffer's bytes; it is empty (and not failed) again. A
 * fixed buffer is only emptied. */
void strbuf_release(struct strbuf *b);

/* Append the n bytes at s. */
void strbuf_add(struct strbuf *b, const char *s, size_t n);

/* Append the string s. */
void strbuf_puts(struct strbuf *b, const char *s);

/* Append printf-formatted text. */
void strbuf_printf(struct strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Drop the newline that ends the bytes held, if one does. */
void strbuf_chomp(struct strbuf *b);

/* True when a fixed buffer could not hold everything appended with its
 * NUL. */
bool strbuf_cut(const struct strbuf *b);

#endif

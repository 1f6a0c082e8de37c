/* number.h -- whole decimal numbers read from text, for every front end
 * (the command line, the menus, the replay, the brain protocol).
 *
 * Pure: no I/O, no locale, no errno, no allocation. Only ASCII digits
 * count (no '+', no blanks, no hexadecimal); a number too big for its
 * type is refused, never clamped.
 */
#ifndef GOMOKU_NUMBER_H
#define GOMOKU_NUMBER_H

/* Parse all of `s` as digits only (no sign, no blanks), with a value in
 * lo..hi, into *out. Return 0, or -1 with *out unchanged when s is empty,
 * holds anything but digits, or is out of range (overflow included). */
int number_parse(const char *s, unsigned long long lo, unsigned long long hi,
		 unsigned long long *out);

/* Read a number at the start of `s`: one or more digits, after a '-'
 * only when lo < 0, with a value in lo..hi, into *out. Return a pointer
 * to the first character after its last digit (the caller checks what
 * follows), or NULL with *out unchanged when s does not start with one
 * or it is out of range (overflow included). */
const char *number_scan(const char *s, long long lo, long long hi,
			long long *out);

#endif

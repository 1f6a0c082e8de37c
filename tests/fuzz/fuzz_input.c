/* fuzz_input.c -- the prompt's line reader, term_read_line(), on any bytes
 * arriving through a pipe, and every line it returns through the checks
 * the prompts make (UTF-8, NUL bytes), notation_parse() and the
 * nickname's (NFC, auth_check_nickname(), the look-alike key and the
 * checks of confusable.c, the leaderboard's cell).
 *
 * The input (up to PIPE_ROOM bytes, what a pipe holds without a reader)
 * is written into a pipe whose far end is then closed. The lines read
 * back must be exactly the input cut at each "\n" (a last line without
 * one counts), with one final "\r" dropped; a line holding an ESC comes
 * back without its escape sequences (check_escaped()); a line longer than
 * TERM_LINE_MAX (that "\r" not counted, as for passwords) must come back
 * as TERM_TOO_LONG, and the reader must then carry on with the next line. End
 * of input must come once, after the last line, and never a signal or a
 * time-out.
 */
#include <string.h>
#include <unistd.h>

#include <unistr.h>

#include "auth.h"
#include "confusable.h"
#include "fuzz.h"
#include "i18n.h"
#include "notation.h"
#include "term.h"

#define PIPE_ROOM 60000

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* Write all n bytes at p to fd. */
static void write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		FUZZ_CHECK(w > 0);
		p += w;
		n -= (size_t)w;
	}
}

/* A checker, made once. */
static struct confusable *checker;

/* The look-alike key and the checks of an accepted nickname: it can
 * always tell (the nickname is valid UTF-8) and the nickname looks like
 * itself; confusable_check() can always tell too. */
static void use_lookalike(const char *nick)
{
	struct confusable_key key;

	if (checker == NULL)
		checker = confusable_open();
	FUZZ_CHECK(checker != NULL);
	FUZZ_CHECK(confusable_key(checker, nick, &key) == 0);
	FUZZ_CHECK(confusable_like(checker, &key, nick));
	FUZZ_CHECK(confusable_check(checker, nick) != CONFUSABLE_UNKNOWN);
	confusable_key_free(&key);
}

/* What the nickname prompt does with a line: put it in NFC and check
 * it. An accepted nickname is its own NFC, looks like itself (see
 * use_lookalike()), and its leaderboard cell (i18n_fit()) takes at most
 * 20 columns. */
static void use_nickname(const char *buf)
{
	char nfc[TERM_LINE_MAX + 1], again[TERM_LINE_MAX + 1], cell[128];
	size_t count;

	if (auth_nickname_nfc(buf, nfc, sizeof(nfc)) != 0 ||
	    auth_check_nickname(nfc) != AUTH_OK)
		return;
	FUZZ_CHECK(auth_nickname_nfc(nfc, again, sizeof(again)) == 0);
	FUZZ_CHECK(strcmp(nfc, again) == 0);
	use_lookalike(nfc);
	count = u8_mbsnlen((const uint8_t *)nfc, strlen(nfc));
	FUZZ_CHECK(count >= 1 && count <= AUTH_NICKNAME_MAX);
	FUZZ_CHECK(i18n_width(nfc) <= 2 * (int)count);
	FUZZ_CHECK(i18n_fit(nfc, 20, cell, sizeof(cell)) <= 20);
	FUZZ_CHECK(strncmp(cell, nfc, strlen(cell)) == 0);
}

/* What the prompts do with a line they got: refuse bad bytes, else parse
 * it as a move on two boards and check it as a nickname. */
static void use_line(const char *buf, size_t len)
{
	struct input in;

	if (!notation_utf8_valid(buf, len) || memchr(buf, '\0', len) != NULL)
		return;
	use_nickname(buf);
	notation_parse(buf, len, 15, 15, &in);
	if (in.kind == INPUT_MOVE)
		FUZZ_CHECK(in.row < 15 && in.col < 15);
	notation_parse(buf, len, 3, 3, &in);
	if (in.kind == INPUT_MOVE)
		FUZZ_CHECK(in.row < 3 && in.col < 3);
}

/* A line whose input held an ESC: the reader dropped its escape
 * sequences (term_escape_byte()), so what came back is some of the
 * input's bytes in their order, with an ESC only as its last byte (Esc
 * alone); it is refused as too long only when the input was. */
static void check_escaped(enum term_read r, const char *buf, size_t len,
			  const uint8_t *line, size_t want)
{
	const char *esc;
	size_t i = 0, j;

	if (r == TERM_TOO_LONG) {
		FUZZ_CHECK(want > TERM_LINE_MAX);
		return;
	}
	FUZZ_CHECK(r == TERM_OK);
	FUZZ_CHECK(len <= want);
	FUZZ_CHECK(buf[len] == '\0');
	for (j = 0; j < want && i < len; j++)
		if ((uint8_t)buf[i] == line[j])
			i++;
	FUZZ_CHECK(i == len);
	esc = memchr(buf, 0x1b, len);
	FUZZ_CHECK(esc == NULL || esc == buf + len - 1);
	use_line(buf, len);
}

/* Check one line read from the pipe against the next one of the input,
 * data[*pos..]; move *pos past it. */
static void check_line(enum term_read r, const char *buf, size_t len,
		       const uint8_t *data, size_t size, size_t *pos)
{
	const uint8_t *nl = memchr(data + *pos, '\n', size - *pos);
	size_t want = nl != NULL ? (size_t)(nl - (data + *pos)) : size - *pos;
	const uint8_t *line = data + *pos;

	*pos += want + (nl != NULL);
	if (want > 0 && line[want - 1] == '\r')
		want--; /* a final CR is not part of the line, nor of its length
			 */
	if (memchr(line, 0x1b, want) != NULL) {
		check_escaped(r, buf, len, line, want);
		return;
	}
	if (want > TERM_LINE_MAX) {
		FUZZ_CHECK(r == TERM_TOO_LONG);
		return;
	}
	FUZZ_CHECK(r == TERM_OK);
	FUZZ_CHECK(len == want);
	FUZZ_CHECK(memcmp(buf, line, len) == 0);
	FUZZ_CHECK(buf[len] == '\0');
	use_line(buf, len);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[TERM_LINE_MAX + 1];
	size_t pos = 0, len;
	int fds[2];

	if (size > PIPE_ROOM)
		size = PIPE_ROOM;
	FUZZ_CHECK(pipe(fds) == 0);
	write_all(fds[1], data, size);
	close(fds[1]);
	for (;;) {
		enum term_read r = term_read_line(fds[0], buf, &len);

		if (r == TERM_EOF)
			break;
		FUZZ_CHECK(pos < size);
		check_line(r, buf, len, data, size, &pos);
	}
	FUZZ_CHECK(pos == size);
	FUZZ_CHECK(term_read_line(fds[0], buf, &len) == TERM_EOF);
	close(fds[0]);
	return 0;
}

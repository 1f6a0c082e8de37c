/* fuzz_web.c -- what a web request asks (web_request_parse()) and the
 * escaping of text for HTML and URLs (web_put_text(), web_put_url()),
 * on any bytes.
 *
 * Input: up to five fields separated by NUL bytes: the path, then the
 * lang, ply and rule parameters and the Accept-Language header; a field
 * the input does not reach is NULL (not given). Checks:
 *   - the request is well formed: a known page; a player's name is the
 *     path's, 1..20 bytes of the allowed characters; a game's id is the
 *     path's number (>= 1, no leading zero); ply in -1..BOARD_MAX_CELLS
 *     and rule in -1..2, each only for its page (or a bad request);
 *     lang given exactly when the field is;
 *   - each field escaped for HTML holds no < > " ' and no & that does not
 *     start one of the five references, is valid UTF-8 and holds no
 *     control character but tab and line feed and no bidi control;
 *   - each field made a URL part holds only unreserved characters and
 *     %XX;
 *   - the error page renders for every request.
 */
#include <string.h>

#include "fuzz.h"
#include "web_pages.h"

#define FIELDS 5

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

/* The code point of the valid UTF-8 sequence at s (its length into
 * *len), or -1. The text is the escaper's output, NUL-terminated. */
static long next_cp(const unsigned char *s, size_t *len)
{
	long cp;
	size_t i;

	*len = s[0] < 0x80	       ? 1
	       : (s[0] & 0xe0) == 0xc0 ? 2
	       : (s[0] & 0xf0) == 0xe0 ? 3
	       : (s[0] & 0xf8) == 0xf0 ? 4
				       : 0;
	if (*len == 0)
		return -1;
	cp = *len == 1 ? s[0] : s[0] & (0x7f >> *len);
	for (i = 1; i < *len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = (cp << 6) | (s[i] & 0x3f);
	}
	return cp;
}

/* What web_put_text() wrote for one field is safe in HTML. */
static void check_escaped(const char *in)
{
	static const char *const refs[] = {"&amp;", "&lt;", "&gt;", "&quot;",
					   "&#39;"};
	const unsigned char *p;
	struct strbuf b;
	size_t len, i;
	long cp;

	strbuf_init(&b, WEB_PAGE_MAX);
	web_put_text(&b, in);
	FUZZ_CHECK(!b.failed);
	for (p = (const unsigned char *)(b.data != NULL ? b.data : "");
	     *p != '\0'; p += len) {
		cp = next_cp(p, &len);
		FUZZ_CHECK(cp >= 0);
		FUZZ_CHECK(cp != '<' && cp != '>' && cp != '"' && cp != '\'');
		FUZZ_CHECK(cp >= 0x20 || cp == '\t' || cp == '\n');
		FUZZ_CHECK(cp < 0x7f || cp > 0x9f);
		FUZZ_CHECK(cp != 0x202e && cp != 0x2066 && cp != 0x200f);
		if (cp != '&')
			continue;
		for (i = 0; i < sizeof(refs) / sizeof(refs[0]); i++)
			if (strncmp((const char *)p, refs[i],
				    strlen(refs[i])) == 0)
				break;
		FUZZ_CHECK(i < sizeof(refs) / sizeof(refs[0]));
	}
	strbuf_release(&b);
}

/* What web_put_url() wrote for one field is a URL part. */
static void check_url(const char *in)
{
	const char *p;
	struct strbuf b;

	strbuf_init(&b, WEB_PAGE_MAX);
	web_put_url(&b, in);
	FUZZ_CHECK(!b.failed);
	for (p = b.data != NULL ? b.data : ""; *p != '\0'; p++) {
		if (*p == '%') {
			FUZZ_CHECK(strchr("0123456789ABCDEF", p[1]) != NULL &&
				   p[1] != '\0');
			FUZZ_CHECK(strchr("0123456789ABCDEF", p[2]) != NULL &&
				   p[2] != '\0');
			p += 2;
			continue;
		}
		FUZZ_CHECK(strchr("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqr"
				  "stuvwxyz0123456789-._~",
				  *p) != NULL);
	}
	strbuf_release(&b);
}

/* The request r parsed from `field` is well formed. */
static void check_request(const struct web_request *r,
			  const char *const field[FIELDS])
{
	const char *path = field[0];
	char want[48];
	size_t n;

	FUZZ_CHECK(r->page >= WEB_HOME && r->page <= WEB_BAD_REQUEST);
	FUZZ_CHECK(r->lang == LANG_EN || r->lang == LANG_ZH);
	FUZZ_CHECK(r->lang_given == (field[1] != NULL));
	FUZZ_CHECK(r->rule >= -1 && r->rule <= RULE_RENJU);
	FUZZ_CHECK(r->ply >= -1 && r->ply <= BOARD_MAX_CELLS);
	FUZZ_CHECK(r->page == WEB_GAME || r->page == WEB_BAD_REQUEST ||
		   r->ply == -1);
	FUZZ_CHECK(r->page == WEB_HOME || r->page == WEB_BAD_REQUEST ||
		   r->rule == -1);
	if (r->page == WEB_PLAYER) {
		n = strlen(r->username);
		FUZZ_CHECK(n >= 1 && n <= PLAYER_USERNAME_MAX);
		FUZZ_CHECK(strncmp(path, "/player/", 8) == 0 &&
			   strcmp(path + 8, r->username) == 0);
		FUZZ_CHECK(strspn(r->username,
				  "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQR"
				  "STUVWXYZ0123456789_-.") == n);
	}
	if (r->page == WEB_GAME || r->page == WEB_GAME_PSQ ||
	    r->page == WEB_GAME_EVENTS) {
		FUZZ_CHECK(r->match_id >= 1);
		snprintf(want, sizeof(want), "/game/%lld%s", r->match_id,
			 r->page == WEB_GAME_PSQ      ? ".psq"
			 : r->page == WEB_GAME_EVENTS ? "/events"
						      : "");
		FUZZ_CHECK(strcmp(path, want) == 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1);
	const char *field[FIELDS] = {NULL};
	struct web_request r;
	struct strbuf b;
	size_t pos = 0;
	int n;

	if (copy == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	for (n = 0; n < FIELDS && pos <= size; n++) {
		field[n] = copy + pos;
		pos += strlen(copy + pos) + 1;
	}
	web_request_parse(&r, field[0], field[1], field[2], field[3], field[4]);
	check_request(&r, field);
	for (n = 0; n < FIELDS; n++) {
		if (field[n] == NULL)
			continue;
		check_escaped(field[n]);
		check_url(field[n]);
	}
	strbuf_init(&b, WEB_PAGE_MAX);
	web_page_error(&b, &r);
	FUZZ_CHECK(!b.failed && b.data != NULL);
	strbuf_release(&b);
	free(copy);
	return 0;
}

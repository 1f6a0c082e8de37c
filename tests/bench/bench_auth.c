/* bench_auth.c -- a login's cost: Argon2id at the production parameters
 * against the program's own work around it (reading the login row,
 * recording the success). The login should be dominated by Argon2id. */
#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "auth.h"
#include "bench.h"
#include "store.h"

#define ROUNDS 5

/* A secret holding `text`, in guarded memory like a typed password. */
static int make_secret(struct auth_secret *s, const char *text)
{
	s->bytes = sodium_malloc(AUTH_PASSWORD_MAX + 1);
	if (s->bytes == NULL)
		return -1;
	s->len = strlen(text);
	memcpy(s->bytes, text, s->len + 1);
	return 0;
}

int bench_auth(const char *dir)
{
	struct auth_secret pw = {NULL, 0};
	struct store_login login;
	struct store *s = NULL;
	char hash[AUTH_HASH_MAX], path[512];
	double t0, hash_ms = 0, verify_ms = 0, store_ms = 0;
	long long id;
	int i, ok = 0;

	snprintf(path, sizeof(path), "%s/bench-auth.db", dir);
	if (auth_init() != 0 ||
	    make_secret(&pw, "correct horse battery") != 0 ||
	    store_open(path, &s) != STORE_OK)
		return -1;
	for (i = 0; i < ROUNDS; i++) {
		t0 = bench_now_ms();
		ok += auth_hash(&pw, hash) == 0;
		hash_ms += bench_now_ms() - t0;
	}
	if (store_add_player(s, "benchuser", "Bench", hash, 1700000000, &id) !=
	    STORE_OK) {
		store_close(s);
		auth_secret_free(&pw);
		return -1;
	}
	for (i = 0; i < ROUNDS; i++) {
		t0 = bench_now_ms();
		ok += store_get_login(s, "benchuser", "", &login) == STORE_OK;
		store_ms += bench_now_ms() - t0;
		t0 = bench_now_ms();
		ok += auth_verify(login.hash, &pw);
		verify_ms += bench_now_ms() - t0;
		t0 = bench_now_ms();
		ok += store_login_succeeded(s, id, "", 1700000000, NULL) ==
		      STORE_OK;
		store_ms += bench_now_ms() - t0;
	}
	printf("\n== Logins: Argon2id (interactive) against the program ==\n"
	       "  hash %.1f ms, verify %.1f ms, database work %.2f ms per "
	       "login: Argon2id is %.1f%% of a login\n",
	       hash_ms / ROUNDS, verify_ms / ROUNDS, store_ms / ROUNDS,
	       100.0 * verify_ms / (verify_ms + store_ms));
	auth_secret_free(&pw);
	store_close(s);
	bench_remove_db(path);
	return ok == 4 * ROUNDS ? 0 : -1;
}

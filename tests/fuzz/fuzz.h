/* fuzz.h -- what every fuzz harness in tests/fuzz/ defines.
 *
 * A harness is built two ways: with clang's libFuzzer (make fuzz), which
 * supplies main(), and with driver.c's plain main() (make test), which
 * feeds it the files of its seed corpus and its saved crashes. Either
 * way LLVMFuzzerInitialize() runs once, before the first input.
 *
 * fuzz_cli also has src/main.c compiled with -Dmain=gomoku_main and this
 * header forced in (-include), which gives the renamed main() its
 * prototype.
 */
#ifndef GOMOKU_FUZZ_H
#define GOMOKU_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* Run one input. Return 0; a bug aborts (or trips a sanitizer). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Set up once. Return 0. */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* src/main.c's main(), renamed when it is built for fuzz_cli. */
int gomoku_main(int argc, char **argv);

/* Stop at once when `cond` is false: the input found a bug. Unlike
 * assert() it stays on whatever NDEBUG says. */
#define FUZZ_CHECK(cond)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "fuzz check failed: %s (%s:%d)\n",     \
				#cond, __FILE__, __LINE__);                    \
			abort();                                               \
		}                                                              \
	} while (0)

#endif

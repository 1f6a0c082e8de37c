/* bench.h -- helpers shared by the benchmarks (make bench). */
#ifndef GOMOKU_BENCH_H
#define GOMOKU_BENCH_H

/* Milliseconds on the monotonic clock. */
double bench_now_ms(void);

/* The process's resident set size in bytes (from /proc/self/statm). */
long bench_rss_bytes(void);

/* Each benchmark prints its table; returns 0, or -1 when it failed. */
int bench_store(const char *dir);
int bench_auth(const char *dir);
int bench_ai(void);
int bench_confusable(const char *dir);
int bench_remote(const char *dir);

/* Remove a database and its -wal and -shm files. */
void bench_remove_db(const char *path);

#endif

/* util.h -- small helpers shared by the rooms of the core.
 * SPDX-License-Identifier: MIT */
#ifndef GT_UTIL_H
#define GT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

const char *gt_version(void);

/* Milliseconds on a monotonic clock. */
int64_t gt_now_ms(void);
/* Microseconds on the same clock (for short measurements). */
int64_t gt_now_us(void);

/* snprintf into err (err_len bytes), tolerating err == NULL. */
void gt_errf(char *err, size_t err_len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Parse a whole decimal integer in [min, max]; 0 on success, -1 if the
 * text is not one number or is out of range. */
int gt_parse_long(const char *text, long min, long max, long *out);

/* Split off the next blank-separated word of *cursor into word (len bytes);
 * returns 0 at the end of the line.  Longer words are cut. */
int gt_next_word(const char **cursor, char *word, size_t len);

/* Skip blanks; return the rest of the line. */
const char *gt_skip_blanks(const char *s);

/* Copy src into dst (len bytes) in lower case, cutting what does not fit. */
void gt_lower_copy(char *dst, const char *src, size_t len);

/* Case-insensitive equality of two ASCII strings. */
int gt_streq_nocase(const char *a, const char *b);

/* splitmix64: the next number of a seeded sequence (*state advances).
 * Small, fast and good enough for sampling and seeds. */
static inline uint64_t gt_rand64(uint64_t *state)
{
    uint64_t x = (*state += 0x9e3779b97f4a7c15ULL);
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

#endif

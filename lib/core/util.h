/* util.h -- small helpers shared by the rooms of the core.
 * SPDX-License-Identifier: MIT */
#ifndef GT_UTIL_H
#define GT_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

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

/* The rest of stream f (left open), with a NUL after it that *len does
 * not count: a file read whole.  NULL with errno ENOMEM when memory runs
 * out, EIO when reading fails. */
char *gt_read_stream(FILE *f, size_t *len);

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

/* Little-endian numbers in files, byte by byte: the same file from any
 * host (network files, data files). */
static inline void gt_put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)(v & 0xff);
    p[1] = (unsigned char)(v >> 8 & 0xff);
}
static inline void gt_put32(unsigned char *p, uint32_t v)
{
    gt_put16(p, (unsigned)(v & 0xffff));
    gt_put16(p + 2, (unsigned)(v >> 16));
}
static inline void gt_put64(unsigned char *p, uint64_t v)
{
    gt_put32(p, (uint32_t)v);
    gt_put32(p + 4, (uint32_t)(v >> 32));
}
static inline unsigned gt_get16(const unsigned char *p)
{
    return (unsigned)p[0] | (unsigned)p[1] << 8;
}
/* ... as a signed 16-bit number. */
static inline int gt_get16s(const unsigned char *p)
{
    unsigned v = gt_get16(p);
    return v >= 0x8000 ? (int)v - 0x10000 : (int)v;
}
static inline uint32_t gt_get32(const unsigned char *p)
{
    return (uint32_t)gt_get16(p) | (uint32_t)gt_get16(p + 2) << 16;
}
static inline uint64_t gt_get64(const unsigned char *p)
{
    return (uint64_t)gt_get32(p) | (uint64_t)gt_get32(p + 4) << 32;
}

#endif

/* match_book.c -- Polyglot opening books: read and check the file, find a
 * position's entries by binary search, draw one by weight, and turn its
 * code into a legal move through the game's book format.  The file's
 * layout is game-agnostic; what its keys and codes mean is the game's.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_book.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"

#define ENTRY_BYTES 16

static uint64_t get_be(const unsigned char *p, int bytes)
{
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

/* The whole file, or NULL with errno set. */
static unsigned char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = gt_read_stream(f, len);
    int read_errno = errno;
    fclose(f);
    errno = read_errno;
    return (unsigned char *)buf;
}

int gt_book_open(const char *path, struct gt_book **out, char *err, size_t err_len)
{
    size_t len = 0;
    *out = NULL;
    unsigned char *raw = slurp(path, &len);
    if (!raw) {
        gt_errf(err, err_len, "cannot read the book '%s': %s", path, strerror(errno));
        return -1;
    }
    struct gt_book *b = calloc(1, sizeof *b);
    int rc = -1;
    if (len % ENTRY_BYTES)
        gt_errf(err, err_len, "the book '%s' is truncated: %zu bytes, not a whole number "
                "of %d-byte Polyglot entries", path, len, ENTRY_BYTES);
    else if (len == 0)
        gt_errf(err, err_len, "the book '%s' is empty", path);
    else if (!b || !(b->path = strdup(path)) ||
             !(b->v = malloc(len / ENTRY_BYTES * sizeof *b->v)))
        gt_errf(err, err_len, "out of memory reading the book '%s'", path);
    else
        rc = 0;
    for (size_t i = 0; rc == 0 && i < len / ENTRY_BYTES; i++) {
        const unsigned char *e = raw + i * ENTRY_BYTES;
        b->v[i] = (struct gt_book_entry){.key = get_be(e, 8), .code = (uint16_t)get_be(e + 8, 2),
                                         .weight = (uint16_t)get_be(e + 10, 2)};
        b->n = i + 1;
        /* Lookups search by key: a file out of order would miss. */
        if (i > 0 && b->v[i].key < b->v[i - 1].key) {
            gt_errf(err, err_len, "the book '%s' is not sorted by key: entry %zu's key "
                    "%016llx is below entry %zu's", path, i + 1,
                    (unsigned long long)b->v[i].key, i);
            rc = -1;
        }
    }
    free(raw);
    if (rc < 0) {
        gt_book_free(b);
        return -1;
    }
    atomic_init(&b->warned, false);
    *out = b;
    return 0;
}

void gt_book_free(struct gt_book *b)
{
    if (!b)
        return;
    free(b->path);
    free(b->v);
    free(b);
}

size_t gt_book_find(const struct gt_book *b, uint64_t key, size_t *first)
{
    size_t lo = 0, hi = b->n;       /* the first entry whose key >= key */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->v[mid].key < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < b->n && b->v[end].key == key)
        end++;
    *first = lo;
    return end - lo;
}

bool gt_book_pick(const struct gt_book *b, uint64_t key, uint64_t *rng, unsigned *code)
{
    size_t first, n = gt_book_find(b, key, &first);
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++)
        total += b->v[first + i].weight;
    if (total == 0)
        return false;
    uint64_t r = gt_rand64(rng) % total;
    for (size_t i = 0;; i++) {
        if (r < b->v[first + i].weight) {
            *code = b->v[first + i].code;
            return true;
        }
        r -= b->v[first + i].weight;
    }
}

gt_move gt_book_seat_move(const struct gt_game *g, struct gt_book_seat *s, const void *pos,
                          int plies, uint64_t *rng, const char *who, FILE *warn)
{
    unsigned code;
    if (!s->book || s->left || !g->book || (s->depth > 0 && plies >= 2 * s->depth) ||
        !gt_book_pick(s->book, g->book->key(pos), rng, &code)) {
        s->left = true;
        return GT_MOVE_NONE;
    }
    gt_move m = g->book->move(pos, code);
    if (m != GT_MOVE_NONE && g->is_legal(pos, m))
        return m;
    s->left = true;
    if (warn && !atomic_exchange(&s->book->warned, true)) {
        char text[256];
        g->to_text(pos, text, sizeof text);
        fprintf(warn, "gtsearch match: warning: the book '%s' of %s has move code %#x, no "
                "legal move at %s: out of book for that game (said once per book)\n",
                s->book->path, who, code, text);
    }
    return GT_MOVE_NONE;
}

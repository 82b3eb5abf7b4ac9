/* match_book.h -- opening books for the match runner: Polyglot .bin files
 * read here, their keys and move codes given meaning by the game's book
 * format (struct gt_book_codec in game.h).
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_BOOK_H
#define GT_MATCH_BOOK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <gtsearch/game.h>

/* A book file in memory: its entries, sorted by key.  Read-only once
 * open, so worker threads share it; `warned` says that a bad entry was
 * already reported. */
struct gt_book_entry {
    uint64_t key;
    uint16_t code, weight;
};

struct gt_book {
    char *path;
    struct gt_book_entry *v;
    size_t n;
    atomic_bool warned;
};

/* Open a Polyglot book (16-byte big-endian entries: key u64, move u16,
 * weight u16, learn u32, sorted by key).  0, or -1 with the reason in
 * err: the file cannot be read, its size is not a whole number of
 * entries (truncated), it has none, or its keys are not in order. */
int gt_book_open(const char *path, struct gt_book **out, char *err, size_t err_len);
void gt_book_free(struct gt_book *b);

/* The entries of key: how many, the first at v[*first]. */
size_t gt_book_find(const struct gt_book *b, uint64_t key, size_t *first);

/* One entry of key drawn at random, each with the chance of its weight
 * (entries of weight 0 never): true with its code, false when the book
 * has no move here.  *rng is a gt_rand64 state. */
bool gt_book_pick(const struct gt_book *b, uint64_t key, uint64_t *rng, unsigned *code);

/* One side's book during one game. */
struct gt_book_seat {
    struct gt_book *book;   /* NULL: none */
    int depth;              /* book moves while the game is shorter than
                               2 * depth plies (full moves, opening's
                               included); 0: as long as the book lasts */
    bool left;              /* out of book for the rest of the game */
};

/* The move s's book plays at pos, `plies` into the game: a legal move,
 * or GT_MOVE_NONE once out of book (it then stays out).  A code that
 * names no legal move here leaves the book too, and is reported on warn
 * the first time for this book, naming the engine `who`. */
gt_move gt_book_seat_move(const struct gt_game *g, struct gt_book_seat *s, const void *pos,
                          int plies, uint64_t *rng, const char *who, FILE *warn);

#endif

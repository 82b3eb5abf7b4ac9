/* conformance_book.c -- a game's book format held to its contract at one
 * position of selftest's random games (conformance_book.h).  Book keys are
 * meant to be read by other programs, so two move orders that reach the
 * same position must give the same key: played out here as a x b against
 * b x a, for the first two moves a and b and the reply x.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "conformance_book.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define TEXT_LEN 4096

size_t gt_book_check_size(const struct gt_game *g)
{
    return 3 * (g->undo_size ? g->undo_size : 1) + g->pos_size + 2 * TEXT_LEN;
}

/* Play a, then the first reply x, then b, on a copy of pos; false when
 * one of them is not legal there.  The position's text and book key. */
static bool line(const struct gt_game *g, const void *pos, gt_move a, gt_move x, gt_move b,
                 unsigned char *work, char *text, uint64_t *key)
{
    size_t u = g->undo_size ? g->undo_size : 1;
    void *p = work + 3 * u;
    memcpy(p, pos, g->pos_size);
    gt_move seq[3] = {a, x, b};
    for (int i = 0; i < 3; i++) {
        if (!g->is_legal(p, seq[i]))
            return false;
        g->make(p, seq[i], work + (size_t)i * u);
    }
    g->to_text(p, text, TEXT_LEN);
    *key = g->book->key(p);
    return true;
}

int gt_book_check(const struct gt_game *g, void *pos, const gt_move *moves, int n,
                  bool in_check, void *work, gt_move *culprit, char *err, size_t err_len)
{
    const struct gt_book_codec *b = g->book;
    *culprit = GT_MOVE_NONE;
    for (int i = 0; i < n; i++) {
        unsigned code = b->code(pos, moves[i]);
        gt_move back = b->move(pos, code);
        if (back != moves[i]) {
            *culprit = moves[i];
            gt_errf(err, err_len, "move reads its code %#x back as %u", code,
                    (unsigned)back);
            return -1;
        }
    }
    /* The other side to move: the core's null move, where the game has one. */
    if (g->make_null && !in_check && (!g->null_ok || g->null_ok(pos))) {
        uint64_t key = b->key(pos);
        g->make_null(pos, work);
        uint64_t other = b->key(pos);
        g->unmake_null(pos, work);
        if (other == key) {
            *culprit = GT_MOVE_NULL;
            gt_errf(err, err_len, "key %016llx for either side to move",
                    (unsigned long long)key);
            return -1;
        }
    }
    if (n < 2)
        return 0;
    unsigned char *w = work;
    char *t1 = (char *)w + 3 * (g->undo_size ? g->undo_size : 1) + g->pos_size;
    char *t2 = t1 + TEXT_LEN;
    uint64_t k1, k2;
    gt_move a = moves[0], c = moves[n - 1], x;
    {   /* the reply: the opponent's first legal move after a */
        size_t u = g->undo_size ? g->undo_size : 1;
        void *p = w + 3 * u;
        gt_move *list = malloc(sizeof *list * (size_t)g->max_moves);
        if (!list)
            return 0;
        memcpy(p, pos, g->pos_size);
        g->make(p, a, w);
        int m = g->generate(p, GT_GEN_ALL, list);
        x = m > 0 ? list[0] : GT_MOVE_NONE;
        free(list);
    }
    if (x == GT_MOVE_NONE || !line(g, pos, a, x, c, w, t1, &k1) ||
        !line(g, pos, c, x, a, w, t2, &k2) || strcmp(t1, t2) || k1 == k2)
        return 0;
    *culprit = a;
    gt_errf(err, err_len, "%s reached by two move orders has keys %016llx and %016llx",
            t1, (unsigned long long)k1, (unsigned long long)k2);
    return -1;
}

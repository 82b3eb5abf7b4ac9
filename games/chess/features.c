/* features.c -- chess's input features for a learned evaluation.
 *
 * "chess-psq" (768 per side): each piece on its square.  Perspective p
 * sees its own pieces as the first six kinds and the board from its own
 * side (black's view is the board turned rank for rank), so one set of
 * weights serves both colours.
 *
 * "chess-king4" (3,840 per side), the module's set: chess-psq, and each
 * piece once more in one of four copies of it chosen by where the
 * perspective's own king stands (in its own view): on the first rank,
 * files a-d or e-h; on the second rank; further up.  The same piece is
 * then worth one thing next to a castled king and another next to a king
 * that has walked out.  It extends chess-psq (game.h's `base`), so a
 * network of chess-psq loads with zero rows for the copies and plays as
 * before; a king move that changes its copy recomputes that side.
 *
 * One symmetry for training: the files reversed, where nobody may castle.
 * SPDX-License-Identifier: MIT */
#include "chess.h"

#include <string.h>

#include "games/chess/net_data.h"   /* chess_net[]: chess.gtnet, built in */

#define PSQ (2 * 6 * 64)
#define KING_SETS 4

static inline uint32_t psq(int persp, int pc, int sq)
{
    int own = COLOR_OF(pc) != persp, kind = TYPE_OF(pc) - PAWN;
    return (uint32_t)((own * 6 + kind) * 64 + (persp == WHITE ? sq : sq ^ 56));
}

/* The copy that perspective persp's king on ksq chooses: the first row
 * of its own copy's indexes. */
static inline uint32_t king_set(int persp, int ksq)
{
    int k = persp == WHITE ? ksq : ksq ^ 56, rank = k >> 3;
    int set = rank >= 2 ? 3 : rank == 1 ? 2 : (k & 7) >= 4;
    return (uint32_t)(PSQ * (1 + set));
}

static int psq_active(const void *pos, int persp, uint32_t *idx)
{
    const struct chess_pos *p = pos;
    int n = 0;
    for (bb_t b = occupied(p); b;) {
        int sq = pop_lsb(&b);
        idx[n++] = psq(persp, p->board[sq], sq);
    }
    return n;
}

static int king4_active(const void *pos, int persp, uint32_t *idx)
{
    const struct chess_pos *p = pos;
    uint32_t set = king_set(persp, king_sq(p, persp));
    int n = 0;
    for (bb_t b = occupied(p); b;) {
        int sq = pop_lsb(&b);
        uint32_t f = psq(persp, p->board[sq], sq);
        idx[n++] = f;
        idx[n++] = set + f;
    }
    return n;
}

/* Record a piece leaving or reaching a square, for both perspectives:
 * its chess-psq feature and its copy in the perspective's king set. */
static inline void drop(struct gt_feature_change ch[2], const uint32_t set[2], int pc, int sq)
{
    for (int p = 0; p < 2; p++) {
        uint32_t f = psq(p, pc, sq);
        ch[p].removed[ch[p].nremoved++] = f;
        ch[p].removed[ch[p].nremoved++] = set[p] + f;
    }
}
static inline void add(struct gt_feature_change ch[2], const uint32_t set[2], int pc, int sq)
{
    for (int p = 0; p < 2; p++) {
        uint32_t f = psq(p, pc, sq);
        ch[p].added[ch[p].nadded++] = f;
        ch[p].added[ch[p].nadded++] = set[p] + f;
    }
}

static void king4_changes(const void *pos, gt_move m, struct gt_feature_change ch[2])
{
    const struct chess_pos *p = pos;
    int us = p->side, from = MV_FROM(m), to = MV_TO(m), pc = p->board[from];
    const uint32_t set[2] = {king_set(WHITE, king_sq(p, WHITE)),
                             king_set(BLACK, king_sq(p, BLACK))};
    switch (MV_KIND(m)) {
    case MV_NORMAL:
    case MV_PROMO:
        if (p->board[to])
            drop(ch, set, p->board[to], to);
        drop(ch, set, pc, from);
        add(ch, set, MV_KIND(m) == MV_PROMO ? PIECE(us, MV_PROMO_TYPE(m)) : pc, to);
        break;
    case MV_EP:
        drop(ch, set, PIECE(us ^ 1, PAWN), to ^ 8);
        drop(ch, set, pc, from);
        add(ch, set, pc, to);
        break;
    default: { /* castling: king from, rook on `to` */
        bool is_long = to < from;
        int kto = (is_long ? 2 : 6) + 56 * us, rto = (is_long ? 3 : 5) + 56 * us;
        drop(ch, set, pc, from);
        drop(ch, set, PIECE(us, ROOK), to);
        add(ch, set, pc, kto);
        add(ch, set, PIECE(us, ROOK), rto);
        to = kto;
        break;
    }
    }
    /* A king that reaches another set changes every feature of its own
     * side's copy: that side starts again (the other's set stays). */
    if (TYPE_OF(pc) == KING && king_set(us, to) != set[us])
        ch[us].refresh = true;
}

/* Chess is the same game with the files reversed (a to h), as long as
 * no side may still castle: the rules of castling name the wings.  So a
 * position with castling rights, and one that a repetition has already
 * drawn (the mirror, read from text, has no history of earlier
 * positions), is written unchanged, which tells the trainer that the
 * symmetry does not hold there.  Turned through the FEN: each rank read
 * the other way and the en-passant file mirrored. */
static void chess_turn(const void *pos, int k, void *out)
{
    (void)k;                    /* the one symmetry */
    const struct chess_pos *p = pos;
    char text[128], turned[128], err[128];
    if (p->castling || chess_rule_outcome(p, 0) != GT_ONGOING) {
        memcpy(out, pos, sizeof *p);
        return;
    }
    chess_to_text(p, text, sizeof text);
    size_t o = 0;
    const char *c = text;
    while (*c && *c != ' ') {   /* the board, rank by rank */
        char rank[8];
        int n = 0;
        for (; *c && *c != ' ' && *c != '/'; c++)
            if (*c >= '1' && *c <= '8')
                for (int e = *c - '0'; e > 0 && n < 8; e--)
                    rank[n++] = 0;
            else if (n < 8)
                rank[n++] = *c;
        int empty = 0;
        for (int f = n - 1; f >= 0; f--) {
            if (!rank[f]) {
                empty++;
                continue;
            }
            if (empty)
                turned[o++] = (char)('0' + empty);
            empty = 0;
            turned[o++] = rank[f];
        }
        if (empty)
            turned[o++] = (char)('0' + empty);
        if (*c == '/')
            turned[o++] = *c++;
    }
    /* The rest: side, castling (none), en passant, the counters. */
    for (; *c && o + 1 < sizeof turned; c++) {
        bool ep_file = *c >= 'a' && *c <= 'h' && c[1] >= '1' && c[1] <= '8' && c[-1] == ' ';
        turned[o++] = ep_file ? (char)('a' + 'h' - *c) : *c;
    }
    turned[o] = 0;
    if (chess_from_text(out, turned, err, sizeof err) != 0)
        memcpy(out, pos, sizeof *p);   /* cannot happen: a legal position mirrors */
}

/* The set the module's networks grew from: read when a network of it is
 * loaded (it is not played with directly). */
static const struct gt_features chess_psq = {
    .name = "chess-psq",
    .version = 1,
    .count = PSQ,
    .max_active = 64,        /* a position read from text may hold more than 32 */
    .active = psq_active,
};

const struct gt_features chess_features = {
    .name = "chess-king4",
    .version = 1,
    .count = PSQ * (1 + KING_SETS),
    .max_active = 128,
    .active = king4_active,
    .changes = king4_changes,
    .symmetries = 1,
    .turn = chess_turn,
    .net = chess_net,
    .net_size = sizeof chess_net,
    .base = &chess_psq,
    .base_ratio = 2,
};

/* features.c -- chess's input features for a learned evaluation: each
 * piece on its square, seen from each side ("chess-psq", 768 per side).
 *
 * Perspective p sees its own pieces as the first six kinds and the board
 * from its own side (black's view is the board turned rank for rank), so
 * one set of weights serves both colours.
 * SPDX-License-Identifier: MIT */
#include "chess.h"
#include "games/chess/net_data.h"   /* chess_net[]: chess.gtnet, built in */

#define FEATURES (2 * 6 * 64)

static inline uint32_t feature(int persp, int pc, int sq)
{
    int own = COLOR_OF(pc) != persp, kind = TYPE_OF(pc) - PAWN;
    return (uint32_t)((own * 6 + kind) * 64 + (persp == WHITE ? sq : sq ^ 56));
}

static int chess_active(const void *pos, int persp, uint32_t *idx)
{
    const struct chess_pos *p = pos;
    int n = 0;
    for (bb_t b = occupied(p); b;) {
        int sq = pop_lsb(&b);
        idx[n++] = feature(persp, p->board[sq], sq);
    }
    return n;
}

/* Record a piece leaving or reaching a square, for both perspectives. */
static inline void drop(struct gt_feature_change ch[2], int pc, int sq)
{
    for (int p = 0; p < 2; p++)
        ch[p].removed[ch[p].nremoved++] = feature(p, pc, sq);
}
static inline void add(struct gt_feature_change ch[2], int pc, int sq)
{
    for (int p = 0; p < 2; p++)
        ch[p].added[ch[p].nadded++] = feature(p, pc, sq);
}

static void chess_changes(const void *pos, gt_move m, struct gt_feature_change ch[2])
{
    const struct chess_pos *p = pos;
    int us = p->side, from = MV_FROM(m), to = MV_TO(m), pc = p->board[from];
    for (int i = 0; i < 2; i++) {
        ch[i].refresh = false;
        ch[i].nadded = ch[i].nremoved = 0;
    }
    switch (MV_KIND(m)) {
    case MV_NORMAL:
    case MV_PROMO:
        if (p->board[to])
            drop(ch, p->board[to], to);
        drop(ch, pc, from);
        add(ch, MV_KIND(m) == MV_PROMO ? PIECE(us, MV_PROMO_TYPE(m)) : pc, to);
        break;
    case MV_EP:
        drop(ch, PIECE(us ^ 1, PAWN), to ^ 8);
        drop(ch, pc, from);
        add(ch, pc, to);
        break;
    default: { /* castling: king from, rook on `to` */
        bool is_long = to < from;
        int kto = (is_long ? 2 : 6) + 56 * us, rto = (is_long ? 3 : 5) + 56 * us;
        drop(ch, pc, from);
        drop(ch, PIECE(us, ROOK), to);
        add(ch, pc, kto);
        add(ch, PIECE(us, ROOK), rto);
        break;
    }
    }
}

const struct gt_features chess_features = {
    .name = "chess-psq",
    .version = 1,
    .count = FEATURES,
    .max_active = 64,        /* a position read from text may hold more than 32 */
    .active = chess_active,
    .changes = chess_changes,
    .net = chess_net,
    .net_size = sizeof chess_net,
};

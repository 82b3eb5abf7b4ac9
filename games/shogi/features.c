/* features.c -- shogi's input features for a learned evaluation
 * ("shogi-psq", 2344 per side):
 *  - each piece on its square: own or theirs x 14 kinds (P L N S B R G K,
 *    then the 6 promoted) x 81 squares;
 *  - each piece in hand, one feature per piece: "the k-th pawn of our
 *    hand" for k = 1..count, so that a capture adds one feature and a drop
 *    takes one away.  18 slots for pawns, 4 for lances, knights, silvers
 *    and golds, 2 for bishops and rooks: a hand holding more than that (a
 *    position from text with many promoted pieces) shows the slots full.
 *
 * Perspective p sees its own pieces first and the board from its own side
 * (gote's view turns it 180 degrees, as the evaluation's tables do), so
 * one set of weights serves both sides.  The network built in from
 * shogi.gtnet is trained on these (doc/network.md).
 * SPDX-License-Identifier: MIT */
#include "shogi.h"
#include "games/shogi/net_data.h"   /* shogi_net[]: shogi.gtnet, built in */

#define BOARD_FEATURES (2 * 14 * 81)
#define HAND_SLOTS 38  /* per side: 18 + 4 + 4 + 4 + 2 + 2 + 4 */
#define FEATURES (BOARD_FEATURES + 2 * HAND_SLOTS)

/* Hand slots by type (P L N S B R G), and where each type's begin. */
static const uint8_t slots[8] = { 0, 18, 4, 4, 4, 2, 2, 4 };
static const uint8_t slot_first[8] = { 0, 0, 18, 22, 26, 30, 32, 34 };

/* Piece pc on sq.  The turned board's square is 80 - its index: file and
 * rank both run the other way. */
static inline uint32_t board_feature(int persp, int pc, int sq)
{
    int their = SH_COLOR(pc) != persp, kind = SH_TYPE(pc) - 1;
    int s81 = shogi_sq81[sq];
    return (uint32_t)((their * 14 + kind) * 81 + (persp ? 80 - s81 : s81));
}

/* The k-th piece of type t (1..7) in color's hand, k <= slots[t]. */
static inline uint32_t hand_feature(int persp, int color, int t, int k)
{
    int their = color != persp;
    return (uint32_t)(BOARD_FEATURES + their * HAND_SLOTS + slot_first[t] + k - 1);
}

static int shogi_active(const void *pos, int persp, uint32_t *idx)
{
    const struct shogi_pos *p = pos;
    int n = 0;
    for (shogi_bb b = p->occ[0] | p->occ[1]; b;) {
        int sq = shogi_bb_pop(&b);
        idx[n++] = board_feature(persp, p->board[sq], sq);
    }
    for (int c = 0; c < 2; c++)
        for (int t = SH_PAWN; t <= SH_GOLD; t++)
            for (int k = 1; k <= p->hand[c][t] && k <= slots[t]; k++)
                idx[n++] = hand_feature(persp, c, t, k);
    return n;
}

/* Record a feature of both perspectives leaving or arriving.  A hand
 * beyond its slots changes nothing. */
static inline void remove_board(struct gt_feature_change ch[2], int pc, int sq)
{
    for (int p = 0; p < 2; p++)
        ch[p].removed[ch[p].nremoved++] = board_feature(p, pc, sq);
}
static inline void add_board(struct gt_feature_change ch[2], int pc, int sq)
{
    for (int p = 0; p < 2; p++)
        ch[p].added[ch[p].nadded++] = board_feature(p, pc, sq);
}
static inline void remove_hand(struct gt_feature_change ch[2], int color, int t, int k)
{
    if (k > slots[t]) return;
    for (int p = 0; p < 2; p++)
        ch[p].removed[ch[p].nremoved++] = hand_feature(p, color, t, k);
}
static inline void add_hand(struct gt_feature_change ch[2], int color, int t, int k)
{
    if (k > slots[t]) return;
    for (int p = 0; p < 2; p++)
        ch[p].added[ch[p].nadded++] = hand_feature(p, color, t, k);
}

/* What make does (board.c): a drop takes the last piece of its type from
 * the hand; a capture puts the piece, unpromoted, into the mover's hand. */
static void shogi_changes(const void *pos, gt_move m, struct gt_feature_change ch[2])
{
    const struct shogi_pos *p = pos;
    int us = p->side, to = SH_MOVE_TO(m);
    for (int i = 0; i < 2; i++) {
        ch[i].refresh = false;
        ch[i].nadded = ch[i].nremoved = 0;
    }
    if (m & SH_MOVE_DROP) {
        int t = SH_MOVE_FROM(m);
        remove_hand(ch, us, t, p->hand[us][t]);
        add_board(ch, SH_PIECE(us, t), to);
        return;
    }
    int from = SH_MOVE_FROM(m), pc = p->board[from], cap = p->board[to];
    if (cap) {
        int ct = SH_TYPE(cap), t = ct > SH_KING ? ct - SH_PROMOTE : ct;
        remove_board(ch, cap, to);
        add_hand(ch, us, t, p->hand[us][t] + 1);
    }
    remove_board(ch, pc, from);
    add_board(ch, (m & SH_MOVE_PROMO) ? pc + SH_PROMOTE : pc, to);
}

/* The board with its files reversed (9 to 1) is the same game: every
 * piece moves alike to either side, and the rules of drops and pawns
 * speak of files, not of which.  Turned through the SFEN: each rank's
 * cells read the other way, hands and side as they are. */
static void shogi_turn(const void *pos, int k, void *out)
{
    (void)k;                    /* the one symmetry */
    const struct shogi_pos *p = pos;
    char text[512], turned[512], err[128];
    shogi_to_sfen(p, text, sizeof text);
    const char *c = text;
    size_t o = 0;
    while (*c && *c != ' ') {
        const char *cell[9];    /* this rank's cells, file 9 first; NULL: empty */
        int n = 0;
        for (; *c && *c != ' ' && *c != '/'; c++) {
            if (*c >= '1' && *c <= '9') {
                for (int e = *c - '0'; e > 0 && n < 9; e--)
                    cell[n++] = NULL;
                continue;
            }
            if (n < 9)
                cell[n++] = c;
            if (*c == '+')
                c++;
        }
        int empty = 0;
        for (int f = n - 1; f >= 0; f--) {
            if (!cell[f]) {
                empty++;
                continue;
            }
            if (empty)
                turned[o++] = (char)('0' + empty);
            empty = 0;
            turned[o++] = cell[f][0];
            if (cell[f][0] == '+')
                turned[o++] = cell[f][1];
        }
        if (empty)
            turned[o++] = (char)('0' + empty);
        if (*c == '/')
            turned[o++] = *c++;
    }
    snprintf(turned + o, sizeof turned - o, "%s", c);
    struct shogi_pos *q = out;
    if (shogi_from_sfen(q, turned, err, sizeof err) != 0)
        *q = *p;                /* cannot happen: the mirror of a position is one */
    q->ekr = p->ekr;            /* the option, not the position */
}

const struct gt_features shogi_features = {
    .name = "shogi-psq",
    .version = 1,
    .count = FEATURES,
    /* A piece on the board or in hand gives at most one feature, and the
     * SFEN reader allows 40 pieces in all (moves keep the count); the
     * trainer bounds its weights by this, so it is kept tight. */
    .max_active = 40,
    .active = shogi_active,
    .changes = shogi_changes,
    .symmetries = 1,
    .turn = shogi_turn,
    .net = shogi_net,
    .net_size = sizeof shogi_net,
};

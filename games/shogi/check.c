/* check.c -- does a move give check, and the checking-move generator the
 * mate solver lives on.
 * SPDX-License-Identifier: MIT */
#include "shogi.h"

/* Does piece pc standing on `from` attack `target`?  `vacated` (or -1) is a
 * square treated as empty: the origin of the moving piece. */
bool shogi_piece_attacks(const uint8_t *board, int pc, int from, int target,
                         int vacated)
{
    int d = shogi_dir_between[from][target];
    if (d >= 0) {
        int off = shogi_dir_offset[d];
        if (from + off == target) return (shogi_step_dirs[pc] >> d) & 1;
        if (!((shogi_slide_dirs[pc] >> d) & 1)) return false;
        for (int s = from + off; s != target; s += off)
            if (board[s] && s != vacated) return false;
        return true;
    }
    if (SH_TYPE(pc) != SH_KNIGHT) return false;
    if (SH_COLOR(pc) == 0) return from - 13 == target || from + 9 == target;
    return from + 13 == target || from - 9 == target;
}

bool shogi_gives_check(const struct shogi_pos *p, gt_move m)
{
    const uint8_t *b = p->board;
    int us = p->side, k = p->king[us ^ 1], to = SH_MOVE_TO(m);
    if (!shogi_has_king(p, us ^ 1)) return false;  /* a tsume attacker */
    if (m & SH_MOVE_DROP)
        return shogi_piece_attacks(b, SH_PIECE(us, SH_MOVE_FROM(m)), to, k, -1);
    int from = SH_MOVE_FROM(m), pc = b[from];
    if (m & SH_MOVE_PROMO) pc += SH_PROMOTE;
    if (shogi_piece_attacks(b, pc, to, k, from)) return true;
    /* discovered: `from` was the only piece between k and an own slider */
    int d = shogi_dir_between[k][from];
    if (d < 0 || shogi_dir_between[k][to] == d) return false;
    int off = shogi_dir_offset[d], s = k + off;
    while (!b[s]) s += off;
    if (s != from) return false;
    do { s += off; } while (!b[s]);
    int q = b[s];
    return q != SH_WALL && SH_COLOR(q) == us &&
           ((shogi_slide_dirs[q] >> (d ^ 1)) & 1);
}

int shogi_generate_checks(const struct shogi_pos *p, gt_move *moves)
{
    int us = p->side, k = p->king[us ^ 1], n = 0;
    if (!shogi_has_king(p, us ^ 1)) return 0;  /* nothing to check */
    if (p->checked) {
        /* evasions are few: filter them all */
        int all = shogi_generate(p, SH_GEN_ALL, moves);
        for (int i = 0; i < all; i++)
            if (shogi_gives_check(p, moves[i])) moves[n++] = moves[i];
        return n;
    }
    int board_moves = shogi_generate(p, SH_GEN_BOARD, moves);
    for (int i = 0; i < board_moves; i++)
        if (shogi_gives_check(p, moves[i])) moves[n++] = moves[i];

    /* Drops: only empty squares on the king's lines or a knight's jump
     * away can check. */
    const uint8_t *b = p->board;
    shogi_bb near = 0;
    for (int d = 0; d < 8; d++)
        for (int s = k + shogi_dir_offset[d]; !b[s]; s += shogi_dir_offset[d])
            near |= SH_BIT(s);
    int kn1 = us == 0 ? k + 13 : k - 13, kn2 = us == 0 ? k - 9 : k + 9;
    if (!b[kn1]) near |= SH_BIT(kn1);
    if (!b[kn2]) near |= SH_BIT(kn2);
    for (int t = SH_PAWN; t <= SH_GOLD; t++) {
        if (!p->hand[us][t]) continue;
        shogi_bb bb = near & shogi_drop_ok[us][t];
        if (t == SH_PAWN) bb &= ~shogi_file_fill[p->pawn_files[us]];
        while (bb) {
            int s = shogi_bb_pop(&bb);
            if (!shogi_piece_attacks(b, SH_PIECE(us, t), s, k, -1)) continue;
            if (t == SH_PAWN && shogi_pawn_drop_mates(p, s)) continue;
            moves[n++] = SH_MAKE_DROP(t, s);
        }
    }
    return n;
}

/* rules.c -- game results: mate/stalemate, fifty moves, dead material,
 * repetition. */
#include "chess.h"

enum gt_outcome chess_no_moves(const void *pos)
{
    return chess_in_check(pos) ? GT_LOSS : GT_DRAW;
}

#define DARK_SQUARES 0xAA55AA55AA55AA55ULL

/* KK, KNK, KBK and bishops-only endings with all bishops on one colour:
 * no sequence of legal moves can mate. */
bool chess_insufficient_material(const struct chess_pos *p)
{
    if (p->by_type[PAWN] | p->by_type[ROOK] | p->by_type[QUEEN])
        return false;
    bb_t minors = p->by_type[KNIGHT] | p->by_type[BISHOP];
    if (!more_than_one(minors))
        return true; /* KK, KNK, KBK */
    if (p->by_type[KNIGHT])
        return false;
    bb_t b = p->by_type[BISHOP];
    return !(b & DARK_SQUARES) || !(b & ~DARK_SQUARES);
}

static bool is_mated(const struct chess_pos *p)
{
    gt_move list[CHESS_MAX_MOVES];
    return checkers_of(p) && chess_gen_legal(p, list, false) == 0;
}

/* Repetition: the history ring holds the keys of the positions since the
 * last irreversible move (bounded by the halfmove clock) and since the last
 * null move (hist_len).  Only positions with the same side to move can
 * match, and a repetition needs at least four plies.  An earlier occurrence
 * inside the search (distance <= ply) is a draw at once: the side to move
 * could have avoided it.  Older ones need the full threefold count. */
static bool is_repetition(const struct chess_pos *p, int ply)
{
    int back = p->halfmove < p->hist_len ? p->halfmove : p->hist_len;
    int seen = 0;
    for (int d = 4; d <= back; d += 2) {
        if (p->hist[(p->hist_pos - d) & (HIST_SIZE - 1)] != p->key)
            continue;
        if (d <= ply || ++seen >= 2)
            return true;
    }
    return false;
}

enum gt_outcome chess_rule_outcome(const void *pos, int ply)
{
    const struct chess_pos *p = pos;
    if (p->halfmove >= 100) /* checkmate on the hundredth ply still counts */
        return is_mated(p) ? GT_ONGOING : GT_DRAW;
    if (p->halfmove >= 4 && is_repetition(p, ply))
        return GT_DRAW;
    if (chess_insufficient_material(p))
        return GT_DRAW;
    return GT_ONGOING;
}

/* rules.c -- game results: mate/stalemate, fifty moves, dead material,
 * repetition.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
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

/* The rules that draw a game regardless of the moves available, in the
 * order rule_outcome tests them.  rule_outcome and end_reason both read
 * this one function, so the reason a message gives is the rule that
 * actually decided. */
enum draw_rule { RULE_NONE, RULE_FIFTY, RULE_THREEFOLD, RULE_REPETITION, RULE_MATERIAL };

static const char *const rule_name[] = {
    [RULE_FIFTY] = "fifty-move rule",
    [RULE_THREEFOLD] = "threefold repetition",
    [RULE_REPETITION] = "repetition",
    [RULE_MATERIAL] = "insufficient material",
};

/* Repetition: the history ring holds the keys of the positions since the
 * last irreversible move (bounded by the halfmove clock) and since the last
 * null move (hist_len).  Only positions with the same side to move can
 * match, and a repetition needs at least four plies.  An earlier occurrence
 * inside the search (distance <= ply) is a draw at once: the side to move
 * could have avoided it.  Older ones need the full threefold count. */
static enum draw_rule repetition(const struct chess_pos *p, int ply)
{
    int back = p->halfmove < p->hist_len ? p->halfmove : p->hist_len;
    int seen = 0;
    for (int d = 4; d <= back; d += 2) {
        if (p->hist[(p->hist_pos - d) & (HIST_SIZE - 1)] != p->key)
            continue;
        if (d <= ply)
            return RULE_REPETITION;
        if (++seen >= 2)
            return RULE_THREEFOLD;
    }
    return RULE_NONE;
}

static enum draw_rule draw_rule(const struct chess_pos *p, int ply)
{
    if (p->halfmove >= 100) /* checkmate on the hundredth ply still counts */
        return is_mated(p) ? RULE_NONE : RULE_FIFTY;
    if (p->halfmove >= 4) {
        enum draw_rule r = repetition(p, ply);
        if (r != RULE_NONE)
            return r;
    }
    if (chess_insufficient_material(p))
        return RULE_MATERIAL;
    return RULE_NONE;
}

enum gt_outcome chess_rule_outcome(const void *pos, int ply)
{
    return draw_rule(pos, ply) == RULE_NONE ? GT_ONGOING : GT_DRAW;
}

/* The hook has no ply: the game record's view (ply 0, threefold) comes
 * first; only a draw the search scored from a single earlier occurrence
 * needs every earlier position counted as inside the search.  The rules
 * come before the moves because the core asks rule_outcome before it
 * generates (a stalemate on the hundredth ply is a fifty-move draw). */
const char *chess_end_reason(const void *pos, enum gt_outcome o)
{
    const struct chess_pos *p = pos;
    if (o == GT_DRAW) {
        enum draw_rule r = draw_rule(p, 0);
        if (r == RULE_NONE)
            r = draw_rule(p, INT_MAX);
        if (r != RULE_NONE)
            return rule_name[r];
    }
    gt_move list[CHESS_MAX_MOVES];
    if (chess_gen_legal(p, list, false) == 0)
        return checkers_of(p) ? "checkmate" : "stalemate";
    return "game not over"; /* a caller outside the contract gets words, not NULL */
}

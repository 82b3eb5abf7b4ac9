/* rules.c -- sennichite, perpetual check and the entering-king declaration.
 *
 * Sennichite: the same board, hands and side to move for the fourth time is
 * a draw, unless one side gave check with every one of its moves since the
 * first of those occurrences: that side loses.  The position keeps the keys
 * of the last SH_HIST plies (a ring; a null move starts a fresh view) and,
 * per side, the run of consecutive checking moves counted in plies (+2 per
 * checking move, saturating).  A side checked through a cycle of i plies
 * exactly when its run is >= i.
 *
 * Inside the search, one earlier occurrence within the last `ply` plies (the
 * search could have avoided it) already counts; older history needs the
 * full count of four. */
#include <string.h>

#include "shogi.h"

static enum gt_outcome repetition_verdict(const struct shogi_pos *p, int i)
{
    int us = p->side, them = us ^ 1;
    if (p->cont_check[them] >= i) return GT_WIN;  /* they checked forever */
    if (p->cont_check[us] >= i) return GT_LOSS;
    return GT_DRAW;
}

static enum gt_outcome repetition(const struct shogi_pos *p, int ply)
{
    int seen = 0;
    for (int i = 4; i <= p->hist_n; i += 2) {
        if (p->hist[(p->hist_top - i) & (SH_HIST - 1)] != p->key) continue;
        if (i <= ply || ++seen == 3) return repetition_verdict(p, i);
    }
    return GT_ONGOING;
}

/* CSA declaration: the side to move has its king in the enemy camp, is not
 * in check, has at least 10 other pieces in the camp, and enough points
 * (rook, bishop and their promotions 5, the rest 1; camp pieces + hand).
 * CSARule27: sente 28, gote 27.  CSARule24: 31 for either side (the draw
 * band 24..30 of that rule is left to the players). */
bool shogi_declaration_win(const struct shogi_pos *p)
{
    int us = p->side;
    if (p->ekr == SH_EKR_NONE || p->checked || !shogi_zone[us][p->king[us]])
        return false;
    int pieces = 0, points = 0;
    for (int r = us ? 7 : 1, last = r + 2; r <= last; r++)
        for (int f = 1; f <= 9; f++) {
            int pc = p->board[SH_SQ(f, r)];
            if (!pc || SH_COLOR(pc) != us) continue;
            int t = SH_TYPE(pc) & 7;  /* +B -> B, +R -> R, K -> 0 */
            if (SH_TYPE(pc) == SH_KING) continue;
            pieces++;
            points += (t == SH_BISHOP || t == SH_ROOK) ? 5 : 1;
        }
    if (pieces < 10) return false;
    for (int t = SH_PAWN; t <= SH_GOLD; t++)
        points += p->hand[us][t] * ((t == SH_BISHOP || t == SH_ROOK) ? 5 : 1);
    int need = p->ekr == SH_EKR_24 ? 31 : (us == 0 ? 28 : 27);
    return points >= need;
}

enum gt_outcome shogi_rule_outcome(const struct shogi_pos *p, int ply)
{
    enum gt_outcome r = repetition(p, ply);
    if (r != GT_ONGOING) return r;
    return shogi_declaration_win(p) ? GT_WIN : GT_ONGOING;
}

void shogi_set_option(struct shogi_pos *p, const char *name, const char *value)
{
    if (!name || !value || strcmp(name, "EnteringKingRule")) return;
    if (!strcmp(value, "CSARule27")) p->ekr = SH_EKR_27;
    else if (!strcmp(value, "CSARule24")) p->ekr = SH_EKR_24;
    else if (!strcmp(value, "NoEnteringKing")) p->ekr = SH_EKR_NONE;
}

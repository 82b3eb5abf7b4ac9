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
 * full count of four.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "shogi.h"

/* The names of the rules, for end_reason. */
static const char reason_sennichite[] = "repetition (sennichite)";
static const char reason_perpetual[] = "perpetual check";
static const char reason_declaration[] = "entering-king declaration";

static enum gt_outcome repetition_verdict(const struct shogi_pos *p, int i,
                                          const char **why)
{
    int us = p->side, them = us ^ 1;
    enum gt_outcome o = GT_DRAW;
    if (p->cont_check[them] >= i) o = GT_WIN;  /* they checked forever */
    else if (p->cont_check[us] >= i) o = GT_LOSS;
    if (why) *why = o == GT_DRAW ? reason_sennichite : reason_perpetual;
    return o;
}

static enum gt_outcome repetition(const struct shogi_pos *p, int ply,
                                  const char **why)
{
    if (p->rep_count[shogi_rep_bucket(p->key)] <= 1) return GT_ONGOING;
    int seen = 0;
    for (int i = 4; i <= p->hist_n; i += 2) {
        if (p->hist[(p->hist_top - i) & (SH_HIST - 1)] != p->key) continue;
        if (i <= ply || ++seen == 3) return repetition_verdict(p, i, why);
    }
    return GT_ONGOING;
}

/* CSA declaration: the side to move has its king in the enemy camp (a side
 * without a king never declares), is not
 * in check, has at least 10 other pieces in the camp, and enough points
 * (rook, bishop and their promotions 5, the rest 1; camp pieces + hand).
 * CSARule27: sente 28, gote 27.  CSARule24: 31 for either side (the draw
 * band 24..30 of that rule is left to the players). */
bool shogi_declaration_win(const struct shogi_pos *p)
{
    int us = p->side;
    if (p->ekr == SH_EKR_NONE || p->checked || !shogi_has_king(p, us) ||
        !shogi_zone[us][p->king[us]])
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

/* rule_outcome and end_reason both ask this, so that the rule they name is
 * the one that decided: repetition first, then the declaration. */
enum gt_outcome shogi_rule_verdict(const struct shogi_pos *p, int ply,
                                   const char **why)
{
    enum gt_outcome r = repetition(p, ply, why);
    if (r != GT_ONGOING) return r;
    /* most nodes: the king is not in the enemy camp (asked here, before
     * the call) */
    int us = p->side;
    if (!shogi_zone[us][p->king[us]] || !shogi_declaration_win(p))
        return GT_ONGOING;
    if (why) *why = reason_declaration;
    return GT_WIN;
}

enum gt_outcome shogi_rule_outcome(const struct shogi_pos *p, int ply)
{
    return shogi_rule_verdict(p, ply, NULL);
}

/* The rule behind an outcome o that no_moves or rule_outcome gave.  No
 * legal move in check is "checkmate" (the referee's precedence: a mate
 * beats a rule), otherwise the rule shogi_rule_verdict finds with the full
 * count of a game record (ply 0), or else with any earlier occurrence
 * counting (a repetition the search scored inside its own line).  No legal
 * move out of check still loses in shogi: "no legal move". */
const char *shogi_end_reason(const struct shogi_pos *p, enum gt_outcome o)
{
    gt_move list[SH_MAX_MOVES];
    const char *why = NULL;
    bool none = shogi_generate(p, SH_GEN_ALL, list) == 0;
    if (none && p->checked && o == GT_LOSS) return "checkmate";
    if (o != GT_ONGOING && (shogi_rule_verdict(p, 0, &why) == o ||
                            shogi_rule_verdict(p, SH_HIST, &why) == o))
        return why;
    if (none) return p->checked ? "checkmate" : "no legal move";
    return o == GT_ONGOING ? "game not over" : "game rule";
}

void shogi_set_option(struct shogi_pos *p, const char *name, const char *value)
{
    if (!name || !value || strcmp(name, "EnteringKingRule")) return;
    if (!strcmp(value, "CSARule27")) p->ekr = SH_EKR_27;
    else if (!strcmp(value, "CSARule24")) p->ekr = SH_EKR_24;
    else if (!strcmp(value, "NoEnteringKing")) p->ekr = SH_EKR_NONE;
}

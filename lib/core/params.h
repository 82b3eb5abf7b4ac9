/* params.h -- the search's named numbers: every margin, threshold and
 * time factor, in one table with one source of defaults.  Each is an
 * engine option of the same name (so that a match or SPSA run changes it
 * without a rebuild) and `gtsearch params` prints the table.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PARAMS_H
#define GT_PARAMS_H

#include <gtsearch/game.h>

/* Margins marked "%unit" are in hundredths of the game's eval_unit. */
enum gt_sp {
    GT_SP_CHECK_EXT_DEPTH,   /* a node in check is a ply deeper from here */
    GT_SP_MATE1,             /* 1: ask the game for a mate in one */
    GT_SP_MATE1_QS,          /* 1: ... in quiescence too */
    GT_SP_ASP_DEPTH,         /* aspiration windows from this depth */
    GT_SP_ASP_WINDOW,        /* first window half-width, %unit */
    GT_SP_RFP_DEPTH,         /* reverse futility up to this depth */
    GT_SP_RFP_MARGIN,        /* ... margin per ply, %unit */
    GT_SP_RFP_IMPROVING,     /* ... less when the eval improves, %unit */
    GT_SP_NMP_MIN_DEPTH,     /* null move from this depth */
    GT_SP_NMP_BASE_R,        /* null-move reduction R at the least */
    GT_SP_NMP_DEPTH_DIV,     /* R grows by one every this many plies */
    GT_SP_NMP_MARGIN,        /* R grows by one per this eval margin, %unit */
    GT_SP_NMP_MARGIN_MAX,    /* ... by at most this much */
    GT_SP_NMP_VERIFY_DEPTH,  /* verify every null cut from this depth */
    GT_SP_NMP_RISK_DEPTH,    /* verify cuts where the game fears zugzwang
                                (medium risk) from this depth */
    GT_SP_SE_DEPTH,          /* singular extension from this depth (0: off) */
    GT_SP_SE_MARGIN,         /* ... the others must stay this much per ply
                                below the hash move's score, %unit */
    GT_SP_PROBCUT_DEPTH,     /* probcut from this depth (0: off) */
    GT_SP_PROBCUT_MARGIN,    /* ... a noisy move must beat beta by this, %unit */
    GT_SP_IIR_DEPTH,         /* no hash move: one ply less from this depth */
    GT_SP_LMP_DEPTH,         /* late move pruning up to this depth */
    GT_SP_LMP_BASE,          /* quiet moves kept: (base + depth^2) / 2,
                                twice that when the eval improves */
    GT_SP_FUT_DEPTH,         /* futility pruning up to this depth */
    GT_SP_FUT_BASE,          /* ... margin: base + per ply * depth, %unit */
    GT_SP_FUT_PER_DEPTH,
    GT_SP_SEE_DEPTH,         /* noisy moves losing SEE pruned up to here */
    GT_SP_SEE_MARGIN,        /* ... when they lose more than this per ply, %unit */
    GT_SP_SEE_QUIET_DEPTH,   /* quiet moves losing SEE pruned up to here */
    GT_SP_SEE_QUIET_MARGIN,  /* ... when they lose more than this times
                                depth squared, %unit */
    GT_SP_FUT_CHECKS,        /* 1: futility spares quiet moves that check */
    GT_SP_HIST_BONUS_LINEAR, /* history bonus: depth^2 + this * depth ... */
    GT_SP_HIST_BONUS_MAX,    /* ... but at most this */
    GT_SP_HIST_PRUNE_DEPTH,  /* quiet moves of bad history pruned up to here
                                (0: off) */
    GT_SP_HIST_PRUNE_MARGIN, /* ... when their history is below minus this
                                times depth (history saturates at 16384) */
    GT_SP_RAZOR_DEPTH,       /* razoring up to this depth (0: off) */
    GT_SP_RAZOR_MARGIN,      /* ... when the eval is this times depth squared
                                below alpha, %unit */
    GT_SP_LMR_MIN_DEPTH,     /* late move reductions from this depth */
    GT_SP_LMR_BASE,          /* R = base + ln(depth) ln(moves) / div, x100 */
    GT_SP_LMR_DIV,
    GT_SP_LMR_HISTORY,       /* a ply less per this much history (0: off) */
    GT_SP_LMR_CHECKS,        /* 1: quiet moves that check are reduced too */
    GT_SP_LMR_TTPV,          /* plies less where the node was once in a PV */
    GT_SP_LMR_CUTNODE,       /* plies more at an expected cut node */
    GT_SP_LMR_DEEPER,        /* a reduced move that beats the best by this
                                is searched again a ply deeper, one that
                                beats it by less than a fifth of it a ply
                                shallower, %unit (0: off) */
    GT_SP_CORRECTION,        /* correction history's weight, % (0: off) */
    GT_SP_CORRECTION_KEEP,   /* 1: it is kept from one search to the next */
    GT_SP_QS_FUTILITY,       /* quiescence skips a capture that cannot bring
                                the stand pat within this of alpha, %unit (0: off) */
    GT_SP_TIME_MOVES,        /* moves left in the game when nobody says */
    GT_SP_TIME_MOVES_MAX,    /* at most this many moves to go */
    GT_SP_TIME_SOFT,         /* no new iteration after this, % of the share */
    GT_SP_TIME_HARD,         /* stop at this, % of the share */
    GT_SP_TIME_HARD_CAP,     /* never more than 1/this of the clock */
    GT_SP_TIME_INC,          /* the share's part of the increment, % */
    GT_SP_TIME_CAP_INC,      /* the hard cap's part of the increment, % */
    GT_SP_COUNT
};

/* The table: name (also the option's), default, range. */
extern const struct gt_param gt_search_param_table[GT_SP_COUNT];

/* Fill v with the defaults. */
void gt_search_param_defaults(int32_t v[GT_SP_COUNT]);

/* A margin of `pct` hundredths of the game's unit, in eval units. */
static inline int gt_unit_pct(const struct gt_game *g, int pct)
{
    return g->eval_unit * pct / 100;
}

#endif

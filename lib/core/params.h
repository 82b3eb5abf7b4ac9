/* params.h -- the search's named numbers and switches: every margin,
 * threshold, time factor and on/off technique, declared once below with
 * its option name, kind, default, range and what it does.  Each is an
 * engine option of that name (so that a match or SPSA run changes it
 * without a rebuild), `gtsearch params` prints them, and the search
 * reads them from gt_search_params.sp[].
 * SPDX-License-Identifier: MIT */
#ifndef GT_PARAMS_H
#define GT_PARAMS_H

#include <stdbool.h>
#include <gtsearch/game.h>

/* X(ID, option name, NUM or SWITCH, default, min, max, what it does).
 * "%unit": hundredths of the game's eval_unit.  A SWITCH is 0 or 1 and
 * its option a check box (true/false). */
#define GT_SEARCH_PARAMS(X)                                                              \
    /* The techniques, on or off. */                                                     \
    X(NULL_MOVE, "NullMove", SWITCH, 1, 0, 1, "null-move pruning")                       \
    X(NULL_VERIFY, "NullMoveVerification", SWITCH, 1, 0, 1,                              \
      "verify null-move cuts with a real search where the game fears zugzwang")          \
    X(NULL_ADAPTIVE_R, "NullMoveAdaptiveR", SWITCH, 1, 0, 1,                             \
      "the null move's reduction grows with depth and eval margin")                      \
    X(RFP, "ReverseFutility", SWITCH, 1, 0, 1, "reverse futility pruning")               \
    X(LMR, "LMR", SWITCH, 1, 0, 1, "late move reductions")                               \
    X(LMP, "LMP", SWITCH, 1, 0, 1, "late move pruning")                                  \
    X(FUTILITY, "Futility", SWITCH, 1, 0, 1, "futility pruning of quiet moves")          \
    X(CONT_HISTORY, "ContinuationHistory", SWITCH, 0, 0, 1,                              \
      "continuation history in move ordering")                                           \
    X(MATE_THREAT_EXT, "MateThreatExtension", SWITCH, 0, 0, 1,                           \
      "a node where passing gets mated is searched a ply deeper")                        \
    X(BAD_NOISY_LAST, "BadNoisyLast", SWITCH, 0, 0, 1,                                   \
      "noisy moves that lose material (SEE) come after the quiet ones and are reduced "  \
      "as they are")                                                                     \
    X(PRUNE_LMR_DEPTH, "PruneAtLMRDepth", SWITCH, 0, 0, 1,                               \
      "futility and the quiet moves' exchange test judge a late quiet move at the "      \
      "depth its reduced search would have")                                             \
    /* The numbers. */                                                                   \
    X(CHECK_EXT_DEPTH, "CheckExtensionDepth", NUM, 0, 0, 64,                             \
      "a node in check is searched a ply deeper from this depth")                        \
    X(MATE1, "MateInOne", NUM, 1, 0, 1, "1: ask the game for a mate in one")             \
    X(MATE1_QS, "MateInOneQS", NUM, 0, 0, 1, "1: ask for a mate in one in quiescence")   \
    X(ASP_DEPTH, "AspirationDepth", NUM, 5, 1, 64, "aspiration windows from this depth") \
    X(ASP_WINDOW, "AspirationWindow", NUM, 25, 1, 1000,                                  \
      "the first aspiration window's half-width, %unit")                                 \
    X(RFP_DEPTH, "RFPDepth", NUM, 8, 0, 64, "reverse futility up to this depth")         \
    X(RFP_MARGIN, "RFPMargin", NUM, 80, 0, 1000, "reverse futility margin per ply, %unit") \
    X(RFP_IMPROVING, "RFPImproving", NUM, 40, 0, 1000,                                   \
      "reverse futility margin less when the eval improves, %unit")                      \
    X(NMP_MIN_DEPTH, "NullMoveMinDepth", NUM, 3, 1, 32, "null move from this depth")     \
    X(NMP_BASE_R, "NullMoveBaseR", NUM, 3, 1, 12, "null-move reduction R at the least")  \
    X(NMP_DEPTH_DIV, "NullMoveDepthDiv", NUM, 6, 1, 64,                                  \
      "R grows by one every this many plies")                                            \
    X(NMP_MARGIN, "NullMoveMargin", NUM, 200, 1, 10000,                                  \
      "R grows by one per this eval margin over beta, %unit")                            \
    X(NMP_MARGIN_MAX, "NullMoveMarginMax", NUM, 3, 0, 12,                                \
      "R grows by at most this for the margin")                                          \
    X(NMP_VERIFY_DEPTH, "NullMoveVerifyDepth", NUM, 10, 1, 64,                           \
      "verify every null cut from this depth")                                           \
    X(NMP_RISK_DEPTH, "NullMoveRiskDepth", NUM, 6, 1, 64,                                \
      "verify cuts where the game fears zugzwang (medium risk) from this depth")         \
    X(SE_DEPTH, "SingularDepth", NUM, 0, 0, 64, "singular extension from this depth (0: off)") \
    X(SE_MARGIN, "SingularMargin", NUM, 2, 0, 1000,                                      \
      "singular: the other moves must stay this much per ply below the hash move's "     \
      "score, %unit")                                                                    \
    X(PROBCUT_DEPTH, "ProbCutDepth", NUM, 0, 0, 64, "probcut from this depth (0: off)")  \
    X(PROBCUT_MARGIN, "ProbCutMargin", NUM, 200, 0, 10000,                               \
      "probcut: a noisy move must beat beta by this, %unit")                             \
    X(IIR_DEPTH, "IIRDepth", NUM, 4, 1, 64,                                              \
      "a node without a hash move is searched a ply shallower from this depth")          \
    X(LMP_DEPTH, "LMPDepth", NUM, 8, 0, 64, "late move pruning up to this depth")        \
    X(LMP_BASE, "LMPBase", NUM, 3, 0, 100,                                               \
      "late move pruning keeps (this + depth^2) / 2 quiet moves, twice that when the "   \
      "eval improves")                                                                   \
    X(FUT_DEPTH, "FutilityDepth", NUM, 6, 0, 64, "futility pruning up to this depth")    \
    X(FUT_BASE, "FutilityBase", NUM, 100, 0, 2000,                                       \
      "futility margin: this + FutilityPerDepth * depth, %unit")                         \
    X(FUT_PER_DEPTH, "FutilityPerDepth", NUM, 90, 0, 2000,                               \
      "futility margin per ply, %unit")                                                  \
    X(SEE_DEPTH, "SEEDepth", NUM, 6, 0, 64,                                              \
      "noisy moves that lose material (SEE) pruned up to this depth")                    \
    X(SEE_MARGIN, "SEEMargin", NUM, 100, 0, 2000,                                        \
      "... when they lose more than this per ply, %unit")                                \
    X(SEE_QUIET_DEPTH, "SEEQuietDepth", NUM, 6, 0, 64,                                   \
      "quiet moves that lose material (SEE) pruned up to this depth")                    \
    X(SEE_QUIET_MARGIN, "SEEQuietMargin", NUM, 25, 0, 2000,                              \
      "... when they lose more than this times depth squared, %unit")                    \
    X(FUT_CHECKS, "FutilityChecks", NUM, 0, 0, 1,                                        \
      "1: futility spares quiet moves that check")                                       \
    X(HIST_BONUS_LINEAR, "HistoryBonusLinear", NUM, 0, 0, 4000,                          \
      "history bonus: depth^2 + this * depth, at most HistoryBonusMax")                  \
    X(HIST_BONUS_MAX, "HistoryBonusMax", NUM, 1200, 1, 16384, "the history bonus at most") \
    X(CAPT_HISTORY, "CaptureHistory", NUM, 0, 0, 1024,                                   \
      "noisy moves ranked by the game's order plus their history (piece and square) "    \
      "over this (0: off)")                                                              \
    X(HIST_PRUNE_DEPTH, "HistoryPruneDepth", NUM, 0, 0, 64,                              \
      "quiet moves of bad history pruned up to this depth (0: off)")                     \
    X(HIST_PRUNE_MARGIN, "HistoryPruneMargin", NUM, 3000, 0, 100000,                     \
      "... when their history is below minus this times depth (history saturates at "   \
      "16384)")                                                                          \
    X(RAZOR_DEPTH, "RazorDepth", NUM, 0, 0, 64, "razoring up to this depth (0: off)")    \
    X(RAZOR_MARGIN, "RazorMargin", NUM, 150, 0, 10000,                                   \
      "razoring when the eval is this times depth squared below alpha, %unit")           \
    X(LMR_MIN_DEPTH, "LMRMinDepth", NUM, 3, 1, 64, "late move reductions from this depth") \
    X(LMR_BASE, "LMRBase", NUM, 75, 0, 400,                                              \
      "reduction = (this + 100 ln(depth) ln(moves) / LMRDiv) / 100 plies")               \
    X(LMR_DIV, "LMRDiv", NUM, 225, 50, 1000, "see LMRBase")                              \
    X(LMR_HISTORY, "LMRHistory", NUM, 0, 0, 100000,                                      \
      "a ply less reduction per this much history (0: off)")                             \
    X(LMR_CHECKS, "LMRChecks", NUM, 0, 0, 1, "1: quiet moves that check are reduced too") \
    X(LMR_TTPV, "LMRTTPv", NUM, 0, 0, 4, "plies less where the node was once in a PV")   \
    X(LMR_CUTNODE, "LMRCutNode", NUM, 1, 0, 4, "plies more at an expected cut node")     \
    X(LMR_DEEPER, "LMRDeeperMargin", NUM, 0, 0, 1000,                                    \
      "a reduced move that beats the best by this is searched again a ply deeper, one "  \
      "that beats it by less than a fifth of it a ply shallower, %unit (0: off)")        \
    X(CORRECTION, "CorrectionHistory", NUM, 0, 0, 400,                                   \
      "correction history's weight, % (0: off)")                                         \
    X(CORRECTION_KEEP, "CorrectionKeep", NUM, 0, 0, 1,                                   \
      "1: correction history is kept from one search to the next")                       \
    X(HIST_KEEP, "HistoryKeep", NUM, 0, 0, 1,                                            \
      "1: the quiet-move histories (butterfly, counter moves, continuation) are kept "   \
      "from one search to the next of a game")                                           \
    X(QS_FUTILITY, "QSFutilityMargin", NUM, 0, 0, 10000,                                 \
      "quiescence skips a capture that cannot bring the stand pat within this of "       \
      "alpha, %unit (0: off)")                                                           \
    /* The clock. */                                                                     \
    X(MOVE_OVERHEAD, "Move Overhead", NUM, 30, 0, 5000,                                  \
      "milliseconds kept back from every move for the GUI and the pipe")                 \
    X(TIME_MOVES, "TimeMoves", NUM, 30, 1, 200, "moves left in the game when nobody says") \
    X(TIME_MOVES_MAX, "TimeMovesMax", NUM, 50, 1, 500, "at most this many moves to go")  \
    X(TIME_SOFT, "TimeSoft", NUM, 60, 1, 1000,                                           \
      "no new iteration after this, % of the move's share")                              \
    X(TIME_HARD, "TimeHard", NUM, 300, 1, 2000, "stop at this, % of the move's share")   \
    X(TIME_HARD_CAP, "TimeHardCap", NUM, 3, 1, 20, "never more than 1/this of the clock") \
    X(TIME_INC, "TimeInc", NUM, 75, 0, 100, "the share's part of the increment, %")      \
    X(TIME_CAP_INC, "TimeCapInc", NUM, 50, 0, 100, "the hard cap's part of the increment, %") \
    X(TIME_NODES, "TimeBestNodes", NUM, 0, 0, 300,                                       \
      "the soft limit times (150 - % of the root's nodes spent on the best move) times " \
      "this, % (0: off)")                                                                \
    X(TIME_STABLE, "TimeStability", NUM, 0, 0, 10,                                       \
      "the soft limit: 5 x this % more while the best move is new, this % less for "     \
      "each iteration it stays, down to 5 x this % less (0: off)")                       \
    X(TIME_DROP, "TimeScoreDrop", NUM, 0, 0, 100,                                        \
      "the soft limit: up to this % more as the score falls from the last iteration's, " \
      "the most at a fall of a whole unit (0: off)")

enum gt_sp {
#define GT_SP_ID(id, name, kind, def, lo, hi, doc) GT_SP_##id,
    GT_SEARCH_PARAMS(GT_SP_ID)
#undef GT_SP_ID
    GT_SP_COUNT
};

/* The table: name (also the option's), default, range; in the shape of
 * the game's eval_params, so that one tuner serves both. */
extern const struct gt_param gt_search_param_table[GT_SP_COUNT];
/* Per entry: what it does (one line), and whether it is a switch. */
extern const char *const gt_search_param_doc[GT_SP_COUNT];
extern const bool gt_search_param_switch[GT_SP_COUNT];

/* Fill v with the defaults. */
void gt_search_param_defaults(int32_t v[GT_SP_COUNT]);

/* A margin of `pct` hundredths of the game's unit, in eval units. */
static inline int gt_unit_pct(const struct gt_game *g, int pct)
{
    return g->eval_unit * pct / 100;
}

#endif

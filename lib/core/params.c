/* params.c -- the defaults of the search's named numbers, and what each
 * was found worth where it was measured (doc/null-move.md, doc/strength.md).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "params.h"

const struct gt_param gt_search_param_table[GT_SP_COUNT] = {
    [GT_SP_CHECK_EXT_DEPTH]  = {"CheckExtensionDepth", 0, 0, 64},
    [GT_SP_MATE1]            = {"MateInOne", 1, 0, 1},
    [GT_SP_MATE1_QS]         = {"MateInOneQS", 0, 0, 1},
    [GT_SP_ASP_DEPTH]        = {"AspirationDepth", 5, 1, 64},
    [GT_SP_ASP_WINDOW]       = {"AspirationWindow", 25, 1, 1000},
    [GT_SP_RFP_DEPTH]        = {"RFPDepth", 8, 0, 64},
    [GT_SP_RFP_MARGIN]       = {"RFPMargin", 80, 0, 1000},
    [GT_SP_RFP_IMPROVING]    = {"RFPImproving", 40, 0, 1000},
    [GT_SP_NMP_MIN_DEPTH]    = {"NullMoveMinDepth", 3, 1, 32},
    [GT_SP_NMP_BASE_R]       = {"NullMoveBaseR", 3, 1, 12},
    [GT_SP_NMP_DEPTH_DIV]    = {"NullMoveDepthDiv", 6, 1, 64},
    [GT_SP_NMP_MARGIN]       = {"NullMoveMargin", 200, 1, 10000},
    [GT_SP_NMP_MARGIN_MAX]   = {"NullMoveMarginMax", 3, 0, 12},
    [GT_SP_NMP_VERIFY_DEPTH] = {"NullMoveVerifyDepth", 10, 1, 64},
    [GT_SP_NMP_RISK_DEPTH]   = {"NullMoveRiskDepth", 6, 1, 64},
    [GT_SP_SE_DEPTH]         = {"SingularDepth", 0, 0, 64},
    [GT_SP_SE_MARGIN]        = {"SingularMargin", 2, 0, 1000},
    [GT_SP_PROBCUT_DEPTH]    = {"ProbCutDepth", 0, 0, 64},
    [GT_SP_PROBCUT_MARGIN]   = {"ProbCutMargin", 200, 0, 10000},
    [GT_SP_IIR_DEPTH]        = {"IIRDepth", 4, 1, 64},
    [GT_SP_LMP_DEPTH]        = {"LMPDepth", 8, 0, 64},
    [GT_SP_LMP_BASE]         = {"LMPBase", 3, 0, 100},
    [GT_SP_FUT_DEPTH]        = {"FutilityDepth", 6, 0, 64},
    [GT_SP_FUT_BASE]         = {"FutilityBase", 100, 0, 2000},
    [GT_SP_FUT_PER_DEPTH]    = {"FutilityPerDepth", 90, 0, 2000},
    [GT_SP_SEE_DEPTH]        = {"SEEDepth", 6, 0, 64},
    [GT_SP_SEE_MARGIN]       = {"SEEMargin", 100, 0, 2000},
    [GT_SP_SEE_QUIET_DEPTH]  = {"SEEQuietDepth", 6, 0, 64},
    [GT_SP_SEE_QUIET_MARGIN] = {"SEEQuietMargin", 25, 0, 2000},
    [GT_SP_FUT_CHECKS]       = {"FutilityChecks", 0, 0, 1},
    [GT_SP_HIST_BONUS_LINEAR] = {"HistoryBonusLinear", 0, 0, 4000},
    [GT_SP_HIST_BONUS_MAX]   = {"HistoryBonusMax", 1200, 1, 16384},
    [GT_SP_HIST_PRUNE_DEPTH] = {"HistoryPruneDepth", 0, 0, 64},
    [GT_SP_HIST_PRUNE_MARGIN] = {"HistoryPruneMargin", 3000, 0, 100000},
    [GT_SP_RAZOR_DEPTH]      = {"RazorDepth", 0, 0, 64},
    [GT_SP_RAZOR_MARGIN]     = {"RazorMargin", 150, 0, 10000},
    [GT_SP_LMR_MIN_DEPTH]    = {"LMRMinDepth", 3, 1, 64},
    [GT_SP_LMR_BASE]         = {"LMRBase", 75, 0, 400},
    [GT_SP_LMR_DIV]          = {"LMRDiv", 225, 50, 1000},
    [GT_SP_LMR_HISTORY]      = {"LMRHistory", 0, 0, 100000},
    [GT_SP_LMR_CHECKS]       = {"LMRChecks", 0, 0, 1},
    [GT_SP_LMR_TTPV]         = {"LMRTTPv", 0, 0, 4},
    [GT_SP_LMR_CUTNODE]      = {"LMRCutNode", 1, 0, 4},
    [GT_SP_LMR_DEEPER]       = {"LMRDeeperMargin", 0, 0, 1000},
    [GT_SP_CORRECTION]       = {"CorrectionHistory", 0, 0, 400},
    [GT_SP_CORRECTION_KEEP]  = {"CorrectionKeep", 0, 0, 1},
    [GT_SP_QS_FUTILITY]      = {"QSFutilityMargin", 0, 0, 10000},
    [GT_SP_TIME_MOVES]       = {"TimeMoves", 30, 1, 200},
    [GT_SP_TIME_MOVES_MAX]   = {"TimeMovesMax", 50, 1, 500},
    [GT_SP_TIME_SOFT]        = {"TimeSoft", 60, 1, 1000},
    [GT_SP_TIME_HARD]        = {"TimeHard", 300, 1, 2000},
    [GT_SP_TIME_HARD_CAP]    = {"TimeHardCap", 3, 1, 20},
    [GT_SP_TIME_INC]         = {"TimeInc", 75, 0, 100},
    [GT_SP_TIME_CAP_INC]     = {"TimeCapInc", 50, 0, 100},
};

void gt_search_param_defaults(int32_t v[GT_SP_COUNT])
{
    for (int i = 0; i < GT_SP_COUNT; i++)
        v[i] = gt_search_param_table[i].value;
}

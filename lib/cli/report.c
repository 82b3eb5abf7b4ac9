/* report.c -- turning search results into protocol text.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A mate is counted in moves in UCI (mate 2: our move, theirs, our
 * mating move), in plies in USI (the same mate is "mate 3"; being mated
 * after two plies is "mate -2"), as GUIs of each read it. */
void gt_format_score(const struct gt_game *g, int score, char *buf, size_t len)
{
    if (gt_is_mate_score(score) && g->dialect == GT_USI)
        snprintf(buf, len, "mate %d", score > 0 ? GT_MATE - score : -(GT_MATE + score));
    else if (gt_is_mate_score(score))
        snprintf(buf, len, "mate %d", gt_mate_moves(score));
    else
        snprintf(buf, len, "cp %d", score * 100 / g->eval_unit);
}

int gt_format_line(const struct gt_game *g, const void *root, const gt_move *line,
                   int n, char *buf, size_t len)
{
    void *pos = malloc(g->pos_size);
    void *undo = malloc(g->undo_size ? g->undo_size : 1);
    int done = 0;
    size_t used = 0;
    if (len)
        buf[0] = 0;
    if (pos && undo) {
        memcpy(pos, root, g->pos_size);
        for (; done < n && g->is_legal(pos, line[done]); done++) {
            char mv[32];
            g->move_to_text(pos, line[done], mv, sizeof mv);
            int w = snprintf(buf + used, len - used, "%s%s", done ? " " : "", mv);
            if (w < 0 || (size_t)w >= len - used)
                break;
            used += (size_t)w;
            g->make(pos, line[done], undo);   /* a copy: never taken back */
        }
    }
    free(pos);
    free(undo);
    return done;
}

void gt_format_info(const struct gt_game *g, const void *root,
                    const struct gt_search_info *info, char *buf, size_t len)
{
    char score[32], pv[4096];
    if (info->currmove != GT_MOVE_NONE) {
        gt_format_line(g, root, &info->currmove, 1, pv, sizeof pv);
        snprintf(buf, len, "info depth %d currmove %s currmovenumber %d", info->depth, pv,
                 info->currmovenumber);
        return;
    }
    gt_format_score(g, info->score, score, sizeof score);
    gt_format_line(g, root, info->pv, info->pv_len, pv, sizeof pv);
    long long nps = info->time_ms > 0 ? (long long)(info->nodes * 1000 / (uint64_t)info->time_ms)
                                      : 0;
    snprintf(buf, len,
             "info depth %d seldepth %d multipv %d score %s%s nodes %llu nps %lld "
             "hashfull %d time %lld%s%s",
             info->depth, info->seldepth, info->multipv > 1 ? info->multipv : 1, score,
             info->lowerbound ? " lowerbound" : info->upperbound ? " upperbound" : "",
             (unsigned long long)info->nodes, nps, info->hashfull,
             (long long)info->time_ms, pv[0] ? " pv " : "", pv);
}

gt_move gt_safe_best_move(const struct gt_game *g, const void *root, gt_move best)
{
    if (best != GT_MOVE_NONE && g->is_legal(root, best))
        return best;
    gt_move *moves = malloc((size_t)g->max_moves * sizeof *moves);
    gt_move m = GT_MOVE_NONE;
    if (moves && g->generate(root, GT_GEN_ALL, moves) > 0)
        m = moves[0];
    free(moves);
    return m;
}

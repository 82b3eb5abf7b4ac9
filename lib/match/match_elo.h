/* match_elo.h -- match statistics: score, Elo difference with a 95%
 * interval, likelihood of superiority, and the SPRT log-likelihood ratio.
 * All from the first engine's wins, losses and draws.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_ELO_H
#define GT_MATCH_ELO_H

#include <stddef.h>

struct gt_elo {
    int games;
    double score;        /* points per game, 0..1 */
    double elo;          /* logistic Elo difference; +-inf at 0% or 100% */
    double elo_lo, elo_hi; /* 95% interval */
    double los;          /* likelihood of superiority, 0..1 */
};

/* Paired games (one opening, colours swapped), from the pentanomial
 * counts ptnml[k] = pairs in which the first engine scored k/2 points. */
struct gt_penta {
    int pairs;
    double score;        /* points per game, 0..1 */
    double elo, elo_lo, elo_hi;     /* logistic Elo, 95% interval from the
                                       variance of the pair scores */
    double nelo, nelo_lo, nelo_hi;  /* normalized Elo and its interval */
};

void gt_penta_estimate(const int ptnml[5], struct gt_penta *out);

/* Elo difference of a score: -400 log10(1/s - 1). */
double gt_elo_of_score(double s);
/* The expected score of an Elo difference: 1 / (1 + 10^(-elo/400)). */
double gt_score_of_elo(double elo);
/* Elo as text in buf (len bytes), returned: "+12.3", +-inf at a 0% or
 * 100% score, never "-0.0". */
const char *gt_elo_text(double elo, char *buf, size_t len);

void gt_elo_estimate(int wins, int losses, int draws, struct gt_elo *out);

/* The GSPRT log-likelihood ratio of H1 (elo1) against H0 (elo0), logistic
 * Elo, trinomial results.  0 while the results have no variance. */
double gt_sprt_llr(int wins, int losses, int draws, double elo0, double elo1);
/* The same from pentanomial counts (pairs of games on one opening, as
 * fastchess and fishtest count them): the pairs' mean score and its
 * variance, which sees how the two games of a pair go together.  0 while
 * the pairs have no variance. */
double gt_sprt_llr_penta(const int ptnml[5], double elo0, double elo1);
/* Wald's bounds: lower ln(beta/(1-alpha)), upper ln((1-beta)/alpha). */
void gt_sprt_bounds(double alpha, double beta, double *lower, double *upper);

#endif

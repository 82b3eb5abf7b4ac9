/* match_elo.c -- the arithmetic of match results.
 *
 * Score s = (W + D/2) / N.  Per-game variance of the result (1, 1/2, 0):
 *   var = (W (1-s)^2 + D (1/2-s)^2 + L s^2) / N.
 * The 95% interval is s +- 1.959964 sqrt(var/N), each end turned into
 * Elo by -400 log10(1/s - 1) (the normal approximation of the trinomial
 * mean, as cutechess-cli and fastchess report it).
 * LOS = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2: draws say nothing about
 * which engine is stronger (Remi Coulom's formula, chessprogramming.org
 * "Match Statistics").
 *
 * SPRT: the generalized SPRT approximation of Michel Van den Bergh
 * ("A simple approximation of the GSPRT", the note behind fishtest's
 * trinomial LLR; also fastchess's logistic model):
 *   s0 = 1/(1+10^(-elo0/400)), s1 = 1/(1+10^(-elo1/400)),
 *   LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var),
 * compared with Wald's bounds ln(beta/(1-alpha)) and ln((1-beta)/alpha).
 *
 * Pentanomial: a pair of games on one opening scores x = 0, 1/4, 1/2,
 * 3/4 or 1 per game; with p_k the share of pairs at x_k, s = sum p_k x_k
 * and var = sum p_k (x_k - s)^2 (the pairs, not the games, are the
 * independent trials, so the correlation an opening brings is counted).
 * Interval s +- 1.959964 sqrt(var/pairs).  Normalized Elo (Michel Van den
 * Bergh; fastchess's nElo): (s - 1/2) / sqrt(2 var) * 800 / ln 10, the
 * score's distance from even in per-game standard deviations (a pair's
 * mean has half the variance of one game), scaled so that a small
 * difference reads like logistic Elo at a 0% draw rate.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_elo.h"

#include <math.h>
#include <stdio.h>

#define Z95 1.959963984540054

double gt_elo_of_score(double s)
{
    if (s <= 0)
        return -INFINITY;
    if (s >= 1)
        return INFINITY;
    return -400.0 * log10(1.0 / s - 1.0);
}

double gt_score_of_elo(double elo) { return 1.0 / (1.0 + pow(10.0, -elo / 400.0)); }

static double variance(int w, int l, int d, double s)
{
    double n = w + l + d;
    return (w * (1 - s) * (1 - s) + d * (0.5 - s) * (0.5 - s) + l * s * s) / n;
}

void gt_elo_estimate(int wins, int losses, int draws, struct gt_elo *out)
{
    int n = wins + losses + draws;
    out->games = n;
    out->los = wins + losses > 0
                   ? 0.5 * (1 + erf((wins - losses) / sqrt(2.0 * (wins + losses))))
                   : 0.5;
    if (n == 0) {
        out->score = 0.5;
        out->elo = out->elo_lo = out->elo_hi = 0;
        return;
    }
    double s = (wins + 0.5 * draws) / n;
    double half = Z95 * sqrt(variance(wins, losses, draws, s) / n);
    out->score = s;
    out->elo = gt_elo_of_score(s);
    out->elo_lo = gt_elo_of_score(s - half);
    out->elo_hi = gt_elo_of_score(s + half);
}

double gt_sprt_llr(int wins, int losses, int draws, double elo0, double elo1)
{
    int n = wins + losses + draws;
    if (n == 0)
        return 0;
    double s = (wins + 0.5 * draws) / n;
    double var = variance(wins, losses, draws, s);
    if (var <= 0)
        return 0;
    double s0 = gt_score_of_elo(elo0), s1 = gt_score_of_elo(elo1);
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

double gt_sprt_llr_penta(const int ptnml[5], double elo0, double elo1)
{
    double n = 0, sum = 0, var = 0;
    for (int k = 0; k < 5; k++) {
        n += ptnml[k];
        sum += ptnml[k] * k / 4.0;
    }
    if (n == 0)
        return 0;
    double s = sum / n;
    for (int k = 0; k < 5; k++)
        var += ptnml[k] * (k / 4.0 - s) * (k / 4.0 - s) / n;
    if (var <= 0)
        return 0;
    double s0 = gt_score_of_elo(elo0), s1 = gt_score_of_elo(elo1);
    return n * (s1 - s0) * (2 * s - s0 - s1) / (2 * var);
}

void gt_sprt_bounds(double alpha, double beta, double *lower, double *upper)
{
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}

#define NELO_SCALE (800.0 / M_LN10)

static double nelo_of(double s, double sd)
{
    if (sd > 0)
        return (s - 0.5) / sd * NELO_SCALE;
    return s > 0.5 ? INFINITY : s < 0.5 ? -INFINITY : 0;
}

void gt_penta_estimate(const int ptnml[5], struct gt_penta *out)
{
    int n = 0;
    double sum = 0;
    for (int k = 0; k < 5; k++) {
        n += ptnml[k];
        sum += ptnml[k] * k / 4.0;
    }
    *out = (struct gt_penta){.pairs = n, .score = 0.5};
    if (n == 0)
        return;
    double s = sum / n, var = 0;
    for (int k = 0; k < 5; k++)
        var += ptnml[k] * (k / 4.0 - s) * (k / 4.0 - s) / n;
    double half = Z95 * sqrt(var / n), sd = sqrt(2 * var);
    out->score = s;
    out->elo = gt_elo_of_score(s);
    out->elo_lo = gt_elo_of_score(s - half);
    out->elo_hi = gt_elo_of_score(s + half);
    out->nelo = nelo_of(s, sd);
    out->nelo_lo = nelo_of(s - half, sd);
    out->nelo_hi = nelo_of(s + half, sd);
}

const char *gt_elo_text(double elo, char *buf, size_t len)
{
    if (isinf(elo))
        snprintf(buf, len, "%sinf", elo < 0 ? "-" : "+");
    else
        snprintf(buf, len, "%+.1f", elo + 0.0);
    return buf;
}

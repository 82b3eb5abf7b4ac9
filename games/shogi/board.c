/* board.c -- attacks, setup, make/unmake and the null move.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "shogi.h"

static inline bool owned_by(int pc, int color)
{
    return pc && (pc >> 4) == color;  /* the wall (32) has "color" 2 */
}

/* Is sq attacked by a piece of color `by`?  `skip` (a square or -1) is
 * treated as empty: a king stepping away must not hide behind itself.
 * The body is built twice, with and without a skip square, to keep the
 * test out of the line walks of the common case. */
static inline __attribute__((always_inline)) bool
attacked_body(const uint8_t *board, int sq, int by, int skip, bool skips,
              bool walks)
{
    /* A sente knight on k attacks k-13 and k+9; a gote one k+13 and k-9. */
    int kn = SH_PIECE(by, SH_KNIGHT);
    if (by == 0 ? board[sq + 13] == kn || board[sq - 9] == kn
                : board[sq - 13] == kn || board[sq + 9] == kn)
        return true;
    for (int d = 0; d < 8; d++) {
        int off = shogi_dir_offset[d];
        int bit = 1 << (d ^ 1);  /* the attacker moves back toward sq */
        int s = sq + off;
        int pc = board[s];
        if (pc && (!skips || s != skip)) {
            if (owned_by(pc, by) && (shogi_step_dirs[pc] & bit)) return true;
            continue;
        }
        if (!walks) continue;
        do {
            s += off;
            pc = board[s];
        } while (pc == SH_EMPTY || (skips && s == skip));
        if (owned_by(pc, by) && (shogi_slide_dirs[pc] & bit)) return true;
    }
    return false;
}

bool shogi_attacked(const uint8_t *board, int sq, int by, int skip)
{
    if (skip < 0) return attacked_body(board, sq, by, -1, false, true);
    return attacked_body(board, sq, by, skip, true, true);
}

/* The same, knowing `far`: a set that holds every slider of `by` on the
 * board (more does no harm).  With none on sq's lines beyond its
 * neighbours, no line needs walking: only the neighbours and the knight
 * squares can attack, which is most of the king's squares. */
bool shogi_attacked_far(const uint8_t *board, shogi_bb far, int sq, int by,
                        int skip)
{
    if (!(far & shogi_lines_bb[sq]))
        return attacked_body(board, sq, by, -1, false, false);
    if (skip < 0) return attacked_body(board, sq, by, -1, false, true);
    return attacked_body(board, sq, by, skip, true, true);
}

/* The squares of all pieces of `by` attacking sq (at most max). */
int shogi_attackers(const uint8_t *board, int sq, int by, uint8_t *from,
                    int max)
{
    int n = 0;
    for (int d = 0; d < 8 && n < max; d++) {
        int off = shogi_dir_offset[d];
        int bit = 1 << (d ^ 1);
        int s = sq + off;
        int pc = board[s];
        if (pc) {
            if (owned_by(pc, by) && (shogi_step_dirs[pc] & bit))
                from[n++] = (uint8_t)s;
            continue;
        }
        do {
            s += off;
            pc = board[s];
        } while (pc == SH_EMPTY);
        if (owned_by(pc, by) && (shogi_slide_dirs[pc] & bit))
            from[n++] = (uint8_t)s;
    }
    int kn = SH_PIECE(by, SH_KNIGHT);
    int k1 = by == 0 ? sq + 13 : sq - 13, k2 = by == 0 ? sq - 9 : sq + 9;
    if (board[k1] == kn && n < max) from[n++] = (uint8_t)k1;
    if (board[k2] == kn && n < max) from[n++] = (uint8_t)k2;
    return n;
}

/* A side without a king (a tsume attacker) is never in check. */
bool shogi_king_attacked(const struct shogi_pos *p, int color)
{
    return shogi_has_king(p, color) &&
           shogi_attacked(p->board, p->king[color], color ^ 1, -1);
}

void shogi_clear(struct shogi_pos *p)
{
    memset(p, 0, sizeof *p);
    for (int sq = 0; sq < SH_CELLS; sq++) {
        int f = SH_FILE(sq), r = SH_RANK(sq);
        bool inside = f >= 1 && f <= 9 && r >= 1 && r <= 9;
        p->board[sq] = inside ? SH_EMPTY : SH_WALL;
    }
    p->king[0] = p->king[1] = SH_NO_KING;
    p->move_number = 1;
}

void shogi_put(struct shogi_pos *p, int sq, int pc)
{
    int c = SH_COLOR(pc), t = SH_TYPE(pc);
    p->board[sq] = (uint8_t)pc;
    p->occ[c] |= SH_BIT(sq);
    if (SH_IS_FAR(pc)) p->far[c] |= SH_BIT(sq);
    if (SH_IS_DEF(pc)) p->def[c] |= SH_BIT(sq);
    if (t == SH_KING) p->king[c] = (uint8_t)sq;
    if (t == SH_PAWN) p->pawn_files[c] |= (uint16_t)(1 << (SH_FILE(sq) - 1));
}

uint64_t shogi_compute_key(const struct shogi_pos *p)
{
    uint64_t k = p->side ? shogi_zob_side : 0;
    for (int sq = 0; sq < SH_CELLS; sq++)
        if (p->board[sq] && p->board[sq] != SH_WALL)
            k ^= shogi_zob_piece[p->board[sq]][sq];
    for (int c = 0; c < 2; c++)
        for (int t = 1; t < 8; t++) k ^= shogi_zob_hand[c][t][p->hand[c][t]];
    return k;
}

/* Which part key a piece belongs to: 0 for a pawn (of either side), else
 * 1 + its side. */
static inline int part_of(int pc)
{
    return SH_TYPE(pc) == SH_PAWN ? 0 : 1 + (pc >> 4);
}

static inline void part_xor(struct shogi_pos *p, int pc, int sq)
{
    p->part_key[part_of(pc)] ^= shogi_zob_piece[pc][sq];
}

/* After the pieces, hands and side are set: derive the rest. */
void shogi_finish_setup(struct shogi_pos *p)
{
    p->key = shogi_compute_key(p);
    p->part_key[0] = p->part_key[1] = p->part_key[2] = 0;
    for (int sq = 0; sq < SH_CELLS; sq++)
        if (p->board[sq] && p->board[sq] != SH_WALL)
            part_xor(p, p->board[sq], sq);
    p->psq[0] = shogi_psq(p, 0);
    p->psq[1] = shogi_psq(p, 1);
    p->guard[0] = shogi_guard(p, 0);
    p->guard[1] = shogi_guard(p, 1);
    p->ring_known = p->eval_known = 0;
    p->checked = shogi_king_attacked(p, p->side);
    p->cont_check[0] = p->cont_check[1] = 0;
    p->hist_n = 0;
    p->hist_top = 0;
    p->hist[0] = p->key;
    memset(p->rep_count, 0, sizeof p->rep_count);
    p->rep_count[shogi_rep_bucket(p->key)] = 1;
}

/* The key after move m, from the position before it: make's key, and the
 * key_after hook (the search starts fetching the child's table entry
 * before it decides on the move). */
uint64_t shogi_key_after(const struct shogi_pos *p, gt_move m)
{
    int us = p->side, to = SH_MOVE_TO(m);
    uint64_t k = p->key ^ shogi_zob_side;
    if (m & SH_MOVE_DROP) {
        int t = SH_MOVE_FROM(m), n = p->hand[us][t];
        return k ^ shogi_zob_piece[SH_PIECE(us, t)][to] ^
               shogi_zob_hand[us][t][n] ^ shogi_zob_hand[us][t][n - 1];
    }
    int from = SH_MOVE_FROM(m), pc = p->board[from], cap = p->board[to];
    int npc = (m & SH_MOVE_PROMO) ? pc + SH_PROMOTE : pc;
    k ^= shogi_zob_piece[pc][from] ^ shogi_zob_piece[npc][to];
    if (cap) {
        int ct = SH_TYPE(cap), t = ct > SH_KING ? ct - SH_PROMOTE : ct;
        int n = p->hand[us][t];
        k ^= shogi_zob_piece[cap][to] ^ shogi_zob_hand[us][t][n] ^
             shogi_zob_hand[us][t][n + 1];
    }
    return k;
}

static inline void push_history(struct shogi_pos *p)
{
    p->hist_top = (uint16_t)((p->hist_top + 1) & (SH_HIST - 1));
    p->hist[p->hist_top] = p->key;
    if (p->hist_n < SH_HIST - 1) p->hist_n++;
    p->rep_count[shogi_rep_bucket(p->key)]++;
}

/* unmake's half of push_history, before the key is restored. */
static inline void pop_history(struct shogi_pos *p)
{
    p->rep_count[shogi_rep_bucket(p->key)]--;
    p->hist_top = (uint16_t)((p->hist_top - 1) & (SH_HIST - 1));
}

void shogi_make(struct shogi_pos *p, gt_move m, struct shogi_undo *u)
{
    int us = p->side, them = us ^ 1;
    int to = SH_MOVE_TO(m);
    u->key = p->key;
    p->key = shogi_key_after(p, m);
    for (int i = 0; i < 3; i++)
        u->part_key[i] = p->part_key[i];
    u->cont_check[0] = p->cont_check[0];
    u->cont_check[1] = p->cont_check[1];
    u->hist_n = p->hist_n;
    u->checked = p->checked;
    u->ring_known = p->ring_known;
    u->ring[0] = p->ring[0];
    u->ring[1] = p->ring[1];
    u->eval_known = p->eval_known;
    u->eval_memo = p->eval_memo;
    p->ring_known = p->eval_known = 0;
    /* Before the move, the enemy king is never attacked (the enemy's last
     * move was legal, a SFEN with it in check is refused, a null move is
     * never made in check): only this move can attack it now, cheaper to
     * ask than a scan around the king afterwards. */
    bool check = shogi_gives_check(p, m);
    u->psq[0] = p->psq[0];
    u->psq[1] = p->psq[1];
    u->guard[0] = p->guard[0];
    u->guard[1] = p->guard[1];
    /* a side without a king (a tsume attacker) keeps 0 */
    int own_k = shogi_has_king(p, us) ? p->king[us] : -1000;
    int foe_k = shogi_has_king(p, them) ? p->king[them] : -1000;
    if (m & SH_MOVE_DROP) {
        int t = SH_MOVE_FROM(m), pc = SH_PIECE(us, t), n = p->hand[us][t];
        p->psq[us] += shogi_base_value[pc][to] + shogi_hand_value[t][n - 1] -
                      shogi_hand_value[t][n];
        p->guard[us] += shogi_guard_of(pc, to, own_k);
        p->board[to] = (uint8_t)pc;
        part_xor(p, pc, to);
        p->occ[us] |= SH_BIT(to);
        if (SH_IS_FAR(pc)) p->far[us] |= SH_BIT(to);
        if (SH_IS_DEF(pc)) p->def[us] |= SH_BIT(to);
        p->hand[us][t]--;
        if (t == SH_PAWN)
            p->pawn_files[us] |= (uint16_t)(1 << (SH_FILE(to) - 1));
        u->captured = 0;
    } else {
        int from = SH_MOVE_FROM(m);
        int pc = p->board[from], cap = p->board[to];
        if (cap) {
            int ct = SH_TYPE(cap), ht = ct > SH_KING ? ct - SH_PROMOTE : ct;
            int n = p->hand[us][ht];
            p->occ[them] &= ~SH_BIT(to);
            p->far[them] &= ~SH_BIT(to);
            p->def[them] &= ~SH_BIT(to);
            p->psq[them] -= shogi_base_value[cap][to];
            p->guard[them] -= shogi_guard_of(cap, to, foe_k);
            p->psq[us] += shogi_hand_value[ht][n + 1] - shogi_hand_value[ht][n];
            if (ct == SH_PAWN)
                p->pawn_files[them] &= (uint16_t)~(1 << (SH_FILE(to) - 1));
            p->hand[us][ht]++;
            part_xor(p, cap, to);
        }
        u->captured = (uint8_t)cap;
        p->board[from] = SH_EMPTY;
        p->occ[us] ^= SH_BIT(from) | SH_BIT(to);
        int npc = pc;
        if (m & SH_MOVE_PROMO) {
            npc = pc + SH_PROMOTE;
            if (SH_TYPE(pc) == SH_PAWN)
                p->pawn_files[us] &= (uint16_t)~(1 << (SH_FILE(to) - 1));
        }
        p->board[to] = (uint8_t)npc;
        part_xor(p, pc, from);
        part_xor(p, npc, to);
        if (SH_IS_FAR(pc)) p->far[us] ^= SH_BIT(from);
        if (SH_IS_FAR(npc)) p->far[us] |= SH_BIT(to);
        if (SH_IS_DEF(pc)) p->def[us] ^= SH_BIT(from);
        if (SH_IS_DEF(npc)) p->def[us] |= SH_BIT(to);
        p->psq[us] += shogi_base_value[npc][to] - shogi_base_value[pc][from];
        if (SH_TYPE(pc) == SH_KING) {
            p->king[us] = (uint8_t)to;
            p->guard[us] = shogi_guard(p, us);
        } else {
            p->guard[us] += shogi_guard_of(npc, to, own_k) -
                            shogi_guard_of(pc, from, own_k);
        }
    }
    p->side = (uint8_t)them;
    p->checked = check;
    if (check) {
        int cc = p->cont_check[us] + 2;
        p->cont_check[us] = (uint16_t)(cc > SH_CHECK_CAP ? SH_CHECK_CAP : cc);
    } else {
        p->cont_check[us] = 0;
    }
    p->move_number++;
    push_history(p);
}

void shogi_unmake(struct shogi_pos *p, gt_move m, const struct shogi_undo *u)
{
    int them = p->side, us = them ^ 1;
    int to = SH_MOVE_TO(m);
    if (m & SH_MOVE_DROP) {
        int t = SH_MOVE_FROM(m);
        p->board[to] = SH_EMPTY;
        p->occ[us] &= ~SH_BIT(to);
        p->far[us] &= ~SH_BIT(to);
        p->def[us] &= ~SH_BIT(to);
        p->hand[us][t]++;
        if (t == SH_PAWN)
            p->pawn_files[us] &= (uint16_t)~(1 << (SH_FILE(to) - 1));
    } else {
        int from = SH_MOVE_FROM(m);
        int npc = p->board[to], cap = u->captured;
        int pc = (m & SH_MOVE_PROMO) ? npc - SH_PROMOTE : npc;
        p->board[from] = (uint8_t)pc;
        p->board[to] = (uint8_t)cap;
        p->occ[us] ^= SH_BIT(from) | SH_BIT(to);
        p->far[us] &= ~SH_BIT(to);
        p->def[us] &= ~SH_BIT(to);
        if (SH_IS_FAR(pc)) p->far[us] |= SH_BIT(from);
        if (SH_IS_DEF(pc)) p->def[us] |= SH_BIT(from);
        if ((m & SH_MOVE_PROMO) && SH_TYPE(pc) == SH_PAWN)
            p->pawn_files[us] |= (uint16_t)(1 << (SH_FILE(to) - 1));
        if (cap) {
            int ct = SH_TYPE(cap);
            p->occ[them] |= SH_BIT(to);
            if (SH_IS_FAR(cap)) p->far[them] |= SH_BIT(to);
            if (SH_IS_DEF(cap)) p->def[them] |= SH_BIT(to);
            if (ct == SH_PAWN)
                p->pawn_files[them] |= (uint16_t)(1 << (SH_FILE(to) - 1));
            p->hand[us][ct > SH_KING ? ct - SH_PROMOTE : ct]--;
        }
        if (SH_TYPE(pc) == SH_KING) p->king[us] = (uint8_t)from;
    }
    p->side = (uint8_t)us;
    pop_history(p);
    p->key = u->key;
    for (int i = 0; i < 3; i++)
        p->part_key[i] = u->part_key[i];
    p->psq[0] = u->psq[0];
    p->psq[1] = u->psq[1];
    p->guard[0] = u->guard[0];
    p->guard[1] = u->guard[1];
    p->cont_check[0] = u->cont_check[0];
    p->cont_check[1] = u->cont_check[1];
    p->hist_n = u->hist_n;
    p->checked = u->checked;
    p->ring_known = u->ring_known;
    p->ring[0] = u->ring[0];
    p->ring[1] = u->ring[1];
    p->eval_known = u->eval_known;
    p->eval_memo = u->eval_memo;
    p->move_number--;
}

/* The virtual null move (never made in check).  The side that passes loses
 * its run of checks, and the repetition view restarts here: a null inside a
 * checking sequence must not look like perpetual check, and positions
 * before the pass were not reached by real play from the ones after it.
 * The board stays, and with it the ring memo; the eval memo turns round. */
void shogi_make_null(struct shogi_pos *p, struct shogi_undo *u)
{
    u->key = p->key;
    u->eval_known = p->eval_known;
    u->eval_memo = p->eval_memo;
    shogi_eval_pass(p);
    u->cont_check[0] = p->cont_check[0];
    u->cont_check[1] = p->cont_check[1];
    u->hist_n = p->hist_n;
    u->checked = p->checked;
    u->captured = 0;
    p->cont_check[p->side] = 0;
    p->side ^= 1;
    p->key ^= shogi_zob_side;
    p->checked = 0;
    push_history(p);
    p->hist_n = 0;
}

void shogi_unmake_null(struct shogi_pos *p, const struct shogi_undo *u)
{
    p->side ^= 1;
    p->eval_known = u->eval_known;
    p->eval_memo = u->eval_memo;
    pop_history(p);
    p->key = u->key;
    p->cont_check[0] = u->cont_check[0];
    p->cont_check[1] = u->cont_check[1];
    p->hist_n = u->hist_n;
    p->checked = u->checked;
}

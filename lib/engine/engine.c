/* engine.c -- the engine object: position handling, options and the
 * search thread that the protocol and the tools drive.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "engine.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "options.h"
#include "core/history.h"
#include "core/net.h"
#include "core/paramfile.h"
#include "core/tt.h"
#include "core/util.h"

struct gt_engine {
    const struct gt_game *g;
    struct gt_options *opts;
    struct gt_tt tt;
    int16_t *correction;       /* kept beside the table (CorrectionKeep) */
    void *history;             /* the quiet-move histories (HistoryKeep) */
    long hash_mb;
    void *pos;          /* the root position */
    void *scratch;      /* a second position for all-or-nothing updates */
    void *undo;         /* undo record for moves that are never taken back */
    int32_t *eval_values; /* the weights EvalFile loaded (NULL: compiled in) */
    struct gt_net *net;   /* the network EvalFile loaded, or the game's own */
    const struct gt_net *playing; /* what the search evaluates with (NULL:
                                     evaluate): a change clears the table */

    /* the search thread */
    pthread_mutex_t lock;
    pthread_t thread;
    bool running;              /* a thread exists and was not joined */
    atomic_bool finished;      /* its search is over (bestmove may follow) */
    struct gt_search_ctl ctl;
    struct gt_limits lim;
    struct gt_search_params params;
    void *search_pos;
    gt_info_fn info;
    gt_done_fn done;
    void *ctx;

    /* the mate solver's run in the same thread */
    struct gt_mate_limits mate_lim;
    struct gt_mate_result mate_res;
    gt_mate_done_fn mate_done;
    bool mate_fallback;
};

static const char *const hash_name[] = {[GT_UCI] = "Hash", [GT_USI] = "USI_Hash"};
static const char *const ponder_name[] = {[GT_UCI] = "Ponder", [GT_USI] = "USI_Ponder"};

/* The game's default for the search number `name` (the text after '='
 * in its search_defaults), or NULL. */
static const char *game_search_default(const struct gt_game *g, const char *name)
{
    size_t len = strlen(name);
    for (const char *const *d = g->search_defaults; d && *d; d++)
        if (!strncmp(*d, name, len) && (*d)[len] == '=')
            return *d + len + 1;
    return NULL;
}

/* Every entry of the game's search_defaults names a search number. */
static int check_search_defaults(const struct gt_game *g, char *err, size_t err_len)
{
    for (const char *const *d = g->search_defaults; d && *d; d++) {
        char name[64];
        size_t len = strcspn(*d, "=");
        snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : 0), *d);
        if (!(*d)[len] || gt_param_find(gt_search_param_table, GT_SP_COUNT, name) < 0) {
            gt_errf(err, err_len, "game '%s': search default '%s' names no search number",
                    g->name, *d);
            return -1;
        }
    }
    return 0;
}

static int add_core_options(struct gt_engine *e)
{
    enum gt_dialect d = e->g->dialect;
    const struct gt_option_spec core[] = {
        {hash_name[d], GT_OPT_SPIN, "16", 1, 65536, NULL},
        {"Clear Hash", GT_OPT_BUTTON, NULL, 0, 0, NULL},
        {"Threads", GT_OPT_SPIN, "1", 1, 256, NULL},
        {"MultiPV", GT_OPT_SPIN, "1", 1, GT_MAX_MULTIPV, NULL},
        {ponder_name[d], GT_OPT_CHECK, "false", 0, 0, NULL},
    };
    for (size_t i = 0; i < sizeof core / sizeof core[0]; i++)
        if (gt_options_add(e->opts, &core[i]) < 0)
            return -1;
    /* The search's named numbers and switches, one option each, defaults
     * from the table (lib/core/params.h) or the game's own. */
    for (int i = 0; i < GT_SP_COUNT; i++) {
        const struct gt_param *t = &gt_search_param_table[i];
        char def[16];
        long v = gt_engine_search_default(e, i);
        bool sw = gt_search_param_switch[i];
        snprintf(def, sizeof def, sw ? (v ? "true" : "false") : "%ld", v);
        struct gt_option_spec s = {t->name, sw ? GT_OPT_CHECK : GT_OPT_SPIN, def, t->min,
                                   t->max, NULL};
        if (gt_options_add(e->opts, &s) < 0)
            return -1;
    }
    /* A game whose weights are data can take other weights from a file,
     * and one with input features a network. */
    const struct gt_option_spec eval_file = {"EvalFile", GT_OPT_STRING, "", 0, 0,
                                             NULL};
    const struct gt_option_spec use_net = {"UseNetwork", GT_OPT_CHECK, "true", 0, 0,
                                           NULL};
    if ((e->g->eval_params || e->g->features) && gt_options_add(e->opts, &eval_file) < 0)
        return -1;
    if (e->g->features && gt_options_add(e->opts, &use_net) < 0)
        return -1;
    for (const struct gt_option_spec *s = e->g->options; s && s->name; s++)
        if (gt_options_add(e->opts, s) < 0)
            return -1;
    return 0;
}

/* The module's own network, or NULL.  A module whose built-in network
 * does not fit its features (a stale file) plays with its evaluation;
 * the module's tests see to it that this does not ship. */
static struct gt_net *builtin_network(const struct gt_game *g)
{
    const struct gt_features *f = g->features;
    char err[256];
    return f && f->net ? gt_net_read(g, f->net, f->net_size, "the built-in network", err,
                                     sizeof err)
                       : NULL;
}

/* A new game, or another evaluation: nothing learnt so far holds. */
static void forget(struct gt_engine *e)
{
    gt_tt_clear(&e->tt);
    memset(e->correction, 0, GT_CORRECTION_ENTRIES * sizeof *e->correction);
    memset(e->history, 0, gt_history_quiet_bytes(e->g->move_index_count));
}

/* The network the search uses now: a change clears the table, whose
 * stored evaluations came from the other one. */
static void choose_evaluation(struct gt_engine *e)
{
    const struct gt_net *n =
        e->net && gt_options_bool(e->opts, "UseNetwork") ? e->net : NULL;
    if (n != e->playing)
        forget(e);
    e->playing = n;
}

/* EvalFile with a network file: loaded whole before it replaces the one
 * in use, so that a bad file leaves the engine as it was. */
static int set_network_file(struct gt_engine *e, const char *path, char *err, size_t err_len)
{
    struct gt_net *n = gt_net_load(e->g, path, err, err_len);
    if (!n || gt_options_set(e->opts, "EvalFile", path, err, err_len) < 0) {
        gt_net_free(n);
        return -1;
    }
    gt_net_free(e->net);
    e->net = n;
    choose_evaluation(e);
    return 0;
}

/* EvalFile: load the file first, so that a bad one leaves the option and
 * the weights as they were; "<empty>" or "" goes back to the compiled-in
 * weights and the game's own network. */
static int set_eval_file(struct gt_engine *e, const char *value, char *err, size_t err_len)
{
    int32_t *values = NULL;
    bool reset = !value || !*value || !strcmp(value, "<empty>");
    if (!reset && gt_net_file_is(value)) {
        if (e->g->features)
            return set_network_file(e, value, err, err_len);
        gt_errf(err, err_len, "'%s' is a network, and %s declares no input features to "
                "feed one", value, e->g->name);
        return -1;
    }
    if (!reset && !e->g->eval_params) {
        if (access(value, R_OK) != 0)
            gt_errf(err, err_len, "cannot open %s: %s", value, strerror(errno));
        else
            gt_errf(err, err_len, "'%s' is not a network file (and %s's evaluation has "
                    "no weights to load)", value, e->g->name);
        return -1;
    }
    if (!reset) {
        const struct gt_param *t = e->g->eval_params;
        int n = gt_param_count(t);
        values = malloc(sizeof *values * (size_t)(n ? n : 1));
        if (!values) {
            gt_errf(err, err_len, "out of memory");
            return -1;
        }
        for (int i = 0; i < n; i++)
            values[i] = t[i].value;
        if (gt_params_read(t, n, value, values, err, err_len) < 0) {
            free(values);
            return -1;
        }
    }
    if (gt_options_set(e->opts, "EvalFile", value ? value : "", err, err_len) < 0) {
        free(values);
        return -1;
    }
    free(e->eval_values);
    e->eval_values = values;
    if (reset) {
        gt_net_free(e->net);
        e->net = builtin_network(e->g);
        choose_evaluation(e);
    }
    return 0;
}

static void apply_game_options(const struct gt_engine *e, void *pos)
{
    if (!e->g->set_option)
        return;
    for (const struct gt_option_spec *s = e->g->options; s && s->name; s++)
        e->g->set_option(pos, s->name, gt_options_str(e->opts, s->name));
}

void gt_engine_prepare_position(const struct gt_engine *e, void *pos)
{
    apply_game_options(e, pos);
}

struct gt_engine *gt_engine_new(const struct gt_game *g, char *err, size_t err_len)
{
    struct gt_engine *e = calloc(1, sizeof *e);
    if (!e)
        goto oom;
    e->g = g;
    e->opts = gt_options_new();
    e->pos = calloc(1, g->pos_size);
    e->scratch = calloc(1, g->pos_size);
    e->search_pos = calloc(1, g->pos_size);
    e->undo = calloc(1, g->undo_size ? g->undo_size : 1);
    if (!e->opts || !e->pos || !e->scratch || !e->search_pos || !e->undo)
        goto oom;
    if (check_search_defaults(g, err, err_len) < 0) {
        gt_engine_free(e);
        return NULL;
    }
    if (add_core_options(e) < 0) {
        gt_errf(err, err_len, "game '%s' declares an invalid or duplicate option",
                g->name);
        gt_engine_free(e);
        return NULL;
    }
    e->hash_mb = gt_options_int(e->opts, hash_name[g->dialect]);
    e->correction = calloc(GT_CORRECTION_ENTRIES, sizeof *e->correction);
    /* + 1: a game without move indices still gets a block to point at. */
    e->history = calloc(1, gt_history_quiet_bytes(g->move_index_count) + 1);
    if (!e->correction || !e->history || gt_tt_resize(&e->tt, e->hash_mb) < 0)
        goto oom;
    e->net = builtin_network(g);
    choose_evaluation(e);
    pthread_mutex_init(&e->lock, NULL);
    if (gt_engine_set_position(e, NULL, NULL, err, err_len) < 0) {
        gt_engine_free(e);
        return NULL;
    }
    return e;
oom:
    gt_errf(err, err_len, "out of memory");
    gt_engine_free(e);
    return NULL;
}

void gt_engine_free(struct gt_engine *e)
{
    if (!e)
        return;
    if (e->running)
        gt_engine_stop(e);
    gt_options_free(e->opts);
    gt_tt_free(&e->tt);
    free(e->correction);
    free(e->history);
    free(e->pos);
    free(e->scratch);
    free(e->search_pos);
    free(e->undo);
    free(e->eval_values);
    gt_net_free(e->net);
    free(e);
}

const struct gt_game *gt_engine_game(const struct gt_engine *e) { return e->g; }
struct gt_options *gt_engine_options(struct gt_engine *e) { return e->opts; }
const void *gt_engine_position(const struct gt_engine *e) { return e->pos; }
const struct gt_net *gt_engine_network(const struct gt_engine *e) { return e->net; }
int gt_engine_hashfull(const struct gt_engine *e) { return gt_tt_hashfull(&e->tt); }

int gt_engine_set_position(struct gt_engine *e, const char *text,
                           const char *moves, char *err, size_t err_len)
{
    const struct gt_game *g = e->g;
    char msg[256] = "";
    if (gt_engine_searching(e)) {
        gt_errf(err, err_len, "cannot change the position while searching");
        return -1;
    }
    if (g->from_text(e->scratch, text ? text : g->startpos, msg, sizeof msg) != 0) {
        gt_errf(err, err_len, "bad position: %s", msg[0] ? msg : "rejected by the game");
        return -1;
    }
    apply_game_options(e, e->scratch);
    const char *cur = moves ? moves : "";
    char word[64];
    int ply = 0;
    while (gt_next_word(&cur, word, sizeof word)) {
        ply++;
        msg[0] = 0;
        gt_move m = g->move_from_text(e->scratch, word, msg, sizeof msg);
        if (m == GT_MOVE_NONE || !g->is_legal(e->scratch, m)) {
            gt_errf(err, err_len, "move %d (%s): %s", ply, word,
                    msg[0] ? msg : "illegal move");
            return -1;
        }
        g->make(e->scratch, m, e->undo);
    }
    memcpy(e->pos, e->scratch, g->pos_size);
    return 0;
}

int gt_engine_set_option_word(struct gt_engine *e, const char *word, char *err,
                              size_t err_len)
{
    char name[128];
    const char *eq = strchr(word, '=');
    size_t n = eq ? (size_t)(eq - word) : strlen(word);
    snprintf(name, sizeof name, "%.*s", (int)(n < sizeof name ? n : sizeof name - 1), word);
    return gt_engine_set_option(e, name, eq ? eq + 1 : NULL, err, err_len);
}

int gt_engine_set_option(struct gt_engine *e, const char *name,
                         const char *value, char *err, size_t err_len)
{
    if (gt_engine_searching(e)) {
        gt_errf(err, err_len, "cannot set options while searching");
        return -1;
    }
    if ((e->g->eval_params || e->g->features) && name && !strcasecmp(name, "EvalFile"))
        return set_eval_file(e, value, err, err_len);
    if (gt_options_set(e->opts, name, value, err, err_len) < 0)
        return -1;
    if (e->g->features)
        choose_evaluation(e);
    long mb = gt_options_int(e->opts, hash_name[e->g->dialect]);
    if (mb != e->hash_mb) {
        if (gt_tt_resize(&e->tt, mb) < 0) {
            gt_errf(err, err_len, "cannot allocate %ld MB for the hash table", mb);
            char old[32];
            snprintf(old, sizeof old, "%ld", e->hash_mb);
            gt_options_set(e->opts, hash_name[e->g->dialect], old, NULL, 0);
            return -1;
        }
        e->hash_mb = mb;
    }
    if (gt_options_take_press(e->opts, "Clear Hash"))
        forget(e);
    apply_game_options(e, e->pos);
    return 0;
}

void gt_engine_new_game(struct gt_engine *e)
{
    if (!gt_engine_searching(e))
        forget(e);
}

long gt_engine_search_default(const struct gt_engine *e, int i)
{
    const char *own = game_search_default(e->g, gt_search_param_table[i].name);
    if (!own)
        return (long)gt_search_param_table[i].value;
    if (gt_streq_nocase(own, "true") || gt_streq_nocase(own, "false"))
        return gt_streq_nocase(own, "true");
    return strtol(own, NULL, 10);
}

long gt_engine_search_value(const struct gt_engine *e, int i)
{
    const char *name = gt_search_param_table[i].name;
    return gt_search_param_switch[i] ? gt_options_bool(e->opts, name)
                                     : gt_options_int(e->opts, name);
}

void gt_engine_params(const struct gt_engine *e, struct gt_search_params *p)
{
    const struct gt_options *o = e->opts;
    gt_search_params_default(p);
    for (int i = 0; i < GT_SP_COUNT; i++)
        p->sp[i] = (int32_t)gt_engine_search_value(e, i);
    p->threads = (int)gt_options_int(o, "Threads");
    p->multipv = (int)gt_options_int(o, "MultiPV");
    p->eval_params = e->eval_values;
    p->net = e->playing;
    p->correction = e->correction;
    p->history = e->history;
}

static void prepare(struct gt_engine *e, const struct gt_limits *lim)
{
    e->lim = *lim;
    gt_engine_params(e, &e->params);
    memcpy(e->search_pos, e->pos, e->g->pos_size);
    atomic_store(&e->ctl.stop, false);
    atomic_store(&e->ctl.pondering, lim->ponder);
    atomic_store(&e->ctl.start_ms, gt_now_ms());
    atomic_store(&e->ctl.report_ms, atomic_load(&e->ctl.start_ms));
}

static void *search_thread(void *arg)
{
    struct gt_engine *e = arg;
    struct gt_search_result res;
    gt_search(e->g, e->search_pos, &e->tt, &e->params, &e->lim, &e->ctl,
              e->info, e->ctx, &res);
    /* Finished before the answer goes out: a GUI that reacts to bestmove
     * with a new command must find the engine idle. */
    atomic_store(&e->finished, true);
    if (e->done)
        e->done(e->ctx, &res);
    return NULL;
}

int gt_engine_go(struct gt_engine *e, const struct gt_limits *lim,
                 gt_info_fn info, gt_done_fn done, void *ctx)
{
    if (gt_engine_searching(e))
        return -1;
    prepare(e, lim);
    e->info = info;
    e->done = done;
    e->ctx = ctx;
    pthread_mutex_lock(&e->lock);
    atomic_store(&e->finished, false);
    e->running = pthread_create(&e->thread, NULL, search_thread, e) == 0;
    pthread_mutex_unlock(&e->lock);
    return e->running ? 0 : -1;
}

int gt_engine_search(struct gt_engine *e, const struct gt_limits *lim,
                     gt_info_fn info, void *ctx, struct gt_search_result *res)
{
    if (gt_engine_searching(e))
        return -1;
    prepare(e, lim);
    return gt_search(e->g, e->search_pos, &e->tt, &e->params, &e->lim, &e->ctl,
                     info, ctx, res);
}

static void *mate_thread(void *arg)
{
    struct gt_engine *e = arg;
    gt_mate_search(e->g, e->search_pos, &e->mate_lim, &e->mate_res);
    if (e->mate_fallback && e->mate_res.status != GT_MATE_FOUND) {
        e->mate_done(e->ctx, &e->mate_res);
        return search_thread(e);
    }
    atomic_store(&e->finished, true);       /* before the answer, as above */
    e->mate_done(e->ctx, &e->mate_res);
    return NULL;
}

int gt_engine_mate(struct gt_engine *e, const struct gt_mate_limits *lim,
                   gt_mate_done_fn mate_done, const struct gt_limits *fallback,
                   gt_info_fn info, gt_done_fn done, void *ctx)
{
    /* Without limits the solver runs like `go infinite`: end of input
     * stops it (gt_engine_release). */
    struct gt_limits none = {.infinite = !lim->nodes && !lim->time_ms};
    if (gt_engine_searching(e))
        return -1;
    prepare(e, fallback ? fallback : &none);
    e->mate_lim = *lim;
    e->mate_lim.stop = &e->ctl.stop;
    if (e->mate_lim.hash_mb <= 0)
        e->mate_lim.hash_mb = e->hash_mb;
    e->mate_done = mate_done;
    e->mate_fallback = fallback != NULL;
    e->info = info;
    e->done = done;
    e->ctx = ctx;
    pthread_mutex_lock(&e->lock);
    atomic_store(&e->finished, false);
    e->running = pthread_create(&e->thread, NULL, mate_thread, e) == 0;
    pthread_mutex_unlock(&e->lock);
    return e->running ? 0 : -1;
}

bool gt_engine_searching(struct gt_engine *e)
{
    pthread_mutex_lock(&e->lock);
    if (e->running && atomic_load(&e->finished)) {
        pthread_join(e->thread, NULL);     /* only the answer was left */
        e->running = false;
    }
    bool r = e->running;
    pthread_mutex_unlock(&e->lock);
    return r;
}

void gt_engine_wait(struct gt_engine *e)
{
    pthread_mutex_lock(&e->lock);
    bool r = e->running;
    e->running = false;
    pthread_mutex_unlock(&e->lock);
    if (r)
        pthread_join(e->thread, NULL);
}

void gt_engine_stop(struct gt_engine *e)
{
    atomic_store(&e->ctl.pondering, false);
    atomic_store(&e->ctl.stop, true);
    gt_engine_wait(e);
}

void gt_engine_ponderhit(struct gt_engine *e)
{
    /* The clock starts now: the time so far was the opponent's. */
    atomic_store(&e->ctl.start_ms, gt_now_ms());
    atomic_store(&e->ctl.pondering, false);
}

void gt_engine_release(struct gt_engine *e)
{
    gt_engine_ponderhit(e);
    if (e->lim.infinite)
        atomic_store(&e->ctl.stop, true);
}

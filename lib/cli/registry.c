/* registry.c -- the module registry: a uthash table of games by name,
 * filled from the preloaded built-ins and from modules loaded on demand.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "registry.h"

#include <ctype.h>
#include <dirent.h>
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "module_symbol.h"
#include "core/util.h"

#define NAME_LEN 64

struct entry {
    char key[NAME_LEN];          /* lower-case game name */
    const struct gt_game *game;
    lt_dlhandle handle;
    char *file;                  /* the module file; NULL: built in */
    UT_hash_handle hh;
};

struct gt_registry {
    struct entry *games;
};

int gt_registry_check_game(const struct gt_game *g, char *err, size_t err_len)
{
    /* abi_version is the first field, readable whatever the version. */
    if (g->abi_version != GT_ABI_VERSION) {
        gt_errf(err, err_len,
                "module built for plugin interface version %d; this gtsearch "
                "speaks version %d: rebuild the module against this gtsearch",
                g->abi_version, GT_ABI_VERSION);
        return -1;
    }
    /* The layout comes next: a module built against a header whose
     * structs differ (edited by hand, or from a development tree) would
     * read every hook from the wrong place. */
    if (g->abi_layout == 0) {
        gt_errf(err, err_len,
                "module built for plugin interface version %d without its layout: "
                "its table does not begin with GT_ABI (write `GT_ABI,` where it says "
                "`.abi_version = GT_ABI_VERSION,`; doc/abi3.md) and rebuild", g->abi_version);
        return -1;
    }
    if (g->abi_layout != GT_ABI_LAYOUT) {
        gt_errf(err, err_len,
                "module built for plugin interface version %d with struct layout "
                "%#llx; this gtsearch speaks version %d with layout %#llx: rebuild "
                "the module against this gtsearch's <gtsearch/game.h>",
                g->abi_version, (unsigned long long)g->abi_layout, GT_ABI_VERSION,
                (unsigned long long)GT_ABI_LAYOUT);
        return -1;
    }
    const char *missing =
        !g->name ? "name" : !g->startpos ? "startpos" : !g->from_text ? "from_text"
        : !g->to_text ? "to_text" : !g->key ? "key" : !g->side ? "side"
        : !g->generate ? "generate" : !g->make ? "make" : !g->unmake ? "unmake"
        : !g->is_legal ? "is_legal" : !g->move_to_text ? "move_to_text"
        : !g->move_from_text ? "move_from_text" : !g->is_noisy ? "is_noisy"
        : !g->move_index ? "move_index" : !g->in_check ? "in_check"
        : !g->no_moves ? "no_moves" : !g->rule_outcome ? "rule_outcome"
        : !g->evaluate ? "evaluate"
        : (!g->make_null) != (!g->unmake_null) ? "make_null/unmake_null pair"
        : NULL;
    if (missing) {
        gt_errf(err, err_len, "module '%s' lacks the required hook %s",
                g->name ? g->name : "?", missing);
        return -1;
    }
    if (g->pos_size == 0 || g->max_moves <= 0 || g->move_index_count == 0 ||
        g->eval_unit <= 0) {
        gt_errf(err, err_len, "module '%s': pos_size, max_moves, "
                "move_index_count and eval_unit must be positive", g->name);
        return -1;
    }
    const struct gt_features *f = g->features;
    if (f && (!f->name || !f->active || f->count == 0 || f->max_active <= 0)) {
        gt_errf(err, err_len, "module '%s': its features need a name, the active "
                "hook, and positive count and max_active", g->name);
        return -1;
    }
    if (f && (f->symmetries < 0 || (f->symmetries > 0 && !f->turn))) {
        gt_errf(err, err_len, "module '%s': its features declare %d symmetries; "
                "a positive count needs the turn hook", g->name, f->symmetries);
        return -1;
    }
    const struct gt_features *base = f ? f->base : NULL;
    if (base && (!base->name || !base->active || base->count == 0 ||
                 base->count >= f->count || base->max_active <= 0 || f->base_ratio < 1 ||
                 (long)base->max_active * f->base_ratio > f->max_active)) {
        gt_errf(err, err_len, "module '%s': the feature set its features extend needs a "
                "name, the active hook, a count below theirs and a positive max_active, "
                "and base_ratio at least 1 with base_ratio times its max_active at most "
                "theirs", g->name);
        return -1;
    }
    const struct gt_book_codec *b = g->book;
    if (b && (!b->name || !b->key || !b->move || !b->code)) {
        gt_errf(err, err_len, "module '%s': its book format needs a name and the key, "
                "move and code hooks", g->name);
        return -1;
    }
    /* A variant plays through one of the game's own options. */
    for (const struct gt_variant *v = g->variants; v && v->name; v++) {
        bool known = !v->option;
        for (const struct gt_option_spec *o = g->options; o && o->name && !known; o++)
            known = !strcmp(o->name, v->option);
        if (!known || (v->option && !v->value)) {
            gt_errf(err, err_len, "module '%s': variant '%s' needs one of the game's "
                    "options and a value", g->name, v->name);
            return -1;
        }
    }
    return 0;
}

/* Why a module file does not open: libltdl says only "file not found"
 * for every failure, so ask the system's loader, which names the real
 * fault (a missing library, a bad ELF file, an undefined symbol). */
static const char *open_error(const char *file)
{
    const char *why = lt_dlerror();
    void *h = dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *sys = dlerror();
        return sys ? sys : why;
    }
    dlclose(h);
    return why ? why : "cannot be opened";
}

/* The name libltdl prefixes to a module's symbols: the file's base name
 * without its extension, other characters than letters and digits as '_'
 * ("./my-game.la" -> "my_game"). */
static void module_prefix(const char *what, char *out, size_t len)
{
    const char *base = strrchr(what, '/');
    base = base ? base + 1 : what;
    size_t n = strcspn(base, ".");
    if (n >= len)
        n = len - 1;
    for (size_t i = 0; i < n; i++)
        out[i] = isalnum((unsigned char)base[i]) ? base[i] : '_';
    out[n] = 0;
}

/* Take the game table out of an opened module and register it. */
static const struct gt_game *adopt(struct gt_registry *r, lt_dlhandle h,
                                   const char *what, bool builtin, char *err,
                                   size_t err_len)
{
    const struct gt_game *g = lt_dlsym(h, "gt_module");
    struct entry *e;
    if (!g) {
        /* Renamed after it was built: its table keeps the old prefix,
         * which the file's symbol table still names. */
        const lt_dlinfo *info = lt_dlgetinfo(h);
        char sym[NAME_LEN + 16];
        if (info && info->filename &&
            gt_module_symbol(info->filename, sym, sizeof sym) == 0)
            g = lt_dlsym(h, sym);
    }
    if (!g) {
        char prefix[NAME_LEN];
        module_prefix(what, prefix, sizeof prefix);
        gt_errf(err, err_len, "%s: not a gtsearch game module (it exports neither "
                "%s_LTX_gt_module nor gt_module: declare its table with "
                "GT_MODULE(%s))", what, prefix, prefix);
        lt_dlclose(h);
        return NULL;
    }
    if (gt_registry_check_game(g, err, err_len) < 0) {
        lt_dlclose(h);
        return NULL;
    }
    if (g->init && g->init() != 0) {
        gt_errf(err, err_len, "%s: the module's init failed", what);
        lt_dlclose(h);
        return NULL;
    }
    char key[NAME_LEN];
    gt_lower_copy(key, g->name, sizeof key);
    HASH_FIND_STR(r->games, key, e);
    if (e) {            /* the same game twice: keep the first */
        if (e->handle != h)
            lt_dlclose(h);
        return e->game;
    }
    e = calloc(1, sizeof *e);
    if (!e) {
        lt_dlclose(h);
        gt_errf(err, err_len, "out of memory");
        return NULL;
    }
    memcpy(e->key, key, sizeof key);
    e->game = g;
    e->handle = h;
    if (!builtin) {
        const lt_dlinfo *info = lt_dlgetinfo(h);
        e->file = strdup(info && info->filename ? info->filename : what);
    }
    HASH_ADD_STR(r->games, key, e);
    return g;
}

static int by_name(const struct entry *a, const struct entry *b)
{
    return strcmp(a->key, b->key);
}

struct gt_registry *gt_registry_new(const lt_dlsymlist *preloaded, char *err,
                                    size_t err_len)
{
    if (lt_dlinit() != 0) {
        gt_errf(err, err_len, "libltdl: %s", lt_dlerror());
        return NULL;
    }
    struct gt_registry *r = calloc(1, sizeof *r);
    if (!r) {
        lt_dlexit();
        gt_errf(err, err_len, "out of memory");
        return NULL;
    }
    /* Installed modules and GTSEARCH_MODULE_PATH are searched for names
     * that are not built in. */
    lt_dladdsearchdir(GT_MODULE_DIR);
    const char *path = getenv("GTSEARCH_MODULE_PATH");
    if (path && *path)
        lt_dlinsertsearchdir(lt_dlgetsearchpath(), path);
    if (preloaded) {
        lt_dlpreload(preloaded);
        /* The list holds, for each module, an entry named after its file
         * ("chess.a") with no address, then its symbols. */
        for (const lt_dlsymlist *s = preloaded; s->name; s++) {
            if (s->address || !strcmp(s->name, "@PROGRAM@"))
                continue;
            char name[NAME_LEN], buf[256];
            snprintf(name, sizeof name, "%s", s->name);
            char *dot = strrchr(name, '.');
            if (dot)
                *dot = 0;
            lt_dlhandle h = lt_dlopenext(name);
            if (h)
                adopt(r, h, name, true, buf, sizeof buf);
        }
    }
    HASH_SORT(r->games, by_name);
    return r;
}

void gt_registry_free(struct gt_registry *r)
{
    struct entry *e, *tmp;
    if (!r)
        return;
    HASH_ITER(hh, r->games, e, tmp) {
        HASH_DEL(r->games, e);
        lt_dlclose(e->handle);
        free(e->file);
        free(e);
    }
    free(r);
    lt_dlexit();
}

bool gt_registry_is_file(const char *what)
{
    size_t n = strlen(what);
    return strchr(what, '/') || (n > 3 && (!strcmp(what + n - 3, ".la") ||
                                           !strcmp(what + n - 3, ".so")));
}

const struct gt_game *gt_registry_find(struct gt_registry *r, const char *what,
                                       char *err, size_t err_len)
{
    char key[NAME_LEN];
    struct entry *e;
    if (gt_registry_is_file(what)) {
        lt_dlhandle h = lt_dlopen(what);
        if (!h) {
            gt_errf(err, err_len, "cannot load module '%s': %s", what, open_error(what));
            return NULL;
        }
        return adopt(r, h, what, false, err, err_len);
    }
    gt_lower_copy(key, what, sizeof key);
    HASH_FIND_STR(r->games, key, e);
    if (e)
        return e->game;
    /* Not built in: an installed module of that name? */
    for (const char *p = key; *p; p++)
        if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-')
            goto unknown;
    lt_dlhandle h = lt_dlopenext(key);
    if (h) {
        const struct gt_game *g = adopt(r, h, key, false, err, err_len);
        if (g)
            HASH_SORT(r->games, by_name);
        return g;
    }
unknown:
    gt_errf(err, err_len, "unknown game '%s'", what);
    return NULL;
}

/* One directory of the module path: every .la file, and every .so file
 * without a .la beside it (libtool installs both). */
static void scan_dir(struct gt_registry *r, const char *dir,
                     void (*refused)(void *ctx, const char *file, const char *why),
                     void *ctx)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t n = strlen(de->d_name);
        if (n < 4 || (strcmp(de->d_name + n - 3, ".la") && strcmp(de->d_name + n - 3, ".so")))
            continue;
        char file[PATH_MAX], la[PATH_MAX], why[512];
        snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
        if (!strcmp(de->d_name + n - 3, ".so")) {
            snprintf(la, sizeof la, "%.*s.la", (int)(strlen(file) - 3), file);
            FILE *f = fopen(la, "r");
            if (f) {
                fclose(f);
                continue;
            }
        }
        lt_dlhandle h = lt_dlopen(file);
        if (!h) {
            if (refused)
                refused(ctx, file, open_error(file));
            continue;
        }
        if (!adopt(r, h, file, false, why, sizeof why) && refused)
            refused(ctx, file, why);
    }
    closedir(d);
}

void gt_registry_scan(struct gt_registry *r,
                      void (*refused)(void *ctx, const char *file, const char *why),
                      void *ctx)
{
    const char *path = getenv("GTSEARCH_MODULE_PATH");
    char dir[PATH_MAX];
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        if (n > 0 && n < sizeof dir) {
            memcpy(dir, p, n);
            dir[n] = 0;
            scan_dir(r, dir, refused, ctx);
        }
        p += n + (p[n] == ':');
    }
    scan_dir(r, GT_MODULE_DIR, refused, ctx);
    HASH_SORT(r->games, by_name);
}

void gt_registry_each(const struct gt_registry *r,
                      void (*fn)(void *ctx, const struct gt_game *g, const char *file),
                      void *ctx)
{
    for (const struct entry *e = r->games; e; e = e->hh.next)
        fn(ctx, e->game, e->file);
}

/* check_registry.c -- finding games: module files, names, unknown games,
 * and the refusal of modules built for another interface version.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/registry.h"

extern const struct gt_game tictactoe_LTX_gt_module;

START_TEST(module_file_then_name)
{
    char err[512] = "";
    struct gt_registry *r = gt_registry_new(NULL, err, sizeof err);
    ck_assert_ptr_nonnull(r);
    const struct gt_game *g = gt_registry_find(r, TEST_MODULE, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    ck_assert_str_eq(g->name, "tictactoe");
    /* Once loaded, the name finds it, whatever the case. */
    ck_assert_ptr_eq(gt_registry_find(r, "TicTacToe", err, sizeof err), g);
    gt_registry_free(r);
}
END_TEST

/* A module file renamed after it was built still exports its table under
 * the old name's prefix (tictactoe_LTX_gt_module): found all the same, so
 * that a stale module is refused by its version, not as "not a module". */
START_TEST(renamed_module_file)
{
    char err[512] = "", so[1024], copy[] = "/tmp/gtsearch-renamed-XXXXXX";
    const char *slash = strrchr(TEST_MODULE, '/');
    snprintf(so, sizeof so, "%.*s/.libs/tictactoe.so", (int)(slash - TEST_MODULE),
             TEST_MODULE);
    FILE *in = fopen(so, "rb");
    ck_assert_msg(in != NULL, "%s", so);
    ck_assert(mkdtemp(copy) != NULL);
    char path[1100];
    snprintf(path, sizeof path, "%s/other-name.so", copy);
    FILE *out = fopen(path, "wb");
    ck_assert_ptr_nonnull(out);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, in)) > 0)
        ck_assert_uint_eq(fwrite(buf, 1, n, out), n);
    fclose(in);
    fclose(out);
    struct gt_registry *r = gt_registry_new(NULL, err, sizeof err);
    ck_assert_ptr_nonnull(r);
    const struct gt_game *g = gt_registry_find(r, path, err, sizeof err);
    ck_assert_msg(g != NULL, "%s", err);
    ck_assert_str_eq(g->name, "tictactoe");
    gt_registry_free(r);
    remove(path);
    rmdir(copy);
}
END_TEST

/* The header's one convention: every comment that marks something
 * OPTIONAL says what the core does without it ("NULL: ..."). */
START_TEST(every_optional_states_its_fallback)
{
    FILE *f = fopen(GAME_H, "r");
    ck_assert_msg(f != NULL, "%s", GAME_H);
    static char text[1 << 17];
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    int optional = 0;
    for (char *c = strstr(text, "/*"); c; c = strstr(c, "/*")) {
        char *end = strstr(c, "*/");
        ck_assert_ptr_nonnull(end);
        *end = 0;
        if (strstr(c, "OPTIONAL")) {
            optional++;
            ck_assert_msg(strstr(c, "NULL") != NULL, "an OPTIONAL without its fallback:%s",
                          c + 2);
        }
        c = end + 2;
    }
    ck_assert_int_ge(optional, 20);
}
END_TEST

START_TEST(unknown_game)
{
    char err[512] = "";
    struct gt_registry *r = gt_registry_new(NULL, err, sizeof err);
    ck_assert_ptr_null(gt_registry_find(r, "go9x9", err, sizeof err));
    ck_assert_str_eq(err, "unknown game 'go9x9'");
    ck_assert_ptr_null(gt_registry_find(r, "../etc/passwd", err, sizeof err));
    ck_assert(strncmp(err, "cannot load module '../etc/passwd': ", 36) == 0);
    ck_assert_ptr_null(gt_registry_find(r, "/nonexistent/game.la", err, sizeof err));
    ck_assert(strncmp(err, "cannot load module '/nonexistent/game.la'", 41) == 0);
    gt_registry_free(r);
}
END_TEST

START_TEST(other_abi_version_refused)
{
    char err[512];
    struct gt_game old = tictactoe_LTX_gt_module;
    old.abi_version = GT_ABI_VERSION - 1;
    ck_assert_int_eq(gt_registry_check_game(&old, err, sizeof err), -1);
    char want[512];
    snprintf(want, sizeof want,
             "module built for plugin interface version %d; this gtsearch speaks "
             "version %d: rebuild the module against this gtsearch",
             GT_ABI_VERSION - 1, GT_ABI_VERSION);
    ck_assert_str_eq(err, want);
}
END_TEST

/* The same version with another layout: a header edited by hand. */
START_TEST(other_abi_layout_refused)
{
    char err[512];
    struct gt_game odd = tictactoe_LTX_gt_module;
    odd.abi_layout = GT_ABI_LAYOUT + 8;
    ck_assert_int_eq(gt_registry_check_game(&odd, err, sizeof err), -1);
    char want[512];
    snprintf(want, sizeof want,
             "module built for plugin interface version %d with struct layout %#llx; "
             "this gtsearch speaks version %d with layout %#llx: rebuild the module "
             "against this gtsearch's <gtsearch/game.h>",
             GT_ABI_VERSION, (unsigned long long)(GT_ABI_LAYOUT + 8), GT_ABI_VERSION,
             (unsigned long long)GT_ABI_LAYOUT);
    ck_assert_str_eq(err, want);
    /* A table that forgot GT_ABI: the message says what to write. */
    odd.abi_layout = 0;
    ck_assert_int_eq(gt_registry_check_game(&odd, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "does not begin with GT_ABI"));
}
END_TEST

START_TEST(missing_hooks_refused)
{
    char err[512];
    struct gt_game g = tictactoe_LTX_gt_module;
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), 0);
    g.evaluate = NULL;
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), -1);
    ck_assert_str_eq(err, "module 'tictactoe' lacks the required hook evaluate");
    g = tictactoe_LTX_gt_module;
    g.unmake_null = NULL;
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), -1);
    ck_assert_str_eq(err, "module 'tictactoe' lacks the required hook "
                          "make_null/unmake_null pair");
    g = tictactoe_LTX_gt_module;
    g.max_moves = 0;
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), -1);
    ck_assert_str_eq(err, "module 'tictactoe': pos_size, max_moves, "
                          "move_index_count and eval_unit must be positive");
}
END_TEST

static int no_features(const void *pos, int persp, uint32_t *idx)
{
    (void)pos, (void)persp, (void)idx;
    return 0;
}

/* A feature set that extends another names one with fewer features, and
 * a base_ratio that its max_active can hold. */
START_TEST(bad_feature_base_refused)
{
    char err[512];
    struct gt_features narrow = {.name = "cells", .version = 1, .count = 18,
                                 .max_active = 9, .active = no_features};
    struct gt_features wide = {.name = "cells-lines", .version = 1, .count = 42,
                               .max_active = 18, .active = no_features, .base = &narrow,
                               .base_ratio = 2};
    struct gt_game g = tictactoe_LTX_gt_module;
    g.features = &wide;
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), 0);
    const char *want = "module 'tictactoe': the feature set its features extend needs a "
                       "name, the active hook, a count below theirs and a positive "
                       "max_active, and base_ratio at least 1 with base_ratio times its "
                       "max_active at most theirs";
    wide.base_ratio = 0;
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
    wide.base_ratio = 3;        /* 27 active, room for 18 */
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), -1);
    wide.base_ratio = 2;
    narrow.count = 42;
    ck_assert_int_eq(gt_registry_check_game(&g, err, sizeof err), -1);
    ck_assert_str_eq(err, want);
}
END_TEST

Suite *test_suite(void);

Suite *test_suite(void)
{
    Suite *s = suite_create("registry");
    TCase *tc = tcase_create("registry");
    tcase_add_test(tc, module_file_then_name);
    tcase_add_test(tc, unknown_game);
    tcase_add_test(tc, renamed_module_file);
    tcase_add_test(tc, every_optional_states_its_fallback);
    tcase_add_test(tc, other_abi_version_refused);
    tcase_add_test(tc, other_abi_layout_refused);
    tcase_add_test(tc, missing_hooks_refused);
    tcase_add_test(tc, bad_feature_base_refused);
    suite_add_tcase(s, tc);
    return s;
}

/* check_main.c -- the main() every Check suite of the core shares: each
 * test file defines test_suite(), and this runs it.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include <check.h>
#include <stdlib.h>

Suite *test_suite(void);

int main(void)
{
    SRunner *sr = srunner_create(test_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

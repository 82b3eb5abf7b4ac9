# tests/connect4.mk: the connect4 module's test suites.
check_PROGRAMS += tests/check_connect4
TESTS += tests/check_connect4
tests_check_connect4_SOURCES = tests/check_connect4.c
tests_check_connect4_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_connect4_LDADD = games/connect4/libconnect4-test.la $(CHECK_LIBS)

check_PROGRAMS += tests/check_connect4_ref
TESTS += tests/check_connect4_ref
tests_check_connect4_ref_SOURCES = tests/check_connect4_ref.c
tests_check_connect4_ref_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_check_connect4_ref_LDADD = games/connect4/libconnect4-test.la $(CHECK_LIBS)

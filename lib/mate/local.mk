# lib/mate/: the df-pn mate solver (doc/mate.md).  It may use the core.
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += lib/mate/libgtmate.la
noinst_HEADERS += lib/mate/mate.h lib/mate/mate_tt.h lib/mate/dfpn.h
lib_mate_libgtmate_la_SOURCES = lib/mate/mate.c lib/mate/mate_tt.c lib/mate/dfpn.c

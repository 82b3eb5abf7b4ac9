# lib/engine/: one engine object (a game, its position, options, table and
# search thread) over the core and the mate solver.
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += lib/engine/libgtengine.la
noinst_HEADERS += lib/engine/engine.h lib/engine/options.h
lib_engine_libgtengine_la_SOURCES = lib/engine/engine.c lib/engine/options.c

# lib/tune/: tuning -- self-play data (datagen) and its files (datafile),
# Texel's method on the evaluation's trace (dataset, tuner) and SPSA over
# the search's numbers.
# Linked only into the program.
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += lib/tune/libgttune.la
lib_tune_libgttune_la_SOURCES = lib/tune/datafile.c lib/tune/datafile_write.c \
	lib/tune/datagen.c lib/tune/dataset.c lib/tune/spsa.c \
	lib/tune/tuner.c
noinst_HEADERS += lib/tune/datafile.h lib/tune/datagen.h lib/tune/dataset.h lib/tune/spsa.h \
	lib/tune/tuner.h

# lib/train/: training a network on self-play data (`gtsearch train`):
# the float model and its gradients, the positions in memory, the loop,
# checkpoints.  Uses core (the network's integer form) and tune (the data
# files).
# SPDX-License-Identifier: MIT
noinst_LTLIBRARIES += lib/train/libgttrain.la
noinst_HEADERS += lib/train/checkpoint.h lib/train/model.h lib/train/train.h \
	lib/train/trainset.h
lib_train_libgttrain_la_SOURCES = \
	lib/train/checkpoint.c \
	lib/train/model.c \
	lib/train/train.c \
	lib/train/trainset.c
lib_train_libgttrain_la_LIBADD = -lm

# lib/mate.mk: the df-pn mate solver (sources join libgtsearch).
noinst_HEADERS += lib/mate.h lib/mate_tt.h lib/dfpn.h lib/mate_tool.h
lib_libgtsearch_la_SOURCES += lib/mate.c lib/mate_tt.c lib/dfpn.c lib/mate_tool.c

# lib/mate.mk: the df-pn mate solver (sources join libgtsearch).

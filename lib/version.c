/* version.c -- the library's version string. */
#include <config.h>
#include "core.h"

const char *gt_version(void) { return PACKAGE_VERSION; }

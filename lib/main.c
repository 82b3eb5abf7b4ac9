/* main.c -- the gtsearch program (placeholder while the core lands). */
#include <config.h>
#include <stdio.h>
#include "core.h"

int main(void) { printf("gtsearch %s\n", gt_version()); return 0; }

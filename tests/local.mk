# tests/: the Check suites of the core.

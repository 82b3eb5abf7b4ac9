# doc/: manual page and guides.

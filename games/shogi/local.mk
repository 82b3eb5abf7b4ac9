# games/shogi: the shogi module (rules live in its own fragment; see games/connect4/local.mk for the pattern).

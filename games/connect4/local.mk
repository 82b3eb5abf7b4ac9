# games/connect4: the teaching module.

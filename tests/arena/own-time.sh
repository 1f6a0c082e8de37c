#!/bin/sh
# own-time.sh COMMAND [ARG...] -- run a pbrain engine at its own time per
# move: the manager's "INFO timeout_turn" lines are dropped on the way in,
# so `gomoku brain --ai N` thinks as long as level N does in a game
# against a player (ai_level_time_ms), not as long as the arena allows.
# The arena still times it against its -t (make that the slowest level's).
#   build/arena/arena -t 1000 -n 40 \
#       "sh tests/arena/own-time.sh build/gomoku brain --ai 5" \
#       "sh tests/arena/own-time.sh build/gomoku brain --ai 4"
sed -u '/^[Ii][Nn][Ff][Oo] [Tt][Ii][Mm][Ee][Oo][Uu][Tt]_[Tt][Uu][Rr][Nn] /d' | "$@"

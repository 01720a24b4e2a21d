-- The bot runners' safety-net scan also covers games where a seat left and its bot plays on
-- (the summary lists `left`: no bot seat in the options), so a bot turn left by a process
-- that died is played even in a game without bot seats from the start. The running games
-- are few next to the finished ones; this index finds them without making appends non-HOT
-- (`over`, its only column, changes once, when the game ends).
CREATE INDEX games_running ON games (game_id) WHERE NOT over;

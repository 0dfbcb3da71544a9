-- Statistics for the new search_text column (migration 0008): adding a column rewrites the
-- table without analysing it, and autovacuum would not until thousands of rows change. Without
-- them the planner guessed how many discussions a word matches and, for a search within a date
-- range, read 5,000 trigram matches instead of the range's hundred discussions.
ANALYZE discussions;

-- The starting content of SPEC §2 Home: hero words and six sample blog posts, the first one
-- featured. A migration runs once per database, so this seed never repeats and never brings
-- back content that staff later deleted.
INSERT INTO hero_words (word, display_order, is_active) VALUES
  ('vent', 1, true),
  ('rant', 2, true),
  ('scream into a pillow', 3, true),
  ('say it out loud', 4, true),
  ('complain', 5, true),
  ('let it all out', 6, true);--> statement-breakpoint
INSERT INTO blog_posts (title, excerpt, content, category, status, featured, comments_count, published_at, created_at, updated_at)
SELECT title, excerpt, content, category, 'published', featured, comments_count,
       now() - make_interval(days => age_days), now() - make_interval(days => age_days), now() - make_interval(days => age_days)
FROM (VALUES
  ('Why Does Everyone Reply-All?',
   'A single email about the office fridge became forty-seven replies. Let''s talk about the button that ruins inboxes.',
   E'It started innocently. Someone in facilities sent a note asking whoever owns the yoghurt from March to please claim it.\n\nForty-seven replies later, I know the dietary history of half the building. Nobody needed to reply at all, let alone to everyone.\n\nReply-all should come with a confirmation box that asks: does every one of these people need to read this? The answer is almost always no.',
   'Rants & Vents', true, 24, 1),
  ('The Quiet Joy of Cancelled Plans',
   'We pretend to be disappointed. We are not disappointed.',
   E'There is a particular lightness that arrives with the message "so sorry, can we reschedule?".\n\nYou had showered. You had picked an outfit. And now, suddenly, the evening belongs to you again.\n\nI am not saying we should cancel on each other more. I am saying we should admit how good it feels when someone else does.',
   'Life Observations', false, 18, 3),
  ('Breakfast Is Overrated',
   'The most important meal of the day was a marketing slogan. I said what I said.',
   E'Cereal companies told a generation that breakfast was essential, and we believed them.\n\nSome of us are simply not hungry at seven in the morning, and that is fine. Coffee is a complete personality until at least eleven.\n\nEat when you are hungry. That is the whole rant.',
   'Unpopular Opinions', false, 41, 5),
  ('The Day I Finally Quit',
   'After six years of saying "next year", I handed in my notice on a Tuesday. Here is what nobody tells you.',
   E'I had the resignation letter drafted for eighteen months. It lived in a folder called "misc".\n\nThe conversation took four minutes. My manager said "I understand" and then asked whether I could still finish the quarterly report.\n\nWhat nobody tells you is that the fear lasts much longer than the conversation. What they also do not tell you is how quiet your head gets afterwards.',
   'Personal Stories', false, 33, 8),
  ('Self-Checkout Machines Hate Me Personally',
   'Unexpected item in the bagging area. The only unexpected item is my patience running out.',
   E'I place the item in the bagging area. The machine says there is an unexpected item in the bagging area.\n\nThere is exactly one item there. I know, because I put it there, as instructed, seconds ago.\n\nNow a light is flashing above my head, announcing to the whole shop that I cannot be trusted with a loaf of bread.',
   'Rants & Vents', false, 29, 12),
  ('Nobody Reads the Terms and Conditions',
   'We all click "I agree". What exactly did we agree to? Nobody knows, and that should bother us more.',
   E'The average terms of service would take forty minutes to read. We give them less than a second.\n\nSomewhere in there, we probably signed away our first-born, our photos and the right to complain about any of it.\n\nMaybe the honest thing would be a button that says "I did not read this, and you knew I would not".',
   'Life Observations', false, 15, 16)
) AS sample(title, excerpt, content, category, featured, comments_count, age_days);--> statement-breakpoint
UPDATE blog_posts SET read_time_minutes = ceil(length(content) / 200.0)::int;

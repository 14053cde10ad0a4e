-- Misskey: the language each of the human's posts is written in, so a repost or a reply
-- on Misskey sends a Misskey note's MFM as it is and keeps the MFM look-alikes of a plain
-- text (from X, Mastodon, Bluesky or a JSONL file: `**`, `$[x2 …]`, `:name:`) literal.
-- 'mfm' for notes read from Misskey or imported from its notes export; NULL for plain text.
ALTER TABLE posts ADD COLUMN markup text CHECK (markup IN ('mfm'));

-- Misskey's adapter finds whether a text it is about to send is MFM.
CREATE INDEX posts_mfm_by_text ON posts (md5(text)) WHERE markup = 'mfm';

-- A cursor is now the position the network's adapter handed back, stored unread:
-- X's and Mastodon's status streams keep writing the newest id (so stored values
-- keep working), Mastodon's mentions a notification id, Bluesky a time and URIs.
ALTER TABLE cursors RENAME COLUMN last_id TO position;

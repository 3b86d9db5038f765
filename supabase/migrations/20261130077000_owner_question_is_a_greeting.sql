-- "Are you the owner of …?" is asked by a pitch of a site's owner and by a visitor of the agency
-- who wants to reach its owner: weighed as a cold greeting (2), no longer as a pitch of its own
-- (3). Beside "I came across your website" it held a real enquiry (docs/spam.md, "Content").
update app_private.spam_phrases set category = 'cold' where phrase = 'are you the owner of';

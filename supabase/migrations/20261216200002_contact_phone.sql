-- A phone or WhatsApp number the sender of a contact message may leave (issue 44, item 9),
-- read by the site with libphonenumber-js (app/lib/phone.ts) and stored in E.164
-- ("+254712345678"): the admin's message page links it `tel:` and wa.me. The database takes
-- nothing else, so a visitor writing through the Data API cannot store a link that dials
-- nothing. Visitors may write it like the other fields of their message; reading stays the
-- admins' (and the sender's own) as before.

alter table public.contact_messages
  add column phone text,
  add constraint contact_messages_phone check (phone is null or phone ~ '^\+[1-9][0-9]{6,14}$');

grant insert (phone) on table public.contact_messages to anon, authenticated;

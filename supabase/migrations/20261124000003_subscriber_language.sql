-- The language a visitor subscribed to the newsletter in (issue 18): the confirmation mail and
-- the pages its links open speak it. Visitors may set it when they subscribe, nothing else.
alter table public.newsletter_subscribers
  add column lang text not null default 'en',
  add constraint newsletter_subscribers_lang_known check (lang in ('en', 'sw', 'fr'));

grant insert (email, lang) on table public.newsletter_subscribers to anon, authenticated;

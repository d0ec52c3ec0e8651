-- What the agency needs to answer a lead well (issue 44, item 9): the language the visitor wrote
-- in (the reply template is written in it) and the page of this site their form was on (a path,
-- never a query: campaign tags and searches stay out of the inbox). Visitors may write both with
-- their message, as its other fields; the database takes only the site's three languages and a
-- bounded path. Reading stays the admins' (and the sender's own) as before.

alter table public.contact_messages
  add column locale text,
  add column page text,
  add constraint contact_messages_locale check (locale is null or locale in ('en', 'sw', 'fr')),
  add constraint contact_messages_page check (
    page is null or (char_length(page) between 1 and 300 and page ~ '^/' and page !~ '[?#[:space:]]')
  );

grant insert (locale, page) on table public.contact_messages to anon, authenticated;

-- The name and address of an account, for the message page of a signed-in sender (a name and a
-- link to the person, not a UUID). Administrators only, as the list of people.
create or replace function public.admin_account_name(p_user_id uuid)
returns table (full_name text, email text)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only administrators may read accounts' using errcode = '42501';
  end if;
  return query
    select coalesce(u.raw_user_meta_data ->> 'full_name', ''), u.email::text
      from auth.users u
     where u.id = p_user_id and u.deleted_at is null;
end;
$$;

revoke execute on function public.admin_account_name(uuid) from public, anon;
grant execute on function public.admin_account_name(uuid) to authenticated;

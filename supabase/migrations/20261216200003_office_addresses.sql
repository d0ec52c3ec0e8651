-- The street address of each office (issue 44, item 3): the settings' cities each get an
-- address, edited beside the city in /admin/settings (app/domain/site/editor, field type
-- "offices") and shown on the contact page, in the footer and as the JSON-LD PostalAddress's
-- streetAddress. The cities stay in `cities` (a list, as every reader of it expects); the
-- addresses are an object keyed by city, {"Nairobi": "Ngong Road 12, Kilimani"}, written with
-- the cities in the same save: at most as many as the cities, each a line of 1 to 200
-- characters. One text in every language, as the cities are.

create or replace function public.is_office_addresses(v jsonb, max_items integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select case when jsonb_typeof(v) = 'object' then
    (select count(*) from jsonb_object_keys(v)) <= max_items
    and not exists (
      select 1 from jsonb_each(v) as e
       where jsonb_typeof(e.value) <> 'string'
          or not public.is_plain_line(e.key, 1, 80)
          or not public.is_plain_line(e.value #>> '{}', 1, max_length))
  else false end
$$;

alter table public.site_settings
  add column office_addresses jsonb not null default '{}',
  add constraint site_settings_office_addresses check (public.is_office_addresses(office_addresses, 20, 200));

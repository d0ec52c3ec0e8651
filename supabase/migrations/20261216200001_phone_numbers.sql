-- Phone and WhatsApp numbers in E.164 (issue 44, item 3). The site editor now reads every
-- number it saves with libphonenumber-js (app/lib/phone.ts) and stores "+254712345678"; pages
-- link `tel:+254…` and `https://wa.me/254…` and show "0712 345 678". This migration:
--   * lets the WhatsApp column hold a number as the phone column does (its "+" included: it
--     held digits only, country code first);
--   * writes the numbers already saved in E.164 where their form leaves no doubt — a Kenyan
--     mobile number however it was spaced ("+254 712 345 678", "0712-345-678", "254712345678"),
--     any number written with its "+" and country code, and a WhatsApp number of digits (the
--     field asked for the country code first). Anything else stays as it was: pages read every
--     number again and show no Call/WhatsApp button for one that is not a number.
-- Settings an admin saved (version 2 and up) get a new version, recorded in their history as a
-- change by the system. The seed's row (version 1, never saved) keeps its version — while it
-- has it, the CONTACT_* variables still apply (app/domain/site/settings.server.ts) — and its
-- version-1 revision is corrected with it: the seed's numbers were never anyone's edit, and the
-- history then shows no change nobody made.

alter table public.site_settings
  drop constraint site_settings_whatsapp,
  add constraint site_settings_whatsapp check (whatsapp is null or public.is_phone_number(whatsapp));

create function pg_temp.e164_of(v text, digits_are_international boolean)
returns text
language sql
immutable
as $$
  select case
    when v is null or v !~ '^\s*\+?[0-9 ().-]+\s*$' then v
    when not plus and d ~ '^0[17][0-9]{8}$' then '+254' || substr(d, 2)
    when not plus and d ~ '^[17][0-9]{8}$' then '+254' || d
    when not plus and d ~ '^254[17][0-9]{8}$' then '+' || d
    when plus and v !~ '\(0\)' and d ~ '^[1-9][0-9]{7,14}$' then '+' || d
    when digits_are_international and not plus and d ~ '^[1-9][0-9]{7,14}$' then '+' || d
    else v
  end
  from (select regexp_replace(v, '[^0-9]', '', 'g') as d, v ~ '^\s*\+' as plus) as typed
$$;

update public.site_settings
   set phone = pg_temp.e164_of(phone, false),
       whatsapp = pg_temp.e164_of(whatsapp, true)
 where version > 1
   and (phone is distinct from pg_temp.e164_of(phone, false)
        or whatsapp is distinct from pg_temp.e164_of(whatsapp, true));

alter table public.site_settings disable trigger site_settings_version;
alter table public.site_settings disable trigger site_settings_revision;
update public.site_settings
   set phone = pg_temp.e164_of(phone, false),
       whatsapp = pg_temp.e164_of(whatsapp, true)
 where version = 1;
update public.content_revisions
   set data = data || jsonb_build_object(
         'phone', pg_temp.e164_of(data ->> 'phone', false),
         'whatsapp', pg_temp.e164_of(data ->> 'whatsapp', true))
 where entity = 'site_settings' and version = 1;
alter table public.site_settings enable trigger site_settings_version;
alter table public.site_settings enable trigger site_settings_revision;

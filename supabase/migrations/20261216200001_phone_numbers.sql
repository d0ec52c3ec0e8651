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
-- The rewrite keeps the row's version (a settings row never saved by an admin keeps taking the
-- CONTACT_* variables, app/domain/site/settings.server.ts); its history records it as a change
-- by the system, so the next save compares with what the row really held.

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

alter table public.site_settings disable trigger site_settings_version;
update public.site_settings
   set phone = pg_temp.e164_of(phone, false),
       whatsapp = pg_temp.e164_of(whatsapp, true)
 where phone is distinct from pg_temp.e164_of(phone, false)
    or whatsapp is distinct from pg_temp.e164_of(whatsapp, true);
alter table public.site_settings enable trigger site_settings_version;

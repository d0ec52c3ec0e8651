-- A service's technologies are visitor-facing words like its features ("Vector search",
-- "Recherche vectorielle"): each one becomes a translated text {"en", "sw"?, "fr"?} (a plain
-- string list could not say them in Kiswahili and French, and the site said them so before the
-- content moved into the database: app/content/services.{sw,fr}.ts). Existing plain strings
-- become English texts, the seeded lists get their translations back, and stored revisions are
-- converted too so that restoring an old version keeps working. The conversion is not an edit:
-- it makes no new version and no revision.
alter table public.services drop constraint services_technologies;
alter table public.services disable trigger services_version;
alter table public.services disable trigger services_revision;

create or replace function public.translated_technologies(v jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(
    (select jsonb_agg(case when jsonb_typeof(t) = 'string' then jsonb_build_object('en', t) else t end order by n)
       from jsonb_array_elements(v) with ordinality as e (t, n)),
    '[]'::jsonb)
$$;

update public.services
   set technologies = public.translated_technologies(technologies)
 where jsonb_typeof(technologies) = 'array';

update public.content_revisions
   set data = jsonb_set(data, '{technologies}', public.translated_technologies(data -> 'technologies'))
 where entity = 'services' and jsonb_typeof(data -> 'technologies') = 'array';

drop function public.translated_technologies(jsonb);

-- The seeded lists, where they are still as seeded.
update public.services
   set technologies = '[{"en":"React","sw":"React","fr":"React"},{"en":"TypeScript","sw":"TypeScript","fr":"TypeScript"},{"en":"Node.js","sw":"Node.js","fr":"Node.js"},{"en":"PostgreSQL","sw":"PostgreSQL","fr":"PostgreSQL"},{"en":"Tailwind CSS","sw":"Tailwind CSS","fr":"Tailwind CSS"},{"en":"WordPress","sw":"WordPress","fr":"WordPress"}]'::jsonb
 where slug = 'web-development' and technologies = '[{"en":"React"},{"en":"TypeScript"},{"en":"Node.js"},{"en":"PostgreSQL"},{"en":"Tailwind CSS"},{"en":"WordPress"}]'::jsonb;

update public.services
   set technologies = '[{"en":"React Native","sw":"React Native","fr":"React Native"},{"en":"Flutter","sw":"Flutter","fr":"Flutter"},{"en":"Kotlin","sw":"Kotlin","fr":"Kotlin"},{"en":"Swift","sw":"Swift","fr":"Swift"},{"en":"Firebase","sw":"Firebase","fr":"Firebase"},{"en":"REST & GraphQL APIs","sw":"API za REST na GraphQL","fr":"API REST et GraphQL"}]'::jsonb
 where slug = 'mobile-app-development' and technologies = '[{"en":"React Native"},{"en":"Flutter"},{"en":"Kotlin"},{"en":"Swift"},{"en":"Firebase"},{"en":"REST & GraphQL APIs"}]'::jsonb;

update public.services
   set technologies = '[{"en":"TypeScript","sw":"TypeScript","fr":"TypeScript"},{"en":"Python","sw":"Python","fr":"Python"},{"en":"Django","sw":"Django","fr":"Django"},{"en":"PostgreSQL","sw":"PostgreSQL","fr":"PostgreSQL"},{"en":"Docker","sw":"Docker","fr":"Docker"},{"en":"AWS","sw":"AWS","fr":"AWS"}]'::jsonb
 where slug = 'software-development' and technologies = '[{"en":"TypeScript"},{"en":"Python"},{"en":"Django"},{"en":"PostgreSQL"},{"en":"Docker"},{"en":"AWS"}]'::jsonb;

update public.services
   set technologies = '[{"en":"Linux","sw":"Linux","fr":"Linux"},{"en":"Nginx","sw":"Nginx","fr":"Nginx"},{"en":"cPanel","sw":"cPanel","fr":"cPanel"},{"en":"Cloudflare","sw":"Cloudflare","fr":"Cloudflare"},{"en":"Let''s Encrypt","sw":"Let''s Encrypt","fr":"Let''s Encrypt"},{"en":"MySQL","sw":"MySQL","fr":"MySQL"}]'::jsonb
 where slug = 'web-hosting' and technologies = '[{"en":"Linux"},{"en":"Nginx"},{"en":"cPanel"},{"en":"Cloudflare"},{"en":"Let''s Encrypt"},{"en":"MySQL"}]'::jsonb;

update public.services
   set technologies = '[{"en":"SMS gateway API","sw":"API ya lango la SMS","fr":"API de passerelle SMS"},{"en":"Webhooks","sw":"Webhooks","fr":"Webhooks"},{"en":"USSD","sw":"USSD","fr":"USSD"},{"en":"Short codes","sw":"Namba fupi","fr":"Numéros courts"},{"en":"CSV import","sw":"Kuleta faili za CSV","fr":"Import CSV"}]'::jsonb
 where slug = 'bulk-sms' and technologies = '[{"en":"SMS gateway API"},{"en":"Webhooks"},{"en":"USSD"},{"en":"Short codes"},{"en":"CSV import"}]'::jsonb;

update public.services
   set technologies = '[{"en":"Google Ads","sw":"Google Ads","fr":"Google Ads"},{"en":"Meta Ads","sw":"Meta Ads","fr":"Meta Ads"},{"en":"Google Analytics","sw":"Google Analytics","fr":"Google Analytics"},{"en":"Search Console","sw":"Search Console","fr":"Search Console"},{"en":"Mailchimp","sw":"Mailchimp","fr":"Mailchimp"}]'::jsonb
 where slug = 'digital-marketing' and technologies = '[{"en":"Google Ads"},{"en":"Meta Ads"},{"en":"Google Analytics"},{"en":"Search Console"},{"en":"Mailchimp"}]'::jsonb;

update public.services
   set technologies = '[{"en":"Figma","sw":"Figma","fr":"Figma"},{"en":"Adobe Illustrator","sw":"Adobe Illustrator","fr":"Adobe Illustrator"},{"en":"Adobe Photoshop","sw":"Adobe Photoshop","fr":"Adobe Photoshop"},{"en":"InDesign","sw":"InDesign","fr":"InDesign"},{"en":"Canva","sw":"Canva","fr":"Canva"}]'::jsonb
 where slug = 'graphic-design' and technologies = '[{"en":"Figma"},{"en":"Adobe Illustrator"},{"en":"Adobe Photoshop"},{"en":"InDesign"},{"en":"Canva"}]'::jsonb;

update public.services
   set technologies = '[{"en":"OpenAI API","sw":"OpenAI API","fr":"OpenAI API"},{"en":"LangChain","sw":"LangChain","fr":"LangChain"},{"en":"WhatsApp Business API","sw":"WhatsApp Business API","fr":"WhatsApp Business API"},{"en":"Python","sw":"Python","fr":"Python"},{"en":"Vector search","sw":"Utafutaji wa vekta","fr":"Recherche vectorielle"}]'::jsonb
 where slug = 'ai-chatbot-assistants' and technologies = '[{"en":"OpenAI API"},{"en":"LangChain"},{"en":"WhatsApp Business API"},{"en":"Python"},{"en":"Vector search"}]'::jsonb;

alter table public.services enable trigger services_version;
alter table public.services enable trigger services_revision;
alter table public.services
  add constraint services_technologies check (public.is_translated_list(technologies, 30, 60));

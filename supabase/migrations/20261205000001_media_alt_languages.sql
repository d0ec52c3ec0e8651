-- Alt text per language and decorative images (issue 26): the media library keeps the English
-- alt text in `alt` (as before) and its Kiswahili and French translations in
-- `alt_translations` ({"sw": …, "fr": …}, each optional; a page in those languages falls back to
-- the English one). `decorative` marks an image that says nothing a reader needs: only then does
-- a cover stay alt="" on the site. Plain SQL for `supabase db push` and the embedded backend.

alter table public.media
  add column alt_translations jsonb not null default '{}'::jsonb,
  add column decorative boolean not null default false;

-- The translated-text check of the site content migration (20261204000001_site_content.sql);
-- English lives in `alt`, so the object holds sw and fr only.
alter table public.media
  add constraint media_alt_translations_shape check (
    public.is_translated_text(alt_translations, 300, false) and not (alt_translations ? 'en')
  );

grant update (alt_translations, decorative) on table public.media to authenticated;

-- The audit log records a change of any of the three (still `media.alt_changed`).
create or replace function public.audit_media_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row jsonb := to_jsonb(coalesce(new, old));
begin
  if auth.uid() is null or (
    tg_op = 'UPDATE'
    and new.alt is not distinct from old.alt
    and new.alt_translations is not distinct from old.alt_translations
    and new.decorative is not distinct from old.decorative
  ) then
    return null;
  end if;
  perform public.append_audit(
    case tg_op when 'INSERT' then 'media.uploaded' when 'DELETE' then 'media.deleted'
      else 'media.alt_changed' end,
    'media', v_row ->> 'hash',
    coalesce(nullif(v_row ->> 'original_name', ''), v_row ->> 'hash'));
  return null;
end;
$$;

drop trigger media_audit on public.media;
create trigger media_audit
  after insert or delete or update of alt, alt_translations, decorative on public.media
  for each row execute function public.audit_media_write();

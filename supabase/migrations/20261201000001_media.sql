-- Uploaded images (issue 16): the public `media` bucket of Supabase Storage and the media
-- library's table. Plain SQL against what hosted Supabase provides (the storage schema), so it
-- runs unchanged with `supabase db push` and on the embedded backend.

-- ---------------------------------------------------------------------------
-- Bucket: public reads, 5 MB per object, raster formats only (no SVG: it can carry script).
-- ---------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'media',
  'media',
  true,
  5242880,
  array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif']
)
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

-- Anyone reads; only admins write. public.is_admin() (back-office migration) reads
-- app_metadata.is_admin, settable with the service role only, live from auth.users: a revoked
-- admin cannot upload with a token issued before the revocation.
create policy "Anyone can read media"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'media');

create policy "Admins can upload media"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'media' and (select public.is_admin()));
create policy "Admins can replace media"
  on storage.objects for update to authenticated
  using (bucket_id = 'media' and (select public.is_admin()))
  with check (bucket_id = 'media' and (select public.is_admin()));
create policy "Admins can delete media"
  on storage.objects for delete to authenticated
  using (bucket_id = 'media' and (select public.is_admin()));

-- ---------------------------------------------------------------------------
-- media: one row per uploaded image. Its variants live in the bucket under
-- `<hash>/<width>.<avif|webp|jpg>` (hash = first 32 hex digits of the SHA-256 of the upload).
-- ---------------------------------------------------------------------------
create table public.media (
  id bigint generated always as identity primary key,
  hash text not null unique,
  width integer not null,
  height integer not null,
  bytes bigint not null,
  original_name text not null default '',
  alt text not null default '',
  created_at timestamptz not null default now(),
  created_by uuid references auth.users (id) on delete set null,
  constraint media_hash_format check (hash ~ '^[0-9a-f]{32}$'),
  constraint media_size_positive check (width > 0 and height > 0 and bytes >= 0),
  constraint media_original_name_length check (char_length(original_name) <= 255),
  constraint media_alt_length check (char_length(alt) <= 300)
);

create index media_created_at_idx on public.media (created_at desc, id desc);

revoke all on table public.media from anon, authenticated;
grant select on table public.media to anon, authenticated;
grant insert (hash, width, height, bytes, original_name, alt, created_by),
  update (alt), delete on table public.media to authenticated;
grant all on table public.media to service_role;
grant usage on sequence public.media_id_seq to authenticated, service_role;

alter table public.media enable row level security;

-- Alt text and dimensions are shown with the public images, so everyone may read them.
create policy "Anyone can read media details"
  on public.media for select
  to anon, authenticated
  using (true);

create policy "Admins can add media"
  on public.media for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can edit media"
  on public.media for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete media"
  on public.media for delete to authenticated using ((select public.is_admin()));

-- Every admin write to the library goes to the audit log (see the back-office migration).
create or replace function public.audit_media_write()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_row jsonb := to_jsonb(coalesce(new, old));
begin
  if auth.uid() is null or (tg_op = 'UPDATE' and new.alt is not distinct from old.alt) then
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

create trigger media_audit
  after insert or delete or update of alt on public.media
  for each row execute function public.audit_media_write();

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

-- Anyone reads; only admins (app_metadata.is_admin, settable with the service role only) write.
create policy "Anyone can read media"
  on storage.objects for select
  to anon, authenticated
  using (bucket_id = 'media');

create policy "Admins can upload media"
  on storage.objects for insert
  to authenticated
  with check (
    bucket_id = 'media'
    and coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false)
  );

create policy "Admins can replace media"
  on storage.objects for update
  to authenticated
  using (
    bucket_id = 'media'
    and coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false)
  )
  with check (
    bucket_id = 'media'
    and coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false)
  );

create policy "Admins can delete media"
  on storage.objects for delete
  to authenticated
  using (
    bucket_id = 'media'
    and coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false)
  );

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
  on public.media for insert
  to authenticated
  with check (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false));

create policy "Admins can edit media"
  on public.media for update
  to authenticated
  using (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false))
  with check (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false));

create policy "Admins can delete media"
  on public.media for delete
  to authenticated
  using (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false));

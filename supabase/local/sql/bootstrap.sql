-- What a hosted Supabase project provides before any migration runs, reduced to what the
-- embedded backend needs: API roles, default privileges, the auth schema and its helper
-- functions, the storage schema, and the migration-history schema of the Supabase CLI.
-- Idempotent: it runs in one transaction whenever its content changed (hash in _local.settings).

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit login;
  end if;
end
$$;

grant anon, authenticated, service_role to authenticator;

-- Statement timeouts, as hosted Supabase sets them: the API roles' own (PostgREST sets the
-- impersonated role's settings in each request's transaction; service_role has none, so the
-- authenticator's applies), and the database's global 2 minutes for everything else. The
-- embedded backend reads the same values (rest/role-settings.ts) and enforces them on PGlite,
-- whose timers cannot interrupt a running statement, from outside its thread (db/thread.ts).
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role authenticator set statement_timeout = '8s';
do $$
begin
  execute format('alter database %I set statement_timeout = %L', current_database(), '2min');
end
$$;

-- Hosted Supabase: API roles may use schema public and get every privilege on new objects
-- by default; migrations narrow that down with REVOKE/GRANT and RLS.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255) not null default 'authenticated',
  role varchar(255) not null default 'authenticated',
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  phone text,
  phone_confirmed_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  banned_until timestamptz,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index if not exists users_email_key on auth.users (lower(email));
create index if not exists users_confirmation_token_idx on auth.users (confirmation_token);
create index if not exists users_recovery_token_idx on auth.users (recovery_token);
create index if not exists users_email_change_token_idx on auth.users (email_change_token_new);

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1',
  amr jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  not_after timestamptz
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  id bigint generated always as identity primary key,
  token varchar(255) not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  revoked boolean not null default false,
  parent varchar(255),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id, revoked);

-- PKCE flow states (code challenge waiting for the e-mail link, then an auth code).
create table if not exists auth.flow_state (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code uuid,
  code_challenge text not null,
  code_challenge_method text not null,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  auth_code_issued_at timestamptz
);
create index if not exists flow_state_auth_code_idx on auth.flow_state (auth_code);

-- E-mail links and codes (the role of GoTrue's auth.one_time_tokens). Only digests are
-- stored: sha256 of the link's random token_hash, HMAC of address + 6-digit code. One row per
-- outstanding link (mailed, or returned by admin generateLink); rows are deleted when used,
-- superseded, expired-and-tried or revoked.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  link_digest text not null unique,
  code_digest text not null,
  relates_to text not null,
  failed_attempts integer not null default 0,
  created_at timestamptz not null default now()
);
-- Re-created so that databases made before email_change_token_current (admin generateLink)
-- accept it too.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check
  check (token_type in ('confirmation_token', 'recovery_token', 'email_change_token_new',
    'email_change_token_current'));
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id);
create index if not exists one_time_tokens_relates_to_idx
  on auth.one_time_tokens (relates_to, code_digest);

revoke all on all tables in schema auth from anon, authenticated;
grant all on all tables in schema auth to service_role;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select nullif(
    coalesce(
      current_setting('request.jwt.claim.sub', true),
      nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'
    ),
    ''
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'
  )
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'
  )
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email()
  to anon, authenticated, service_role;

-- Storage, as hosted Supabase provides it before any migration: the `storage` schema with
-- storage.buckets and storage.objects (RLS on, no policies: migrations add them), the API roles'
-- privileges, and the path helpers policies use. Object bytes live in <data dir>/storage.
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text not null default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- 'folder/sub/file.png' → {folder,sub}
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:coalesce(array_length(string_to_array(name, '/'), 1), 1) - 1]
$$;

-- 'folder/sub/file.png' → 'file.png'
create or replace function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

-- 'folder/sub/file.png' → 'png'
create or replace function storage.extension(name text) returns text
language sql immutable
as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;

-- Local-only: backend bookkeeping (e.g. the hash of this file, to skip re-running it).
create schema if not exists _local;
revoke all on schema _local from public;
create table if not exists _local.settings (
  key text primary key,
  value text not null
);

-- Local-only: the mailbox that replaces an SMTP server (not part of hosted Supabase).
create table if not exists _local.mailbox (
  id bigint generated always as identity primary key,
  to_email text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  links jsonb not null default '[]',
  sent_at timestamptz not null default now()
);
-- Extra headers of mails the web app posts (POST /mailbox/messages.json, service role only).
alter table _local.mailbox add column if not exists headers jsonb not null default '{}';

-- Migration history, same shape as the Supabase CLI's.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null,
  applied_at timestamptz not null default now()
);

-- SMTP relay of the mailbox (mail-relay.ts, when the backend is started with `smtp`).
alter table _local.mailbox add column if not exists relayed_at timestamptz;
alter table _local.mailbox add column if not exists relay_attempts integer not null default 0;
alter table _local.mailbox add column if not exists relay_next_at timestamptz;
alter table _local.mailbox add column if not exists relay_error text;
create index if not exists mailbox_unrelayed_idx on _local.mailbox (id) where relayed_at is null;

-- Attachments of the mails the web app posts (an invoice's PDF…), bounded by mailbox-input.ts;
-- the listing shows their names and sizes, /mailbox/messages/<id>/attachments/<n> their bytes.
create table if not exists _local.mailbox_attachments (
  mail_id bigint not null references _local.mailbox (id) on delete cascade,
  position integer not null,
  filename text not null,
  content_type text not null,
  content bytea not null,
  primary key (mail_id, position)
);

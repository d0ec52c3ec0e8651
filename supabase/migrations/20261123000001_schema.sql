-- Core schema: blog posts, contact messages, newsletter subscribers.
-- Applies unchanged to a hosted Supabase project (`supabase db push`) and to the embedded
-- PGlite backend in supabase/local/. Access is decided by the GRANTs and RLS policies below.

-- ---------------------------------------------------------------------------
-- posts
-- ---------------------------------------------------------------------------
create table public.posts (
  id bigint generated always as identity primary key,
  title text not null,
  excerpt text not null default '',
  content text not null default '',
  cover_image text,
  author_name text not null default 'Admin',
  author_avatar text,
  published boolean not null default false,
  published_at timestamptz,
  read_time text not null default '1 min',
  categories text[] not null default '{}',
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint posts_title_length check (char_length(title) between 1 and 200),
  constraint posts_excerpt_length check (char_length(excerpt) <= 500),
  constraint posts_content_length check (octet_length(content) <= 204800),
  constraint posts_cover_image_length check (cover_image is null or char_length(cover_image) <= 2048),
  constraint posts_author_name_length check (char_length(author_name) <= 200),
  constraint posts_read_time_length check (char_length(read_time) <= 20)
);

create index posts_published_at_idx on public.posts (published, published_at desc);

create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger posts_set_updated_at
  before update on public.posts
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------------------
-- contact_messages
-- ---------------------------------------------------------------------------
create table public.contact_messages (
  id bigint generated always as identity primary key,
  name text not null,
  email text not null,
  message text not null,
  user_id uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint contact_messages_name_length check (char_length(name) between 1 and 100),
  constraint contact_messages_email_length check (char_length(email) between 3 and 254),
  constraint contact_messages_message_length check (char_length(message) between 10 and 5000)
);

create index contact_messages_user_id_idx on public.contact_messages (user_id);

-- ---------------------------------------------------------------------------
-- newsletter_subscribers
-- ---------------------------------------------------------------------------
create table public.newsletter_subscribers (
  id bigint generated always as identity primary key,
  email text not null,
  created_at timestamptz not null default now(),
  constraint newsletter_subscribers_email_length check (char_length(email) between 3 and 254)
);

create unique index newsletter_subscribers_email_key
  on public.newsletter_subscribers (lower(email));

-- ---------------------------------------------------------------------------
-- Privileges. Hosted Supabase grants everything on new tables to anon and
-- authenticated by default; revoke that and grant only what the policies need.
-- ---------------------------------------------------------------------------
revoke all on table public.posts, public.contact_messages, public.newsletter_subscribers
  from anon, authenticated;

grant select on table public.posts to anon, authenticated;
grant insert, update, delete on table public.posts to authenticated;

grant insert (name, email, message, user_id) on table public.contact_messages to anon, authenticated;
grant select on table public.contact_messages to authenticated;

grant insert (email) on table public.newsletter_subscribers to anon, authenticated;

grant all on table public.posts, public.contact_messages, public.newsletter_subscribers
  to service_role;

grant usage on sequence public.posts_id_seq to authenticated, service_role;
grant usage on sequence public.contact_messages_id_seq to anon, authenticated, service_role;
grant usage on sequence public.newsletter_subscribers_id_seq to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Row level security. service_role has BYPASSRLS.
-- Admin = app_metadata.is_admin in the JWT (settable only with the service role).
-- ---------------------------------------------------------------------------
alter table public.posts enable row level security;
alter table public.contact_messages enable row level security;
alter table public.newsletter_subscribers enable row level security;

create policy "Published posts are visible to everyone"
  on public.posts for select
  to anon, authenticated
  using (published);

create policy "Admins can read all posts"
  on public.posts for select
  to authenticated
  using (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false));

create policy "Admins can create posts"
  on public.posts for insert
  to authenticated
  with check (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false));

create policy "Admins can update posts"
  on public.posts for update
  to authenticated
  using (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false))
  with check (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false));

create policy "Admins can delete posts"
  on public.posts for delete
  to authenticated
  using (coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'is_admin')::boolean, false));

create policy "Visitors can send anonymous contact messages"
  on public.contact_messages for insert
  to anon
  with check (user_id is null);

create policy "Signed-in users can send contact messages as themselves"
  on public.contact_messages for insert
  to authenticated
  with check (user_id is null or user_id = (select auth.uid()));

create policy "Signed-in users can read their own contact messages"
  on public.contact_messages for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Anyone can subscribe to the newsletter"
  on public.newsletter_subscribers for insert
  to anon, authenticated
  with check (true);

-- Every write to a table visitors read is announced on the `content_changed` channel with the
-- table's name (one notification per statement, delivered at commit). The embedded backend
-- listens and tells the site (server/embedded-backend.ts), so its caches — the page cache, the
-- site's content and the published blog held in memory — drop what changed at once, whoever
-- wrote it: an admin in /admin, `npm run content:import`, a script or a SQL console. With hosted
-- Supabase nothing listens; the caches' five-minute age limit covers writes made outside the site.
create or replace function public.announce_content_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_notify('content_changed', tg_table_name);
  return null;
end;
$$;

revoke all on function public.announce_content_change() from public;

do $$
declare
  table_name text;
begin
  foreach table_name in array array[
    'posts', 'media', 'blog_categories', 'blog_tags', 'site_settings', 'services',
    'portfolio_categories', 'portfolio_projects', 'team_members', 'testimonials', 'site_figures',
    'legal_documents', 'chat_options'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on public.%I '
      'for each statement execute function public.announce_content_change()',
      table_name || '_announce_change', table_name
    );
  end loop;
end;
$$;

-- A contact message may ask about any service the site publishes (issue 25: the agency adds,
-- renames and removes services itself), no longer only the eight it launched with. The check
-- keeps the column a slug; the trigger accepts exactly the services visitors can see when the
-- message is stored (the contact form validates the same list: app/domain/contact/limits.ts).
-- Messages stored earlier keep the slug they named, whatever became of the service.
alter table public.contact_messages drop constraint contact_messages_service_check;
alter table public.contact_messages
  add constraint contact_messages_service_check check (service is null or public.is_slug(service));

create or replace function public.contact_service_published()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.service is not null and not exists (
    select 1 from public.services s where s.slug = new.service and s.published
  ) then
    raise exception 'no published service %', new.service using errcode = '23514';
  end if;
  return new;
end;
$$;

create trigger contact_messages_service_published
  before insert on public.contact_messages
  for each row execute function public.contact_service_published();

revoke all on function public.contact_service_published() from public, anon, authenticated;

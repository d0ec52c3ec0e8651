-- A bound on a person's messages (issue 42 item 5): at most 60 an hour, all threads together.
-- Each message is a row, a `project_messages.notify` job and notices owed to the other side;
-- without a bound one account could fill the thread, the queue and the mail batches. The site
-- words the refusal under the message field. The service role (scripts, tests) is not bounded.
create index project_messages_author_idx on public.project_messages (author_id, created_at);

create or replace function public.project_message_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.organisation_id := (select p.organisation_id from public.projects p where p.id = new.project_id);
  new.author_id := coalesce(auth.uid(), new.author_id);
  new.author_name := coalesce((
    select coalesce(nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''), u.email, '')
      from auth.users u where u.id = new.author_id), '');
  new.author_side := public.account_side(new.author_id);
  new.body := btrim(new.body);
  new.created_at := now();
  -- A person (not the service role) writes at most 60 messages an hour, all threads together:
  -- each message is a row, a job and a notice to the other side, so a flood is refused here.
  if auth.uid() is not null and (
       select count(*) from public.project_messages m
        where m.author_id = auth.uid() and m.created_at > now() - interval '1 hour') >= 60 then
    raise exception using
      errcode = '23514',
      message = 'Too many messages in an hour',
      hint = 'rate';
  end if;
  if new.organisation_id is not null and new.attachment_path is not null
     and (public.file_organisation(new.attachment_path) is distinct from new.organisation_id
          or not exists (select 1 from storage.objects o
                          where o.bucket_id = 'client-files' and o.name = new.attachment_path)
          or (new.author_side = 'client'
              and coalesce(public.deliverable_file_status(new.attachment_path), '') = 'draft')) then
    raise exception using
      errcode = '23514',
      message = 'An attachment is one of the client''s files',
      hint = 'attachment';
  end if;
  return new;
end;
$$;

-- The mails of quotes and invoices (issue 43): a sent quote to each of its client's owners,
-- members and pending invitees, and a deposit invoice issued on acceptance to the same people.
-- One row per recipient, written by the app as the service role right after send_quote or
-- issue_invoice succeeded; the outbox sends each in the document's language
-- (app/domain/billing/quote-mail.server.ts composes them).
create table public.billing_mails (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('quote_sent', 'invoice_issued')),
  quote_id bigint references public.quotes (id) on delete cascade,
  invoice_id bigint references public.invoices (id) on delete cascade,
  email text not null check (char_length(email) between 3 and 320),
  locale text not null default 'en' check (locale in ('en', 'sw', 'fr')),
  created_at timestamptz not null default now(),
  constraint billing_mails_document check (
    (kind = 'quote_sent' and quote_id is not null)
    or (kind = 'invoice_issued' and invoice_id is not null))
);
create index billing_mails_quote_idx on public.billing_mails (quote_id) where quote_id is not null;
create index billing_mails_invoice_idx on public.billing_mails (invoice_id)
  where invoice_id is not null;

alter table public.billing_mails enable row level security;
revoke all on table public.billing_mails from public, anon, authenticated;
grant all on table public.billing_mails to service_role;

alter table public.mail_outbox drop constraint mail_outbox_kind_check;
alter table public.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('contact_notification', 'newsletter_confirmation', 'organisation_invitation',
                  'deliverable_reminder', 'project_messages', 'billing_mail'));

create trigger billing_mails_mail
  after insert on public.billing_mails
  for each row execute function public.queue_mail('billing_mail');

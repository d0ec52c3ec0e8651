-- Receipts and reminders (issue 43, item 6): a receipt to the client's people and a notice to
-- the agency for every payment applied to an invoice (whatever applied it: the M-Pesa check
-- job, a verified Paybill payment, an admin), and reminders 3 days before an invoice's due
-- date, on it, and 7 days after, each once, stopped by payment or by the invoice's switch.
-- The mails are billing_mails rows (20261220100001_billing_mails.sql) the outbox sends in the
-- invoice's language; the app writes them from jobs (app/domain/billing/payment-mails.server.ts).

alter table public.billing_mails drop constraint billing_mails_kind_check;
alter table public.billing_mails add constraint billing_mails_kind_check
  check (kind in ('quote_sent', 'invoice_issued', 'payment_receipt', 'payment_notice',
                  'invoice_reminder'));
alter table public.billing_mails
  add column allocation_id bigint references public.payment_allocations (id) on delete cascade,
  add column stage text check (stage in ('before', 'due', 'after'));
alter table public.billing_mails drop constraint billing_mails_document;
alter table public.billing_mails add constraint billing_mails_document check (
  (kind = 'quote_sent' and quote_id is not null)
  or (kind = 'invoice_issued' and invoice_id is not null)
  or (kind in ('payment_receipt', 'payment_notice') and invoice_id is not null
      and allocation_id is not null)
  or (kind = 'invoice_reminder' and invoice_id is not null and stage is not null));
-- A receipt or a reminder is written once per recipient, however often its job runs.
create unique index billing_mails_once_idx on public.billing_mails
  (kind, coalesce(allocation_id, 0), invoice_id, coalesce(stage, ''), lower(email))
  where kind in ('payment_receipt', 'payment_notice', 'invoice_reminder');

-- Every allocation asks for its receipt (a job, so a mail never holds up the payment).
create or replace function public.payment_allocation_receipt()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.enqueue_job('billing.receipt', jsonb_build_object('allocation', new.id), now(),
                             'allocation:' || new.id);
  return null;
end;
$$;
revoke execute on function public.payment_allocation_receipt()
  from public, anon, authenticated, service_role;

create trigger payment_allocations_receipt
  after insert on public.payment_allocations
  for each row execute function public.payment_allocation_receipt();

-- The reminders given: each stage of each invoice once.
create table public.invoice_reminders (
  invoice_id bigint not null references public.invoices (id) on delete cascade,
  stage text not null check (stage in ('before', 'due', 'after')),
  given_on date not null,
  primary key (invoice_id, stage)
);
alter table public.invoice_reminders enable row level security;
revoke all on table public.invoice_reminders from public, anon, authenticated;
grant all on table public.invoice_reminders to service_role;

-- The reminders due on p_today (the agency's date): for each open invoice with reminders on,
-- the latest stage reached and not yet given — before (from 3 days before the due date), due
-- (from the due date), after (from 7 days after) — recorded as given and returned. A day the
-- job missed is caught up the next day with the stage then reached, not with every stage.
create or replace function public.queue_invoice_reminders(p_today date)
returns table (invoice_id bigint, stage text)
language sql
set search_path = ''
as $$
  insert into public.invoice_reminders as r (invoice_id, stage, given_on)
  select i.id,
         case when p_today >= i.due_date + 7 then 'after'
              when p_today >= i.due_date then 'due'
              else 'before' end,
         p_today
    from public.invoices i
   where i.kind = 'invoice' and i.status in ('issued', 'partly_paid') and i.reminders
     and i.due_date is not null and p_today >= i.due_date - 3
  on conflict do nothing
  returning r.invoice_id, r.stage;
$$;
revoke execute on function public.queue_invoice_reminders(date) from public, anon, authenticated;
grant execute on function public.queue_invoice_reminders(date) to service_role;

-- The Transaction Status queries the site asked (decision 019): a Result counts only for a
-- query the site made about that payment, so a Result forged with the hook's secret for a
-- real receipt but a ConversationID the site never got verifies nothing. Written by the
-- mpesa.paybill_verify job from Daraja's synchronous answer; read by the mpesastatus hook.
create table public.paybill_status_queries (
  conversation_id text primary key check (char_length(conversation_id) between 1 and 100),
  payment_id bigint not null references public.payments (id) on delete cascade,
  asked_at timestamptz not null default now()
);
create index paybill_status_queries_payment_idx on public.paybill_status_queries (payment_id);

alter table public.paybill_status_queries enable row level security;
revoke all on table public.paybill_status_queries from public, anon, authenticated;
grant all on table public.paybill_status_queries to service_role;

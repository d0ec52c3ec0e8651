-- The payments ledger and M-Pesa Express pushes (issue 43; docs/payments.md, decision 019).
--
-- A payment is money received, once: an M-Pesa receipt (an STK push's or a Paybill TransID)
-- is unique, so a replayed callback adds nothing. A payment counts only once verified: an STK
-- push's by the site's own STK Push Query after the callback (or instead of a callback that
-- never came), a Paybill payment's by the Transaction Status query, a payment an admin records
-- by hand by that admin. Nothing is marked paid on a provider's callback alone.
--
-- An allocation applies part of a verified payment to an issued invoice, never more than the
-- invoice's balance nor than what is left of the payment; the invoice's paid sum (and so its
-- status) follows in the same transaction. What is left of a payment is the client's credit,
-- or — when nobody knows whose it is (a Paybill account number that names no invoice) — the
-- "unmatched" list the agency assigns by hand. Allocations are never changed nor removed: the
-- ledger only grows.

create table public.mpesa_pushes (
  id bigint generated always as identity primary key,
  invoice_id bigint not null,
  organisation_id uuid not null,
  -- 2547XXXXXXXX or 2541XXXXXXXX (app/lib/mpesa-phone.ts normalises what people type).
  phone text not null check (phone ~ '^254[17][0-9]{8}$'),
  -- Whole shillings: Daraja takes no decimals.
  amount_cents bigint not null check (amount_cents between 100 and 25000000 and amount_cents % 100 = 0),
  account_reference text not null check (char_length(account_reference) between 1 and 12),
  requested_by uuid references auth.users (id) on delete set null default auth.uid(),
  -- requesting: written, Daraja not yet asked or not yet answered; pending: Daraja accepted and
  -- the phone shows the prompt; refused: Daraja said no at once; paid, failed: final;
  -- flagged: what came back does not add up (an amount or a result that disagrees) — the agency
  -- looks, nobody is credited.
  status text not null default 'requesting'
    check (status in ('requesting', 'pending', 'refused', 'paid', 'failed', 'flagged')),
  merchant_request_id text check (char_length(merchant_request_id) <= 100),
  checkout_request_id text unique check (char_length(checkout_request_id) <= 100),
  -- The final result (the query's, or Daraja's synchronous refusal), and the outcome in words.
  result_code text check (char_length(result_code) <= 40),
  result_desc text check (char_length(result_desc) <= 500),
  outcome text check (outcome ~ '^[a-z_]{1,40}$'),
  -- What the callback said, kept as it came (the raw body is in webhook_deliveries).
  callback_result_code text check (char_length(callback_result_code) <= 40),
  callback_amount_cents bigint,
  callback_receipt text check (char_length(callback_receipt) <= 40),
  callback_at timestamptz,
  flag_reason text check (char_length(flag_reason) <= 500),
  created_at timestamptz not null default now(),
  resolved_at timestamptz,
  foreign key (invoice_id, organisation_id)
    references public.invoices (id, organisation_id) on delete restrict
);
create index mpesa_pushes_invoice_idx on public.mpesa_pushes (invoice_id, created_at desc);
create index mpesa_pushes_phone_idx on public.mpesa_pushes (phone, created_at desc);
create index mpesa_pushes_organisation_idx on public.mpesa_pushes (organisation_id);
-- One prompt at a time per invoice.
create unique index mpesa_pushes_one_open_idx on public.mpesa_pushes (invoice_id)
  where status in ('requesting', 'pending');

create table public.payments (
  id bigint generated always as identity primary key,
  -- Whose money it is; null while nobody knows (an unmatched Paybill payment).
  organisation_id uuid references public.organisations (id) on delete restrict,
  method text not null check (method in ('mpesa_stk', 'mpesa_paybill', 'bank', 'cash')),
  amount_cents bigint not null check (amount_cents between 1 and 100000000000),
  -- M-Pesa's receipt (MpesaReceiptNumber, or the Paybill TransID): unique, so a payment is
  -- counted once however often it is announced. Null for an STK payment whose callback never
  -- came (the push is its reference) and for cash or bank payments.
  mpesa_receipt text unique check (mpesa_receipt ~ '^[A-Z0-9]{6,20}$'),
  push_id bigint unique references public.mpesa_pushes (id) on delete restrict,
  -- What the payer typed as the account (Paybill) or the push's account, as received.
  account_reference text check (char_length(account_reference) <= 40),
  -- The payer as M-Pesa shows them (masked or hashed number, names), never used for matching.
  payer text check (char_length(payer) <= 200),
  received_at timestamptz not null default now(),
  -- When the site (or the admin who recorded it) verified it; only verified money is applied.
  verified_at timestamptz,
  allocated_cents bigint not null default 0 check (allocated_cents >= 0),
  note text check (char_length(note) <= 500),
  recorded_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint payments_allocated check (allocated_cents <= amount_cents)
);
create index payments_organisation_idx on public.payments (organisation_id, received_at desc);
create index payments_open_idx on public.payments (received_at) where allocated_cents < amount_cents;

create table public.payment_allocations (
  id bigint generated always as identity primary key,
  payment_id bigint not null references public.payments (id) on delete restrict,
  invoice_id bigint not null,
  organisation_id uuid not null,
  amount_cents bigint not null check (amount_cents > 0),
  -- Null: applied by the site (the invoice the payment names); else the admin who assigned it.
  allocated_by uuid references auth.users (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  foreign key (invoice_id, organisation_id)
    references public.invoices (id, organisation_id) on delete restrict
);
create index payment_allocations_payment_idx on public.payment_allocations (payment_id);
create index payment_allocations_invoice_idx on public.payment_allocations (invoice_id);
create index payment_allocations_organisation_idx on public.payment_allocations (organisation_id);

-- An allocation is checked and counted under the locks of its payment and its invoice: two
-- allocations at once never spend the same shilling twice nor pay an invoice past its total.
create or replace function public.payment_allocation_apply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_invoice public.invoices;
begin
  select p.* into v_payment from public.payments p where p.id = new.payment_id for update;
  select i.* into v_invoice from public.invoices i where i.id = new.invoice_id for update;
  if v_payment.id is null or v_invoice.id is null then
    raise exception using errcode = 'P0002', message = 'There is no such payment or invoice';
  end if;
  if v_payment.verified_at is null then
    raise exception using errcode = '23514', message = 'This payment is not verified yet', hint = 'unverified';
  end if;
  if v_invoice.kind <> 'invoice' or v_invoice.status not in ('issued', 'partly_paid') then
    raise exception using errcode = '23514', message = 'This invoice is not open for payment', hint = 'not_open';
  end if;
  if v_payment.organisation_id is not null and v_payment.organisation_id <> v_invoice.organisation_id then
    raise exception using errcode = '23514', message = 'This payment is another client''s', hint = 'organisation';
  end if;
  if new.amount_cents > v_payment.amount_cents - v_payment.allocated_cents then
    raise exception using errcode = '23514', message = 'More than what is left of the payment', hint = 'payment_left';
  end if;
  if new.amount_cents > v_invoice.total_cents - v_invoice.paid_cents - v_invoice.credited_cents then
    raise exception using errcode = '23514', message = 'More than the invoice''s balance', hint = 'balance';
  end if;
  new.organisation_id := v_invoice.organisation_id;
  update public.payments p set
    allocated_cents = p.allocated_cents + new.amount_cents,
    organisation_id = v_invoice.organisation_id
   where p.id = v_payment.id;
  update public.invoices i set paid_cents = i.paid_cents + new.amount_cents where i.id = v_invoice.id;
  if auth.uid() is not null then
    perform public.append_audit('allocate', 'payment', v_payment.id::text,
      format('%s cents of payment %s to invoice %s', new.amount_cents, v_payment.id, v_invoice.number));
  end if;
  return new;
end;
$$;
revoke execute on function public.payment_allocation_apply() from public, anon, authenticated, service_role;

create trigger payment_allocations_apply
  before insert on public.payment_allocations
  for each row execute function public.payment_allocation_apply();

-- The ledger only grows: what was received and how it was applied never changes.
create or replace function public.ledger_frozen()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'payment_allocations' then
    raise exception using errcode = '42501', message = 'An allocation is never changed';
  end if;
  if tg_op = 'DELETE' then
    raise exception using errcode = '42501', message = 'A payment is never removed';
  end if;
  -- (An STK payment settled before its callback came gets the callback's receipt once.)
  if (new.method, new.amount_cents, new.push_id, new.received_at)
     is distinct from (old.method, old.amount_cents, old.push_id, old.received_at)
     or (new.mpesa_receipt is distinct from old.mpesa_receipt
         and not (old.mpesa_receipt is null and old.method = 'mpesa_stk'))
     or (old.verified_at is not null and new.verified_at is distinct from old.verified_at) then
    raise exception using errcode = '42501', message = 'A payment is never changed';
  end if;
  return new;
end;
$$;
revoke execute on function public.ledger_frozen() from public, anon, authenticated, service_role;

create trigger payments_frozen
  before update or delete on public.payments
  for each row execute function public.ledger_frozen();
create trigger payment_allocations_frozen
  before update or delete on public.payment_allocations
  for each row execute function public.ledger_frozen();

-- Applies what is left of a verified payment to an invoice, up to its balance; returns the
-- amount applied (0 when the invoice is not open or nothing is left).
create or replace function public.apply_payment(p_payment bigint, p_invoice bigint)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_left bigint;
  v_balance bigint;
  v_amount bigint;
begin
  select p.amount_cents - p.allocated_cents into v_left from public.payments p
   where p.id = p_payment and p.verified_at is not null for update;
  select i.total_cents - i.paid_cents - i.credited_cents into v_balance from public.invoices i
   where i.id = p_invoice and i.kind = 'invoice' and i.status in ('issued', 'partly_paid') for update;
  v_amount := least(coalesce(v_left, 0), coalesce(v_balance, 0));
  if v_amount <= 0 then return 0; end if;
  insert into public.payment_allocations (payment_id, invoice_id, organisation_id, amount_cents, allocated_by)
    select p_payment, p_invoice, i.organisation_id, v_amount, auth.uid()
      from public.invoices i where i.id = p_invoice;
  return v_amount;
end;
$$;
revoke execute on function public.apply_payment(bigint, bigint) from public, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------
-- M-Pesa Express
-- ---------------------------------------------------------------------------

-- Prompts a phone may receive in ten minutes, whoever asks (a stranger cannot flood a phone).
create or replace function public.mpesa_phone_limit()
returns integer language sql immutable set search_path = '' as $$ select 3 $$;

-- A person who may see the invoice asks for a prompt on a phone: the push is written first
-- ("requesting"), then the app asks Daraja as the service role and records the answer. One
-- open push per invoice; at most mpesa_phone_limit() per phone in ten minutes; whole shillings,
-- no more than the balance rounded up to the shilling, all of it unless partial payments are on.
create or replace function public.start_mpesa_push(p_invoice bigint, p_phone text, p_amount_cents bigint)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_invoice public.invoices;
  v_balance bigint;
  v_due bigint;
  v_partial boolean;
  v_id bigint;
begin
  select i.* into v_invoice from public.invoices i where i.id = p_invoice;
  if v_invoice.id is null or v_invoice.status = 'draft' or v_invoice.kind <> 'invoice'
     or not public.can('read', 'invoice', v_invoice.organisation_id) then
    raise exception using errcode = 'P0002', message = 'There is no such invoice';
  end if;
  if v_invoice.status not in ('issued', 'partly_paid') then
    raise exception using errcode = '23514', message = 'This invoice is not open for payment', hint = 'not_open';
  end if;
  if p_phone is null or p_phone !~ '^254[17][0-9]{8}$' then
    raise exception using errcode = '23514', message = 'Not an M-Pesa phone number', hint = 'phone';
  end if;
  v_balance := v_invoice.total_cents - v_invoice.paid_cents - v_invoice.credited_cents;
  v_due := ((v_balance + 99) / 100) * 100;
  select s.partial_payments into v_partial from public.billing_settings s;
  if p_amount_cents is null or p_amount_cents < 100 or p_amount_cents % 100 <> 0
     or p_amount_cents > v_due or p_amount_cents > 25000000
     or (not v_partial and p_amount_cents <> v_due) then
    raise exception using errcode = '23514', message = 'Not an amount this invoice can take', hint = 'amount';
  end if;
  -- Counted under a lock per phone: concurrent requests see each other.
  perform pg_advisory_xact_lock(hashtextextended('mpesa_phone:' || p_phone, 0));
  if (select count(*) from public.mpesa_pushes m
       where m.phone = p_phone and m.created_at > now() - interval '10 minutes')
     >= public.mpesa_phone_limit() then
    raise exception using errcode = '23514', message = 'Too many prompts to this phone', hint = 'phone_limit';
  end if;
  begin
    insert into public.mpesa_pushes (invoice_id, organisation_id, phone, amount_cents, account_reference)
      values (p_invoice, v_invoice.organisation_id, p_phone, p_amount_cents,
              left(replace(v_invoice.number, '-', ''), 12))
      returning id into v_id;
  exception when unique_violation then
    raise exception using errcode = '23514', message = 'A prompt for this invoice is already waiting', hint = 'pending';
  end;
  return v_id;
end;
$$;
revoke execute on function public.start_mpesa_push(bigint, text, bigint) from public, anon;
grant execute on function public.start_mpesa_push(bigint, text, bigint) to authenticated, service_role;

-- The service role settles a push the STK Push Query confirmed: the payment is recorded and
-- verified, and applied to the push's invoice up to its balance (the rest is the client's
-- credit). Idempotent: a push settled once returns the same payment.
create or replace function public.settle_mpesa_push(p_push bigint, p_receipt text, p_paid_at timestamptz)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_push public.mpesa_pushes;
  v_payment bigint;
begin
  select m.* into v_push from public.mpesa_pushes m where m.id = p_push for update;
  if v_push.id is null then
    raise exception using errcode = 'P0002', message = 'There is no such push';
  end if;
  select p.id into v_payment from public.payments p where p.push_id = p_push;
  if v_payment is not null then return v_payment; end if;
  if v_push.status not in ('requesting', 'pending') then
    raise exception using errcode = '23514', message = 'This push is already resolved', hint = 'resolved';
  end if;
  insert into public.payments
    (organisation_id, method, amount_cents, mpesa_receipt, push_id, account_reference,
     payer, received_at, verified_at, recorded_by)
    values (v_push.organisation_id, 'mpesa_stk', v_push.amount_cents, nullif(p_receipt, ''),
            p_push, v_push.account_reference, v_push.phone, coalesce(p_paid_at, now()), now(), null)
    returning id into v_payment;
  update public.mpesa_pushes m set status = 'paid', outcome = 'paid', result_code = '0',
    resolved_at = now()
   where m.id = p_push;
  perform public.apply_payment(v_payment, v_push.invoice_id);
  return v_payment;
end;
$$;
revoke execute on function public.settle_mpesa_push(bigint, text, timestamptz) from public, anon, authenticated;
grant execute on function public.settle_mpesa_push(bigint, text, timestamptz) to service_role;

-- A Paybill payment as its confirmation announced it: recorded once (the TransID is unique),
-- unverified until the Transaction Status query agrees. Returns the payment's id (the same
-- one for a repeated confirmation).
create or replace function public.record_paybill_payment(
  p_trans_id text, p_amount_cents bigint, p_account text, p_payer text, p_received_at timestamptz
)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment bigint;
begin
  insert into public.payments (method, amount_cents, mpesa_receipt, account_reference, payer,
                               received_at, recorded_by)
    values ('mpesa_paybill', p_amount_cents, p_trans_id, left(p_account, 40), left(p_payer, 200),
            coalesce(p_received_at, now()), null)
    on conflict (mpesa_receipt) do nothing
    returning id into v_payment;
  if v_payment is null then
    select p.id into v_payment from public.payments p where p.mpesa_receipt = p_trans_id;
  end if;
  return v_payment;
end;
$$;
revoke execute on function public.record_paybill_payment(text, bigint, text, text, timestamptz)
  from public, anon, authenticated;
grant execute on function public.record_paybill_payment(text, bigint, text, text, timestamptz)
  to service_role;

-- Marks a Paybill payment verified (its amount as M-Pesa's own record says) and applies it to
-- the invoice its account number names, when there is one and it is open; what is left stays
-- unmatched (or the client's credit). Returns the amount applied.
create or replace function public.verify_paybill_payment(p_payment bigint, p_amount_cents bigint)
returns bigint
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_payment public.payments;
  v_invoice bigint;
begin
  select p.* into v_payment from public.payments p where p.id = p_payment for update;
  if v_payment.id is null or v_payment.method <> 'mpesa_paybill' then
    raise exception using errcode = 'P0002', message = 'There is no such Paybill payment';
  end if;
  if v_payment.verified_at is not null then return 0; end if;
  if p_amount_cents is distinct from v_payment.amount_cents then
    update public.payments p set note = 'Amount differs from M-Pesa''s record: '
      || coalesce(p_amount_cents::text, 'none') where p.id = p_payment;
    return 0;
  end if;
  update public.payments p set verified_at = now() where p.id = p_payment;
  select i.id into v_invoice from public.invoices i
   where i.kind = 'invoice'
     and upper(regexp_replace(i.number, '[^A-Za-z0-9]', '', 'g'))
       = upper(regexp_replace(coalesce(v_payment.account_reference, ''), '[^A-Za-z0-9]', '', 'g'));
  if v_invoice is null then return 0; end if;
  return public.apply_payment(p_payment, v_invoice);
end;
$$;
revoke execute on function public.verify_paybill_payment(bigint, bigint) from public, anon, authenticated;
grant execute on function public.verify_paybill_payment(bigint, bigint) to service_role;

-- ---------------------------------------------------------------------------
-- Who may see what
-- ---------------------------------------------------------------------------
insert into public.permissions (role, action, entity, access) values
  ('admin', 'read', 'payment', 'any'), ('admin', 'create', 'payment', 'any'),
  ('admin', 'update', 'payment', 'any'),
  ('staff', 'read', 'payment', 'own'),
  ('owner', 'read', 'payment', 'own'), ('member', 'read', 'payment', 'own'),

  ('admin', 'read', 'payment_allocation', 'any'), ('admin', 'create', 'payment_allocation', 'any'),
  ('staff', 'read', 'payment_allocation', 'own'),
  ('owner', 'read', 'payment_allocation', 'own'), ('member', 'read', 'payment_allocation', 'own'),

  ('admin', 'read', 'mpesa_push', 'any'),
  ('staff', 'read', 'mpesa_push', 'own'),
  ('owner', 'read', 'mpesa_push', 'own'), ('member', 'read', 'mpesa_push', 'own');

alter table public.payments enable row level security;
alter table public.payment_allocations enable row level security;
alter table public.mpesa_pushes enable row level security;
revoke all on table public.payments, public.payment_allocations, public.mpesa_pushes
  from public, anon, authenticated;
grant select on table public.payments, public.payment_allocations, public.mpesa_pushes
  to authenticated;
-- Admins record cash and bank payments by hand (verified by them) and write a note on any.
grant insert (organisation_id, method, amount_cents, received_at, verified_at, note),
  update (note) on table public.payments to authenticated;
-- Admins assign an unmatched payment (or a client's credit) to an invoice by hand; the
-- allocation's trigger checks it and writes it to the audit log.
grant insert (payment_id, invoice_id, amount_cents) on table public.payment_allocations
  to authenticated;
grant all on table public.payments, public.payment_allocations, public.mpesa_pushes to service_role;

select public.create_permission_policies('payments', 'payment');
select public.create_permission_policies('payment_allocations', 'payment_allocation');
select public.create_permission_policies('mpesa_pushes', 'mpesa_push');

-- A payment an admin records is M-Pesa's only through the site: by hand, cash or bank, and
-- verified by the admin who records it.
create or replace function public.payment_by_hand()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if coalesce(auth.role(), '') = 'authenticated' then
    if new.method not in ('bank', 'cash') then
      raise exception using errcode = '42501', message = 'M-Pesa payments are recorded by the site';
    end if;
    new.verified_at := now();
    new.recorded_by := auth.uid();
  end if;
  return new;
end;
$$;
revoke execute on function public.payment_by_hand() from public, anon, authenticated, service_role;

create trigger payments_by_hand
  before insert on public.payments
  for each row execute function public.payment_by_hand();

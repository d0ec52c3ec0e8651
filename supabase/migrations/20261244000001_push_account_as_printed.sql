-- The prompt on the client's phone names the invoice as the invoice itself prints it
-- ("account JD-2026-0001"), not a dashless form the client has never seen: Daraja's
-- AccountReference takes 12 characters, which a number of the default series fits. Only a
-- longer number (a longer prefix in the billing settings) is shortened to its letters and
-- digits, cut to 12. Paybill and callbacks match either form (accountKeyOf: letters and digits).
-- The rest of start_mpesa_push is unchanged (20261220000002_payments.sql).

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
              case when char_length(v_invoice.number) <= 12 then v_invoice.number
                   else left(regexp_replace(v_invoice.number, '[^A-Za-z0-9]', '', 'g'), 12) end)
      returning id into v_id;
  exception when unique_violation then
    raise exception using errcode = '23514', message = 'A prompt for this invoice is already waiting', hint = 'pending';
  end;
  return v_id;
end;
$$;
revoke execute on function public.start_mpesa_push(bigint, text, bigint) from public, anon;
grant execute on function public.start_mpesa_push(bigint, text, bigint) to authenticated, service_role;

-- A draft's lines replaced in one transaction (issue 43). The editors used to delete a draft's
-- lines and insert the typed ones in separate calls: a refused insert (or a lost connection)
-- after the delete left the draft with no lines at all. replace_draft_lines() does both under
-- the document's row lock: all the new lines, or the old ones untouched.
--
-- Security definer with the permission table's own check: whoever may update the document
-- (public.can('update', 'quote' | 'invoice', its organisation): admins, the staff assigned to
-- its client) replaces its lines, although staff have no right to delete rows (which a draft's
-- lines replaced row by row would need). Anyone else learns nothing: "There is no such …"
-- (P0002), as for a document they cannot see. A sent quote or an issued invoice is refused
-- (23514, hint 'sent' / 'issued'), and the lines' own checks (description, quantity, price,
-- VAT rate) refuse the whole call.
create or replace function public.replace_draft_lines(p_document text, p_id bigint, p_lines jsonb)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_organisation uuid;
  v_status text;
  v_count integer;
begin
  if p_document is null or p_document not in ('quote', 'invoice') then
    raise exception using errcode = '22023', message = 'The document is a quote or an invoice';
  end if;
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' or jsonb_array_length(p_lines) > 200 then
    raise exception using errcode = '22023', message = 'The lines are an array of at most 200';
  end if;
  if p_document = 'quote' then
    select q.organisation_id, q.status into v_organisation, v_status
      from public.quotes q where q.id = p_id for update;
  else
    select i.organisation_id, i.status into v_organisation, v_status
      from public.invoices i where i.id = p_id for update;
  end if;
  if v_organisation is null
     or not (public.can('update', p_document, v_organisation)
             or coalesce(auth.role(), '') = 'service_role') then
    raise exception using errcode = 'P0002', message = format('There is no such %s', p_document);
  end if;
  if v_status <> 'draft' then
    raise exception using errcode = '23514',
      message = 'Only a draft''s lines change',
      hint = case p_document when 'quote' then 'sent' else 'issued' end;
  end if;
  -- (The line triggers set each line's organisation and keep the document's totals.)
  if p_document = 'quote' then
    delete from public.quote_lines l where l.quote_id = p_id;
    insert into public.quote_lines
      (quote_id, position, description, quantity, unit_price_cents, vat_rate_bp)
    select p_id, (n - 1)::integer, x.description, x.quantity, x.unit_price_cents, x.vat_rate_bp
      from jsonb_array_elements(p_lines) with ordinality as e(line, n),
           jsonb_to_record(e.line)
             as x(description text, quantity integer, unit_price_cents bigint, vat_rate_bp integer)
     order by n;
  else
    delete from public.invoice_lines l where l.invoice_id = p_id;
    insert into public.invoice_lines
      (invoice_id, position, description, quantity, unit_price_cents, vat_rate_bp)
    select p_id, (n - 1)::integer, x.description, x.quantity, x.unit_price_cents, x.vat_rate_bp
      from jsonb_array_elements(p_lines) with ordinality as e(line, n),
           jsonb_to_record(e.line)
             as x(description text, quantity integer, unit_price_cents bigint, vat_rate_bp integer)
     order by n;
  end if;
  get diagnostics v_count = row_count;
  return v_count;
end;
$$;
revoke execute on function public.replace_draft_lines(text, bigint, jsonb) from public, anon;
grant execute on function public.replace_draft_lines(text, bigint, jsonb) to authenticated, service_role;

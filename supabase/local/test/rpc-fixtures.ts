/** Test-only functions for the RPC tests, created before the backend starts. */
export const RPC_FIXTURES = `
  create table public.items (id int primary key, name text not null);
  insert into public.items select g, 'item ' || g from generate_series(1, 10) g;

  create function public.add_them(a int, b int) returns int
    language sql immutable as $$ select a + b $$;
  create function public.greet(name text, greeting text default 'Hello') returns text
    language sql stable as $$ select greeting || ', ' || name $$;
  create function public.items_above(min_id int) returns setof public.items
    language sql stable as $$ select * from public.items where id > min_id order by id $$;
  create function public.item_pairs() returns table (id int, label text)
    language sql stable as $$ select id, name from public.items order by id $$;
  create function public.ids_upto(n int) returns setof int
    language sql immutable as $$ select generate_series(1, n) $$;
  create function public.first_item() returns public.items
    language sql stable as $$ select * from public.items order by id limit 1 $$;
  create function public.rename_item(item_id int, new_name text) returns void
    language sql as $$ update public.items set name = new_name where id = item_id $$;
  create function public.delete_items_above(min_id int) returns setof public.items
    language sql as $$ delete from public.items where id > min_id returning * $$;
  create function public.join_words(variadic words text[] default '{}') returns text
    language sql immutable as $$ select array_to_string(words, ' ') $$;
  create function public.echo_json(json) returns json
    language sql immutable as $$ select $1 $$;
  create function public.payload_keys(payload jsonb) returns text[]
    language sql immutable as $$ select array(select jsonb_object_keys(payload) order by 1) $$;
  create function public.sum_array(numbers int[]) returns int
    language sql immutable as $$ select sum(x)::int from unnest(numbers) as x $$;
  create function public.whoami() returns json language sql stable as $$
    select json_build_object('user', current_user, 'sub', auth.uid(), 'role', auth.role()) $$;
  create function public.visible_post_count() returns bigint
    language sql stable as $$ select count(*) from public.posts $$;

  create function public.secret_number() returns int language sql stable as $$ select 42 $$;
  revoke execute on function public.secret_number() from public, anon;
  create function public.staff_only() returns int language sql stable as $$ select 7 $$;
  revoke execute on function public.staff_only() from public, anon, authenticated;

  create table public.vault (secret text);
  insert into public.vault values ('gold');
  revoke all on public.vault from anon, authenticated;
  create function public.peek_vault() returns text language sql stable security definer
    set search_path = '' as $$ select secret from public.vault limit 1 $$;
  create function public.peek_vault_as_caller() returns text language sql stable
    as $$ select secret from public.vault limit 1 $$;

  create function public.overloaded(a int) returns text language sql immutable as $$ select 'one' $$;
  create function public.overloaded(a int, b int) returns text
    language sql immutable as $$ select 'two' $$;
  create function public.ambiguous(x int) returns text language sql immutable as $$ select 'int' $$;
  create function public.ambiguous(x text) returns text language sql immutable as $$ select 'text' $$;

  create function public.teapot() returns void language plpgsql as $$
  begin
    raise sqlstate 'PGRST' using
      message = '{"code":"TEA","message":"I am a teapot","details":"short and stout","hint":"tip me over"}',
      detail = '{"status":418,"headers":{"X-Tea":"earl grey"}}';
  end $$;
`;

/**
 * Test-only SQL for the statement-bound tests: functions that take as long as asked, a table
 * to tell committed writes from rolled-back ones, a NOTIFY, and triggers that make one auth
 * sign-up and one bucket creation slow. Created before the backend starts
 * (backend-with-sql.ts), never in supabase/migrations.
 */
export const SLOW_FIXTURES = `
  create table public.notes (id bigint generated always as identity primary key, body text not null);
  grant all on public.notes to anon, authenticated, service_role;

  -- Sleeps, then answers the statement_timeout it ran under.
  create function public.slow(seconds double precision) returns text
    language plpgsql as $$
    begin
      perform pg_sleep(seconds);
      return current_setting('statement_timeout');
    end $$;

  -- Writes a note, then sleeps: a write that must vanish when the statement is stopped.
  create function public.slow_write(body text, seconds double precision) returns void
    language plpgsql as $$
    begin
      insert into public.notes (body) values (body);
      perform pg_sleep(seconds);
    end $$;

  create function public.ping(message text) returns void
    language sql as $$ select pg_notify('test_events', message) $$;

  create function public.sleep_two_seconds() returns trigger
    language plpgsql as $$
    begin
      perform pg_sleep(2);
      return new;
    end $$;
  create trigger slow_signup before insert on auth.users
    for each row when (new.email like 'slow-%') execute function public.sleep_two_seconds();
  create trigger slow_bucket before insert on storage.buckets
    for each row when (new.id like 'slow-%') execute function public.sleep_two_seconds();

  grant execute on function public.slow(double precision), public.slow_write(text, double precision),
    public.ping(text) to anon, authenticated, service_role;
`;

/** Runs `work` and answers its result with how long it took (ms). */
export async function timed<T>(work: () => PromiseLike<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

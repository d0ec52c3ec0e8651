/**
 * The settings of the roles a REST request runs as, read from the database once at start as
 * PostgREST reads them (`queryRoleSettings`): each role's `rolconfig` — `alter role anon set
 * statement_timeout = '3s'` in sql/bootstrap.sql, as on hosted Supabase — limited to settings
 * a user may change. PostgREST connects as the authenticator, whose own settings are its
 * session's defaults, and sets the impersonated role's with `set_config(…, true)` in each
 * request's transaction (rest/transaction.ts): so service_role, which has no timeout of its
 * own, runs under the authenticator's 8 s.
 */
import { parseDuration } from "../db/bounds.ts";

export interface RoleSettings {
  /** The authenticator's own settings (a PostgREST connection's session defaults). */
  authenticator: Readonly<Record<string, string>>;
  /** Each role the authenticator may become, with its own settings. */
  roles: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

const AUTHENTICATOR = "authenticator";

export const ROLE_SETTINGS_SQL = `
  select r.rolname as role, split_part(config.entry, '=', 1) as name,
         substr(config.entry, strpos(config.entry, '=') + 1) as value
    from pg_roles r
   cross join lateral unnest(r.rolconfig) as config(entry)
   where (r.rolname = '${AUTHENTICATOR}' or r.oid in (
           select m.roleid from pg_auth_members m
             join pg_roles member on member.oid = m.member
            where member.rolname = '${AUTHENTICATOR}'))
     and exists (select 1 from pg_settings p
                  where p.name = split_part(config.entry, '=', 1) and p.context = 'user')
   order by 1, 2`;

interface SettingRow {
  role: string;
  name: string;
  value: string;
}

/** Reads them from any connection (PGlite, the database thread, a real PostgreSQL). */
export async function loadRoleSettings(db: {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}): Promise<RoleSettings> {
  const { rows } = await db.query<SettingRow>(ROLE_SETTINGS_SQL);
  const authenticator: Record<string, string> = {};
  const roles: Record<string, Record<string, string>> = {};
  for (const { role, name, value } of rows) {
    if (role === AUTHENTICATOR) authenticator[name] = value;
    else roles[role] = { ...roles[role], [name]: value };
  }
  return { authenticator, roles };
}

/** What a request as `role` runs with, by name: the authenticator's, then the role's own. */
export function settingsOf(settings: RoleSettings | undefined, role: string): [string, string][] {
  if (!settings) return [];
  const merged = { ...settings.authenticator, ...settings.roles[role] };
  return Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : 1));
}

/** A request's statement_timeout as `role` in ms (undefined: none declared). */
export function statementTimeoutOf(
  settings: RoleSettings | undefined,
  role: string,
): number | undefined {
  const value = Object.fromEntries(settingsOf(settings, role)).statement_timeout;
  return value === undefined ? undefined : parseDuration(value);
}

/** The authenticator's own statement_timeout: the bound of REST work before a role is set. */
export function authenticatorTimeout(settings: RoleSettings | undefined): number | undefined {
  const value = settings?.authenticator.statement_timeout;
  return value === undefined ? undefined : parseDuration(value);
}

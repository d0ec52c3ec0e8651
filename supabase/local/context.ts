/** State shared by every request handler of one running backend. */

import type { EqualTime } from "./auth/equal-time.ts";
import type { PasswordHasher } from "./auth/passwords.ts";
import type { DatabaseSettings } from "./db/settings.ts";
import type { Database } from "./db/types.ts";
import type { Keys } from "./jwt.ts";
import type { RequestLimits } from "./rate-limit.ts";
import type { RoleSettings } from "./rest/role-settings.ts";
import type { SecuritySettings } from "./settings.ts";
import type { FileStore } from "./storage/files.ts";

export interface BackendContext {
  /** In a request's handler: scoped to the request (its service's bound, its client's signal). */
  db: Database;
  /** The API roles' settings (statement_timeout), as PostgREST applies them per request. */
  roleSettings: RoleSettings;
  /** The bounds of the auth and storage services' statements. */
  statementBounds: Pick<DatabaseSettings, "authStatementTimeoutMs" | "storageStatementTimeoutMs">;
  keys: Keys;
  /** Web app origin (e.g. http://localhost:3000); e-mail links point to `${siteUrl}/auth/confirm`. */
  siteUrl: string;
  /** This server's base URL, e.g. http://127.0.0.1:54321 (known once listening). */
  apiUrl: string;
  /** The site's name in the auth mails' subjects and bodies; null leaves it out. */
  brandName: string | null;
  /**
   * true = the site's settings (public.site_settings) name the site in the mails, as an admin
   * saved it (auth/emails.ts `brandOf`); `brandName` is then the first-start default.
   */
  brandFromSettings: boolean;
  /** true = the auth mails also carry the 6-digit code (tests of code verification). */
  mailCodes: boolean;
  /** true = sign-ups are confirmed immediately (hosted: "Confirm email" off). */
  autoconfirm: boolean;
  log: (line: string) => void;
  /** false = e-mail links are not written to the log (only recipient and subject). */
  logMailLinks: boolean;
  security: SecuritySettings;
  passwords: PasswordHasher;
  /** Per-client request limits of auth routes (off with `rateLimits: false`). */
  limits: RequestLimits;
  /** Equal-time answers per endpoint (account enumeration), see auth/equal-time.ts. */
  equalTime: (endpoint: string) => EqualTime;
  /** Object bytes of the Storage API (`<dir>/storage`). */
  storage: FileStore;
}

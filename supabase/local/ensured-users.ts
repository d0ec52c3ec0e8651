/**
 * Accounts the caller wants present at every start — the site's administrator
 * (server/admin-account.ts), the test template's (template.ts). The backend knows no roles:
 * what goes into app_metadata is the caller's.
 * - by default the user is created confirmed, or brought up to date: password (rehashed only when
 *   it changed), confirmed, `appMetadata` merged into app_metadata;
 * - `firstStartOnly`: only on the start that initialised the data directory, and only when the
 *   address is free (a generated password the caller prints once).
 */

import type { PasswordHasher } from "./auth/passwords.ts";
import {
  createUser,
  DEFAULT_APP_METADATA,
  findUserByEmail,
  syncEmailIdentity,
  updateUser,
} from "./auth/users.ts";
import { checkPassword, type JsonObject, normaliseEmail } from "./auth/validation.ts";
import type { Queryable } from "./db/types.ts";

export interface EnsuredUser {
  email: string;
  password: string;
  /** Merged into the user's app_metadata at every start. */
  appMetadata?: JsonObject;
  /** The user_metadata of a user created by this start (`email_verified` is added). */
  userMetadata?: JsonObject;
  /** Only on the first start of the data directory, and only when the address is free. */
  firstStartOnly?: boolean;
}

export interface EnsuredUserResult {
  /** The address, normalised. */
  email: string;
  /** Created by this start (else it existed and was left or brought up to date). */
  created: boolean;
}

async function upsertUser(
  db: Queryable,
  passwords: PasswordHasher,
  user: EnsuredUser,
): Promise<boolean> {
  const { email, password } = user;
  const existing = await db.transaction((tx) => findUserByEmail(tx, email));
  const keepHash =
    existing?.encrypted_password &&
    (await passwords.matches(password, existing.encrypted_password));
  const passwordHash = keepHash ? undefined : await passwords.hash(password);
  return db.transaction(async (tx) => {
    const found = await findUserByEmail(tx, email);
    if (!found) {
      await createUser(tx, {
        email,
        encryptedPassword: passwordHash ?? (await passwords.hash(password)),
        confirmed: true,
        appMetadata: { ...DEFAULT_APP_METADATA, ...user.appMetadata },
        userMetadata: { email_verified: true, ...user.userMetadata },
      });
      return true;
    }
    const updated = await updateUser(tx, found.id, {
      encrypted_password: passwordHash,
      email_confirmed_at: found.email_confirmed_at ?? new Date(),
      raw_app_meta_data: { ...found.raw_app_meta_data, ...user.appMetadata },
    });
    await syncEmailIdentity(tx, updated);
    return false;
  });
}

/** Ensures each account in turn; `fresh` is whether this start initialised the directory. */
export async function ensureUsers(
  db: Queryable,
  passwords: PasswordHasher,
  users: readonly EnsuredUser[],
  fresh: boolean,
): Promise<EnsuredUserResult[]> {
  const results: EnsuredUserResult[] = [];
  for (const user of users) {
    if (user.firstStartOnly && !fresh) continue;
    const email = normaliseEmail(user.email);
    if (user.firstStartOnly) {
      const existing = await db.transaction((tx) => findUserByEmail(tx, email));
      if (existing) {
        results.push({ email, created: false });
        continue;
      }
    } else {
      checkPassword(user.password);
    }
    results.push({ email, created: await upsertUser(db, passwords, { ...user, email }) });
  }
  return results;
}

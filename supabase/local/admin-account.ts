/**
 * The site administrator account, ensured at every start:
 * - ADMIN_EMAIL + ADMIN_PASSWORD given → create or update that user (password, confirmed,
 *   app_metadata.is_admin = true);
 * - otherwise, on first initialisation only → ADMIN_EMAIL (default admin@localhost) with a
 *   generated password, returned once so the caller can print it.
 */
import { randomBytes } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { PasswordHasher } from "./auth/passwords.ts";
import {
  createUser,
  DEFAULT_APP_METADATA,
  findUserByEmail,
  syncEmailIdentity,
  updateUser,
} from "./auth/users.ts";
import { checkPassword, normaliseEmail } from "./auth/validation.ts";

export const GENERATED_ADMIN_EMAIL = "admin@localhost";

export interface AdminAccount {
  email: string;
  /** Only when generated during this start. */
  password?: string;
}

async function upsertAdmin(
  db: PGlite,
  passwords: PasswordHasher,
  email: string,
  password: string,
): Promise<void> {
  const existing = await db.transaction((tx) => findUserByEmail(tx, email));
  const keepHash =
    existing?.encrypted_password &&
    (await passwords.matches(password, existing.encrypted_password));
  const passwordHash = keepHash ? undefined : await passwords.hash(password);
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) {
      await createUser(tx, {
        email,
        encryptedPassword: passwordHash ?? (await passwords.hash(password)),
        confirmed: true,
        appMetadata: { ...DEFAULT_APP_METADATA, is_admin: true },
        userMetadata: { email_verified: true, full_name: "Administrator" },
      });
      return;
    }
    const updated = await updateUser(tx, user.id, {
      encrypted_password: passwordHash,
      email_confirmed_at: user.email_confirmed_at ?? new Date(),
      raw_app_meta_data: { ...user.raw_app_meta_data, is_admin: true },
    });
    await syncEmailIdentity(tx, updated);
  });
}

export async function ensureAdminAccount(
  db: PGlite,
  passwords: PasswordHasher,
  options: { email?: string; password?: string; fresh: boolean },
): Promise<AdminAccount | undefined> {
  if (options.email && options.password) {
    const email = normaliseEmail(options.email);
    checkPassword(options.password);
    await upsertAdmin(db, passwords, email, options.password);
    return { email };
  }
  if (!options.fresh) return undefined;
  const email = options.email ? normaliseEmail(options.email) : GENERATED_ADMIN_EMAIL;
  const existing = await db.transaction((tx) => findUserByEmail(tx, email));
  if (existing) return { email };
  const password = randomBytes(12).toString("base64url");
  await upsertAdmin(db, passwords, email, password);
  return { email, password };
}

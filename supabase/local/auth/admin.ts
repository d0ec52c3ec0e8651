/**
 * Admin API: /admin/users CRUD and /invite, as GoTrue's. Their routes are declared `serviceRole`
 * (auth/router.ts), so a handler runs only for a service-role bearer.
 */
import { randomBytes } from "node:crypto";
import { sendTokenMail } from "./emails.ts";
import { AuthError, userNotFound, validationFailed } from "./errors.ts";
import { isUuid } from "./guard.ts";
import { revokeUserTokens } from "./one-time-tokens.ts";
import { paginationHeaders, parsePage } from "./pagination.ts";
import { softDeleteUser } from "./soft-delete.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import {
  createUser,
  DEFAULT_APP_METADATA,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  syncEmailIdentity,
  type UserChanges,
  type UserRow,
  updateUser,
  userJson,
} from "./users.ts";
import {
  badJsonField,
  checkPassword,
  checkPasswordHashable,
  normaliseEmail,
  objectField,
  stringField,
} from "./validation.ts";

const emailExists = () =>
  new AuthError(422, "email_exists", "A user with this email address has already been registered");

export async function adminCreateUser({ ctx, body }: AuthRequest): Promise<AuthResult> {
  const rawEmail = stringField(body, "email");
  if (!rawEmail) {
    if (stringField(body, "phone")) {
      throw new AuthError(422, "phone_provider_disabled", "Unsupported phone provider");
    }
    throw validationFailed("Cannot create a user without either an email or phone");
  }
  const email = normaliseEmail(rawEmail);
  const password = stringField(body, "password");
  if (password !== undefined && stringField(body, "password_hash") !== undefined) {
    throw validationFailed("Only a password or a password hash should be provided");
  }
  const id = stringField(body, "id");
  if (id !== undefined && !isUuid(id)) throw validationFailed("user_id must be an UUID");
  const appMetadata = mergeMetadata(DEFAULT_APP_METADATA, objectField(body, "app_metadata") ?? {});
  const confirmed = body.email_confirm === true;
  const userMetadata = objectField(body, "user_metadata") ?? {};
  if (confirmed) userMetadata.email_verified = true;
  // No strength check on create (GoTrue); without a password the user gets a random one.
  if (password) checkPasswordHashable(password);
  const passwordHash = await ctx.passwords.hash(password || randomBytes(24).toString("base64url"));

  return ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, email)) throw emailExists();
    if (id && (await findUserById(tx, id))) throw emailExists();
    const user = await createUser(tx, {
      id,
      email,
      encryptedPassword: passwordHash,
      confirmed,
      appMetadata,
      userMetadata,
    });
    return ok(await userJson(tx, user));
  });
}

function userIdParam({ params }: AuthRequest): string {
  const id = params.id;
  if (!isUuid(id)) throw validationFailed("user_id must be an UUID", 404);
  return id;
}

export async function adminGetUser(request: AuthRequest): Promise<AuthResult> {
  const { ctx } = request;
  const id = userIdParam(request);
  return ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    return ok(await userJson(tx, user));
  });
}

export async function adminUpdateUser(request: AuthRequest): Promise<AuthResult> {
  const { ctx, body } = request;
  const id = userIdParam(request);
  const password = stringField(body, "password");
  if (password !== undefined) checkPassword(password);
  const rawEmail = stringField(body, "email");
  const email = rawEmail ? normaliseEmail(rawEmail) : undefined;
  const appMetadata = objectField(body, "app_metadata");
  const userMetadata = objectField(body, "user_metadata");
  const banDuration = stringField(body, "ban_duration");
  const passwordHash = password === undefined ? undefined : await ctx.passwords.hash(password);

  return ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    const changes: UserChanges = {};
    if (appMetadata) changes.raw_app_meta_data = mergeMetadata(user.raw_app_meta_data, appMetadata);
    if (userMetadata) {
      changes.raw_user_meta_data = mergeMetadata(user.raw_user_meta_data, userMetadata);
    }
    if (passwordHash) {
      changes.encrypted_password = passwordHash;
      await revokeUserTokens(tx, user.id);
    }
    if (email && email !== user.email) {
      const taken = await findUserByEmail(tx, email);
      if (taken && taken.id !== user.id) throw emailExists();
      changes.email = email;
    }
    if (body.email_confirm === true && !user.email_confirmed_at) {
      changes.email_confirmed_at = new Date();
    }
    if (banDuration !== undefined) changes.banned_until = banUntil(banDuration);
    const updated = await updateUser(tx, user.id, changes);
    if (changes.email || changes.email_confirmed_at) await syncEmailIdentity(tx, updated);
    return ok(await userJson(tx, updated));
  });
}

/** "none" lifts a ban; otherwise a Go-style duration such as "24h", "30m" or "876000h". */
function banUntil(duration: string): Date | null {
  if (duration === "none") return null;
  const match = /^(\d+(?:\.\d+)?)(h|m|s)$/.exec(duration);
  if (!match) throw validationFailed("invalid format for ban duration");
  const unit = { h: 3600, m: 60, s: 1 }[match[2] as "h" | "m" | "s"];
  return new Date(Date.now() + Number(match[1]) * unit * 1000);
}

export async function adminDeleteUser(request: AuthRequest): Promise<AuthResult> {
  const { ctx, body } = request;
  const id = userIdParam(request);
  const soft = body.should_soft_delete ?? false;
  if (typeof soft !== "boolean") badJsonField("should_soft_delete", "a boolean");
  return ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id);
    if (!user) throw userNotFound();
    if (soft) await softDeleteUser(tx, user);
    else await tx.query("delete from auth.users where id = $1", [id]);
    return ok({});
  });
}

export async function adminListUsers({ ctx, path, query }: AuthRequest): Promise<AuthResult> {
  const page = parsePage(query);
  return ctx.db.transaction(async (tx) => {
    const total = await tx.query<{ n: number }>("select count(*)::int as n from auth.users");
    const { rows } =
      page.offset === undefined
        ? { rows: [] }
        : await tx.query<UserRow>(
            "select * from auth.users order by created_at desc, id limit $1 offset $2",
            [page.limit, page.offset],
          );
    const users = [];
    for (const row of rows) users.push(await userJson(tx, row));
    const count = total.rows[0]?.n ?? 0;
    return ok({ users, aud: "authenticated" }, paginationHeaders(path, query, page, count));
  });
}

export async function invite({ ctx, body, query }: AuthRequest): Promise<AuthResult> {
  const rawEmail = stringField(body, "email");
  if (!rawEmail) throw validationFailed("To invite a user you must provide an email address");
  const email = normaliseEmail(rawEmail);
  const data = objectField(body, "data") ?? {};
  return ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (user?.email_confirmed_at) throw emailExists();
    user ??= await createUser(tx, {
      email,
      encryptedPassword: null,
      confirmed: false,
      invited: true,
      appMetadata: DEFAULT_APP_METADATA,
      userMetadata: data,
    });
    user = await sendTokenMail(tx, ctx, user, "invite", {
      redirectTo: query.get("redirect_to"),
      changes: { invited_at: user.invited_at ?? new Date() },
    });
    return ok(await userJson(tx, user));
  });
}

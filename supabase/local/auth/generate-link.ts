/**
 * POST /admin/generate_link (a `serviceRole` route, auth/router.ts): a link and a code for a
 * custom mailer, no mail sent (GoTrue's adminGenerateLink in mail.go). Like GoTrue it creates the
 * user for `signup`, `invite` and a `magiclink` to an unknown address (which becomes a `signup`
 * link), and answers 404 for `recovery` and the e-mail change types when the address is unknown.
 */
import { randomBytes } from "node:crypto";
import type { BackendContext } from "../context.ts";
import type { Tx } from "../db/types.ts";
import { issueUserToken, type TokenKind } from "./emails.ts";
import { AuthError, userNotFound, validationFailed } from "./errors.ts";
import { type AuthRequest, type AuthResult, ok } from "./types.ts";
import {
  createUser,
  DEFAULT_APP_METADATA,
  findUserByEmail,
  mergeMetadata,
  type UserRow,
  updateUser,
  userJson,
} from "./users.ts";
import {
  checkPassword,
  isAllowedRedirect,
  type JsonObject,
  objectField,
  requiredEmail,
  stringField,
} from "./validation.ts";

type LinkType =
  | "signup"
  | "invite"
  | "magiclink"
  | "recovery"
  | "email_change_current"
  | "email_change_new";

/** The token each link type issues and the `type` its link verifies with. */
const LINK_TYPES: Record<LinkType, { kind: TokenKind; verifyType: string }> = {
  signup: { kind: "signup", verifyType: "signup" },
  invite: { kind: "invite", verifyType: "invite" },
  magiclink: { kind: "recovery", verifyType: "magiclink" },
  recovery: { kind: "recovery", verifyType: "recovery" },
  email_change_current: { kind: "email_change_current", verifyType: "email_change" },
  email_change_new: { kind: "email_change", verifyType: "email_change" },
};

const isLinkType = (type: string): type is LinkType => Object.hasOwn(LINK_TYPES, type);
const needsExistingUser = (type: string) =>
  type === "recovery" || type === "email_change_current" || type === "email_change_new";

const emailExists = () =>
  new AuthError(422, "email_exists", "A user with this email address has already been registered");

/** Body `redirect_to`, else the query's, else the Referer, if allowed; else the site URL. */
function referrer({ ctx, body, query, header }: AuthRequest): string {
  const candidates = [
    stringField(body, "redirect_to"),
    query.get("redirect_to"),
    header("referer"),
  ];
  return candidates.find((url) => isAllowedRedirect(ctx.siteUrl, url)) ?? ctx.siteUrl;
}

/** Go's url.QueryEscape: only A–Z a–z 0–9 - _ . ~ stay, a space becomes "+". */
function queryEscape(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** GoTrue's action link: `{api}/auth/v1/verify?token=…&type=…&redirect_to=…`. */
function actionLink(ctx: BackendContext, token: string, type: string, redirectTo: string): string {
  // As GoTrue's encodeRedirectURL: escaped only when it holds "&", "=" or "#".
  const redirect = /[&=#]/.test(redirectTo) ? queryEscape(redirectTo) : redirectTo;
  const query = `token=${queryEscape(token)}&type=${queryEscape(type)}&redirect_to=${redirect}`;
  return `${ctx.apiUrl}/auth/v1/verify?${query}`;
}

interface LinkRequest {
  type: LinkType;
  email: string;
  data: JsonObject;
  /** bcrypt hash of the password of a user that a signup link creates. */
  passwordHash: string | null;
  newEmail?: string;
}

/** The user the link is for, created or updated as GoTrue does for the link type. */
async function linkUser(tx: Tx, link: LinkRequest): Promise<UserRow> {
  const user = await findUserByEmail(tx, link.email);
  if (link.type === "signup" || link.type === "invite") {
    if (user?.email_confirmed_at) throw emailExists();
    if (user && link.type === "signup") {
      const merged = mergeMetadata(user.raw_user_meta_data, link.data);
      return updateUser(tx, user.id, { raw_user_meta_data: merged });
    }
    if (user) return user;
    if (link.type === "signup" && !link.passwordHash) throw userNotFound(404, "User not found");
    return createUser(tx, {
      email: link.email,
      encryptedPassword: link.passwordHash,
      confirmed: false,
      invited: link.type === "invite",
      appMetadata: DEFAULT_APP_METADATA,
      userMetadata: link.data,
    });
  }
  if (!user) throw userNotFound(404, "User with this email not found");
  // Taken by anyone, the user included (GoTrue's IsDuplicatedEmail ends with a plain lookup).
  if (link.newEmail && (await findUserByEmail(tx, link.newEmail))) throw emailExists();
  return user;
}

/** Reads and checks the body; hashes the password of a user the link will create. */
async function linkRequest(request: AuthRequest): Promise<LinkRequest> {
  const { ctx, body } = request;
  let type = stringField(body, "type") ?? "";
  const email = requiredEmail(stringField(body, "email"));
  let password = stringField(body, "password") ?? "";
  const exists = await ctx.db.transaction(async (tx) => !!(await findUserByEmail(tx, email)));
  if (!exists && type === "magiclink") {
    type = "signup";
    password = randomBytes(48).toString("base64url");
  }
  if (!exists && needsExistingUser(type)) throw userNotFound(404, "User with this email not found");
  if (!isLinkType(type)) {
    throw validationFailed(`Invalid email action link type requested: ${type}`);
  }
  const data = objectField(body, "data") ?? {};
  let passwordHash: string | null = null;
  if (!exists && type === "signup") {
    if (!password) throw validationFailed("Signup requires a valid password");
    checkPassword(password);
    passwordHash = await ctx.passwords.hash(password);
  }
  const newEmail = type.startsWith("email_change")
    ? requiredEmail(stringField(body, "new_email"))
    : undefined;
  return { type, email, data, passwordHash, newEmail };
}

export async function generateLink(request: AuthRequest): Promise<AuthResult> {
  const { ctx } = request;
  const link = await linkRequest(request);
  const redirectTo = referrer(request);
  const { kind, verifyType } = LINK_TYPES[link.type];
  return ctx.db.transaction(async (tx) => {
    const user = await linkUser(tx, link);
    const issued = await issueUserToken(tx, ctx, user, kind, {
      newEmail: link.newEmail,
      changes: link.type === "invite" ? { invited_at: new Date() } : undefined,
    });
    return ok({
      ...(await userJson(tx, issued.user)),
      action_link: actionLink(ctx, issued.token.hash, verifyType, redirectTo),
      email_otp: issued.token.otp,
      hashed_token: issued.token.hash,
      verification_type: link.type,
      redirect_to: redirectTo,
    });
  });
}

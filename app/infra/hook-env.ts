/**
 * The webhook lane's configuration (docs/decisions/014-webhook-lane.md), parsed with Zod by
 * app/infra/env.server.ts from every variable named `HOOK_<NAME>_…`:
 * - `HOOK_<NAME>_SECRET`: the hook `<name>` (lower case) answers at `/hooks/<name>/<secret>`;
 *   unset or empty, the hook is off.
 * - `HOOK_<NAME>_ALLOWED_IPS`: optional, comma-separated addresses and CIDR ranges
 *   (`196.201.214.0/24, 2001:db8::1`) the deliveries must come from.
 * Any other `HOOK_…` name is a mistake (a typo would silently switch a check off) and stops the
 * server at start, as any bad value does. The server imports this module through env.server.ts,
 * so it imports nothing but zod and node.
 */
import { isIP } from "node:net";
import { z } from "zod";

/** One entry of an allow-list: an address (prefix 32 or 128) or a range. */
export interface AddressRule {
  address: string;
  prefix: number;
  family: "ipv4" | "ipv6";
}

export interface HookSettings {
  secret: string;
  /** Where deliveries may come from; undefined: anywhere. */
  allowedIps?: AddressRule[];
}

/** A variable this module reads. */
export const isHookVariable = (name: string): boolean => name.startsWith("HOOK_");

const NAME_AND_FIELD = /^HOOK_([A-Z0-9]{1,32})_(SECRET|ALLOWED_IPS)$/;

/**
 * The secret is part of the URL the provider is given: URL-safe characters only, and long
 * enough that guessing it is hopeless (32 characters of [A-Za-z0-9_-]: 192 bits).
 */
const secretSchema = z
  .string()
  .regex(
    /^[A-Za-z0-9_-]{32,128}$/,
    "must be 32 to 128 letters, digits, '-' or '_' (for example: openssl rand -hex 24)",
  );

function addressRule(entry: string, ctx: z.RefinementCtx): AddressRule | undefined {
  const [address = "", prefixText, extra] = entry.split("/");
  const version = isIP(address);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (
    version === 0 ||
    extra !== undefined ||
    (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) ||
    prefix > max
  ) {
    ctx.addIssue({
      code: "custom",
      message: `"${entry}" is not an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32)`,
    });
    return undefined;
  }
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

const allowedIpsSchema = z.string().transform((value, ctx) => {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) {
    ctx.addIssue({ code: "custom", message: "lists no address (unset it to allow any)" });
    return [];
  }
  return entries.map((entry) => addressRule(entry, ctx)).filter((rule) => rule !== undefined);
});

/**
 * The hooks the variables configure, by lower-case name, and what is wrong with them
 * (`HOOK_X_SECRET: must be …`), one line per problem.
 */
export function parseHookVariables(variables: Record<string, string | undefined>): {
  hooks: Record<string, HookSettings>;
  issues: string[];
} {
  const secrets = new Map<string, string>();
  const allowLists = new Map<string, string>();
  const issues: string[] = [];
  for (const [key, value] of Object.entries(variables)) {
    if (!isHookVariable(key) || value === undefined || value === "") continue;
    const match = NAME_AND_FIELD.exec(key);
    if (!match) {
      issues.push(`${key}: is not HOOK_<NAME>_SECRET or HOOK_<NAME>_ALLOWED_IPS`);
      continue;
    }
    const [, name = "", field] = match;
    (field === "SECRET" ? secrets : allowLists).set(name, value);
  }
  const hooks: Record<string, HookSettings> = {};
  for (const [name, value] of secrets) {
    const secret = secretSchema.safeParse(value);
    if (!secret.success) issues.push(`HOOK_${name}_SECRET: ${secret.error.issues[0]?.message}`);
    const listed = allowLists.get(name);
    const allowed = listed === undefined ? undefined : allowedIpsSchema.safeParse(listed);
    if (allowed && !allowed.success) {
      for (const issue of allowed.error.issues) {
        issues.push(`HOOK_${name}_ALLOWED_IPS: ${issue.message}`);
      }
    }
    if (secret.success && (!allowed || allowed.success)) {
      hooks[name.toLowerCase()] = { secret: secret.data, allowedIps: allowed?.data };
    }
  }
  for (const name of allowLists.keys()) {
    if (!secrets.has(name))
      issues.push(`HOOK_${name}_ALLOWED_IPS: is set but HOOK_${name}_SECRET is not`);
  }
  return { hooks, issues };
}

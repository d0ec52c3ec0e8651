/** Shared helpers for the embedded backend's own tests. */
import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import type { TestBackend as RunningBackend } from "../testing.ts";
import { heldHeap } from "../testing-heap.ts";

/** What the client helpers need: a test backend, or one from test/backend-with-sql.ts. */
type TestBackend = Pick<RunningBackend, "url" | "anonKey" | "serviceRoleKey">;

const CLIENT_OPTIONS = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
} as const;

export function anonClient(backend: TestBackend): SupabaseClient {
  return createClient(backend.url, backend.anonKey, CLIENT_OPTIONS);
}

/** An anon client whose requests claim to come from `ip` (X-Forwarded-For). */
export function clientFrom(backend: TestBackend, ip: string): SupabaseClient {
  return createClient(backend.url, backend.anonKey, {
    ...CLIENT_OPTIONS,
    global: { headers: { "X-Forwarded-For": ip } },
  });
}

export function serviceClient(backend: TestBackend): SupabaseClient {
  return createClient(backend.url, backend.serviceRoleKey, CLIENT_OPTIONS);
}

let counter = 0;
/** A unique address per call (tests share one backend per file). */
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** Creates a confirmed user through the admin API and returns a client signed in as them. */
export async function signedInClient(
  backend: TestBackend,
  options: { email?: string; password?: string; appMetadata?: Record<string, unknown> } = {},
): Promise<{ client: SupabaseClient; userId: string; email: string; password: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? "correct-horse-1";
  const admin = serviceClient(backend);
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    app_metadata: options.appMetadata,
  });
  if (created.error || !created.data.user) throw created.error ?? new Error("no user");
  const client = anonClient(backend);
  const signedIn = await client.auth.signInWithPassword({ email, password });
  if (signedIn.error) throw signedIn.error;
  return { client, userId: created.data.user.id, email, password };
}

/** token_hash and type of the newest mail's /auth/confirm link to `email`. */
export async function confirmationFromMail(backend: RunningBackend, email: string) {
  const mail = await backend.mailbox.latestTo(email);
  if (!mail?.links[0]) throw new Error(`no mail for ${email}`);
  const link = new URL(mail.links[0]);
  return {
    mail,
    link,
    tokenHash: link.searchParams.get("token_hash") ?? "",
    type: link.searchParams.get("type") ?? "",
    next: link.searchParams.get("next") ?? "",
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The standalone backend (cli.ts) in a child process on `dir`, for SIGKILL tests. */
export async function spawnBackend(
  dir: string,
): Promise<{ child: ChildProcess; url: string; key: string; kill(): Promise<void> }> {
  const child = spawn(process.execPath, [join(import.meta.dirname, "..", "cli.ts")], {
    env: {
      ...process.env,
      SUPABASE_LOCAL_DIR: dir,
      SUPABASE_LOCAL_PORT: "0",
      SITE_URL: "http://localhost:3000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const { url, key } = await new Promise<{ url: string; key: string }>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const url = /API URL:\s+(\S+)/.exec(output)?.[1];
      const key = /service key:\s+(\S+)/.exec(output)?.[1];
      if (url && key) resolve({ url, key });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`cli exited (${code}): ${output}`)));
  });
  return {
    child,
    url,
    key,
    async kill() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/**
 * Runs `work` and fails unless it finished within `ms` and grew the heap by less than
 * `megabytes` (bad input must be refused cheaply).
 */
export async function bounded<T>(work: () => Promise<T>, ms: number, megabytes = 64): Promise<T> {
  const heapBefore = heldHeap();
  const started = performance.now();
  const result = await work();
  const elapsed = performance.now() - started;
  const grown = (heldHeap() - heapBefore) / (1024 * 1024);
  if (elapsed >= ms) throw new Error(`took ${elapsed.toFixed(0)} ms (limit ${ms} ms)`);
  if (grown >= megabytes) throw new Error(`heap grew ${grown.toFixed(1)} MB (limit ${megabytes})`);
  return result;
}

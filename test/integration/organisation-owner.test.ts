/**
 * An organisation keeps at least one owner (supabase/migrations/20261209000001_organisation_owner.sql),
 * on PGlite and on PostgreSQL 17: removing or demoting the last owner is refused whoever asks (the
 * owner themself, through RLS, or the service role), a new owner named first lets the old one
 * go, and deleting the organisation or the owner's account still works. Each case runs in a
 * transaction that is rolled back, on the RLS fixture (test/support/rls-fixture.ts: A has an
 * owner and a member, B only an owner).
 */
import { loadRoleSettings, type TestBackend } from "@jenga/supabase-local/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, serviceClient, signedInClient, startAppBackend } from "../support/backend";
import { type BothServers, bothWithFixture } from "../support/both-servers.ts";
import {
  CALLERS,
  CLIENT_B_OWNER_ID,
  CLIENT_MEMBER_ID,
  CLIENT_OWNER_ID,
  ORG_A,
  ORG_B,
} from "../support/rls-fixture.ts";
import { attempt } from "../support/rls-matrix.ts";
import type { SqlSession } from "../support/sql-session.ts";

const REFUSED = "23514 An organisation keeps at least one owner";

let servers: BothServers | undefined;
const sessions: Record<string, SqlSession> = {};

beforeAll(async () => {
  servers = await bothWithFixture();
  for (const [name, session] of Object.entries(servers.sessions)) {
    sessions[name] = { ...session, roleSettings: await loadRoleSettings(session) } as SqlSession;
  }
}, 120_000);

afterAll(async () => {
  await servers?.close();
});

/** Runs `statement` as `who` (a caller of the fixture) and says what happened. */
async function outcome(
  session: SqlSession,
  who: keyof typeof CALLERS,
  statement: string,
  before = "",
): Promise<string> {
  const answer = await attempt(
    session,
    CALLERS[who] as NonNullable<(typeof CALLERS)[string]>,
    "/organisation_members",
    false,
    statement,
    before,
  );
  return answer.ok ? `ok ${answer.result.affected}` : answer.error;
}

const members = (organisation: string) =>
  `delete from public.organisation_members where organisation_id = '${organisation}'`;

describe.each(["PGlite", "PostgreSQL 17"])("an organisation's last owner, on %s", (name) => {
  const session = () => sessions[name] as SqlSession;

  it("cannot be removed or demoted, by the owner or by the service role", async () => {
    const removeSelf = `delete from public.organisation_members where user_id = '${CLIENT_OWNER_ID}'`;
    expect(await outcome(session(), "client_owner", removeSelf)).toBe(REFUSED);
    expect(await outcome(session(), "service_role", removeSelf)).toBe(REFUSED);
    const demote = `update public.organisation_members set role = 'member' where user_id = '${CLIENT_B_OWNER_ID}'`;
    expect(await outcome(session(), "service_role", demote)).toBe(REFUSED);
    // Every member at once leaves no owner either.
    expect(await outcome(session(), "client_owner", members(ORG_A))).toBe(REFUSED);
    expect(await outcome(session(), "admin", members(ORG_B))).toBe(REFUSED);
  });

  it("leaves ordinary members free to go, and an owner once another is named", async () => {
    const removeMember = `delete from public.organisation_members where user_id = '${CLIENT_MEMBER_ID}'`;
    expect(await outcome(session(), "client_owner", removeMember)).toBe("ok 1");
    // The member promoted first (in the same transaction), then the old owner steps down.
    const promoted = `update public.organisation_members set role = 'owner'
                       where user_id = '${CLIENT_MEMBER_ID}';`;
    const stepDown = `delete from public.organisation_members where user_id = '${CLIENT_OWNER_ID}'`;
    expect(await outcome(session(), "client_owner", stepDown, promoted)).toBe("ok 1");
  });

  it("lets the organisation, or the owner's account, be deleted — a client with invoices stays for the books", async () => {
    // A client without invoices (its owner as in B), and B, which has an issued invoice.
    const ORG_C = "00000000-0000-4000-8000-00000000c000";
    const clientC = `insert into public.organisations (id, name) values ('${ORG_C}', 'Gamma');
      insert into public.organisation_members (organisation_id, user_id, role)
        values ('${ORG_C}', '${CLIENT_B_OWNER_ID}', 'owner');`;
    expect(
      await outcome(
        session(),
        "admin",
        `delete from public.organisations where id = '${ORG_C}'`,
        clientC,
      ),
    ).toBe("ok 1");
    expect(
      await outcome(session(), "admin", `delete from public.organisations where id = '${ORG_B}'`),
    ).toMatch(/^(23503|23001) update or delete on table "organisations" violates .*"invoices"$/);
    // The account deleted as the auth server does (the migration owner here): its rows go too.
    await session().script("begin");
    try {
      await session().query(`delete from auth.users where id = '${CLIENT_B_OWNER_ID}'`);
      const { rows } = await session().query<{ n: number }>(
        `select count(*)::int as n from public.organisation_members where organisation_id = '${ORG_B}'`,
      );
      expect(rows[0]?.n).toBe(0);
    } finally {
      await session().script("rollback");
    }
  });
});

describe("through the Data API, as the portal will ask", () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startAppBackend();
  }, 60_000);
  afterAll(() => backend?.close());

  it("answers the last owner's leaving with 400 and the reason, and keeps the row", async () => {
    const owner = await createUser(backend);
    const service = serviceClient(backend);
    const { data: org } = await service
      .from("organisations")
      .insert({ name: "Kilimo Ltd" })
      .select("id")
      .single();
    await service
      .from("organisation_members")
      .insert({ organisation_id: org?.id, user_id: owner.id, role: "owner" });
    const own = await signedInClient(backend, owner);
    const leave = () =>
      own
        .from("organisation_members")
        .delete()
        .eq("organisation_id", org?.id as string)
        .eq("user_id", owner.id)
        .select("user_id");

    const refused = await leave();
    expect(refused.status).toBe(400);
    expect(refused.error).toMatchObject({
      code: "23514",
      message: "An organisation keeps at least one owner",
      hint: "Make another member an owner first.",
    });
    const { data: still } = await service
      .from("organisation_members")
      .select("role")
      .eq("user_id", owner.id);
    expect(still).toEqual([{ role: "owner" }]);

    // With a second owner named, the first may go.
    const partner = await createUser(backend);
    await service
      .from("organisation_members")
      .insert({ organisation_id: org?.id, user_id: partner.id, role: "owner" });
    const left = await leave();
    expect(left.error).toBeNull();
    expect(left.data).toEqual([{ user_id: owner.id }]);
  });
});

/** PKCE flow states: stored at signup/recover/email change, turned into an auth code by
 * GET /verify, exchanged for a session by POST /token?grant_type=pkce. */
import { createHash, randomUUID } from "node:crypto";
import type { Tx } from "../db/types.ts";
import { AuthError, validationFailed } from "./errors.ts";
import type { PkceParams } from "./validation.ts";

const FLOW_STATE_TTL_SECONDS = 300;

interface FlowStateRow {
  id: string;
  user_id: string | null;
  code_challenge: string;
  code_challenge_method: string;
  authentication_method: string;
  created_at: Date;
  auth_code_issued_at: Date | null;
}

export async function createFlowState(
  tx: Tx,
  userId: string,
  pkce: PkceParams,
  authenticationMethod: string,
): Promise<void> {
  await tx.query(
    `insert into auth.flow_state
       (id, user_id, code_challenge, code_challenge_method, authentication_method)
     values ($1, $2, $3, $4, $5)`,
    [randomUUID(), userId, pkce.challenge, pkce.method, authenticationMethod],
  );
}

/** Gives the user's newest pending flow state an auth code (for the ?code= redirect). */
export async function issueAuthCode(
  tx: Tx,
  userId: string,
  authenticationMethod: string,
): Promise<string | undefined> {
  const code = randomUUID();
  const { rows } = await tx.query(
    `update auth.flow_state set auth_code = $1, auth_code_issued_at = now()
      where id = (select id from auth.flow_state
                   where user_id = $2 and authentication_method = $3 and auth_code is null
                   order by created_at desc limit 1)
      returning id`,
    [code, userId, authenticationMethod],
  );
  return rows.length > 0 ? code : undefined;
}

function challengeOf(verifier: string, method: string): string {
  if (method === "plain") return verifier;
  return createHash("sha256").update(verifier).digest("base64url");
}

/** Validates auth code + verifier, consumes the flow state, returns user id and amr method. */
export async function consumeAuthCode(
  tx: Tx,
  authCode: string | undefined,
  verifier: string | undefined,
): Promise<{ userId: string; method: string }> {
  if (!authCode || !verifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const isUuid = /^[0-9a-f-]{36}$/i.test(authCode);
  const { rows } = isUuid
    ? await tx.query<FlowStateRow>("select * from auth.flow_state where auth_code = $1", [authCode])
    : { rows: [] };
  const flow = rows[0];
  if (!flow?.user_id) {
    throw new AuthError(
      404,
      "flow_state_not_found",
      "invalid flow state, no valid flow state found",
    );
  }
  const issued = flow.auth_code_issued_at ?? flow.created_at;
  if (Date.now() - issued.getTime() > FLOW_STATE_TTL_SECONDS * 1000) {
    throw new AuthError(422, "flow_state_expired", "invalid flow state, flow state has expired");
  }
  if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
    throw new AuthError(
      400,
      "bad_code_verifier",
      "code challenge does not match previously saved code verifier",
    );
  }
  await tx.query("delete from auth.flow_state where id = $1", [flow.id]);
  return { userId: flow.user_id, method: flow.authentication_method };
}

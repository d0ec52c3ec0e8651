/**
 * Failures whose side effects must outlive the request, e.g. revoking a session after a
 * refresh-token replay or counting a wrong code: the transaction returns them (so it COMMITs)
 * and they are thrown afterwards. A thrown error would roll the revocation back.
 */
import type { Queryable, Tx } from "../db/types.ts";
import type { AuthError } from "./errors.ts";

export class CommittedFailure {
  readonly error: AuthError;

  constructor(error: AuthError) {
    this.error = error;
  }
}

export async function transactionKeepingFailures<T>(
  db: Queryable,
  work: (tx: Tx) => Promise<T | CommittedFailure>,
): Promise<T> {
  const outcome = await db.transaction(work);
  if (outcome instanceof CommittedFailure) throw outcome.error;
  return outcome;
}

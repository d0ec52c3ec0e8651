/** bcrypt (cost 10) password hashing; never called inside a database transaction. */
import bcrypt from "bcryptjs";

const COST = 10;
let dummyHash: string | undefined;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

/**
 * Compares against the stored hash, or against a dummy hash when there is none, so that
 * "unknown e-mail" and "wrong password" take the same time.
 */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (hash) return bcrypt.compare(password, hash);
  dummyHash ??= await bcrypt.hash("not-a-real-password", COST);
  await bcrypt.compare(password, dummyHash);
  return false;
}

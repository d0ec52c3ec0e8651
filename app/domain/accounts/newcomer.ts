/** How long an account is new: its first day is welcomed, later visits welcomed back. */
export const NEWCOMER_MS = 24 * 60 * 60 * 1000;

/** Whether an account created at `createdAt` (ISO) is still in its first day at `now`. */
export function isNewcomer(createdAt: string | undefined, now = Date.now()): boolean {
  const created = createdAt ? Date.parse(createdAt) : Number.NaN;
  return Number.isFinite(created) && now - created < NEWCOMER_MS;
}

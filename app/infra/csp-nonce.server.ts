import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
const POOL_BYTES = NONCE_BYTES * 256;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * A fresh CSP nonce: 16 bytes from the system's CSPRNG, base64. The bytes are drawn 4 KB at a
 * time and each slice is handed out once (one `randomBytes` call a page was ~2 % of a light
 * page's CPU: bench/README.md).
 */
export function freshNonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    used = 0;
  }
  const nonce = pool.toString("base64", used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return nonce;
}

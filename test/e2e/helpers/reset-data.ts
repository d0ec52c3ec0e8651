import { rmSync } from "node:fs";

/** Playwright's server starts on a fresh embedded-backend data directory. */
rmSync(process.env.SUPABASE_LOCAL_DIR || ".data/e2e", { recursive: true, force: true });

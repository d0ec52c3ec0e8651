import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { contactForm, FORM_HEADERS } from "../support/http-client";
import { startTestSite, type TestSite } from "../support/site";

const run = promisify(execFile);

/**
 * `npm run backup` snapshots the data directory of a running site while it takes writes, and
 * `npm run restore` brings that snapshot back: the restored site has every message acknowledged
 * before the backup began, opens cleanly and takes new writes.
 */
describe("backup and restore of the embedded backend", () => {
  const sites: TestSite[] = [];
  const scratch = mkdtempSync(join(tmpdir(), "backup-test-"));
  afterAll(async () => {
    await Promise.all(sites.map((site) => site.stop()));
    rmSync(scratch, { recursive: true, force: true });
  });

  const post = (site: TestSite, message: string) =>
    fetch(`${site.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: FORM_HEADERS,
      body: contactForm(message),
    }).then((response) => response.status);

  const script = (name: string, env: Record<string, string>, args: string[] = []) =>
    run(process.execPath, [`scripts/${name}.ts`, ...args], {
      env: { ...process.env, ...env },
    });

  it("snapshots a running site under writes and restores it", async () => {
    // One VPS as `npm start` runs it: no SESSION_SECRET configured, so the site keeps its own.
    const site = await startTestSite({ env: { SESSION_SECRET: "" } });
    sites.push(site);
    const before: string[] = [];
    for (let i = 0; i < 5; i++) {
      const message = `Written before the backup, number ${i}.`;
      expect(await post(site, message)).toBe(302);
      before.push(message);
    }
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) await post(site, `Written during the backup, number ${i}.`);
    })();
    const backupDir = join(scratch, "backups");
    const { stdout } = await script("backup", {
      SUPABASE_LOCAL_DIR: site.dataDir,
      BACKUP_DIR: backupDir,
    });
    writing = false;
    await writer;
    expect(stdout).toMatch(/running backend/);
    const [snapshot] = readdirSync(backupDir);
    const folder = join(backupDir, snapshot as string);
    expect(readdirSync(folder).sort()).toEqual(
      ["jwt-secret", "manifest.json", "pgdata.tar.gz", "session-secret"].sort(),
    );

    // The site's own directory is in use: restore refuses to touch it.
    await expect(script("restore", { SUPABASE_LOCAL_DIR: site.dataDir }, [folder])).rejects.toThrow(
      /in use/,
    );

    const restoredDir = join(scratch, "restored");
    await script("restore", { SUPABASE_LOCAL_DIR: restoredDir }, [folder]);
    const restored = await startTestSite({ dataDir: restoredDir, env: { SESSION_SECRET: "" } });
    sites.push(restored);
    const { data, error } = await restored.service
      .from("contact_messages")
      .select("message")
      .like("message", "Written before the backup%");
    expect(error).toBeNull();
    expect((data ?? []).map((row) => row.message).sort()).toEqual(before.sort());
    expect(await post(restored, "Written after the restore.")).toBe(302);
    // The restored site signs cookies with the backed-up secret, so visitors' cookies stay valid.
    expect(readFileSync(join(restoredDir, "session-secret"), "utf8")).toBe(
      readFileSync(join(site.dataDir, "session-secret"), "utf8"),
    );
  }, 90_000);
});

import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { generateTypes, TYPES_FILE } from "../../scripts/db-types.ts";

it("app/infra/database.types.ts matches the migrations (run `npm run db:types` after a change)", async () => {
  expect(readFileSync(TYPES_FILE, "utf8")).toBe(await generateTypes());
});

/**
 * Vitest files that run beside the abuse suite at the lowest CPU priority (`npm run
 * test:patient`, vitest.patient.config.ts) instead of in the main run (`npm run test:unit`,
 * which leaves them out). The abuse suite leaves about 140 of its ~550 core-seconds idle (its
 * tests wait out the server's timeouts on stalled requests); these files' ~160 CPU-seconds use
 * that idle instead of two cores the main run would give them (docs/testing.md).
 *
 * A file belongs here only when nothing in it watches the clock, since a flood in the abuse
 * suite can hold it for tens of seconds: no bound on how long something takes, no wait for an
 * event with a deadline, no rate-limit window, no timer it races. They are the files that render
 * pages and compare answers, walk tables of routes and permissions, or check stored data. The
 * clocks they do not see (the app's wait for its backend, the roles' statement timeouts) are
 * relaxed in their run: vitest.patient.config.ts.
 */
export const PATIENT_FILES = [
  "server/test/admin-account.test.ts",
  "test/integration/admin-flag.test.ts",
  "test/integration/admin-invoices-list.test.ts",
  "test/integration/admin-invoices-payments.test.ts",
  "test/integration/admin-media.test.ts",
  "test/integration/admin-money-staff.test.ts",
  "test/integration/admin-pass.test.ts",
  "test/integration/admin-site-content.test.ts",
  "test/integration/admin-site-editors.test.ts",
  "test/integration/admin-site-guards.test.ts",
  "test/integration/admin-translation.test.ts",
  "test/integration/analytics-agency-days.test.ts",
  "test/integration/analytics-sums.test.ts",
  "test/integration/area-guards.test.ts",
  "test/integration/backup.test.ts",
  "test/integration/blog-query.test.ts",
  "test/integration/cache-classes.test.ts",
  "test/integration/client-view-pages.test.ts",
  "test/integration/client-view.test.ts",
  "test/integration/decision-export.test.ts",
  "test/integration/deliverables-client.test.ts",
  "test/integration/deliverables-html.test.ts",
  "test/integration/dev-server.test.ts",
  "test/integration/draft-lines.test.ts",
  "test/integration/media-alt-text.test.ts",
  "test/integration/organisation-owner.test.ts",
  "test/integration/patient-clocks.test.ts",
  "test/integration/permission-table.test.ts",
  "test/integration/project-page.test.ts",
  "test/unit/route-matching.test.ts",
];

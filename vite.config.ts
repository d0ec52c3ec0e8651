import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** The framework's own modules: one long-lived chunk every page shares. */
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;
/**
 * Components only signed-in areas use (the admin area, the client portal, quotes and invoices):
 * a chunk of their own when two of their pages share them, so that a visitor's page never loads
 * them (the billing components' live totals, in the shared chunk, took the money modules along
 * and pushed the home page over its 125 KB budget).
 */
const BACK_OFFICE = /[\\/]app[\\/]components[\\/](admin|portal|billing)[\\/]/;
/**
 * Our other components, helpers, content and the site's own domain code (a team photo's crop,
 * which the home page and the team editor share) used by two or more routes.
 */
const SHARED_APP_CODE =
  /[\\/]app[\\/](components[\\/](?!admin[\\/]|portal[\\/]|billing[\\/])|lib[\\/]|content[\\/]|domain[\\/]site[\\/])/;

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Left to itself Rolldown made 26 files for the home page (most under 1 KB); over
        // HTTP/1.1's six connections each round of requests costs a round trip on mobile.
        // Two groups bring every public page down to 6 files.
        codeSplitting: {
          groups: [
            { name: "framework", test: FRAMEWORK, priority: 3 },
            // Before the back office's group, which takes its components' other imports along:
            // what visitors' pages share stays here.
            { name: "shared", test: SHARED_APP_CODE, minShareCount: 2, priority: 2 },
            { name: "back-office", test: BACK_OFFICE, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
});

import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest ships with the page: no /__manifest round trip after hydration.
  routeDiscovery: { mode: "initial" },
  // Separate build dirs let several test runs build side by side (BUILD_DIR=build-x).
  buildDirectory: process.env.BUILD_DIR || "build",
} satisfies Config;

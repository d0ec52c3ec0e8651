import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  routeDiscovery: { mode: "initial" },
  buildDirectory: process.env.FLOOR_BUILD_DIR || "build",
} satisfies Config;

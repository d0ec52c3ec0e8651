import { afterEach, describe, expect, it } from "vitest";
import { EnvError, env } from "./env.server";
import { parseHookVariables } from "./hook-env";

const SECRET = "a".repeat(32);

describe("HOOK_<NAME>_… variables", () => {
  it("configure a hook by its lower-case name, with an optional allow-list", () => {
    const { hooks, issues } = parseHookVariables({
      HOOK_EXAMPLE_SECRET: SECRET,
      HOOK_MPESA_SECRET: "b".repeat(40),
      HOOK_MPESA_ALLOWED_IPS: " 196.201.214.0/24, 2001:db8::1 ,10.0.0.7",
      HOOK_OFF_SECRET: "",
    });
    expect(issues).toEqual([]);
    expect(hooks).toEqual({
      example: { secret: SECRET, allowedIps: undefined },
      mpesa: {
        secret: "b".repeat(40),
        allowedIps: [
          { address: "196.201.214.0", prefix: 24, family: "ipv4" },
          { address: "2001:db8::1", prefix: 128, family: "ipv6" },
          { address: "10.0.0.7", prefix: 32, family: "ipv4" },
        ],
      },
    });
  });

  it("refuses short or URL-unsafe secrets, bad ranges, orphans and misspelt names", () => {
    const { hooks, issues } = parseHookVariables({
      HOOK_SHORT_SECRET: "too-short",
      HOOK_SLASH_SECRET: `${SECRET}/x`,
      HOOK_RANGE_SECRET: SECRET,
      HOOK_RANGE_ALLOWED_IPS: "10.0.0.0/33, 2001:db8::/129, example.com, 10.0.0.1/8/1, 1.2.3.4/x",
      HOOK_EMPTY_SECRET: SECRET,
      HOOK_EMPTY_ALLOWED_IPS: " , ",
      HOOK_ORPHAN_ALLOWED_IPS: "10.0.0.1",
      HOOK_EXAMPLE_SECRETS: SECRET,
      HOOK_lower_SECRET: SECRET,
    });
    expect(hooks).toEqual({});
    expect(issues).toEqual([
      "HOOK_EXAMPLE_SECRETS: is not HOOK_<NAME>_SECRET or HOOK_<NAME>_ALLOWED_IPS",
      "HOOK_lower_SECRET: is not HOOK_<NAME>_SECRET or HOOK_<NAME>_ALLOWED_IPS",
      expect.stringMatching(/^HOOK_SHORT_SECRET: must be 32 to 128/),
      expect.stringMatching(/^HOOK_SLASH_SECRET: must be 32 to 128/),
      'HOOK_RANGE_ALLOWED_IPS: "10.0.0.0/33" is not an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
      'HOOK_RANGE_ALLOWED_IPS: "2001:db8::/129" is not an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
      'HOOK_RANGE_ALLOWED_IPS: "example.com" is not an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
      'HOOK_RANGE_ALLOWED_IPS: "10.0.0.1/8/1" is not an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
      'HOOK_RANGE_ALLOWED_IPS: "1.2.3.4/x" is not an IP address or a CIDR range (10.0.0.0/8, 2001:db8::/32)',
      "HOOK_EMPTY_ALLOWED_IPS: lists no address (unset it to allow any)",
      "HOOK_ORPHAN_ALLOWED_IPS: is set but HOOK_ORPHAN_SECRET is not",
    ]);
  });
});

describe("env()", () => {
  const set: string[] = [];
  const setVar = (key: string, value: string) => {
    set.push(key);
    process.env[key] = value;
  };
  afterEach(() => {
    for (const key of set.splice(0)) delete process.env[key];
  });

  it("reads the hooks with the rest, again when a hook variable changes", () => {
    expect(env().HOOKS).toEqual({});
    setVar("HOOK_EXAMPLE_SECRET", SECRET);
    expect(env().HOOKS).toEqual({ example: { secret: SECRET, allowedIps: undefined } });
    setVar("HOOK_EXAMPLE_ALLOWED_IPS", "10.0.0.0/8");
    expect(env().HOOKS.example?.allowedIps).toEqual([
      { address: "10.0.0.0", prefix: 8, family: "ipv4" },
    ]);
  });

  it("stops on a bad hook variable as on any bad value", () => {
    setVar("HOOK_EXAMPLE_SECRET", "short");
    expect(() => env()).toThrow(EnvError);
    expect(() => env()).toThrow(/HOOK_EXAMPLE_SECRET: must be 32 to 128/);
  });
});

import type { HookDefinition } from "./definition";

/**
 * Every provider file in ./providers/ (one per hook, exporting `hook`): adding a provider is
 * adding its file. Collected by the bundler at build time (Vite's import.meta.glob), so nothing
 * is read from disk at run time.
 */
const modules = import.meta.glob<{ hook: HookDefinition }>("./providers/*.server.ts", {
  eager: true,
});

const byName = new Map<string, HookDefinition>();
for (const [file, module] of Object.entries(modules)) {
  const { hook } = module;
  if (byName.has(hook.name)) throw new Error(`${file}: a second hook named ${hook.name}`);
  byName.set(hook.name, hook);
}

/** The hook called `name`, if the site has one. */
export function hookDefinition(name: string): HookDefinition | undefined {
  return byName.get(name);
}

/** The names of every hook the site has. */
export function hookNames(): string[] {
  return [...byName.keys()].sort();
}

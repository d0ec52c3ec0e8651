import type { z } from "zod";

/** What each accepted field name may carry: how many values, and how long each. */
export interface FieldRule {
  /** 1 for a text field, N for a multi-select. */
  repeats: number;
  /** The longest value worth reading: the schema's `.max()` + 1 (enough for its message). */
  maxLength: number;
}
export type FieldRules = ReadonlyMap<string, FieldRule>;

/** Fields without a declared `.max()`: values are read up to this length. */
export const UNDECLARED_MAX_LENGTH = 256 * 1024;

/** A multi-value field (checkbox group) without an explicit `.max()` may repeat this often. */
const DEFAULT_ARRAY_REPEATS = 50;

interface ZodInternals {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const defOf = (schema: unknown) => (schema as ZodInternals)._zod.def;

/** The schema under wrappers that do not change which field names a form posts. */
function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let depth = 0; depth < 20; depth++) {
    const def = defOf(current);
    if (def.type === "pipe") current = def.in;
    else if (
      ["optional", "nullable", "default", "prefault", "catch", "readonly"].includes(def.type)
    )
      current = def.innerType;
    else return current;
  }
  return current;
}

/** A schema's `.max()` (the `max_length` check), if it declares one. */
function declaredMax(schema: unknown): number | undefined {
  const checks = (defOf(schema).checks ?? []) as { _zod: { def: Record<string, unknown> } }[];
  for (const check of checks) {
    const def = check._zod.def;
    if (def.check === "max_length" && typeof def.maximum === "number") return def.maximum;
  }
  return undefined;
}

/**
 * The field names a form schema accepts, read off its top-level object: each key once, array
 * keys as often as the array allows. Nested paths (`a.b`, `a[0]`) are not accepted unless the
 * schema literally declares such a key.
 */
export function fieldRulesOf(schema: z.ZodType): FieldRules {
  const object = unwrap(schema);
  const def = defOf(object);
  if (def.type !== "object") throw new Error("form schemas must be objects");
  const rules = new Map<string, FieldRule>();
  for (const [name, field] of Object.entries(def.shape as Record<string, unknown>)) {
    const inner = unwrap(field);
    const isArray = defOf(inner).type === "array";
    const element = isArray ? unwrap(defOf(inner).element) : inner;
    const max = declaredMax(element);
    rules.set(name, {
      repeats: isArray ? (declaredMax(inner) ?? DEFAULT_ARRAY_REPEATS) : 1,
      maxLength: max === undefined ? UNDECLARED_MAX_LENGTH : max + 1,
    });
  }
  return rules;
}

/** Rules for fields outside a schema (buttons, hidden fields): one short value each. */
export function simpleRules(names: Record<string, number>, maxLength = 2048): FieldRules {
  return new Map(Object.entries(names).map(([name, repeats]) => [name, { repeats, maxLength }]));
}

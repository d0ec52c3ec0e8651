import type en from "./messages/en.json";

/**
 * What the browser gets of the catalogue: messages already resolved on the server for the
 * page's language. A message without arguments is its final text; one with `{name}` arguments
 * or `<tag>…</tag>` markup is a list of parts. ICU plurals, selects, numbers and dates are
 * formatted on the server only (loaders, actions, meta), so the browser never needs a parser
 * or the ICU runtime.
 */
export type Part = string | { a: string } | { t: string; c: Part[] };
export type ResolvedMessage = string | Part[];

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every key of the catalogue (English is the reference). */
export type MessageKey = Leaves<typeof en>;
/** The resolved messages a loader sends: dotted key → message. */
export type MessageBundle = Partial<Record<MessageKey, ResolvedMessage>>;
export type Values = Record<string, string | number>;

/** Plain text of resolved parts (markup tags keep their text). */
export function partsToText(message: ResolvedMessage, values: Values = {}): string {
  if (typeof message === "string") return message;
  return message
    .map((part) =>
      typeof part === "string"
        ? part
        : "a" in part
          ? String(values[part.a] ?? `{${part.a}}`)
          : partsToText(part.c, values),
    )
    .join("");
}

/** Resolved parts with markup: each tag is rendered by the function of the same name. */
export function partsToNodes<Node>(
  message: ResolvedMessage,
  values: Values,
  tags: Record<string, (children: (Node | string)[], key: number) => Node>,
): (Node | string)[] {
  if (typeof message === "string") return [message];
  return message.map((part, index) => {
    if (typeof part === "string") return part;
    if ("a" in part) return String(values[part.a] ?? `{${part.a}}`);
    const render = tags[part.t];
    const children = partsToNodes(part.c, values, tags);
    return render ? render(children, index) : partsToText(part.c, values);
  });
}

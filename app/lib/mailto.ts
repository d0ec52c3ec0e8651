/**
 * A `mailto:` link to one address, its characters percent-encoded (RFC 6068) so that whatever an
 * address holds cannot add recipients or headers: `a@b.test?bcc=eve@x` links to that one odd
 * address, never to a blind copy for eve. The database refuses such addresses too
 * (supabase/migrations/20261207000002_content_guards.sql); this is the second layer.
 */
export function mailtoHref(address: string, fields: Record<string, string> = {}): string {
  const query = Object.entries(fields)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join("&");
  const to = encodeURIComponent(address).replace(/%40/g, "@");
  return `mailto:${to}${query ? `?${query}` : ""}`;
}

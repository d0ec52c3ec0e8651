/**
 * A cached "moved" answer (301/308: a service's old slug) is shared by every URL of the page:
 * the app rendered it for the canonical URL, without the parameters that do not change the page
 * (campaign tags, click ids). Sent to a request that had them, its Location gets them back, so a
 * campaign link to an old URL still arrives tagged. Parameters the Location names keep its value.
 */
export function movedLocation(status: number, location: string, requestUrl: string): string {
  if ((status !== 301 && status !== 308) || !location.startsWith("/") || location.startsWith("//"))
    return location;
  const at = requestUrl.indexOf("?");
  if (at < 0 || at === requestUrl.length - 1) return location;
  const asked = new URLSearchParams(requestUrl.slice(at + 1));
  const hash = location.indexOf("#");
  const beforeHash = hash < 0 ? location : location.slice(0, hash);
  const fragment = hash < 0 ? "" : location.slice(hash);
  const queryAt = beforeHash.indexOf("?");
  const path = queryAt < 0 ? beforeHash : beforeHash.slice(0, queryAt);
  const kept = new URLSearchParams(queryAt < 0 ? "" : beforeHash.slice(queryAt + 1));
  for (const [name, value] of asked) if (!kept.has(name)) kept.append(name, value);
  const query = kept.toString();
  return `${path}${query ? `?${query}` : ""}${fragment}`;
}

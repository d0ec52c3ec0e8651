import { cacheHeaders } from "~/infra/cache-policy";

/**
 * A PDF the person downloads (an invoice's, a credit note's): named for the disk, never
 * sniffed as anything else, private and never stored by a cache on the way.
 */
export function pdfDownload(bytes: Uint8Array, fileName: string): Response {
  return new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${fileName.replace(/["\\\r\n]/g, "")}"`,
      "Content-Length": String(bytes.byteLength),
      "X-Content-Type-Options": "nosniff",
      ...cacheHeaders("private"),
    },
  });
}

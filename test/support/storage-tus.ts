import type { TestBackend } from "@jenga/supabase-local/testing";

/** A tus `Upload-Metadata` value: each key with its base64 value. */
export const tusMetadata = (entries: Record<string, string>) =>
  Object.entries(entries)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString("base64")}`)
    .join(",");

/**
 * Opens a 10-byte upload of `objectName` in the client-files bucket straight at Storage's tus
 * endpoint, as `token`'s person (the bucket's row-level security decides).
 */
export const openAtStorage = (backend: TestBackend, token: string, objectName: string) =>
  fetch(`${backend.url}/storage/v1/upload/resumable`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${token}`,
      apikey: backend.anonKey,
      "Tus-Resumable": "1.0.0",
      "Upload-Length": "10",
      "Upload-Metadata": tusMetadata({ bucketName: "client-files", objectName }),
    },
  });

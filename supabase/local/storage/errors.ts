/**
 * Storage API errors as supabase/storage renders them (src/internal/errors/codes.ts and
 * http/error-handler.ts): the body carries the meaningful status as a *string* `statusCode`
 * ("404", "409", "413", "415", "403"), while the HTTP status is 400 for every client error and
 * 500 for server errors. storage-js turns that into `StorageApiError(message, status=400,
 * statusCode="409", code)`.
 */

export class StorageError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly error: string;
  /** HTTP status actually sent (hosted: 400 unless 500, a few routes choose their own). */
  readonly httpStatus: number;

  constructor(
    statusCode: number,
    code: string,
    message: string,
    error = code,
    httpStatus = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
    this.name = "StorageError";
    this.statusCode = statusCode;
    this.code = code;
    this.error = error;
    this.httpStatus = httpStatus;
  }

  body() {
    return {
      statusCode: String(this.statusCode),
      code: this.code,
      error: this.error,
      message: this.message,
    };
  }
}

export const storageErrors = {
  noSuchBucket: () => new StorageError(404, "NoSuchBucket", "Bucket not found", "Bucket not found"),
  noSuchKey: () => new StorageError(404, "NoSuchKey", "Object not found", "not_found"),
  duplicate: () =>
    new StorageError(409, "ResourceAlreadyExists", "The resource already exists", "Duplicate"),
  bucketExists: () =>
    new StorageError(409, "BucketAlreadyExists", "The resource already exists", "Duplicate"),
  bucketNotEmpty: () =>
    new StorageError(409, "ResourceNotEmpty", "The bucket you tried to delete is not empty"),
  accessDenied: (message = "Access denied") =>
    new StorageError(403, "AccessDenied", message, "Unauthorized"),
  tooLarge: () =>
    new StorageError(
      413,
      "EntityTooLarge",
      "The object exceeded the maximum allowed size",
      "Payload too large",
    ),
  invalidMime: (mime: string) =>
    new StorageError(
      415,
      "InvalidMimeType",
      `mime type ${mime} is not supported`,
      "invalid_mime_type",
    ),
  invalidKey: (key: string) => new StorageError(400, "InvalidKey", `Invalid key: ${key}`),
  invalidBucketName: () =>
    new StorageError(400, "InvalidBucketName", "Bucket name invalid", "Invalid Input"),
  invalidRequest: (message: string) => new StorageError(400, "InvalidRequest", message),
  invalidJwt: (message = "Invalid JWT") => new StorageError(400, "InvalidJWT", message),
  missingParameter: (name: string) =>
    new StorageError(400, "MissingParameter", `Missing Required Parameter ${name}`),
  invalidRange: () =>
    new StorageError(416, "InvalidRange", "invalid range provided", "invalid_range", 416),
  notFoundRoute: (method: string, path: string) =>
    new StorageError(404, "NotFound", `Route ${method}:${path} not found`, "Not Found", 404),
  internal: () => new StorageError(500, "InternalError", "Internal server error", "Internal"),
  /** Storage answers a statement stopped by its timeout (57014) with its own status, 544. */
  databaseTimeout: () =>
    new StorageError(
      544,
      "DatabaseTimeout",
      "The connection to the database timed out",
      "DatabaseTimeout",
      544,
    ),
};

interface PgErrorLike {
  code: string;
  message: string;
}

function isPgError(error: unknown): error is PgErrorLike {
  return (
    error instanceof Error &&
    typeof (error as Partial<PgErrorLike>).code === "string" &&
    "severity" in error
  );
}

/** Postgres errors as storage's DBError.fromDBError maps them (RLS → 403, unique → 409). */
export function fromDatabaseError(error: unknown): StorageError | undefined {
  if (!isPgError(error)) return undefined;
  if (error.code === "42501") {
    return storageErrors.accessDenied(
      error.message.includes("row-level security")
        ? "new row violates row-level security policy"
        : error.message,
    );
  }
  if (error.code === "23505") return storageErrors.duplicate();
  if (error.code === "22P02") return new StorageError(400, "InvalidParameter", error.message);
  if (error.code === "57014") return storageErrors.databaseTimeout();
  return new StorageError(500, "DatabaseError", `database error, code: ${error.code}`);
}

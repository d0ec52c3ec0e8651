/** A field's messages from the server's answer: none, or the list shown under it. */
export type FieldErrors = string[] | undefined;

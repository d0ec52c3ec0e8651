import type { Tables } from "~/infra/database.types";

/** A message as its sender sees it on the dashboard. */
export type OwnMessage = Pick<
  Tables<"contact_messages">,
  "id" | "message" | "created_at" | "status"
>;

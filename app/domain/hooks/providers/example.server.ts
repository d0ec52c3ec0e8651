import { type HookDefinition, idAt } from "../definition";

/**
 * The demonstration hook the tests deliver to (`HOOK_EXAMPLE_SECRET`): its payload's `id` is
 * the delivery id, and handling it does nothing beyond marking it processed.
 */
export const hook: HookDefinition = {
  name: "example",
  deliveryId: idAt(["id"]),
  async handle() {},
};

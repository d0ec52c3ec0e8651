import type { HookDelivery, HookOutcome } from "~/infra/hook-port";
import { serviceRoleClient } from "~/infra/supabase.server";
import type { HookDefinition } from "./definition";
import { hookDefinition } from "./registry.server";

/**
 * Writes a delivery durably — once per (hook, provider's id) — before the server answers 200,
 * then lets the hook's handler deal with a new one. The handler's failure is logged and the
 * delivery stays unprocessed (processed_at null): it is stored, so the provider is not asked
 * to send it again.
 */
export async function receiveHookDelivery(delivery: HookDelivery): Promise<HookOutcome> {
  const definition = hookDefinition(delivery.hook);
  if (!definition) return "unknown-hook";
  const deliveryId = definition.deliveryId(delivery.payload);
  if (deliveryId === undefined) return "no-delivery-id";
  const service = serviceRoleClient();
  if (!service) {
    console.error(`hook ${delivery.hook}: no service-role key, deliveries cannot be stored`);
    return "unavailable";
  }
  const { data, error } = await service
    .from("webhook_deliveries")
    .upsert(
      {
        hook: delivery.hook,
        delivery_id: deliveryId,
        source_ip: delivery.sourceIp.slice(0, 64),
        body: delivery.body,
      },
      { onConflict: "hook,delivery_id", ignoreDuplicates: true },
    )
    .select("id");
  if (error) {
    console.error(`hook ${delivery.hook}: delivery not stored: ${error.code} ${error.message}`);
    return "unavailable";
  }
  const stored = data[0];
  if (!stored) return "duplicate";
  await handleStored(definition, stored.id, { deliveryId, payload: delivery.payload });
  return "stored";
}

async function handleStored(
  definition: HookDefinition,
  id: number,
  delivery: { deliveryId: string; payload: unknown },
): Promise<void> {
  try {
    await definition.handle?.(delivery);
    const service = serviceRoleClient();
    const { error } = await (service
      ?.from("webhook_deliveries")
      .update({ processed_at: new Date().toISOString() })
      .eq("id", id) ?? Promise.resolve({ error: null }));
    if (error) throw new Error(`${error.code} ${error.message}`);
  } catch (failure) {
    const reason = failure instanceof Error ? failure.message : String(failure);
    console.error(`hook ${definition.name}: delivery ${id} stored, not processed: ${reason}`);
  }
}

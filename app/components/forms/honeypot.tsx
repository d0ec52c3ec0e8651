import { HoneypotInputs as RemixHoneypotInputs } from "remix-utils/honeypot/react";

/** The hidden honeypot field of public forms (provided by the root's HoneypotProvider). */
export function HoneypotInputs() {
  return <RemixHoneypotInputs label="Please leave this field blank" />;
}

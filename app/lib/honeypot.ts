/** The name of the honeypot field every public form carries (checked on the server). */
export const HONEYPOT_FIELD = "name__confirm";

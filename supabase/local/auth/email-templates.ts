/**
 * The auth e-mails' wording per language. Like a hosted project's templates branching on
 * `{{ .Data.locale }}` / `{{ .RedirectTo }}`, the language is the one the visitor used: the
 * page the link returns to (`/sw/…`, `/fr/…`), else the `locale` saved in user metadata at
 * sign-up, else English.
 */

import type { EmailActionType } from "./emails.ts";
import type { JsonObject } from "./validation.ts";

export type { EmailActionType } from "./emails.ts";

export type MailLocale = "en" | "sw" | "fr";

export interface MailTemplate {
  subject: string;
  intro: string;
  action: string;
}

export const TEMPLATES: Record<MailLocale, Record<EmailActionType, MailTemplate>> = {
  en: {
    signup: {
      subject: "Confirm your signup",
      intro: "Follow this link to confirm your account:",
      action: "Confirm your email address",
    },
    recovery: {
      subject: "Reset your password",
      intro: "Follow this link to reset the password for your account:",
      action: "Reset password",
    },
    email_change: {
      subject: "Confirm email change",
      intro: "Follow this link to confirm the update of your email address:",
      action: "Change email address",
    },
    invite: {
      subject: "You have been invited",
      intro: "You have been invited to create an account. Follow this link to accept the invite:",
      action: "Accept the invite",
    },
  },
  sw: {
    signup: {
      subject: "Thibitisha usajili wako",
      intro: "Fuata kiungo hiki ili kuthibitisha akaunti yako:",
      action: "Thibitisha anwani yako ya barua pepe",
    },
    recovery: {
      subject: "Badilisha nenosiri lako",
      intro: "Fuata kiungo hiki ili kuchagua nenosiri jipya la akaunti yako:",
      action: "Badilisha nenosiri",
    },
    email_change: {
      subject: "Thibitisha kubadilisha barua pepe",
      intro: "Fuata kiungo hiki ili kuthibitisha anwani yako mpya ya barua pepe:",
      action: "Badilisha anwani ya barua pepe",
    },
    invite: {
      subject: "Umealikwa",
      intro: "Umealikwa kufungua akaunti. Fuata kiungo hiki ili kukubali mwaliko:",
      action: "Kubali mwaliko",
    },
  },
  fr: {
    signup: {
      subject: "Confirmez votre inscription",
      intro: "Suivez ce lien pour confirmer votre compte\u00a0:",
      action: "Confirmer votre adresse e-mail",
    },
    recovery: {
      subject: "Réinitialisez votre mot de passe",
      intro: "Suivez ce lien pour choisir un nouveau mot de passe\u00a0:",
      action: "Réinitialiser le mot de passe",
    },
    email_change: {
      subject: "Confirmez le changement d’adresse e-mail",
      intro: "Suivez ce lien pour confirmer votre nouvelle adresse e-mail\u00a0:",
      action: "Changer d’adresse e-mail",
    },
    invite: {
      subject: "Vous êtes invité(e)",
      intro:
        "Vous êtes invité(e) à créer un compte. Suivez ce lien pour accepter l’invitation\u00a0:",
      action: "Accepter l’invitation",
    },
  },
};

/**
 * The first line of a mail's body, naming the site that sends it ("{brand}" is its name), and
 * the last: what to do with a mail one did not ask for.
 */
export const SENT_BY: Record<MailLocale, string> = {
  en: "This mail comes from {brand}.",
  sw: "Barua pepe hii inatoka {brand}.",
  fr: "Cet e-mail vous est envoyé par {brand}.",
};

export const IGNORE_LINE: Record<MailLocale, string> = {
  en: "Did not ask for this? Ignore this mail: nothing changes until the link is used.",
  sw: "Hukuomba hili? Puuza barua pepe hii: hakuna kinachobadilika hadi kiungo kitumike.",
  fr: "Vous ne l’avez pas demandé\u00a0? Ignorez cet e-mail\u00a0: rien ne change tant que le lien n’est pas utilisé.",
};

/** A subject with the sending site's name before it: "Jenga Digital: Confirm your signup". */
export function brandedSubject(subject: string, brand: string | null): string {
  return brand ? `${brand}: ${subject}` : subject;
}

/**
 * "Or enter this code:" in each language: only in the mails of a backend started with
 * `mailCodes` (its tests of code verification); the site's pages take links, not codes.
 */
export const CODE_LINE: Record<MailLocale, string> = {
  en: "Or enter this code:",
  sw: "Au weka msimbo huu:",
  fr: "Ou saisissez ce code\u00a0:",
};

function isMailLocale(value: unknown): value is MailLocale {
  return value === "en" || value === "sw" || value === "fr";
}

/** The language of a mail: the link's page (`/sw/dashboard`), then the user's `locale`. */
export function mailLocale(next: string, metadata: JsonObject | null | undefined): MailLocale {
  const fromPage = /^\/(sw|fr)(?:\/|$)/.exec(next)?.[1];
  if (isMailLocale(fromPage)) return fromPage;
  const saved = metadata?.locale;
  return isMailLocale(saved) ? saved : "en";
}

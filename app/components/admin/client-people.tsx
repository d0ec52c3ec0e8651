import { Form, Link, useLocation } from "react-router";
import { ErrorSummary } from "~/components/forms/error-summary";
import { Field } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";
import { secondaryButton, stacked } from "./admin-page";
import { ConfirmStep } from "./confirm-step";
import { StackedTable } from "./stacked-table";

type MemberRole = "owner" | "member";

interface Person {
  user_id: string;
  email: string;
  full_name: string;
  role: MemberRole;
  joined_at: string;
  joined: string;
}

interface Invitation {
  id: number;
  email: string;
  role: MemberRole;
  expired: boolean;
  expires_at: string;
  until: string;
}

const heading = "mb-4 text-xl font-bold text-slate-900";

/**
 * The people of a client organisation, owners first. With `me` (whoever may remove people), each
 * other person has a Remove link to the confirming step (`?remove=<id>`: no JS needed).
 */
export function ClientPeople({
  name,
  people,
  me,
}: {
  name: string;
  people: Person[];
  me?: string;
}) {
  const t = useT();
  const columns = [t("adminClients.email"), t("adminClients.role"), t("adminClients.joined")];
  const removable = me !== undefined;
  return (
    <section aria-labelledby="client-people" className="mb-10">
      <h2 id="client-people" className={heading}>
        {t("adminClients.peopleHeading")}
      </h2>
      {people.length === 0 ? (
        <p className="text-slate-700">{t("adminClients.noPeople")}</p>
      ) : (
        <StackedTable
          caption={t("adminClients.peopleCaption", { name })}
          columns={removable ? [...columns, ""] : columns}
        >
          {people.map((person) => (
            <tr key={person.user_id} className={stacked.row}>
              <td data-label={columns[0]} className={stacked.cell}>
                {person.full_name ? `${person.full_name} · ` : ""}
                {person.email}
              </td>
              <td data-label={columns[1]} className={stacked.cell}>
                {t(`adminClients.${person.role}`)}
              </td>
              <td data-label={columns[2]} className={stacked.cell}>
                <time dateTime={person.joined_at}>{person.joined}</time>
              </td>
              {removable ? (
                <td className={stacked.cell}>
                  {person.user_id === me ? null : (
                    <Link
                      to={`?remove=${person.user_id}`}
                      className={secondaryButton}
                      aria-label={t("adminClients.removeLabel", { email: person.email })}
                    >
                      {t("adminClients.remove")}
                    </Link>
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </StackedTable>
      )}
    </section>
  );
}

/** The confirming step of removing a person from the organisation `name`. */
export function RemovalConfirm({
  person,
  name,
}: {
  person: { user_id: string; email: string };
  name: string;
}) {
  const t = useT();
  const { pathname } = useLocation();
  const { email } = person;
  return (
    <ConfirmStep
      title={t("adminClients.removeTitle", { email })}
      fields={{ intent: "remove", person: person.user_id }}
      confirmLabel={t("adminClients.removeConfirm")}
      pendingLabel={t("adminClients.removing")}
      cancelTo={pathname}
      cancelLabel={t("adminClients.cancel")}
    >
      {t("adminClients.removeBody", { email, name })}
    </ConfirmStep>
  );
}

/** Invitations not yet accepted, each with a way to withdraw it (a plain form). */
export function ClientInvitations({ invitations }: { invitations: Invitation[] }) {
  const t = useT();
  const columns = [t("adminClients.email"), t("adminClients.role"), t("adminClients.validUntil")];
  return (
    <section aria-labelledby="client-invitations" className="mb-10">
      <h2 id="client-invitations" className={heading}>
        {t("adminClients.invitationsHeading")}
      </h2>
      {invitations.length === 0 ? (
        <p className="text-slate-700">{t("adminClients.noInvitations")}</p>
      ) : (
        <StackedTable caption={t("adminClients.invitationsCaption")} columns={[...columns, ""]}>
          {invitations.map((invitation) => (
            <tr key={invitation.id} className={stacked.row}>
              <td data-label={columns[0]} className={stacked.cell}>
                {invitation.email}
              </td>
              <td data-label={columns[1]} className={stacked.cell}>
                {t(`adminClients.${invitation.role}`)}
              </td>
              <td data-label={columns[2]} className={stacked.cell}>
                <time dateTime={invitation.expires_at}>
                  {invitation.expired
                    ? t("adminClients.expiredOn", { date: invitation.until })
                    : invitation.until}
                </time>
              </td>
              <td className={stacked.cell}>
                <Form method="post">
                  <input type="hidden" name="invitation" value={invitation.id} />
                  <button
                    type="submit"
                    name="intent"
                    value="withdraw"
                    className={secondaryButton}
                    aria-label={t("adminClients.withdrawLabel", { email: invitation.email })}
                  >
                    {t("adminClients.withdraw")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </StackedTable>
      )}
    </section>
  );
}

/**
 * The invitation form: address, role, language of the mail; what was typed comes back, the
 * page's answer (`answer`) in the error summary.
 */
export function InviteForm({ reply, answer }: { reply?: FieldReply; answer?: unknown }) {
  const t = useT();
  const chosen = (name: string, fallback: string) => typedValue(reply, name) ?? fallback;
  return (
    <section aria-labelledby="invite-someone" className="max-w-md">
      <h2 id="invite-someone" className={heading}>
        {t("adminClients.inviteHeading")}
      </h2>
      <p className="mb-4 text-slate-700">{t("adminClients.inviteHint")}</p>
      <Form method="post" noValidate className="space-y-4">
        <ErrorSummary answer={answer} />
        <input type="hidden" name="intent" value="invite" />
        <Field
          label={t("adminClients.emailLabel")}
          name="email"
          type="email"
          required
          autoComplete="off"
          defaultValue={typedValue(reply, "email")}
          errors={fieldErrors(reply, "email")}
        />
        <SelectField
          key={`role:${chosen("role", "owner")}`}
          label={t("adminClients.roleLabel")}
          hint={t("adminClients.roleHint")}
          name="role"
          defaultValue={chosen("role", "owner")}
          errors={fieldErrors(reply, "role")}
          options={(["owner", "member"] as const).map((value) => ({
            value,
            label: t(`adminClients.${value}`),
          }))}
        />
        <SelectField
          key={`language:${chosen("language", "en")}`}
          label={t("adminClients.languageLabel")}
          name="language"
          defaultValue={chosen("language", "en")}
          errors={fieldErrors(reply, "language")}
          options={(["en", "sw", "fr"] as const).map((value) => ({
            value,
            label: t(`adminClients.${value}`),
          }))}
        />
        <SubmitButton pendingLabel={t("adminClients.inviting")}>
          {t("adminClients.invite")}
        </SubmitButton>
      </Form>
    </section>
  );
}

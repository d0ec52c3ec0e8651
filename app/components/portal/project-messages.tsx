import { Form } from "react-router";
import { linkClass } from "~/components/admin/admin-page";
import { ErrorSummary } from "~/components/forms/error-summary";
import { SelectField } from "~/components/forms/select-field";
import { SubmitButton } from "~/components/forms/submit-button";
import { TextareaField } from "~/components/forms/textarea-field";
import { useT } from "~/i18n/use-t";
import { type FieldReply, fieldErrors, typedValue } from "~/lib/form-reply";
import { linkify } from "~/lib/linkify";

export interface MessageItem {
  id: number;
  body: string;
  side: "agency" | "client";
  author: string;
  sideText: string;
  at: string;
  atText: string;
  attachment: { href: string; name: string } | null;
}

/** Plain text with its http(s) addresses as links (nothing else is read as a link or markup). */
function LinkedText({ text }: { text: string }) {
  return (
    <>
      {linkify(text).map((piece, index) =>
        piece.href ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
          <a key={index} href={piece.href} rel="noopener noreferrer nofollow" className={linkClass}>
            {piece.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}

/**
 * A project's thread, on both sides' project pages: the messages oldest first (who, which side,
 * when), then the form to write one — its text and, when the project has files, one of them to
 * point to. A refused message comes back under its field with what was typed kept. Without
 * `action` (the agency viewing the page as the client's members see it), no form.
 */
export function ProjectMessages({
  messages,
  choices,
  action,
  reply,
  answer,
}: {
  messages: MessageItem[];
  choices: { path: string; name: string }[];
  /** Where the form posts (the page itself, flagged as the thread's form); none: read only. */
  action?: string;
  reply?: FieldReply;
  answer?: unknown;
}) {
  const t = useT();
  const mine = typedValue(reply, "intent") === "message" ? reply : undefined;
  return (
    <section id="messages" aria-labelledby="messages-heading" className="mb-10 scroll-mt-4">
      <h2 id="messages-heading" className="mb-4 text-xl font-bold text-slate-900">
        {t("thread.heading")}
      </h2>
      {messages.length === 0 ? (
        <p className="mb-6 text-slate-700">{t("thread.none")}</p>
      ) : (
        <ol className="mb-6 space-y-4">
          {messages.map((message) => (
            <li
              key={message.id}
              className={`rounded-lg border px-4 py-3 ${
                message.side === "agency"
                  ? "border-brand-200 bg-brand-50"
                  : "border-slate-200 bg-white"
              }`}
            >
              <p className="mb-1 text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{message.author}</span>
                {` · ${message.sideText} · `}
                <time dateTime={message.at}>{message.atText}</time>
              </p>
              <p className="whitespace-pre-line break-words text-slate-900">
                <LinkedText text={message.body} />
              </p>
              {message.attachment ? (
                <p className="mt-2 text-sm">
                  {t("thread.attached")}{" "}
                  <a href={message.attachment.href} className={`break-all ${linkClass}`}>
                    {message.attachment.name}
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {action === undefined ? null : (
        <Form method="post" action={action} noValidate className="space-y-3">
          <ErrorSummary answer={mine ? answer : undefined} />
          <input type="hidden" name="intent" value="message" />
          <TextareaField
            label={t("thread.label")}
            name="message"
            rows={4}
            maxLength={5000}
            defaultValue={typedValue(mine, "message")}
            errors={fieldErrors(mine, "message")}
          />
          {choices.length > 0 ? (
            <SelectField
              label={t("thread.attachmentLabel")}
              name="attachment"
              defaultValue={typedValue(mine, "attachment") ?? ""}
              errors={fieldErrors(mine, "attachment")}
              options={[
                { value: "", label: t("thread.noAttachment") },
                ...choices.map((choice) => ({ value: choice.path, label: choice.name })),
              ]}
            />
          ) : null}
          <SubmitButton pendingLabel={t("thread.sending")}>{t("thread.send")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}

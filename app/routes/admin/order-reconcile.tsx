import { TriangleAlert } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ResultTable, Th } from "~/components/admin/admin-list";
import { FieldError } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useFailureToast } from "~/components/ui/use-failure-toast";
import { useHydrated } from "~/components/ui/use-hydrated";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { countOrdersOfStatus } from "~/features/orders/order-read.server";
import { statementMessages as m, statementDay } from "~/features/orders/statement.messages";
import {
  encodeConflict,
  encodeSelection,
  MAX_STATEMENT_BYTES,
  statementColumns,
  statementConfirmInput,
  statementConfirmSchema,
  statementFileProblem,
  statementUploadInput,
  statementUploadSchema,
} from "~/features/orders/statement.schema";
import {
  type ConfirmOutcome,
  confirmStatementMatches,
} from "~/features/orders/statement-confirm.server";
import { previewStatement, type StatementPreview } from "~/features/orders/statement-match.server";
import { flashCookieHeader } from "~/lib/flash.server";
import { formAction } from "~/lib/form-action.server";
import type { FieldErrors } from "~/lib/forms";
import { requireAdmin } from "~/lib/guards.server";
import { formatPaise } from "~/lib/money";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/order-reconcile";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Payment reconciliation · Admin") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return { pendingCount: await countOrdersOfStatus(context.db, "payment_pending") };
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

/** What an intent found, for the page (the answer's `result`). */
type Found = { preview?: StatementPreview; outcome?: ConfirmOutcome };

/**
 * Upload (preview) and confirm. A plain form post without JavaScript gets the page back with the
 * preview or the results as the action's data, like a fetch does.
 */
export const action = formAction(
  {
    guard: "admin",
    bodyLimit: {
      bytes: MAX_STATEMENT_BYTES + 64 * 1024,
      field: "statement",
      message: m.fileTooLarge,
    },
  },
  (intent) => ({
    /** The statement file in, the preview out: nothing is stored. */
    preview: intent({
      schema: statementUploadSchema,
      input: statementUploadInput,
      reply: "data",
      async run({ data, context }) {
        const text = await data.statement.text();
        const result: Found = { preview: await previewStatement(context.db, text) };
        return { result };
      },
    }),
    /** The ticked matches, checked again on the server, their orders marked paid and told so. */
    confirm: intent({
      schema: statementConfirmSchema,
      input: statementConfirmInput,
      invalid: (fieldErrors) => ({ formError: fieldErrors.selections ?? m.rowsUnreadable }),
      reply: "data",
      async run({ data, actor, context }) {
        const outcome = await confirmStatementMatches(context.db, data.selections, actor, {
          publicUrl: context.publicUrl,
        });
        const { marked, refused } = outcome;
        const message =
          marked.length === 0
            ? m.noneMarked
            : refused.length === 0
              ? m.marked(marked.length)
              : m.markedSome(marked.length, refused.length);
        // The notice as a flash toast, shown when the page's data is read again.
        const flash = await flashCookieHeader(context, {
          type: marked.length > 0 ? "success" : "error",
          message,
        });
        const result: Found = { outcome };
        return { message, headers: new Headers({ "Set-Cookie": flash }), result };
      },
    }),
  }),
);

type ActionData = Route.ComponentProps["actionData"];
type Match = StatementPreview["matches"][number];
type Conflict = StatementPreview["conflicts"][number];
type Unmatched = StatementPreview["unmatched"][number];
type Credit = Match["credit"];

const failureMessages = { preview: m.previewFailed, confirm: m.confirmFailed };

const matchPill: Record<Match["by"], string> = {
  utr: "border-success-700/30 bg-success-50 text-success-700",
  reference: "border-success-700/30 bg-success-50 text-success-700",
  amount: "border-warning-700/40 bg-warning-50 text-warning-700",
};

function Narration({ text }: { text: string }) {
  return (
    <span className="block max-w-64 truncate" title={text}>
      {text || "—"}
    </span>
  );
}

/** The headings of the columns every table of credits shows (`CreditCells`). */
function CreditHeaders() {
  return (
    <>
      <Th>Credit date</Th>
      <Th right>Amount</Th>
      <Th>UTR / Reference</Th>
      <Th priority="secondary">Narration</Th>
    </>
  );
}

/** A credit's day, amount, UTR or bank reference (with the bank's line id) and narration. */
function CreditCells({ credit }: { credit: Credit }) {
  return (
    <>
      <td className="px-4 py-3 whitespace-nowrap">{statementDay(credit.date)}</td>
      <td className="px-4 py-3 text-right whitespace-nowrap">{formatPaise(credit.amountPaise)}</td>
      <td className="px-4 py-3 font-mono text-xs">
        {credit.reference ?? "—"}
        {credit.lineId ? (
          <span className="block text-slate-600">Line id {credit.lineId}</span>
        ) : null}
      </td>
      <td className="px-4 py-3 max-sm:hidden">
        <Narration text={credit.narration} />
      </td>
    </>
  );
}

function ColumnList() {
  const c = statementColumns;
  const names = (list: readonly string[]) => list.join(", ");
  return (
    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
      <li>
        <strong>Date:</strong> {names(c.date)} (dd/mm/yyyy, dd-mm-yyyy, dd/mm/yy, dd-Mon-yyyy or
        yyyy-mm-dd)
      </li>
      <li>
        <strong>Credit amount:</strong> {names(c.credit)}; or {names(c.amount)} with a{" "}
        {names(c.creditOrDebit)} column (1,23,456.50, 123,456.50 or 123456.50; a decimal comma,
        4.699,00, only in a file separated by semicolons)
      </li>
      <li>
        <strong>UTR / reference:</strong> {names(c.reference)}; else the UTR in a UPI narration
        (when the column holds the bank's own line id and the narration a UTR, both are kept)
      </li>
      <li>
        <strong>Narration:</strong> {names(c.narration)}
      </li>
      <li>
        <strong>Debit (optional):</strong> {names(c.debit)}; debit lines are skipped
      </li>
    </ul>
  );
}

function UploadForm({ failure }: { failure: ActionData | undefined }) {
  const form = useValidatedForm(
    statementUploadSchema.omit({ statement: true }),
    failure && !failure.ok ? failure : undefined,
    {
      check(_values, element): FieldErrors {
        const input = element.elements.namedItem("statement") as HTMLInputElement | null;
        const problem = statementFileProblem(input?.files?.[0]);
        return problem ? { statement: problem } : {};
      },
    },
  );
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "preview";
  const error = form.errors.statement;
  return (
    <section
      aria-labelledby="upload-title"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="upload-title" className="text-lg font-semibold text-slate-900">
        1. Upload the bank statement
      </h2>
      <Form
        method="post"
        encType="multipart/form-data"
        noValidate
        onSubmit={form.onSubmit}
        className="mt-3 space-y-4"
      >
        <FormAlert message={form.formError !== error ? form.formError : undefined} />
        <input type="hidden" name="intent" value="preview" />
        <div>
          <label htmlFor="statement-file" className="field-label">
            Bank statement (CSV)
          </label>
          <input
            id="statement-file"
            name="statement"
            type="file"
            accept=".csv,.txt,text/csv,text/plain"
            required
            aria-describedby={`statement-hint${error ? " statement-error" : ""}`}
            aria-invalid={error ? true : undefined}
            className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
          />
          <FieldError id="statement-error" message={error} />
          <div id="statement-hint" className="mt-2 text-sm text-slate-600">
            <p>
              The statement as your bank exports it (CSV, up to 1 MB and 5,000 lines); the lines
              above its header row are skipped. These columns are read, in any case:
            </p>
            <ColumnList />
            <p className="mt-2">
              For example, under <code>Date,Narration,UTR,Debit,Credit</code> a credit line reads{" "}
              <code className="break-all">
                22/11/2026,UPI/434512345678/Payment/asha@okaxis,434512345678,,"2,450.00"
              </code>
            </p>
          </div>
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Reading…" : "Preview matches"}
        </button>
      </Form>
    </section>
  );
}

function MatchLabel({ match }: { match: Match }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs font-semibold ${matchPill[match.by]}`}
    >
      {match.weak ? <TriangleAlert className="size-3.5 shrink-0" aria-hidden="true" /> : null}
      {m.matchLabels[match.by]}
    </span>
  );
}

/** A ticked box, or an order chosen for a credit that names two. */
const TICKED = 'input[name="pick"]:checked, input[name^="choose-"]:checked:not([value=""])';

function ConfirmMatches({ matches, conflicts }: { matches: Match[]; conflicts: Conflict[] }) {
  // The button counts the ticked boxes once scripts run; without them it cannot count.
  const hydrated = useHydrated();
  const [ticked, setTicked] = useState(() => matches.filter((x) => !x.weak).length);
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "confirm";
  const count = (event: FormEvent<HTMLFormElement>) =>
    setTicked(event.currentTarget.querySelectorAll(TICKED).length);
  const label = ticked === 1 ? "Mark 1 order paid" : `Mark ${ticked} orders paid`;
  return (
    <Form method="post" onChange={count}>
      <input type="hidden" name="intent" value="confirm" />
      <ResultTable
        label="Matched credits"
        total={matches.length}
        noun={["credit matched to a pending order", "credits matched to pending orders"]}
        emptyText="No credit of this statement matches an order waiting for payment."
        minWidth="64rem"
        headers={
          <>
            <Th>Mark paid</Th>
            <CreditHeaders />
            <Th>Matched order</Th>
            <Th priority="secondary">Customer</Th>
            <Th>Match</Th>
          </>
        }
      >
        {matches.map((match, index) => (
          <tr
            key={`${match.credit.line}-${match.order.number}`}
            className={match.weak ? "bg-warning-50" : undefined}
            data-testid="match-row"
          >
            <td className="px-2 py-1">
              <label className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
                <input
                  type="checkbox"
                  name="pick"
                  value={index}
                  defaultChecked={!match.weak}
                  className="size-5"
                />
                <span className="sr-only">Mark order #{match.order.number} paid</span>
              </label>
              <input
                type="hidden"
                name={`row-${index}`}
                value={encodeSelection({
                  order: match.order.number,
                  reference: match.credit.reference ?? "",
                  lineId: match.credit.lineId,
                  amountPaise: match.credit.amountPaise,
                  creditedOn: match.credit.date,
                  narration: match.credit.narration,
                  by: match.by,
                })}
              />
            </td>
            <CreditCells credit={match.credit} />
            <td className="px-4 py-3 whitespace-nowrap">
              <Link
                to={`/admin/order/${match.order.number}`}
                className="font-semibold text-brand-700 underline"
              >
                #{match.order.number}
              </Link>
            </td>
            <td className="px-4 py-3 max-sm:hidden">{match.order.customerName}</td>
            <td className="px-4 py-3">
              <MatchLabel match={match} />
            </td>
          </tr>
        ))}
      </ResultTable>
      <ConflictRows conflicts={conflicts} />
      {matches.length + conflicts.length > 0 ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button
            type="submit"
            className="btn-primary"
            disabled={busy || (hydrated && ticked === 0)}
          >
            {hydrated ? label : "Mark the ticked orders paid"}
          </button>
          <p className="text-sm text-slate-600">
            Matches by amount and day only start unticked: check them against the order first. A
            credit that names two orders is marked only for the order you choose. Each order is
            checked again when you confirm.
          </p>
        </div>
      ) : null}
    </Form>
  );
}

/** One line of a conflict's details: a label and its value. */
function Detail({
  label,
  wide = false,
  children,
}: {
  label: string;
  /** Across both columns. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "md:col-span-2" : undefined}>
      <dt className="inline font-medium">{label}: </dt>
      <dd className="inline wrap-anywhere">{children}</dd>
    </div>
  );
}

/** An order a credit names, linked to its page, with its customer and total. */
function NamedOrder({ order }: { order: Conflict["utrOrder"] }) {
  return (
    <>
      <Link to={`/admin/order/${order.number}`} className="font-semibold text-brand-700 underline">
        #{order.number}
      </Link>{" "}
      ({order.customerName}, {formatPaise(order.totalPaise)})
    </>
  );
}

/**
 * The credits whose UTR is on one order and whose narration names another's reference, each
 * a card (readable at any width) with both orders and a choice of the two, "Neither" chosen
 * first. An order whose total is not the credit's amount cannot be chosen.
 */
function ConflictRows({ conflicts }: { conflicts: Conflict[] }) {
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby="conflicts-title" className="mt-6">
      <h3 id="conflicts-title" className="text-base font-semibold text-slate-900">
        Credits that name two orders
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Neither order is marked unless you choose one: check both orders first.
      </p>
      <ul className="mt-3 space-y-3">
        {conflicts.map((conflict, index) => {
          const { credit, utrOrder, referenceOrder } = conflict;
          const amount = formatPaise(credit.amountPaise);
          return (
            <li
              key={credit.line}
              className="rounded-xl border border-warning-700/30 bg-warning-50 p-4"
              data-testid="conflict-row"
            >
              <p className="flex items-start gap-1.5 font-semibold text-warning-700">
                <TriangleAlert className="mt-1 size-4 shrink-0" aria-hidden="true" />
                {conflict.reason}
              </p>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-slate-700 md:grid-cols-2">
                <Detail label="Credit">
                  {amount} on {statementDay(credit.date)} (line {credit.line})
                </Detail>
                <Detail label="UTR">
                  <span className="font-mono text-xs">{credit.reference}</span>
                  {credit.lineId ? `, bank line id ${credit.lineId}` : null}
                </Detail>
                <Detail label="UTR given with order">
                  <NamedOrder order={utrOrder} />
                </Detail>
                <Detail label="Narration names order">
                  <NamedOrder order={referenceOrder} />
                </Detail>
                <Detail label="Narration" wide>
                  {credit.narration}
                </Detail>
              </dl>
              <input
                type="hidden"
                name={`conflict-${index}`}
                value={encodeConflict({
                  reference: credit.reference ?? "",
                  lineId: credit.lineId,
                  amountPaise: credit.amountPaise,
                  creditedOn: credit.date,
                  narration: credit.narration,
                  utrOrder: utrOrder.number,
                  referenceOrder: referenceOrder.number,
                })}
              />
              <fieldset className="mt-3">
                <legend className="text-sm font-semibold text-slate-900">
                  Mark the credit of {amount} on line {credit.line} paid for
                </legend>
                <div className="flex flex-wrap gap-x-6">
                  <label className="flex min-h-11 cursor-pointer items-center gap-2">
                    <input
                      type="radio"
                      name={`choose-${index}`}
                      value=""
                      defaultChecked
                      className="size-5"
                    />
                    Neither
                  </label>
                  {[utrOrder, referenceOrder].map((order) => {
                    const fits = order.totalPaise === credit.amountPaise;
                    return (
                      <label
                        key={order.number}
                        className={`flex min-h-11 items-center gap-2 ${fits ? "cursor-pointer" : "text-slate-600"}`}
                      >
                        <input
                          type="radio"
                          name={`choose-${index}`}
                          value={order.number}
                          disabled={!fits}
                          className="size-5"
                        />
                        Order #{order.number}
                        {fits ? null : " (not this amount)"}
                      </label>
                    );
                  })}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function UnmatchedCredits({ unmatched }: { unmatched: Unmatched[] }) {
  if (unmatched.length === 0) return null;
  return (
    <section aria-labelledby="unmatched-title">
      <h3 id="unmatched-title" className="text-base font-semibold text-slate-900">
        Credits not matched
      </h3>
      <ResultTable
        label="Credits not matched"
        total={unmatched.length}
        noun={["credit not matched", "credits not matched"]}
        emptyText=""
        minWidth="56rem"
        headers={
          <>
            <Th priority="secondary">Line</Th>
            <CreditHeaders />
            <Th>Why not</Th>
          </>
        }
      >
        {unmatched.map(({ credit, reason }) => (
          <tr key={credit.line} data-testid="unmatched-row">
            <td className="px-4 py-3 max-sm:hidden">{credit.line}</td>
            <CreditCells credit={credit} />
            <td className="px-4 py-3">{reason}</td>
          </tr>
        ))}
      </ResultTable>
    </section>
  );
}

function Preview({ preview }: { preview: StatementPreview }) {
  const { columns, problems, matches, conflicts } = preview;
  const read = [columns.date, columns.amount, columns.reference, columns.narration].filter(Boolean);
  return (
    <section
      aria-labelledby="preview-title"
      className="space-y-6 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div>
        <h2 id="preview-title" className="text-lg font-semibold text-slate-900">
          2. Check the matches and confirm
        </h2>
        <p className="mt-1 text-sm text-slate-700" role="status">
          {preview.creditCount === 1 ? "1 credit" : `${preview.creditCount} credits`} read for{" "}
          {preview.pendingCount === 1
            ? "1 order waiting for payment"
            : `${preview.pendingCount} orders waiting for payment`}
          : {matches.length} matched
          {conflicts.length > 0 ? `, ${conflicts.length} naming two orders` : ""}. Nothing is marked
          paid until you confirm.
        </p>
        <p className="mt-1 text-sm text-slate-600">Columns read: {read.join(", ")}.</p>
      </div>
      {problems.length > 0 ? (
        <div className="rounded-lg border border-warning-700/30 bg-warning-50 p-4 text-sm text-warning-700">
          <h3 className="font-semibold">Lines that could not be read</h3>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem.line}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ConfirmMatches
        key={[
          ...matches.map((x) => `${x.credit.line}:${x.order.number}`),
          ...conflicts.map(
            (x) => `${x.credit.line}:${x.utrOrder.number}/${x.referenceOrder.number}`,
          ),
        ].join(",")}
        matches={matches}
        conflicts={conflicts}
      />
      <UnmatchedCredits unmatched={preview.unmatched} />
    </section>
  );
}

function Results({ outcome, message }: { outcome: ConfirmOutcome; message?: string }) {
  return (
    <section
      aria-labelledby="results-title"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="results-title" className="text-lg font-semibold text-slate-900">
        Result
      </h2>
      <FormAlert message={message} tone={outcome.marked.length > 0 ? "success" : "error"} />
      {outcome.marked.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
          {outcome.marked.map((x) => (
            <li key={x.order}>
              <Link
                to={`/admin/order/${x.order}`}
                className="font-semibold text-brand-700 underline"
              >
                Order #{x.order}
              </Link>{" "}
              paid: {formatPaise(x.amountPaise)}, UTR {x.reference} ({m.notePhrases[x.by]})
            </li>
          ))}
        </ul>
      ) : null}
      {outcome.refused.length > 0 ? (
        <>
          <h3 className="text-base font-semibold text-slate-900">Not marked</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {outcome.refused.map((x) => (
              <li key={`${x.order}-${x.reference}`}>
                <Link
                  to={`/admin/order/${x.order}`}
                  className="font-semibold text-brand-700 underline"
                >
                  Order #{x.order}
                </Link>{" "}
                (UTR {x.reference}): {x.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export default function OrderReconcile({ loaderData, actionData }: Route.ComponentProps) {
  const failure = actionData && !actionData.ok ? actionData : undefined;
  useFailureToast(failure, failureMessages);
  const found = actionData?.ok ? (actionData.result as Found | undefined) : undefined;
  const preview = found?.preview;
  const outcome = found?.outcome;
  const confirmFailure = failure?.values.intent === "confirm" ? failure : undefined;
  const { pendingCount } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <Link to="/admin/order" className="text-sm font-semibold text-brand-700 underline">
          ← Orders
        </Link>
        <h1 className="mt-2 text-2xl font-bold text-slate-900">Payment reconciliation</h1>
        <p className="mt-1 max-w-3xl text-slate-700">
          Match the credits of the bank's statement to the{" "}
          {pendingCount === 1 ? "1 order" : `${pendingCount} orders`} waiting for payment: by the
          UTR the customer gave, by the order's reference in the narration, or by the amount on the
          order's day. Nothing is marked paid until you confirm.
        </p>
      </div>
      {outcome ? (
        <Results outcome={outcome} message={actionData?.ok ? actionData.message : undefined} />
      ) : null}
      {confirmFailure ? (
        <FormAlert
          message={confirmFailure.formError ?? Object.values(confirmFailure.fieldErrors)[0]}
        />
      ) : null}
      <UploadForm failure={confirmFailure ? undefined : failure} />
      {preview ? <Preview preview={preview} /> : null}
    </div>
  );
}

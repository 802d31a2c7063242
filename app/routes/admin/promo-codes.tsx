import { PowerOff, RotateCcw, TicketPercent } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { DialogActions, rowButtonClass } from "~/components/admin/admin-list";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { promoAdminMessages as a } from "~/features/orders/promo-admin.messages";
import {
  getPromoCode,
  listPromoCodes,
  savePromoCode,
  setPromoCodeActive,
} from "~/features/orders/promo-admin.server";
import {
  indiaDayInput,
  promoFormSchema,
  promoListSchema,
} from "~/features/orders/promo-form.schema";
import { loadAdminList } from "~/lib/admin-list.server";
import { NotFound } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { formatDate } from "~/lib/format";
import { formatPaise, paiseToRupeeInput } from "~/lib/money";
import { recordIdSchema } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/promo-codes";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Promo codes · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, promoListSchema, ({ db, query, editId }) => ({
    list: listPromoCodes(db, query),
    editing: editId ? getPromoCode(db, editId) : null,
  }));
}

/** The code an edit, deactivation or reactivation is about. */
const promoIdSchema = z.object({ promoId: recordIdSchema });

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

/** Add, edit, deactivate and reactivate; codes are never deleted (orders refer to them). */
export const action = formAction({ guard: "admin" }, (intent) => {
  const activate = (active: boolean) =>
    intent({
      schema: promoIdSchema,
      invalid: notFoundIfInvalid(a.promoNotFound),
      async run({ data, actor, context }) {
        await setPromoCodeActive(context.db, { id: data.promoId, active }, actor);
      },
      success: active ? a.promoReactivated : a.promoDeactivated,
    });
  return {
    add: intent({
      schema: promoFormSchema,
      async run({ data, actor, context }) {
        await savePromoCode(context.db, { ...data, id: null }, actor);
        return { message: a.promoAdded(data.code) };
      },
    }),
    edit: intent({
      schema: promoFormSchema.and(promoIdSchema),
      check(values) {
        if (!recordIdSchema.safeParse(values.promoId).success) throw new NotFound(a.promoNotFound);
      },
      async run({ data, actor, context }) {
        await savePromoCode(context.db, { ...data, id: data.promoId }, actor);
        return { message: a.promoUpdated(data.code) };
      },
    }),
    deactivate: activate(false),
    reactivate: activate(true),
  };
});

type LoaderData = Route.ComponentProps["loaderData"];
type PromoRow = LoaderData["list"]["rows"][number];

const kindOptions = [
  { value: "percent", label: "Percent off" },
  { value: "fixed", label: "Amount off (₹)" },
];

/** The amount as the form shows it back: a percentage, or rupees like the other money fields. */
const amountInput = (promo: NonNullable<LoaderData["editing"]>) =>
  promo.kind === "percent" ? String(promo.amount) : paiseToRupeeInput(promo.amount);

function PromoDialog({
  promo,
  actionData,
  closeHref,
}: {
  promo: LoaderData["editing"];
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
}) {
  const form = useValidatedForm(promoFormSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const v = form.value;
  const e = form.errors;
  return (
    <UrlDialog
      title={promo ? `Edit promo code ${promo.code}` : "Add promo code"}
      closeHref={closeHref}
    >
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value={promo ? "edit" : "add"} />
        {promo ? <input type="hidden" name="promoId" value={promo.id} /> : null}
        <Field
          label="Code"
          name="code"
          required
          maxLength={20}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          hint="Letters and digits; shoppers may type it in any case."
          defaultValue={v("code", promo?.code)}
          error={e.code}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Discount type"
            name="kind"
            options={[{ value: "", label: "Choose…" }, ...kindOptions]}
            defaultValue={v("kind", promo?.kind)}
            error={e.kind}
          />
          <Field
            label="Discount"
            name="amount"
            inputMode="decimal"
            required
            hint="Percent off: 1 to 100. Amount off: rupees, such as 500."
            defaultValue={v("amount", promo ? amountInput(promo) : undefined)}
            error={e.amount}
          />
        </div>
        <Field
          label="Minimum subtotal (₹)"
          name="minSubtotal"
          inputMode="decimal"
          hint="Blank: any cart may use it."
          defaultValue={v(
            "minSubtotal",
            promo && promo.minSubtotalPaise > 0 ? paiseToRupeeInput(promo.minSubtotalPaise) : "",
          )}
          error={e.minSubtotal}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First day"
            name="startsOn"
            type="date"
            hint="From 00:00 India time. Blank: from now."
            defaultValue={v("startsOn", indiaDayInput(promo?.startsAt))}
            error={e.startsOn}
          />
          <Field
            label="Last day"
            name="endsOn"
            type="date"
            hint="Until midnight India time. Blank: no end."
            defaultValue={v("endsOn", indiaDayInput(promo?.endsAt))}
            error={e.endsOn}
          />
        </div>
        <Field
          label="Usage limit"
          name="usageLimit"
          inputMode="numeric"
          hint={
            promo
              ? `How many orders may use it; blank: no limit. ${a.usedSoFar(promo.uses)}`
              : "How many orders may use it; blank: no limit."
          }
          defaultValue={v("usageLimit", promo?.usageLimit)}
          error={e.usageLimit}
        />
        <DialogActions
          closeHref={closeHref}
          submitLabel={promo ? "Save" : "Add promo code"}
          busy={busy}
        />
      </Form>
    </UrlDialog>
  );
}

/** Deactivate (after confirmation: shoppers are refused the code at once) or reactivate. */
function ActiveButton({ promo }: { promo: PromoRow }) {
  return (
    <ConfirmForm
      confirmLabel="Deactivate"
      danger
      question={
        promo.active
          ? `Deactivate ${promo.code}? Shoppers will no longer be able to use it.`
          : () => null
      }
    >
      <input type="hidden" name="intent" value={promo.active ? "deactivate" : "reactivate"} />
      <input type="hidden" name="promoId" value={promo.id} />
      <button
        type="submit"
        className={rowButtonClass}
        aria-label={`${promo.active ? "Deactivate" : "Reactivate"} ${promo.code}`}
      >
        {promo.active ? (
          <PowerOff className="size-4 text-danger-700" aria-hidden="true" />
        ) : (
          <RotateCcw className="size-4" aria-hidden="true" />
        )}
      </button>
    </ConfirmForm>
  );
}

/** "Always", "From 1 Nov 2026", "Until 30 Nov 2026" or "1 Nov 2026 to 30 Nov 2026". */
function validity(row: PromoRow): string {
  const from = row.startsAt ? formatDate(new Date(row.startsAt)) : null;
  const until = row.endsAt ? formatDate(new Date(row.endsAt)) : null;
  if (from && until) return `${from} to ${until}`;
  if (from) return `From ${from}`;
  if (until) return `Until ${until}`;
  return "Always";
}

const promoColumns: Column<PromoRow>[] = [
  {
    header: "Code",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => row.code,
  },
  { header: "Discount", cell: (row) => a.discount(row.kind, row.amount) },
  {
    header: "Minimum",
    priority: "secondary",
    cell: (row) => (row.minSubtotalPaise > 0 ? formatPaise(row.minSubtotalPaise) : "None"),
  },
  {
    header: "Valid",
    priority: "secondary",
    className: "px-4 py-3 whitespace-nowrap text-slate-700",
    cell: validity,
  },
  { header: "Uses", priority: "secondary", cell: (row) => a.uses(row.uses, row.usageLimit) },
  {
    header: "Status",
    cell: (row) => (
      <span
        className={`rounded-full px-2.5 py-1 text-xs font-semibold ${row.active ? "bg-success-50 text-success-700" : "bg-slate-100 text-slate-700"}`}
      >
        {row.active ? "Active" : "Inactive"}
      </span>
    ),
  },
];

export default function AdminPromoCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, editing, adding, closeHref } = loaderData;
  return (
    <AdminResourcePage
      title="Promo codes"
      add={{ label: "Add promo code", icon: TicketPercent }}
      filters={
        <>
          <Field
            label="Search by code"
            name="q"
            type="search"
            defaultValue={query.q}
            className="min-w-56 flex-1"
          />
          <SelectField
            label="Status"
            name="status"
            options={[
              { value: "", label: "All codes" },
              { value: "active", label: "Active" },
              { value: "inactive", label: "Inactive" },
            ]}
            defaultValue={query.status ?? ""}
            className="w-40"
          />
        </>
      }
      filtered={Boolean(query.q || query.status)}
      baseHref="/admin/promo"
      list={list}
      noun={["promo code", "promo codes"]}
      emptyText={
        query.q || query.status
          ? "No promo codes match these filters."
          : "No promo codes yet: the cart accepts none until you add one."
      }
      minWidth="48rem"
      columns={promoColumns}
      rowKey={(row) => row.id}
      rowName={(row) => row.code}
      rowTestId="promo-row"
      editKey={(row) => String(row.id)}
      rowActions={(row) => <ActiveButton promo={row} />}
      actionData={actionData}
      failureMessages={a.failed}
      dialog={
        adding || editing ? (
          <PromoDialog promo={editing} actionData={actionData} closeHref={closeHref} />
        ) : null
      }
    />
  );
}

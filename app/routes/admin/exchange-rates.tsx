import { Recycle } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { DialogActions } from "~/components/admin/admin-list";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { UrlDialog } from "~/components/ui/dialog";
import { Field, SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { productCategories } from "~/db/schema/enums";
import { categoryLabels } from "~/features/catalog/catalog.options";
import {
  deleteExchangeRate,
  getExchangeRate,
  listExchangeRates,
  saveExchangeRate,
} from "~/features/purchase/exchange.server";
import { purchaseAdminMessages as a } from "~/features/purchase/purchase.messages";
import {
  exchangeRateFormSchema,
  purchaseAdminListSchema,
} from "~/features/purchase/purchase.schema";
import { loadAdminList } from "~/lib/admin-list.server";
import { NotFound } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { formatCapacity } from "~/lib/format";
import { formatPaise, paiseToRupeeInput } from "~/lib/money";
import { recordIdSchema } from "~/lib/record-id";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/exchange-rates";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Exchange prices · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, purchaseAdminListSchema, ({ db, query, editId }) => ({
    list: listExchangeRates(db, query),
    editing: editId ? getExchangeRate(db, editId) : null,
  }));
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "admin" }, (intent) => ({
  add: intent({
    schema: exchangeRateFormSchema,
    async run({ data, actor, context }) {
      await saveExchangeRate(context.db, { ...data, id: null }, actor);
    },
    success: a.rateAdded,
  }),
  edit: intent({
    schema: exchangeRateFormSchema.and(z.object({ rateId: recordIdSchema })),
    check(values) {
      if (!recordIdSchema.safeParse(values.rateId).success) throw new NotFound(a.rateNotFound);
    },
    async run({ data, actor, context }) {
      await saveExchangeRate(context.db, { ...data, id: data.rateId }, actor);
    },
    success: a.rateUpdated,
  }),
  delete: intent({
    schema: z.object({ rateId: recordIdSchema }),
    invalid: notFoundIfInvalid(a.rateNotFound),
    async run({ data, actor, context }) {
      await deleteExchangeRate(context.db, { id: data.rateId }, actor);
    },
    success: a.rateDeleted,
  }),
}));

type LoaderData = Route.ComponentProps["loaderData"];
type RateRow = LoaderData["list"]["rows"][number];

function RateDialog({
  rate,
  actionData,
  closeHref,
}: {
  rate: LoaderData["editing"];
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
}) {
  const form = useValidatedForm(exchangeRateFormSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const v = form.value;
  const e = form.errors;
  return (
    <UrlDialog title={rate ? "Edit exchange price" : "Add exchange price"} closeHref={closeHref}>
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value={rate ? "edit" : "add"} />
        {rate ? <input type="hidden" name="rateId" value={rate.id} /> : null}
        <SelectField
          label="Category"
          name="category"
          options={[
            { value: "", label: "Choose…" },
            ...productCategories.map((c) => ({ value: c, label: categoryLabels[c] })),
          ]}
          defaultValue={v("category", rate?.category)}
          error={e.category}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="From capacity (Ah)"
            name="minCapacityAh"
            inputMode="numeric"
            required
            defaultValue={v("minCapacityAh", rate?.minCapacityAh)}
            error={e.minCapacityAh}
          />
          <Field
            label="To capacity (Ah)"
            name="maxCapacityAh"
            inputMode="numeric"
            required
            defaultValue={v("maxCapacityAh", rate?.maxCapacityAh)}
            error={e.maxCapacityAh}
          />
        </div>
        <Field
          label="Credit for the old battery (₹)"
          name="credit"
          inputMode="decimal"
          required
          hint="Taken off the price of each battery when the customer returns an old one."
          defaultValue={v("credit", rate ? paiseToRupeeInput(rate.creditPaise) : undefined)}
          error={e.credit}
        />
        <DialogActions
          closeHref={closeHref}
          submitLabel={rate ? "Save" : "Add exchange price"}
          busy={busy}
        />
      </Form>
    </UrlDialog>
  );
}

const band = (row: RateRow) =>
  `${categoryLabels[row.category]} ${formatCapacity(row.minCapacityAh)} to ${formatCapacity(row.maxCapacityAh)}`;

const rateColumns: Column<RateRow>[] = [
  {
    header: "Category",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => categoryLabels[row.category],
  },
  {
    header: "Capacity",
    cell: (row) => `${formatCapacity(row.minCapacityAh)} to ${formatCapacity(row.maxCapacityAh)}`,
  },
  { header: "Credit", cell: (row) => formatPaise(row.creditPaise) },
];

export default function AdminExchangeRates({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, editing, adding, closeHref } = loaderData;
  return (
    <AdminResourcePage
      title="Exchange prices"
      add={{ label: "Add exchange price", icon: Recycle }}
      filters={
        <SelectField
          label="Category"
          name="category"
          options={[
            { value: "", label: "All categories" },
            ...productCategories.map((c) => ({ value: c, label: categoryLabels[c] })),
          ]}
          defaultValue={query.category ?? ""}
          className="w-48"
        />
      }
      filtered={Boolean(query.category)}
      baseHref="/admin/exchange"
      list={list}
      noun={["exchange price", "exchange prices"]}
      emptyText="No exchange prices yet: shoppers see one price until you add some."
      minWidth="32rem"
      columns={rateColumns}
      rowKey={(row) => row.id}
      rowName={band}
      rowTestId="exchange-row"
      editKey={(row) => String(row.id)}
      deleteRow={(row) => ({
        question: `Delete the exchange price for ${band(row)}?`,
        hidden: { rateId: row.id },
      })}
      actionData={actionData}
      failureMessages={a.rateFailed}
      dialog={
        adding || editing ? (
          <RateDialog rate={editing} actionData={actionData} closeHref={closeHref} />
        ) : null
      }
    />
  );
}

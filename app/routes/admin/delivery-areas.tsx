import { Truck } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { DialogActions } from "~/components/admin/admin-list";
import { AdminResourcePage, type Column } from "~/components/admin/resource-page";
import { UrlDialog } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import {
  deleteDeliveryArea,
  getDeliveryArea,
  listDeliveryAreas,
  saveDeliveryArea,
} from "~/features/purchase/delivery.server";
import { purchaseAdminMessages as a } from "~/features/purchase/purchase.messages";
import {
  deliveryAreaFormSchema,
  purchaseAdminListSchema,
} from "~/features/purchase/purchase.schema";
import { loadAdminList } from "~/lib/admin-list.server";
import { NotFound } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { passHeaders } from "~/lib/route-headers";
import { pageTitle } from "~/root";
import type { Route } from "./+types/delivery-areas";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Delivery areas · Admin") },
];

export function loader(args: Route.LoaderArgs) {
  return loadAdminList(args, purchaseAdminListSchema, ({ db, query, editKey }) => {
    const prefix = deliveryAreaFormSchema.shape.prefix.safeParse(editKey);
    return {
      list: listDeliveryAreas(db, query),
      editing: prefix.success ? getDeliveryArea(db, prefix.data) : null,
    };
  });
}

/** The area being edited, as its prefix was when the dialog opened. */
const currentSchema = z.object({ current: deliveryAreaFormSchema.shape.prefix });

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "admin" }, (intent) => ({
  add: intent({
    schema: deliveryAreaFormSchema,
    async run({ data, actor, context }) {
      await saveDeliveryArea(context.db, { ...data, current: null }, actor);
    },
    success: a.areaAdded,
  }),
  edit: intent({
    schema: deliveryAreaFormSchema.and(currentSchema),
    check(values) {
      if (!currentSchema.safeParse(values).success) throw new NotFound(a.areaNotFound);
    },
    async run({ data, actor, context }) {
      await saveDeliveryArea(context.db, data, actor);
    },
    success: a.areaUpdated,
  }),
  delete: intent({
    schema: currentSchema,
    invalid: notFoundIfInvalid(a.areaNotFound),
    async run({ data, actor, context }) {
      await deleteDeliveryArea(context.db, { prefix: data.current }, actor);
    },
    success: a.areaDeleted,
  }),
}));

type LoaderData = Route.ComponentProps["loaderData"];
type AreaRow = LoaderData["list"]["rows"][number];

function AreaDialog({
  area,
  actionData,
  closeHref,
}: {
  area: LoaderData["editing"];
  actionData: Route.ComponentProps["actionData"];
  closeHref: string;
}) {
  const form = useValidatedForm(deliveryAreaFormSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const v = form.value;
  const e = form.errors;
  return (
    <UrlDialog
      title={area ? `Edit delivery to ${area.prefix}` : "Add delivery area"}
      closeHref={closeHref}
    >
      <Form method="post" noValidate onSubmit={form.onSubmit} className="space-y-4">
        <FormAlert message={form.formError} />
        <input type="hidden" name="intent" value={area ? "edit" : "add"} />
        {area ? <input type="hidden" name="current" value={area.prefix} /> : null}
        <Field
          label="Pincode or its first digits"
          name="prefix"
          inputMode="numeric"
          required
          maxLength={6}
          hint="380 covers every pincode starting 380; a whole pincode such as 380015 overrides it."
          defaultValue={v("prefix", area?.prefix)}
          error={e.prefix}
        />
        <Field
          label="City"
          name="city"
          required
          maxLength={60}
          defaultValue={v("city", area?.city)}
          error={e.city}
        />
        <Field
          label="Delivery time (days)"
          name="days"
          inputMode="numeric"
          required
          defaultValue={v("days", area?.days)}
          error={e.days}
        />
        <DialogActions
          closeHref={closeHref}
          submitLabel={area ? "Save" : "Add delivery area"}
          busy={busy}
        />
      </Form>
    </UrlDialog>
  );
}

const areaColumns: Column<AreaRow>[] = [
  {
    header: "Pincodes",
    className: "px-4 py-3 font-medium text-slate-900",
    cell: (row) => (row.prefix.length === 6 ? row.prefix : `${row.prefix}…`),
  },
  { header: "City", cell: (row) => row.city },
  { header: "Delivery", cell: (row) => (row.days === 1 ? "1 day" : `${row.days} days`) },
];

export default function AdminDeliveryAreas({ loaderData, actionData }: Route.ComponentProps) {
  const { list, query, editing, adding, closeHref } = loaderData;
  return (
    <AdminResourcePage
      title="Delivery areas"
      add={{ label: "Add delivery area", icon: Truck }}
      filters={
        <Field
          label="Search by pincode or city"
          name="q"
          type="search"
          defaultValue={query.q}
          className="min-w-56 flex-1"
        />
      }
      filtered={Boolean(query.q)}
      baseHref="/admin/delivery"
      list={list}
      noun={["delivery area", "delivery areas"]}
      emptyText="No delivery areas: the product page says the store does not deliver anywhere yet."
      minWidth="32rem"
      columns={areaColumns}
      rowKey={(row) => row.prefix}
      rowName={(row) => `delivery to ${row.prefix}`}
      rowTestId="delivery-row"
      editKey={(row) => row.prefix}
      deleteRow={(row) => ({
        question: `Delete the delivery area ${row.prefix} (${row.city})?`,
        hidden: { current: row.prefix },
      })}
      actionData={actionData}
      failureMessages={a.areaFailed}
      dialog={
        adding || editing ? (
          <AreaDialog area={editing} actionData={actionData} closeHref={closeHref} />
        ) : null
      }
    />
  );
}

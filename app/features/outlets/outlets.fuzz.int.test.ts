import { outletCategories } from "~/db/schema/enums";
import { categoryField, dayField } from "~/features/outlets/outlet-form.schema";
import * as outlets from "~/routes/admin/outlets";
import * as dealers from "~/routes/site/dealers";
import * as service from "~/routes/site/service-centres";
import { createOutlet } from "../../../tests/factories";
import { fuzzForms } from "../../../tests/helpers/fuzz";

/** The admin outlet form, filled in: open Monday to Saturday, for every category. */
const outletFields = {
  name: "Urja Battery Point",
  address: "14 Ashram Road, Navrangpura",
  city: "Ahmedabad",
  state: "Gujarat",
  pincode: "380009",
  location: "23.0365, 72.5611",
  phone: "+91 98250 12345",
  email: "point@example.in",
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((day) => [dayField(day), "on"])),
  opensAt: "09:30",
  closesAt: "19:00",
  ...Object.fromEntries(outletCategories.map((category) => [categoryField(category), "on"])),
  bookingCapacity: "3",
  active: "on",
};

fuzzForms(
  "dealer and service centre forms",
  async ({ t }) => {
    const dealer = await createOutlet(t, { kind: "dealer" });
    const centre = await createOutlet(t, { kind: "service_centre" });
    const gone = await createOutlet(t, { kind: "dealer" });
    return { dealerId: String(dealer.id), centreId: String(centre.id), goneId: String(gone.id) };
  },
  [
    {
      name: "admin: the dealer list's search (GET)",
      loader: outlets.loader,
      as: "admin",
      path: "/admin/dealer",
      fields: () => ({ name: "Urja", city: "Ahmedabad", filter: "1", page: "1" }),
    },
    ...[
      { name: "dealers", loader: dealers.loader, path: "/dealer" },
      { name: "service centres", loader: service.loader, path: "/service" },
    ].map(({ name, loader, path }) => ({
      name: `find ${name} (GET)`,
      loader,
      as: "visitor" as const,
      path,
      fields: ({ centreId }: { centreId: string }) => ({
        pincode: "380009",
        city: "Ahmedabad",
        category: "car",
        sort: "distance",
        near: "23.03, 72.56",
        page: "1",
        book: centreId,
        date: "2026-12-01",
      }),
    })),
    {
      name: "admin: add a dealer",
      action: outlets.action,
      as: "admin",
      path: "/admin/dealer",
      intent: "add",
      fields: () => outletFields,
    },
    {
      name: "admin: edit a service centre",
      action: outlets.action,
      as: "admin",
      path: "/admin/service",
      intent: "edit",
      fields: ({ centreId }) => ({ ...outletFields, outletId: centreId }),
    },
    {
      name: "admin: delete a dealer",
      action: outlets.action,
      as: "admin",
      path: "/admin/dealer",
      intent: "delete",
      fields: ({ goneId }) => ({ outletId: goneId }),
    },
  ],
);

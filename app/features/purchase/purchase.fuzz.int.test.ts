import { exchangeRates } from "~/db/schema";
import * as areas from "~/routes/admin/delivery-areas";
import * as rates from "~/routes/admin/exchange-rates";
import { createDeliveryArea } from "../../../tests/factories";
import { fuzzForms } from "../../../tests/helpers/fuzz";

let prefixes = 100;
/** A prefix of its own for each run's new area (one area a prefix). */
async function nextPrefix() {
  prefixes += 1;
  return { prefix: String(prefixes) };
}

const rateFields = { category: "car", minCapacityAh: "30", maxCapacityAh: "65", credit: "1,200" };

fuzzForms(
  "exchange price and delivery area forms",
  async ({ t }) => {
    const [rate] = await t.db
      .insert(exchangeRates)
      .values({ category: "bike", minCapacityAh: 1, maxCapacityAh: 20, creditPaise: 30_000 })
      .returning();
    await createDeliveryArea(t, { prefix: "380", city: "Ahmedabad" });
    await createDeliveryArea(t, { prefix: "395", city: "Surat" });
    return { rateId: String(rate?.id) };
  },
  [
    {
      name: "admin: the exchange prices' search (GET)",
      loader: rates.loader,
      as: "admin",
      path: "/admin/exchange",
      fields: () => ({ q: "car", category: "car", page: "1" }),
    },
    {
      name: "admin: the delivery areas' search (GET)",
      loader: areas.loader,
      as: "admin",
      path: "/admin/delivery",
      fields: () => ({ q: "380", page: "1", edit: "380" }),
    },
    {
      name: "admin: add an exchange price",
      action: rates.action,
      as: "admin",
      path: "/admin/exchange",
      intent: "add",
      fields: () => rateFields,
    },
    {
      name: "admin: edit an exchange price",
      action: rates.action,
      as: "admin",
      path: "/admin/exchange",
      intent: "edit",
      fields: ({ rateId }) => ({ ...rateFields, category: "bike", rateId }),
    },
    {
      name: "admin: delete an exchange price",
      action: rates.action,
      as: "admin",
      path: "/admin/exchange",
      intent: "delete",
      fields: ({ rateId }) => ({ rateId }),
    },
    {
      name: "admin: add a delivery area",
      action: areas.action,
      as: "admin",
      path: "/admin/delivery",
      intent: "add",
      prepare: nextPrefix,
      fields: () => ({ prefix: "", city: "Vadodara", days: "2" }),
    },
    {
      name: "admin: edit a delivery area",
      action: areas.action,
      as: "admin",
      path: "/admin/delivery",
      intent: "edit",
      fields: () => ({ current: "380", prefix: "380", city: "Ahmedabad city", days: "1" }),
    },
    {
      name: "admin: delete a delivery area",
      action: areas.action,
      as: "admin",
      path: "/admin/delivery",
      intent: "delete",
      fields: () => ({ current: "395" }),
    },
  ],
);

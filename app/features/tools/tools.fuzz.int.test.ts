import * as health from "~/routes/site/battery-health";
import * as sizing from "~/routes/site/inverter-sizing";
import { createProduct } from "../../../tests/factories";
import { fuzzForms } from "../../../tests/helpers/fuzz";

fuzzForms(
  "battery tools (GET forms)",
  async ({ t }) => {
    await createProduct(t, { category: "inverter", capacityAh: 150, stock: 3 });
    return {};
  },
  [
    {
      name: "battery health check",
      loader: health.loader,
      as: "visitor",
      path: "/battery-health",
      fields: () => ({ voltage: "12.4", temperature: "15" }),
    },
    {
      name: "inverter battery sizing",
      loader: sizing.loader,
      as: "visitor",
      path: "/inverter-sizing",
      fields: () => ({
        appliance1: "ceiling-fan",
        watts1: "",
        count1: "3",
        appliance2: "other",
        name2: "Water purifier",
        watts2: "40",
        count2: "1",
        hours: "4",
        volts: "12",
        dod: "80",
        efficiency: "85",
        pf: "0.8",
      }),
    },
  ],
);

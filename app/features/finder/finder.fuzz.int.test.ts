import * as finder from "~/routes/site/finder";
import { createProduct, createVehicle } from "../../../tests/factories";
import { fuzzForms } from "../../../tests/helpers/fuzz";

fuzzForms(
  "battery finder (a GET form)",
  async ({ t }) => {
    const battery = await createProduct(t);
    await createVehicle(t, [battery.id], { make: "Maruti Suzuki", model: "Swift", year: 2020 });
    return {};
  },
  [
    {
      name: "find the battery for a vehicle",
      loader: finder.loader,
      as: "visitor",
      path: "/findby",
      fields: () => ({
        type: "car",
        make: "Maruti Suzuki",
        model: "Swift",
        year: "2020",
        fuel: "Petrol",
        find: "1",
      }),
    },
  ],
);

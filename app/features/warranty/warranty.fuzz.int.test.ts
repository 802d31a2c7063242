import { moveClaim, raiseClaim } from "~/features/warranty/warranty.server";
import { addDays, indiaDayOf } from "~/lib/india-time";
import * as warrantyList from "~/routes/admin/warranties";
import * as adminWarranty from "~/routes/admin/warranty";
import * as warranty from "~/routes/site/warranty";
import * as claim from "~/routes/site/warranty-claim";
import {
  createOutlet,
  createProduct,
  createWarranty,
  uniqueSerial,
} from "../../../tests/factories";
import { TEST_PUBLIC_URL } from "../../../tests/helpers/app-context";
import { type FuzzWorld, fuzzForms } from "../../../tests/helpers/fuzz";

const today = indiaDayOf(new Date());
const bought = addDays(today, -10);

type Warranties = {
  productId: number;
  centreId: string;
  lookup: { serial: string; mobile: string };
  /** The registration the claim forms post to, made anew for each run. */
  current: { registrationId: number; claimId: number };
};

/** A registration of the shopper's, for the claim form: one open claim per battery. */
async function ownRegistration(world: FuzzWorld<Warranties>) {
  const { t, shopper, productId } = world;
  const registration = await createWarranty(t, {
    productId,
    purchaseDate: bought,
    userId: shopper.id,
  });
  world.current = { registrationId: registration.id, claimId: 0 };
  return {};
}

/** A registration with a claim under inspection, for the admin's claim desk (approve it). */
async function raisedClaim(world: FuzzWorld<Warranties>) {
  await ownRegistration(world);
  const { t, shopper, centreId, current } = world;
  const { claim: raised } = await raiseClaim(
    t.db,
    {
      registrationId: current.registrationId,
      problem: "low_backup",
      details: null,
      centreId: Number(centreId),
      date: null,
      time: null,
      email: shopper.email,
    },
    { by: "owner", userId: shopper.id },
    { publicUrl: TEST_PUBLIC_URL },
  );
  await moveClaim(
    t.db,
    {
      claimId: raised.id,
      to: "inspection",
      note: null,
      outcome: null,
      discountPaise: null,
      rejectReason: null,
    },
    world.admin,
    { publicUrl: TEST_PUBLIC_URL },
  );
  current.claimId = raised.id;
  return { claimId: String(raised.id) };
}

fuzzForms<Warranties>(
  "warranty forms",
  async ({ t }) => {
    const product = await createProduct(t, { onSaleSince: "2020-01-01" });
    const centre = await createOutlet(t, { kind: "service_centre" });
    const registered = await createWarranty(t, {
      productId: product.id,
      purchaseDate: bought,
      mobile: "9876543210",
    });
    return {
      productId: product.id,
      centreId: String(centre.id),
      lookup: { serial: registered.serial, mobile: "98765 43210" },
      current: { registrationId: 0, claimId: 0 },
    };
  },
  [
    {
      name: "admin: the warranty list's search (GET)",
      loader: warrantyList.loader,
      as: "admin",
      path: "/admin/warranties",
      fields: () => ({ q: "Asha", status: "active", page: "1" }),
    },
    {
      name: "register a battery",
      action: warranty.action,
      as: "visitor",
      path: "/warranty",
      intent: "register",
      prepare: async () => ({ serial: uniqueSerial() }),
      fields: ({ productId }) => ({
        serial: "",
        productId: String(productId),
        firstName: "Asha",
        lastName: "Patel",
        pincode: "380009",
        purchaseDate: bought,
        mobile: "+91 98765 43210",
        email: "asha@example.in",
        consent: "on",
      }),
    },
    {
      name: "look up a warranty",
      action: warranty.action,
      as: "visitor",
      path: "/warranty",
      intent: "view",
      fields: ({ lookup }) => lookup,
    },
    {
      name: "raise a claim",
      action: claim.action,
      as: "shopper",
      path: ({ current }) => `/warranty/${current.registrationId}/claim`,
      params: ({ current }) => ({ id: String(current.registrationId) }),
      intent: "claim",
      prepare: ownRegistration,
      fields: ({ centreId, shopper }) => ({
        problem: "other",
        details: "The battery is swollen on one side.",
        centreId,
        date: "",
        time: "",
        email: shopper.email,
      }),
    },
    {
      name: "admin: move a claim",
      action: adminWarranty.action,
      as: "admin",
      path: ({ current }) => `/admin/warranties/${current.registrationId}`,
      params: ({ current }) => ({ id: String(current.registrationId) }),
      intent: "move",
      prepare: raisedClaim,
      fields: () => ({
        claimId: "",
        to: "approved",
        note: "Checked at the centre: one cell is dead.",
        outcome: "pro_rata",
        discount: "1,200",
        rejectReason: "",
      }),
    },
  ],
);

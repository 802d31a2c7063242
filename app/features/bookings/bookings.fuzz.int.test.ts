import { addDays, indiaDayOf } from "~/lib/india-time";
import * as adminBookings from "~/routes/admin/bookings";
import * as account from "~/routes/site/account";
import * as service from "~/routes/site/service-centres";
import { createBooking, createOutlet } from "../../../tests/factories";
import { type FuzzWorld, fuzzForms } from "../../../tests/helpers/fuzz";

const today = indiaDayOf(new Date());
let runs = 0;
/** Another slot for each run (two bookings fill one), on days to come. */
async function nextSlot() {
  runs += 1;
  const hour = 10 + (runs % 8);
  return { date: addDays(today, 2 + Math.floor(runs / 8)), time: `${hour}:00` };
}

type Bookings = { centreId: string; bookingId: string; ownBookingId: string };

/** A booking of the shopper's, requested, for each run: cancelling one leaves nothing to cancel. */
async function ownBooking({ t, shopper, centreId }: FuzzWorld<Bookings>) {
  const slot = await nextSlot();
  const booking = await createBooking(t, {
    outletId: Number(centreId),
    userId: shopper.id,
    ...slot,
  });
  return { bookingId: String(booking.id) };
}

fuzzForms<Bookings>(
  "service booking forms",
  async ({ t, shopper }) => {
    const centre = await createOutlet(t, {
      kind: "service_centre",
      openDays: [1, 2, 3, 4, 5, 6, 7],
    });
    const slot = { date: addDays(today, 1), time: "09:00" };
    const booking = await createBooking(t, { outletId: centre.id, ...slot });
    const own = await createBooking(t, { outletId: centre.id, userId: shopper.id, ...slot });
    return {
      centreId: String(centre.id),
      bookingId: String(booking.id),
      ownBookingId: String(own.id),
    };
  },
  [
    {
      name: "admin: the bookings' filters (GET)",
      loader: adminBookings.loader,
      as: "admin",
      path: "/admin/bookings",
      fields: () => ({ status: "requested", page: "1" }),
    },
    {
      name: "book a service",
      action: service.action,
      as: "visitor",
      path: "/service",
      intent: "book",
      prepare: nextSlot,
      fields: ({ centreId }) => ({
        centreId,
        name: "Asha Patel",
        email: "asha@example.in",
        phone: "+91 98765 43210",
        vehicleModel: "Maruti Swift",
        issue: "low_voltage",
        date: "",
        time: "",
      }),
    },
    {
      name: "account: cancel a booking",
      action: account.action,
      as: "shopper",
      path: "/account",
      intent: "cancelBooking",
      prepare: ownBooking,
      fields: ({ ownBookingId }) => ({ bookingId: ownBookingId }),
    },
    ...(["confirm", "complete", "cancel"] as const).map((intent) => ({
      name: `admin: ${intent} a booking`,
      action: adminBookings.action,
      as: "admin" as const,
      path: "/admin/bookings",
      intent,
      fields: ({ bookingId }: Bookings) => ({ bookingId }),
      control: intent === "confirm",
    })),
  ],
);

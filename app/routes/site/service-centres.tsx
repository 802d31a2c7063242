import { data, Link } from "react-router";
import { z } from "zod";
import { JsonLd } from "~/components/json-ld";
import { type BookedResult, BookingDialog } from "~/components/outlets/booking-dialog";
import { OutletFinder } from "~/components/outlets/outlet-finder";
import { placeNames } from "~/components/site-nav";
import { SpriteIcon } from "~/components/sprite-icon";
import {
  bookingFormNames,
  bookingFormSchema,
  readBookingDraft,
} from "~/features/bookings/booking.schema";
import { bookingMessages as m } from "~/features/bookings/bookings.messages";
import { getBookingSlots, requestBooking } from "~/features/bookings/bookings.server";
import type { HoursTranslator } from "~/features/outlets/hours";
import { outletJsonLd } from "~/features/outlets/outlet-json-ld";
import { readOutletSearch } from "~/features/outlets/outlet-search.schema";
import { searchOutlets } from "~/features/outlets/outlet-search.server";
import { fallbackStore } from "~/features/settings/public-store";
import { NotFound } from "~/lib/errors";
import { formAction } from "~/lib/form-action.server";
import { orNotFound } from "~/lib/http.server";
import { localeOf, pageMessages, serverTranslate } from "~/lib/i18n/catalogue.server";
import { stripLocale } from "~/lib/i18n/locales";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { recordIdSchema } from "~/lib/record-id";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { pageMeta, useRootData } from "~/root";
import type { Route } from "./+types/service-centres";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: msg("Book Service"),
    description: msg(
      "Find a battery service centre by pincode or city and book a service appointment online.",
    ),
  });

/** Days and times in the request's language, for what the booking feature writes itself (a
 * closed day's open days). */
function hoursIn(request: Request): HoursTranslator {
  const locale = localeOf(request);
  const { t } = serverTranslate(locale);
  return Object.assign((source: string) => t(source), { locale });
}

/** The booking dialog's parameters: which centre (?book=), which day (?date=) and, after a
 * "Show times" without JavaScript, the form's other values. */
const dialogParams = ["book", ...bookingFormNames];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = readOutletSearch(url);
  const bookId = url.searchParams.get("book");
  const user = sessionUser(context);
  const closeUrl = new URL(url);
  for (const name of dialogParams) closeUrl.searchParams.delete(name);
  const [result, booking] = await Promise.all([
    searchOutlets(context.db, "service_centre", query),
    bookId === null
      ? null
      : orNotFound(() => {
          const id = recordIdSchema.safeParse(bookId);
          if (!id.success) throw new NotFound(m.centreNotFound);
          return getBookingSlots(
            context.db,
            id.data,
            url.searchParams.get("date"),
            new Date(),
            hoursIn(request),
          );
        }),
  ]);
  const page = {
    query,
    result,
    booking,
    prefill: {
      ...(user ? { name: user.name, email: user.email } : {}),
      ...(bookId === null ? {} : readBookingDraft(url.searchParams)),
    },
    // The router's links add the language's prefix themselves.
    closeHref: `${stripLocale(closeUrl.pathname)}${closeUrl.search}`,
    // The page's own namespaces last: their messages win over another's of the same sentence.
    i18n: pageMessages(request, ["accounts", "places", "outlets", "bookings"]),
  };
  // A malformed pincode: 400, its error shown next to the field.
  return query.pincodeError ? data(page, { status: 400 }) : page;
}

/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction({ guard: "public" }, (intent) => ({
  book: intent({
    schema: bookingFormSchema.and(z.object({ centreId: recordIdSchema })),
    reply: "data",
    async run({ data, actor, request, context }) {
      const input = { ...data, locale: localeOf(request) };
      const booking = await requestBooking(context.db, input, actor, request, {
        publicUrl: context.publicUrl,
        days: hoursIn(request),
      });
      const result: BookedResult = {
        reference: booking.reference,
        centreName: booking.centreName,
        date: booking.date,
        time: booking.time,
        email: booking.email,
        signedIn: actor !== null,
      };
      return { message: m.booked(booking.reference), result };
    },
  }),
}));

export default function ServiceCentres({ loaderData, actionData }: Route.ComponentProps) {
  const { query, result, booking, prefill, closeHref } = loaderData;
  const root = useRootData();
  const tiles = root?.store.map ?? fallbackStore.map;
  const t = useT("outlets");
  const bookHref = (id: number) => {
    const params = new URLSearchParams(closeHref.split("?")[1] ?? "");
    params.set("book", String(id));
    return `?${params}`;
  };
  return (
    <div className="container-page py-8">
      {root && result.rows.length > 0 ? (
        <JsonLd
          data={result.rows.map((row) => outletJsonLd(row, "service_centre", root.publicUrl))}
        />
      ) : null}
      <h1 className="text-3xl font-bold text-slate-900">{t(placeNames.service)}</h1>
      <p className="mt-2 max-w-2xl text-slate-600">
        {t(
          "Battery check-ups, charging and replacement at a service centre near you. Find a centre by pincode or city and book a time that suits you.",
        )}
      </p>
      <OutletFinder
        kind="service_centre"
        query={query}
        result={result}
        tiles={tiles}
        actions={(outlet) => (
          <Link to={bookHref(outlet.id)} preventScrollReset className="btn-primary">
            <SpriteIcon name="calendar-days" className="size-4" /> {t("Book Service")}
            <span className="sr-only">{` ${t("at {name}", { name: outlet.name })}`}</span>
          </Link>
        )}
      />
      {booking ? (
        <BookingDialog
          key={booking.centre.id}
          booking={booking}
          prefill={prefill}
          actionData={actionData}
          closeHref={closeHref}
        />
      ) : null}
    </div>
  );
}

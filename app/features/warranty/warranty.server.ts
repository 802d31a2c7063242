import { createHmac, timingSafeEqual } from "node:crypto";
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  orderEvents,
  orderItems,
  orders,
  outlets,
  products,
  serviceBookings,
  user,
  warrantyClaimEvents,
  warrantyClaims,
  warrantyRegistrations,
} from "~/db/schema";
import type { BookingIssue, ClaimProblem, ClaimStatus } from "~/db/schema/enums";
import { limitPerConnection, type RateRule } from "~/features/accounts/rate-limit.server";
import { recordAudit } from "~/features/audit/audit.server";
import { bookService } from "~/features/bookings/bookings.server";
import { findPincode } from "~/features/places/pincodes.server";
import { NotFound, ValidationError } from "~/lib/errors";
import { distanceKm } from "~/lib/geo";
import type { Locale } from "~/lib/i18n/locales";
import { indiaDayOf } from "~/lib/india-time";
import { paginate } from "~/lib/paginate";
import { readableReference } from "~/lib/reference.server";
import { escapeLike, isUniqueViolation, qualified } from "~/lib/sql.server";
import {
  canMoveClaim,
  claimStatusLabels,
  isOpenClaim,
  nextClaimStatuses,
  type RegistrationStatus,
  registrationStatusOf,
} from "./claim-status";
import { warrantyMessages as m } from "./warranty.messages";
import {
  type ClaimForm,
  type ClaimMove,
  type LookupForm,
  normaliseMobile,
  normaliseSerial,
  type RegistrationForm,
  serialSchema,
  type WarrantyListQuery,
} from "./warranty.schema";
import { daysLeft, warrantyPeriods } from "./warranty-dates";
import { queueClaimNews, queueRegistrationNews } from "./warranty-mail.server";

/** What warranty changes need besides their input: the clock, and the store's address for the
 * links in the owner's mail. */
export type WarrantyOptions = { now?: Date; publicUrl: string };

const registrationColumns = {
  id: warrantyRegistrations.id,
  serial: warrantyRegistrations.serial,
  productId: warrantyRegistrations.productId,
  model: warrantyRegistrations.model,
  warrantyMonths: warrantyRegistrations.warrantyMonths,
  proRataMonths: warrantyRegistrations.proRataMonths,
  purchaseDate: warrantyRegistrations.purchaseDate,
  freeUntil: warrantyRegistrations.freeUntil,
  warrantyUntil: warrantyRegistrations.warrantyUntil,
  firstName: warrantyRegistrations.firstName,
  lastName: warrantyRegistrations.lastName,
  pincode: warrantyRegistrations.pincode,
  mobile: warrantyRegistrations.mobile,
  email: warrantyRegistrations.email,
  userId: warrantyRegistrations.userId,
  consent: warrantyRegistrations.consent,
  consentAt: warrantyRegistrations.consentAt,
  orderId: warrantyRegistrations.orderId,
  orderItemId: warrantyRegistrations.orderItemId,
  replacedAt: warrantyRegistrations.replacedAt,
  locale: warrantyRegistrations.locale,
  createdAt: warrantyRegistrations.createdAt,
};
type RegistrationRow = Pick<
  typeof warrantyRegistrations.$inferSelect,
  keyof typeof registrationColumns
>;

const claimColumns = {
  id: warrantyClaims.id,
  reference: warrantyClaims.reference,
  registrationId: warrantyClaims.registrationId,
  problem: warrantyClaims.problem,
  details: warrantyClaims.details,
  status: warrantyClaims.status,
  outcome: warrantyClaims.outcome,
  discountPaise: warrantyClaims.discountPaise,
  rejectReason: warrantyClaims.rejectReason,
  email: warrantyClaims.email,
  createdAt: warrantyClaims.createdAt,
  centreId: outlets.id,
  centreName: outlets.name,
  centreAddress: outlets.address,
  centreCity: outlets.city,
  centrePhone: outlets.phone,
  bookingReference: serviceBookings.reference,
  bookingDate: serviceBookings.date,
  bookingTime: serviceBookings.time,
  bookingStatus: serviceBookings.status,
};

/** A registration as its owner and the back office see it: the periods, the status and days
 * left on `today`, and its claims (newest first), each with its timeline. */
export type RegistrationView = Awaited<ReturnType<typeof describeRegistrations>>[number];
export type ClaimView = RegistrationView["claims"][number];

/** Adds the status, days left, claims and timelines to registrations, in three queries. */
async function describeRegistrations(
  db: Pick<Db, "select">,
  rows: RegistrationRow[],
  today: string,
) {
  const ids = rows.map((row) => row.id);
  const claims =
    ids.length === 0
      ? []
      : await db
          .select(claimColumns)
          .from(warrantyClaims)
          .innerJoin(outlets, eq(outlets.id, warrantyClaims.outletId))
          .leftJoin(serviceBookings, eq(serviceBookings.id, warrantyClaims.bookingId))
          .where(inArray(warrantyClaims.registrationId, ids))
          .orderBy(desc(warrantyClaims.createdAt), desc(warrantyClaims.id));
  const events =
    claims.length === 0
      ? []
      : await db
          .select({
            claimId: warrantyClaimEvents.claimId,
            fromStatus: warrantyClaimEvents.fromStatus,
            toStatus: warrantyClaimEvents.toStatus,
            note: warrantyClaimEvents.note,
            createdAt: warrantyClaimEvents.createdAt,
            actorName: user.name,
          })
          .from(warrantyClaimEvents)
          .leftJoin(user, eq(user.id, warrantyClaimEvents.actorId))
          .where(
            inArray(
              warrantyClaimEvents.claimId,
              claims.map((claim) => claim.id),
            ),
          )
          .orderBy(asc(warrantyClaimEvents.createdAt), asc(warrantyClaimEvents.id));
  return rows.map((row) => {
    const own = claims
      .filter((claim) => claim.registrationId === row.id)
      .map((claim) => ({
        ...claim,
        status: claim.status as ClaimStatus,
        open: isOpenClaim(claim.status as ClaimStatus),
        booking: claim.bookingReference
          ? {
              reference: claim.bookingReference,
              date: claim.bookingDate as string,
              time: claim.bookingTime as string,
              status: claim.bookingStatus as string,
            }
          : null,
        // Who made each step: the owner raised it; staff (by name) moved it.
        timeline: events
          .filter((event) => event.claimId === claim.id)
          .map(({ actorName, ...event }) => ({
            ...event,
            by: event.fromStatus === null ? "the owner" : (actorName ?? "staff"),
          })),
      }));
    const openClaim = own.some((claim) => claim.open);
    const status: RegistrationStatus = registrationStatusOf(row, openClaim, today);
    return {
      ...row,
      status,
      daysLeft: row.replacedAt ? 0 : daysLeft(row.warrantyUntil, today),
      freeDaysLeft: row.replacedAt ? 0 : daysLeft(row.freeUntil, today),
      inFreePeriod: today <= row.freeUntil,
      /** May its owner raise a claim now? Active, with no claim open. */
      claimable: status === "active",
      claims: own,
    };
  });
}

async function describeOne(db: Pick<Db, "select">, row: RegistrationRow | undefined, now: Date) {
  if (!row) throw new NotFound(m.registrationNotFound);
  const [view] = await describeRegistrations(db, [row], indiaDayOf(now));
  if (!view) throw new NotFound(m.registrationNotFound);
  return view;
}

/** The models a battery can be registered for: every product, active or not (a battery bought
 * years ago may be of a model no longer sold), by model. */
export function listWarrantyModels(db: Db) {
  return db
    .select({
      id: products.id,
      model: products.model,
      brand: products.brand,
      warrantyMonths: products.warrantyMonths,
      proRataMonths: products.proRataMonths,
    })
    .from(products)
    .orderBy(asc(products.model));
}

/**
 * Registers a battery's warranty (tab 1). The model's periods are copied; the purchase date may
 * not be in the future (India's calendar) nor before the model went on sale, and a warranty that
 * has already ended is refused. The serial is unique in the database: of two people registering
 * it at the same moment exactly one wins, the other is told it is registered. The owner's
 * confirmation goes by e-mail (theirs when signed in, or the one given) and, with their consent,
 * by SMS.
 */
export async function registerWarranty(
  db: Db,
  input: RegistrationForm & { locale?: Locale },
  actor: { id: string; email: string } | null,
  options: WarrantyOptions,
): Promise<RegistrationView> {
  const now = options.now ?? new Date();
  const today = indiaDayOf(now);
  const [product] = await db
    .select({
      id: products.id,
      model: products.model,
      warrantyMonths: products.warrantyMonths,
      proRataMonths: products.proRataMonths,
      onSaleSince: products.onSaleSince,
    })
    .from(products)
    .where(eq(products.id, input.productId));
  if (!product) throw new ValidationError(m.productUnknown, { productId: m.productUnknown });
  const dateProblem =
    input.purchaseDate > today
      ? m.purchaseInFuture
      : product.onSaleSince && input.purchaseDate < product.onSaleSince
        ? m.beforeOnSale(product.onSaleSince)
        : null;
  if (dateProblem) throw new ValidationError(dateProblem, { purchaseDate: dateProblem });
  const periods = warrantyPeriods(
    input.purchaseDate,
    product.warrantyMonths,
    product.proRataMonths,
  );
  if (periods.warrantyUntil < today) {
    throw new ValidationError(m.warrantyEnded, { purchaseDate: m.warrantyEnded });
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(warrantyRegistrations)
        .values({
          serial: input.serial,
          productId: product.id,
          model: product.model,
          warrantyMonths: product.warrantyMonths,
          proRataMonths: product.proRataMonths,
          purchaseDate: input.purchaseDate,
          ...periods,
          firstName: input.firstName,
          lastName: input.lastName,
          pincode: input.pincode,
          mobile: input.mobile,
          email: input.email ?? actor?.email ?? null,
          userId: actor?.id ?? null,
          consent: input.consent,
          consentAt: input.consent ? now : null,
          locale: input.locale ?? "en",
        })
        .returning(registrationColumns);
      const view = await describeOne(tx, row, now);
      await queueRegistrationNews(tx, [view], options.publicUrl);
      return view;
    });
  } catch (error) {
    if (isUniqueViolation(error, "warranty_registrations_serial_unique")) {
      throw new ValidationError(m.serialTaken, { serial: m.serialTaken });
    }
    throw error;
  }
}

/** Registrations one connection may make in an hour: a family registers a few batteries (a
 * dealer's are registered from the store's orders); a script that would claim serials or mail
 * strangers is stopped (counted in the database, shared by all app processes). */
export const registrationsPerIp: RateRule = { limit: 10, windowSeconds: 60 * 60 };

/** "Register" from a visitor's browser: counted against their connection first, then registered. */
export async function requestWarrantyRegistration(
  db: Db,
  input: RegistrationForm & { locale?: Locale },
  actor: { id: string; email: string } | null,
  client: { headers: Headers },
  options: WarrantyOptions,
): Promise<RegistrationView> {
  await limitPerConnection(
    db,
    "warranty-register",
    registrationsPerIp,
    client,
    m.tooManyRegistrations,
  );
  return registerWarranty(db, input, actor, options);
}

/** Look-ups one connection may make in 15 minutes: an owner mistypes a few; a script guessing
 * serials and numbers is stopped (counted in the database, shared by all app processes). */
export const lookupsPerIp: RateRule = { limit: 10, windowSeconds: 15 * 60 };

/**
 * "View Registered Battery": the registration whose serial and mobile both match. Whichever is
 * wrong, the answer is the same sentence after the same single indexed query, so a look-up never
 * tells that a serial exists. Counted per connection first.
 */
export async function lookupWarranty(
  db: Db,
  input: LookupForm,
  client: { headers: Headers },
  options: { now?: Date } = {},
): Promise<RegistrationView> {
  await limitPerConnection(db, "warranty-lookup", lookupsPerIp, client, m.tooManyLookups);
  const [row] = await db
    .select(registrationColumns)
    .from(warrantyRegistrations)
    .where(
      and(
        eq(warrantyRegistrations.serial, normaliseSerial(input.serial)),
        eq(warrantyRegistrations.mobile, normaliseMobile(input.mobile)),
      ),
    );
  if (!row) throw new ValidationError(m.noMatch);
  return describeOne(db, row, options.now ?? new Date());
}

/** A signed-in customer's batteries ("My batteries" in /account), newest first. */
export async function listMyBatteries(db: Db, userId: string, now = new Date()) {
  const rows = await db
    .select(registrationColumns)
    .from(warrantyRegistrations)
    .where(eq(warrantyRegistrations.userId, userId))
    .orderBy(desc(warrantyRegistrations.createdAt), desc(warrantyRegistrations.id))
    .limit(100);
  return describeRegistrations(db, rows, indiaDayOf(now));
}

/**
 * Who may open a registration: its owner (the account it belongs to), or the holder of a claim
 * pass, given by a look-up that matched its serial and mobile. Anyone else finds nothing (404).
 */
export type RegistrationAccess =
  | { by: "owner"; userId: string }
  | { by: "pass"; pass: string; secret: string; userId: string | null };

/** How long a look-up's claim pass opens its registration. */
export const CLAIM_PASS_SECONDS = 2 * 60 * 60;

/** A claim pass: the registration and its mobile, signed with the store's secret, until `until`. */
export function claimPass(
  registration: { id: number; mobile: string },
  secret: string,
  now = new Date(),
): string {
  const until = Math.floor(now.getTime() / 1000) + CLAIM_PASS_SECONDS;
  return `${until}.${passSignature(registration, until, secret)}`;
}

function passSignature(
  registration: { id: number; mobile: string },
  until: number,
  secret: string,
) {
  return createHmac("sha256", secret)
    .update(`warranty-claim:${registration.id}:${registration.mobile}:${until}`)
    .digest("base64url");
}

/** Does the pass open this registration now? */
export function isValidClaimPass(
  registration: { id: number; mobile: string },
  pass: string,
  secret: string,
  now = new Date(),
): boolean {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(pass);
  if (!match) return false;
  const until = Number(match[1]);
  if (until * 1000 < now.getTime()) return false;
  const expected = Buffer.from(passSignature(registration, until, secret));
  const given = Buffer.from(match[2] as string);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

async function readAllowed(
  db: Pick<Db, "select">,
  id: number,
  access: RegistrationAccess,
  now: Date,
  lock = false,
) {
  const query = db
    .select(registrationColumns)
    .from(warrantyRegistrations)
    .where(eq(warrantyRegistrations.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new NotFound(m.registrationNotFound);
  const allowed =
    access.by === "owner"
      ? row.userId === access.userId
      : isValidClaimPass(row, access.pass, access.secret, now) ||
        (access.userId !== null && row.userId === access.userId);
  if (!allowed) throw new NotFound(m.registrationNotFound);
  return row;
}

/** One registration for its owner or a pass holder, with its claims; anyone else: 404. */
export async function getRegistration(
  db: Db,
  id: number,
  access: RegistrationAccess,
  now = new Date(),
): Promise<RegistrationView> {
  return describeOne(db, await readAllowed(db, id, access, now), now);
}

/**
 * The service centres a claim may name: every active one, nearest first to the registration's
 * pincode when the directory knows it (with the distance), else by city and name.
 */
export async function listClaimCentres(db: Db, pincode: string | null) {
  const rows = await db
    .select({
      id: outlets.id,
      name: outlets.name,
      address: outlets.address,
      city: outlets.city,
      pincode: outlets.pincode,
      lat: outlets.lat,
      lng: outlets.lng,
    })
    .from(outlets)
    .where(and(eq(outlets.kind, "service_centre"), eq(outlets.active, true)))
    .orderBy(asc(outlets.city), asc(outlets.name), asc(outlets.id));
  const place = pincode ? await findPincode(db, pincode) : null;
  const withDistance = rows.map(({ lat, lng, ...row }) => ({
    ...row,
    distanceKm: place
      ? Math.round(distanceKm({ lat, lng }, { lat: place.latitude, lng: place.longitude }) * 10) /
        10
      : null,
  }));
  if (place) withDistance.sort((a, b) => (a.distanceKm ?? 0) - (b.distanceKm ?? 0));
  return withDistance;
}
export type ClaimCentre = Awaited<ReturnType<typeof listClaimCentres>>[number];

/** The booking issue an inspection slot is booked under. */
const bookingIssueOf: Record<ClaimProblem, BookingIssue | null> = {
  not_charging: "not_charging",
  low_backup: "low_voltage",
  swollen_or_leaking: "replacement",
  other: null,
};

/**
 * The owner raises a claim on an active registration: what is wrong, the service centre that
 * should inspect it and, if chosen, a slot there (booked with the same rules as Book Service, in
 * the same transaction). One open claim per registration, held by the database too. A signed-in
 * owner who came by a look-up gets the registration in "My batteries".
 */
export async function raiseClaim(
  db: Db,
  input: ClaimForm & { registrationId: number },
  access: RegistrationAccess,
  options: WarrantyOptions,
): Promise<{ registration: RegistrationView; claim: ClaimView }> {
  const now = options.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const row = await readAllowed(tx, input.registrationId, access, now, true);
      const [current] = await describeRegistrations(tx, [row], indiaDayOf(now));
      if (current?.status === "claim_open") throw new ValidationError(m.claimOpen);
      if (current?.status !== "active") throw new ValidationError(m.notActive);
      const [centre] = await tx
        .select({ id: outlets.id })
        .from(outlets)
        .where(
          and(
            eq(outlets.id, input.centreId),
            eq(outlets.kind, "service_centre"),
            eq(outlets.active, true),
          ),
        );
      if (!centre) throw new ValidationError(m.centreUnknown, { centreId: m.centreUnknown });
      const reference = readableReference("WC");
      const userId = access.userId;
      let bookingId: number | null = null;
      if (input.date && input.time) {
        const booking = await bookService(
          tx,
          {
            centreId: centre.id,
            name: `${row.firstName} ${row.lastName}`.trim(),
            email: input.email,
            phone: row.mobile,
            vehicleModel: `Warranty claim ${reference}: ${row.model}, serial ${row.serial}`,
            issue: bookingIssueOf[input.problem],
            date: input.date,
            time: input.time,
          },
          userId ? { id: userId } : null,
          { now, publicUrl: options.publicUrl },
        );
        bookingId = booking.id;
      }
      const [claim] = await tx
        .insert(warrantyClaims)
        .values({
          reference,
          registrationId: row.id,
          problem: input.problem,
          details: input.details,
          outletId: centre.id,
          bookingId,
          email: input.email,
          userId,
        })
        .returning({ id: warrantyClaims.id });
      if (!claim) throw new Error("raiseClaim: insert returned nothing");
      await tx.insert(warrantyClaimEvents).values({
        claimId: claim.id,
        fromStatus: null,
        toStatus: "submitted",
        actorId: userId,
        note: null,
      });
      if (userId && row.userId === null) {
        await tx
          .update(warrantyRegistrations)
          .set({ userId })
          .where(eq(warrantyRegistrations.id, row.id));
      }
      const registration = await describeOne(tx, { ...row, userId: row.userId ?? userId }, now);
      const raised = registration.claims.find((c) => c.id === claim.id);
      if (!raised) throw new Error("raiseClaim: the claim was not stored");
      await queueClaimNews(tx, registration, raised, options.publicUrl);
      return { registration, claim: raised };
    });
  } catch (error) {
    if (isUniqueViolation(error, "warranty_claims_one_open_unique")) {
      throw new ValidationError(m.claimOpen);
    }
    throw error;
  }
}

/** A pro-rata discount is off a new battery of the model: never more than its price today. */
async function refuseDiscountOverPrice(
  tx: Pick<Db, "select">,
  registrationId: number,
  discountPaise: number,
): Promise<void> {
  const [model] = await tx
    .select({ pricePaise: products.pricePaise })
    .from(warrantyRegistrations)
    .innerJoin(products, eq(products.id, warrantyRegistrations.productId))
    .where(eq(warrantyRegistrations.id, registrationId));
  if (model && discountPaise > model.pricePaise) {
    const message = m.discountOverPrice(model.pricePaise);
    throw new ValidationError(message, { discount: message });
  }
}

/**
 * Staff move a claim one allowed step, with a note the owner reads: Inspection, Approved (a
 * replacement, or a pro-rata discount in rupees), Rejected (with the reason), Closed. An approved
 * replacement, once closed, marks the registration Replaced. Each move is an event on the
 * claim's timeline, is audited and is mailed (and texted, with consent) to the owner.
 */
export async function moveClaim(
  db: Db,
  input: ClaimMove,
  actor: { id: string },
  options: WarrantyOptions,
): Promise<ClaimView> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select({
        id: warrantyClaims.id,
        status: warrantyClaims.status,
        outcome: warrantyClaims.outcome,
        registrationId: warrantyClaims.registrationId,
      })
      .from(warrantyClaims)
      .where(eq(warrantyClaims.id, input.claimId))
      .for("update");
    if (!claim) throw new NotFound(m.claimNotFound);
    const from = claim.status as ClaimStatus;
    if (!canMoveClaim(from, input.to)) {
      throw new ValidationError(
        m.claimMoveRefused(
          claimStatusLabels[from].toLowerCase(),
          claimStatusLabels[input.to].toLowerCase(),
        ),
      );
    }
    if (input.outcome === "pro_rata" && input.discountPaise !== null) {
      await refuseDiscountOverPrice(tx, claim.registrationId, input.discountPaise);
    }
    const change = {
      status: input.to,
      ...(input.to === "approved"
        ? { outcome: input.outcome, discountPaise: input.discountPaise }
        : {}),
      ...(input.to === "rejected" ? { rejectReason: input.rejectReason } : {}),
    };
    await tx.update(warrantyClaims).set(change).where(eq(warrantyClaims.id, claim.id));
    await tx.insert(warrantyClaimEvents).values({
      claimId: claim.id,
      fromStatus: from,
      toStatus: input.to,
      actorId: actor.id,
      note: input.note,
    });
    if (input.to === "closed" && from === "approved" && claim.outcome === "replacement") {
      await tx
        .update(warrantyRegistrations)
        .set({ replacedAt: now })
        .where(eq(warrantyRegistrations.id, claim.registrationId));
    }
    await recordAudit(
      tx,
      actor,
      "warranty_claim",
      claim.id,
      { status: from },
      { ...change, ...(input.note ? { note: input.note } : {}) },
      input.to,
    );
    const [row] = await tx
      .select(registrationColumns)
      .from(warrantyRegistrations)
      .where(eq(warrantyRegistrations.id, claim.registrationId));
    const registration = await describeOne(tx, row, now);
    const moved = registration.claims.find((c) => c.id === claim.id);
    if (!moved) throw new NotFound(m.claimNotFound);
    await queueClaimNews(tx, registration, moved, options.publicUrl);
    return moved;
  });
}

// ---------------------------------------------------------------------------------------------
// The back office

/** Registrations whose status (on `today`) is the one asked, in SQL (registrationStatusOf). */
function statusCondition(status: RegistrationStatus, today: string): SQL {
  const openClaim = exists(
    sql`(select 1 from ${warrantyClaims} where ${qualified(warrantyClaims.registrationId)} = ${qualified(warrantyRegistrations.id)} and ${qualified(warrantyClaims.status)} <> 'closed')`,
  );
  const notReplaced = isNull(warrantyRegistrations.replacedAt);
  switch (status) {
    case "replaced":
      return isNotNull(warrantyRegistrations.replacedAt);
    case "claim_open":
      return and(notReplaced, openClaim) as SQL;
    case "expired":
      return and(
        notReplaced,
        sql`not ${openClaim}`,
        lt(warrantyRegistrations.warrantyUntil, today),
      ) as SQL;
    case "active":
      return and(
        notReplaced,
        sql`not ${openClaim}`,
        gte(warrantyRegistrations.warrantyUntil, today),
      ) as SQL;
  }
}

function listConditions(query: Omit<WarrantyListQuery, "page">, today: string): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.q) {
    const words = query.q.trim();
    const serial = normaliseSerial(words);
    const mobile = normaliseMobile(words);
    const like = `%${escapeLike(words)}%`;
    const matches: SQL[] = [
      ilike(
        sql`${warrantyRegistrations.firstName} || ' ' || ${warrantyRegistrations.lastName}`,
        like,
      ),
    ];
    if (/^[A-Z0-9]+$/.test(serial)) {
      matches.push(ilike(warrantyRegistrations.serial, `%${escapeLike(serial)}%`));
    }
    if (/^\d{3,10}$/.test(mobile)) {
      matches.push(ilike(warrantyRegistrations.mobile, `%${mobile}%`));
    }
    conditions.push(or(...matches) as SQL);
  }
  if (query.status) conditions.push(statusCondition(query.status, today));
  if (query.product) conditions.push(eq(warrantyRegistrations.productId, query.product));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export const WARRANTY_PAGE_SIZE = 25;

/** The back office's rows: each registration with the number of the order it came from. */
async function withOrderNumbers(db: Db, views: RegistrationView[]) {
  const orderIds = [...new Set(views.flatMap((view) => (view.orderId ? [view.orderId] : [])))];
  const numbers =
    orderIds.length === 0
      ? []
      : await db
          .select({ id: orders.id, number: orders.number })
          .from(orders)
          .where(inArray(orders.id, orderIds));
  return views.map((view) => ({
    ...view,
    orderNumber: numbers.find((order) => order.id === view.orderId)?.number ?? null,
  }));
}

/** The back office's registrations, newest first: searched, filtered by status and model. */
export async function listWarranties(db: Db, query: WarrantyListQuery, now = new Date()) {
  const today = indiaDayOf(now);
  const where = listConditions(query, today);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(warrantyRegistrations)
    .where(where);
  const window = paginate(total, query.page, WARRANTY_PAGE_SIZE);
  const rows = await db
    .select(registrationColumns)
    .from(warrantyRegistrations)
    .where(where)
    .orderBy(desc(warrantyRegistrations.createdAt), desc(warrantyRegistrations.id))
    .limit(window.limit)
    .offset(window.offset);
  return {
    rows: await withOrderNumbers(db, await describeRegistrations(db, rows, today)),
    total,
    page: window.page,
    pageCount: window.pageCount,
  };
}

/** The same list for a CSV export: every row the filters match, up to `limit`. */
export async function exportWarranties(
  db: Db,
  query: Omit<WarrantyListQuery, "page">,
  limit: number,
  now = new Date(),
) {
  const today = indiaDayOf(now);
  const rows = await db
    .select(registrationColumns)
    .from(warrantyRegistrations)
    .where(listConditions(query, today))
    .orderBy(desc(warrantyRegistrations.createdAt), desc(warrantyRegistrations.id))
    .limit(limit);
  return withOrderNumbers(db, await describeRegistrations(db, rows, today));
}

/** One registration for the claim desk: its claims with the moves staff may make, the account
 * it belongs to and the order it came from. */
export async function getWarrantyForAdmin(db: Db, id: number, now = new Date()) {
  const [row] = await db
    .select(registrationColumns)
    .from(warrantyRegistrations)
    .where(eq(warrantyRegistrations.id, id));
  const view = await describeOne(db, row, now);
  const [owner] = view.userId
    ? await db
        .select({ email: user.email, name: user.name })
        .from(user)
        .where(eq(user.id, view.userId))
    : [];
  const [order] = view.orderId
    ? await db.select({ number: orders.number }).from(orders).where(eq(orders.id, view.orderId))
    : [];
  return {
    ...view,
    owner: owner ?? null,
    orderNumber: order?.number ?? null,
    claims: view.claims.map((claim) => ({ ...claim, next: nextClaimStatuses(claim.status) })),
  };
}

/** Claims not yet closed: the dashboard's tile. */
export async function countOpenClaims(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(warrantyClaims)
    .where(ne(warrantyClaims.status, "closed"));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------
// Batteries bought here: registered from the delivered order

/** The name of a serial's field on the order page: one per battery of each line. */
export function serialFieldName(orderItemId: number, unit: number): string {
  return `serial-${orderItemId}-${unit}`;
}

/**
 * A delivered order's batteries for the serial form: each line's units, with the serial already
 * registered for it, or a field to fill in.
 */
export async function listOrderBatteries(db: Db, orderId: number) {
  const lines = await db
    .select({
      id: orderItems.id,
      model: orderItems.model,
      name: orderItems.name,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const registered = await db
    .select({
      id: warrantyRegistrations.id,
      orderItemId: warrantyRegistrations.orderItemId,
      orderUnit: warrantyRegistrations.orderUnit,
      serial: warrantyRegistrations.serial,
    })
    .from(warrantyRegistrations)
    .where(eq(warrantyRegistrations.orderId, orderId))
    .orderBy(asc(warrantyRegistrations.id));
  return lines.flatMap((line) => {
    return Array.from({ length: line.quantity }, (_, index) => {
      const unit = index + 1;
      // Each serial stays with the battery it was typed for (battery 2 of 2 may come first).
      const done = registered.find((r) => r.orderItemId === line.id && r.orderUnit === unit);
      return {
        orderItemId: line.id,
        unit,
        model: line.model,
        field: serialFieldName(line.id, unit),
        registration: done ? { id: done.id, serial: done.serial } : null,
      };
    });
  });
}
export type OrderBattery = Awaited<ReturnType<typeof listOrderBatteries>>[number];

/**
 * Registers the serials staff typed for a delivered order's batteries: model and purchase date
 * (the delivery day) from the order, name, pincode and mobile from its delivery details, the
 * customer's account as owner. Each serial is stored on its own, with the battery it was typed for
 * (each battery once, held by the database): one already registered elsewhere (or malformed, or
 * given twice) is refused next to its field and the others are kept. Gives back how many were
 * registered and the refused fields.
 */
export async function registerOrderSerials(
  db: Db,
  input: { number: number; serials: Record<string, string> },
  actor: { id: string },
  options: WarrantyOptions,
): Promise<{ registered: number; fieldErrors: Record<string, string> }> {
  const now = options.now ?? new Date();
  const [order] = await db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      userId: orders.userId,
      customerName: orders.customerName,
      phone: orders.phone,
      pincode: orders.pincode,
      locale: orders.locale,
      email: user.email,
    })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.number, input.number));
  if (!order) throw new NotFound(m.orderNotFound);
  if (order.status !== "delivered") throw new ValidationError(m.orderNotDelivered);
  const [delivered] = await db
    .select({ at: orderEvents.createdAt })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.toStatus, "delivered")))
    .orderBy(desc(orderEvents.createdAt))
    .limit(1);
  const purchaseDate = indiaDayOf(delivered?.at ?? now);
  const batteries = await listOrderBatteries(db, order.id);
  const lines = await db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      model: orderItems.model,
      warrantyMonths: products.warrantyMonths,
      proRataMonths: products.proRataMonths,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, order.id));
  const [firstName = "", ...rest] = order.customerName.trim().split(/\s+/);
  const fieldErrors: Record<string, string> = {};
  const seen = new Map<string, string>();
  const registered: RegistrationRow[] = [];
  for (const battery of batteries) {
    const typed = input.serials[battery.field]?.trim();
    if (!typed) continue;
    const parsed = serialSchema.safeParse(typed);
    const serial = parsed.success ? parsed.data : normaliseSerial(typed);
    if (battery.registration) {
      // The same form again is nothing new; another serial for a battery registered meanwhile
      // (the form sent twice at once, or from two screens) is refused, never dropped unsaid.
      if (serial !== battery.registration.serial) fieldErrors[battery.field] = m.unitRegistered;
      continue;
    }
    if (!parsed.success) {
      fieldErrors[battery.field] = m.serial;
      continue;
    }
    if (seen.has(serial)) {
      fieldErrors[battery.field] = m.serialRepeated;
      continue;
    }
    seen.set(serial, battery.field);
    const line = lines.find((l) => l.id === battery.orderItemId);
    const warrantyMonths = line?.warrantyMonths ?? 0;
    const proRataMonths = line?.proRataMonths ?? 0;
    try {
      const row = await db.transaction(async (tx) => {
        const [stored] = await tx
          .insert(warrantyRegistrations)
          .values({
            serial,
            productId: line?.productId ?? null,
            model: battery.model,
            warrantyMonths,
            proRataMonths,
            purchaseDate,
            ...warrantyPeriods(purchaseDate, warrantyMonths, proRataMonths),
            firstName,
            lastName: rest.join(" "),
            pincode: order.pincode,
            mobile: order.phone,
            email: order.email ?? null,
            userId: order.userId,
            orderId: order.id,
            orderItemId: battery.orderItemId,
            orderUnit: battery.unit,
            locale: order.locale,
          })
          .returning(registrationColumns);
        if (!stored) throw new Error("registerOrderSerials: insert returned nothing");
        await recordAudit(tx, actor, "warranty_registration", stored.id, null, {
          serial,
          model: battery.model,
          order: order.number,
        });
        return stored;
      });
      registered.push(row);
    } catch (error) {
      if (isUniqueViolation(error, "warranty_registrations_serial_unique")) {
        fieldErrors[battery.field] = m.serialTaken;
      } else if (isUniqueViolation(error, "warranty_registrations_order_unit_unique")) {
        // Another request registered this battery meanwhile (the same form sent twice).
        fieldErrors[battery.field] = m.unitRegistered;
      } else throw error;
    }
  }
  if (registered.length > 0) {
    const views = await describeRegistrations(db, registered, indiaDayOf(now));
    await queueRegistrationNews(db, views, options.publicUrl);
  }
  return { registered: registered.length, fieldErrors };
}

/**
 * Issue 26: each record keeps the language of the page it was made on (an account, its sign-up
 * page's), and every mail about it is written in that language: subject, text and HTML, with
 * links to the pages in that language. English mails stay as they were.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  newsletterSubscribers,
  orders,
  products,
  serviceBookings,
  stockAlerts,
  user,
  warrantyRegistrations,
} from "~/db/schema";
import { requestPasswordReset, sendSetPasswordLink } from "~/features/accounts/password.server";
import { bookService, setBookingStatus } from "~/features/bookings/bookings.server";
import { addToCart } from "~/features/cart/cart.server";
import { confirmSubscription, subscribe } from "~/features/newsletter/newsletter.server";
import {
  changeOrderStatus,
  newCheckoutReference,
  placeOrder,
  recordRefund,
} from "~/features/orders/orders.server";
import { mailBackInStock, requestStockAlert } from "~/features/stock-alerts/stock-alerts.server";
import { raiseClaim, registerWarranty } from "~/features/warranty/warranty.server";
import * as signupRoute from "~/routes/auth/signup";
import {
  createDeliveryArea,
  createOutlet,
  createProduct,
  createUser,
  createWarranty,
  uniqueSerial,
} from "../../tests/factories";
import { orderOptions, routeArgs, TEST_PUBLIC_URL } from "../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/test-db";
import { formatDate } from "./format";
import type { Locale } from "./i18n/locales";
import { indiaDayOf } from "./india-time";
import type { Mail } from "./mailer.server";

let t: TestDatabase;
let admin: Awaited<ReturnType<typeof createUser>>;
// Monday 23 November 2026, 10:30 in India.
const now = new Date("2026-11-23T10:30:00+05:30");
const at = { now, publicUrl: TEST_PUBLIC_URL };

beforeAll(async () => {
  t = await createTestDatabase();
  await createDeliveryArea(t, { prefix: "380" });
  admin = await createUser(t, { role: "admin" });
});
afterAll(async () => {
  await t?.close();
});

let connection = 0;
const client = () => {
  connection += 1;
  return { headers: new Headers({ "x-forwarded-for": `10.26.0.${connection}` }) };
};

/** The mails sent to an address so far (the outbox delivered first). */
async function mailsTo(address: string): Promise<Mail[]> {
  await t.deliverMail();
  return t.sentMail.filter((mail) => mail.to === address);
}

/** A mail's text and HTML both in the language: its `<html lang>` and a sentence of each. */
function expectInLanguage(mail: Mail | undefined, locale: Locale, line: string) {
  expect(mail?.text).toContain(line);
  expect(mail?.html).toContain(`<html lang="${locale}">`);
  expect(mail?.html).toContain(line.replace(/'/g, "&#39;"));
}

const delivery = {
  name: "Asha Kumari",
  phone: "+91 98765 43210",
  house: "12",
  address: "12 MG Road, Navrangpura",
  city: "Ahmedabad",
  pincode: "380009",
};

/** A new customer's order of one battery at ₹1,25,000, placed on a page in `locale`. */
async function orderIn(locale: Locale | undefined) {
  const product = await createProduct(t, { pricePaise: 12_500_000, stock: 5 });
  const shopper = await createUser(t);
  await addToCart(t.db, { userId: shopper.id }, product.id, 1);
  const { number } = await placeOrder(
    t.db,
    { reference: newCheckoutReference(), delivery, ...(locale ? { locale } : {}) },
    shopper,
    orderOptions,
  );
  const [row] = await t.db.select().from(orders).where(eq(orders.number, number));
  if (!row) throw new Error("no order");
  return { number, shopper, row };
}

describe("an order's mails", () => {
  it("are in Hindi for an order placed on a Hindi page: placed, status changes and refund", async () => {
    const { number, shopper, row } = await orderIn("hi");
    expect(row.locale).toBe("hi");
    const [placed] = await mailsTo(shopper.email);
    expect(placed?.subject).toBe(`UrjaCell: ऑर्डर #${number} दर्ज हो गया`);
    expectInLanguage(placed, "hi", "नमस्ते Asha Kumari,");
    // The month in Hindi, the day in India; the amount with Indian grouping.
    expect(placed?.text).toContain(
      `${formatDate(row.createdAt, "hi")} के आपके ऑर्डर #${number} के लिए धन्यवाद।`,
    );
    expect(placed?.text).toContain("कुल: ₹1,25,000 (GST शामिल:");
    expect(placed?.text).toContain(`आपका ऑर्डर: ${TEST_PUBLIC_URL}/hi/account/orders/${number}`);
    expect(placed?.html).toContain(`<a href="${TEST_PUBLIC_URL}/hi/account/orders/${number}">`);

    const desk = { id: admin.id, as: "admin" as const };
    await changeOrderStatus(t.db, { number, to: "paid" }, desk, orderOptions);
    await changeOrderStatus(
      t.db,
      { number, to: "cancelled", note: "Out of stock" },
      desk,
      orderOptions,
    );
    const [, paid, cancelled] = await mailsTo(shopper.email);
    expect(paid?.subject).toBe(`UrjaCell ऑर्डर #${number}: भुगतान हो गया`);
    expectInLanguage(cancelled, "hi", `आपके ऑर्डर #${number} की स्थिति अब: रद्द।`);

    const day = indiaDayOf(row.createdAt);
    await recordRefund(
      t.db,
      {
        number,
        amountPaise: 12_500_000,
        method: "upi",
        reference: "434599990000",
        refundedOn: day,
      },
      admin,
      { ...orderOptions, now: new Date(row.createdAt.getTime() + 60_000) },
    );
    const refund = (await mailsTo(shopper.email)).at(-1);
    expect(refund?.subject).toBe(`UrjaCell ऑर्डर #${number}: रिफ़ंड भेजा गया`);
    expectInLanguage(
      refund,
      "hi",
      `रद्द हुए ऑर्डर #${number} का आपका रिफ़ंड: ₹1,25,000 ${new Intl.DateTimeFormat("hi-IN", {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "Asia/Kolkata",
      }).format(new Date(`${day}T12:00:00+05:30`))} को UPI से वापस भेजे गए (रेफ़रेंस 434599990000)।`,
    );
  });

  it("are in Gujarati for an order placed on a Gujarati page", async () => {
    const { number, shopper, row } = await orderIn("gu");
    expect(row.locale).toBe("gu");
    const [placed] = await mailsTo(shopper.email);
    expect(placed?.subject).toBe(`UrjaCell: ઓર્ડર #${number} નોંધાયો`);
    expectInLanguage(placed, "gu", "નમસ્તે Asha Kumari,");
    expect(placed?.text).toContain(`${TEST_PUBLIC_URL}/gu/account/orders/${number}`);
  });

  it("stay English for an order placed on an English page", async () => {
    const { number, shopper, row } = await orderIn(undefined);
    expect(row.locale).toBe("en");
    const [placed] = await mailsTo(shopper.email);
    expect(placed?.subject).toBe(`UrjaCell order #${number} placed`);
    expectInLanguage(placed, "en", "Hello Asha Kumari,");
    expect(placed?.text).toContain(`Thank you for your order #${number} of `);
    expect(placed?.text).toContain("Total: ₹1,25,000 (GST included:");
    expect(placed?.text).toContain(`Your order: ${TEST_PUBLIC_URL}/account/orders/${number}`);
  });
});

describe("a service booking's mails", () => {
  const form = (email: string) => ({
    name: "Asha Patel",
    email,
    phone: "+91 98765 43210",
    vehicleModel: "Maruti Swift",
    issue: "low_voltage" as const,
    date: "2026-11-24",
    time: "11:00",
  });
  const centre = () =>
    createOutlet(t, { kind: "service_centre", opensAt: "09:00", closesAt: "13:00" });

  it("are in Gujarati for a booking made on a Gujarati page, requested and confirmed", async () => {
    const c = await centre();
    const email = "gu.booking@example.in";
    const booking = await bookService(
      t.db,
      { ...form(email), centreId: c.id, locale: "gu" },
      null,
      at,
    );
    const [row] = await t.db
      .select({ locale: serviceBookings.locale })
      .from(serviceBookings)
      .where(eq(serviceBookings.reference, booking.reference));
    expect(row?.locale).toBe("gu");
    const [requested] = await mailsTo(email);
    expect(requested?.subject).toBe(`UrjaCell સર્વિસ બુકિંગ ${booking.reference}: વિનંતી મોકલી`);
    expectInLanguage(requested, "gu", "સમસ્યા: ઓછો વોલ્ટેજ");
    expect(requested?.text).toMatch(/^ક્યારે: .*નવે.*2026, /m);

    await setBookingStatus(t.db, { bookingId: booking.id, status: "confirmed" }, admin, at);
    const confirmed = (await mailsTo(email)).at(-1);
    expect(confirmed?.subject).toBe(`UrjaCell સર્વિસ બુકિંગ ${booking.reference}: કન્ફર્મ`);
    expectInLanguage(
      confirmed,
      "gu",
      `તમારી બુકિંગ ${booking.reference} કન્ફર્મ થઈ છે. અમે તમારી રાહ જોઈશું.`,
    );
  });

  it("stay English for a booking made on an English page", async () => {
    const c = await centre();
    const email = "en.booking@example.in";
    const booking = await bookService(t.db, { ...form(email), centreId: c.id }, null, at);
    const [requested] = await mailsTo(email);
    expect(requested?.subject).toBe(`UrjaCell service booking ${booking.reference}: Requested`);
    expectInLanguage(requested, "en", "When: Tue, 24 Nov 2026, 11:00 am");
  });
});

describe("a warranty's mails", () => {
  /** The register form of a new serial of this product, its confirmation to this address. */
  const registration = (productId: number, email: string, serial = uniqueSerial()) => ({
    serial,
    productId,
    firstName: "Asha",
    lastName: "Patel",
    pincode: "380009",
    purchaseDate: "2026-11-01",
    mobile: "9876543210",
    email,
    consent: false,
  });

  it("are in Hindi for a registration made on a Hindi page, and its claim's too", async () => {
    const product = await createProduct(t, { warrantyMonths: 24, onSaleSince: "2026-01-01" });
    const serial = uniqueSerial();
    const email = "hi.warranty@example.in";
    const view = await registerWarranty(
      t.db,
      { ...registration(product.id, email, serial), locale: "hi" },
      null,
      at,
    );
    expect(view.locale).toBe("hi");
    const [registered] = await mailsTo(email);
    expect(registered?.subject).toBe(
      `UrjaCell वारंटी रजिस्टर हुई: ${product.model}, सीरियल ${serial}`,
    );
    expectInLanguage(registered, "hi", "आपकी बैटरी की वारंटी रजिस्टर हो गई है।");
    expect(registered?.text).toContain(`${TEST_PUBLIC_URL}/hi/warranty?tab=view`);

    const owner = await createUser(t);
    const reg = await createWarranty(t, {
      productId: product.id,
      purchaseDate: "2026-10-01",
      userId: owner.id,
      email: owner.email,
      locale: "hi",
    });
    const centre = await createOutlet(t, { kind: "service_centre" });
    const { claim } = await raiseClaim(
      t.db,
      {
        problem: "low_backup",
        details: null,
        centreId: centre.id,
        date: null,
        time: null,
        email: owner.email,
        registrationId: reg.id,
      },
      { by: "owner", userId: owner.id },
      at,
    );
    const [claimMail] = await mailsTo(owner.email);
    expect(claimMail?.subject).toBe(`UrjaCell वारंटी क्लेम ${claim.reference}: भेजा गया`);
    expectInLanguage(claimMail, "hi", "समस्या: बैकअप कम");
    expect(claimMail?.text).toContain(`${TEST_PUBLIC_URL}/hi/warranty/${reg.id}`);
  });

  it("stay English for a registration made on an English page", async () => {
    const product = await createProduct(t, { warrantyMonths: 24, onSaleSince: "2026-01-01" });
    const email = "en.warranty@example.in";
    const view = await registerWarranty(t.db, registration(product.id, email), null, at);
    const [row] = await t.db
      .select({ locale: warrantyRegistrations.locale })
      .from(warrantyRegistrations)
      .where(eq(warrantyRegistrations.id, view.id));
    expect(row?.locale).toBe("en");
    const [registered] = await mailsTo(email);
    expect(registered?.subject).toMatch(/^UrjaCell warranty registered: /);
    expectInLanguage(registered, "en", "Your battery's warranty is registered.");
  });
});

describe("an account's mails", () => {
  async function signUpOn(path: string, email: string) {
    connection += 1;
    const request = new Request(`${TEST_PUBLIC_URL}${path}`, {
      method: "POST",
      headers: { "x-forwarded-for": `10.26.1.${connection}` },
      body: new URLSearchParams({
        name: "Naya Grahak",
        email,
        password: "naya-grahak-pass-1",
        confirmPassword: "naya-grahak-pass-1",
      }),
    });
    await signupRoute.action((await routeArgs(t, request)) as never);
    const [row] = await t.db
      .select({ locale: user.locale })
      .from(user)
      .where(eq(user.email, email));
    return row?.locale;
  }

  it("keep the language of the sign-up page: verification and password reset in Hindi", async () => {
    const email = "hi.signup@example.in";
    expect(await signUpOn("/hi/signup", email)).toBe("hi");
    const [verify] = await mailsTo(email);
    expect(verify?.subject).toBe("UrjaCell के लिए अपना ई-मेल पता वेरिफ़ाई करें");
    expectInLanguage(verify, "hi", "नमस्ते Naya Grahak,");
    expect(verify?.text).toContain(`${TEST_PUBLIC_URL}/hi/verify-email?token=`);

    await requestPasswordReset(t, { email }, client());
    await vi.waitFor(async () => expect(await mailsTo(email)).toHaveLength(2));
    const reset = (await mailsTo(email)).at(-1);
    expect(reset?.subject).toBe("अपना UrjaCell पासवर्ड रीसेट करें");
    expectInLanguage(
      reset,
      "hi",
      "किसी ने आपके UrjaCell खाते का पासवर्ड रीसेट करने को कहा है। नया पासवर्ड चुनने के लिए यह लिंक खोलें:",
    );
    expect(reset?.text).toContain(`${TEST_PUBLIC_URL}/hi/reset-password?token=`);
  });

  it("stay English for an account made on an English page", async () => {
    const email = "en.signup@example.in";
    expect(await signUpOn("/signup", email)).toBe("en");
    const [verify] = await mailsTo(email);
    expect(verify?.subject).toBe("Verify your e-mail address for UrjaCell");
    expectInLanguage(verify, "en", "Hello Naya Grahak,");
    expect(verify?.text).toContain(`${TEST_PUBLIC_URL}/verify-email?token=`);
  });

  it("set-password link of an account in Gujarati is in Gujarati", async () => {
    const account = await createUser(t);
    await t.db.update(user).set({ locale: "gu" }).where(eq(user.id, account.id));
    await sendSetPasswordLink(t.auth, account.email);
    await vi.waitFor(async () => expect(await mailsTo(account.email)).toHaveLength(1));
    const [welcome] = await mailsTo(account.email);
    expect(welcome?.subject).toBe("તમારું UrjaCell ખાતું તૈયાર છે: તમારો પાસવર્ડ બનાવો");
    expectInLanguage(
      welcome,
      "gu",
      "UrjaCell પર તમારું ખાતું બનાવવામાં આવ્યું છે. તમારો પાસવર્ડ પસંદ કરવા આ લિંક ખોલો:",
    );
    expect(welcome?.text).toContain(`${TEST_PUBLIC_URL}/gu/reset-password?token=`);
  });
});

describe("a stock alert's mail", () => {
  it("is in the language the alert was asked in", async () => {
    const product = await createProduct(t, { stock: 0, pricePaise: 12_500_000 });
    await requestStockAlert(
      t.db,
      { email: "gu.alert@example.in", productId: product.id, locale: "gu" },
      null,
      client(),
    );
    await requestStockAlert(
      t.db,
      { email: "en.alert@example.in", productId: product.id },
      null,
      client(),
    );
    const rows = await t.db
      .select({ email: stockAlerts.email, locale: stockAlerts.locale })
      .from(stockAlerts)
      .where(eq(stockAlerts.productId, product.id));
    expect(Object.fromEntries(rows.map((r) => [r.email, r.locale]))).toEqual({
      "gu.alert@example.in": "gu",
      "en.alert@example.in": "en",
    });
    await t.db.update(products).set({ stock: 3 }).where(eq(products.id, product.id));
    await mailBackInStock(t.db, [product.id], TEST_PUBLIC_URL);
    const [gu] = await mailsTo("gu.alert@example.in");
    expect(gu?.subject).toBe(`${product.model} UrjaCell પર ફરી સ્ટોકમાં છે`);
    expectInLanguage(gu, "gu", "નમસ્તે,");
    expect(gu?.text).toContain("₹1,25,000 (GST સહિત)માં મળે છે:");
    expect(gu?.text).toContain(`${TEST_PUBLIC_URL}/gu/oneprod/`);
    const [en] = await mailsTo("en.alert@example.in");
    expect(en?.subject).toBe(`${product.model} is back in stock at UrjaCell`);
    expectInLanguage(en, "en", "Hello,");
  });
});

describe("the newsletter's mails", () => {
  it("ask for the confirmation and welcome in the language of the page it was asked on, links too", async () => {
    await subscribe(t.db, "hi.news@example.in", client(), {
      publicUrl: TEST_PUBLIC_URL,
      locale: "hi",
    });
    await subscribe(t.db, "en.news@example.in", client(), { publicUrl: TEST_PUBLIC_URL });
    const [row] = await t.db
      .select({
        locale: newsletterSubscribers.locale,
        confirmToken: newsletterSubscribers.confirmToken,
      })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "hi.news@example.in"));
    expect(row?.locale).toBe("hi");
    const [hiAsk] = await mailsTo("hi.news@example.in");
    expect(hiAsk?.subject).toBe("UrjaCell की खबरों का सब्सक्रिप्शन कन्फ़र्म करें");
    expectInLanguage(hiAsk, "hi", "इन्हें पाने के लिए यहाँ कन्फ़र्म करें:");
    expect(hiAsk?.text).toContain(
      `${TEST_PUBLIC_URL}/hi/newsletter/confirm?token=${row?.confirmToken}`,
    );
    const [enAsk] = await mailsTo("en.news@example.in");
    expect(enAsk?.subject).toBe("Confirm your subscription to UrjaCell news");
    expectInLanguage(enAsk, "en", "To receive them, confirm here:");

    // Confirmed: the welcome, in the language the address was signed up in.
    const confirmed = await confirmSubscription(t.db, row?.confirmToken ?? "", {
      publicUrl: TEST_PUBLIC_URL,
    });
    expect(confirmed).toBe("subscribed");
    const [, hi] = await mailsTo("hi.news@example.in");
    expect(hi?.subject).toBe("आपने UrjaCell की खबरें सब्सक्राइब कर ली हैं");
    expectInLanguage(hi, "hi", "ये ई-मेल बंद करवाने के लिए यहाँ अनसब्सक्राइब करें:");
    expect(hi?.headers?.["List-Unsubscribe"]).toMatch(
      new RegExp(`^<${TEST_PUBLIC_URL}/hi/newsletter/unsubscribe\\?token=`),
    );
  });

  it("ask in Gujarati on /gu, and welcome in English when asked in English", async () => {
    await subscribe(t.db, "gu.news@example.in", client(), {
      publicUrl: TEST_PUBLIC_URL,
      locale: "gu",
    });
    const [guAsk] = await mailsTo("gu.news@example.in");
    expect(guAsk?.subject).toBe("UrjaCellના સમાચારનું સબ્સ્ક્રિપ્શન કન્ફર્મ કરો");
    expectInLanguage(guAsk, "gu", "તે મેળવવા અહીં કન્ફર્મ કરો:");
    expect(guAsk?.text).toContain(`${TEST_PUBLIC_URL}/gu/newsletter/confirm?token=`);
    await subscribe(t.db, "en.welcome@example.in", client(), { publicUrl: TEST_PUBLIC_URL });
    const [row] = await t.db
      .select({ confirmToken: newsletterSubscribers.confirmToken })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, "en.welcome@example.in"));
    await confirmSubscription(t.db, row?.confirmToken ?? "", { publicUrl: TEST_PUBLIC_URL });
    const [, en] = await mailsTo("en.welcome@example.in");
    expect(en?.subject).toBe("You are subscribed to UrjaCell news");
    expectInLanguage(en, "en", "To stop receiving these e-mails, unsubscribe here:");
  });
});

import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { products, stockAlerts } from "~/db/schema";
import { limitPerConnection, type RateRule } from "~/features/accounts/rate-limit.server";
import { namedProductColumns } from "~/features/catalog/catalog.server";
import { productHref } from "~/features/catalog/product-image";
import { productName } from "~/features/catalog/product-name";
import { getSettings } from "~/features/settings/settings.server";
import { Conflict, NotFound, ValidationError } from "~/lib/errors";
import { translatorFor } from "~/lib/i18n/catalogue.server";
import type { Locale } from "~/lib/i18n/locales";
import { composeMail, mailLink } from "~/lib/mail-layout.server";
import { queueMail } from "~/lib/mail-outbox.server";
import type { Mail } from "~/lib/mailer.server";
import { formatPaise } from "~/lib/money";
import { stockAlertMessages as m } from "./stock-alerts.messages";
import type { StockAlertForm } from "./stock-alerts.schema";

/** "Notify me" requests one connection may make in an hour (as the newsletter's sign-ups). */
export const stockAlertsPerIp: RateRule = { limit: 10, windowSeconds: 60 * 60 };

/**
 * Stores a "Notify me" for an out-of-stock battery: the typed e-mail, or the signed-in
 * customer's own. One request per battery and address: asking twice changes nothing, and asking
 * again after a mail (the battery sold out again) waits for the next return. Refused when the
 * battery is in stock (then it can be bought), rate-limited per connection. The product's row is
 * shared-locked meanwhile, so a stock change waits for the request and then mails it.
 */
export async function requestStockAlert(
  db: Db,
  input: StockAlertForm & { productId: number; locale?: Locale },
  actor: { id: string; email: string } | null,
  client: { headers: Headers },
): Promise<{ email: string }> {
  const email = (actor?.email ?? input.email)?.trim().toLowerCase();
  if (!email) throw new ValidationError(m.invalidEmail, { email: m.invalidEmail });
  await limitPerConnection(db, "stock-alert", stockAlertsPerIp, client, m.tooMany);
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ stock: products.stock })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.active, true)))
      .for("share");
    if (!product) throw new NotFound();
    if (product.stock > 0) throw new Conflict(m.inStock);
    await tx
      .insert(stockAlerts)
      .values({
        productId: input.productId,
        email,
        userId: actor?.id ?? null,
        locale: input.locale ?? "en",
      })
      .onConflictDoUpdate({
        target: [stockAlerts.productId, stockAlerts.email],
        set: {
          notifiedAt: null,
          // The mail is in the language of the latest request.
          locale: sql`excluded.locale`,
          userId: sql`coalesce(excluded.user_id, ${stockAlerts.userId})`,
          updatedAt: sql`now()`,
        },
      });
  });
  return { email };
}

type BackInStock = {
  email: string;
  model: string;
  name: string | null;
  category: (typeof products.$inferSelect)["category"];
  capacityAh: number;
  warrantyMonths: number;
  pricePaise: number;
  locale: Locale;
};

/** The mail to one waiting request, in the language it was made in: the battery, its price and
 * its page. */
export function backInStockMail(row: BackInStock, brand: string, publicUrl: string): Mail {
  const { t } = translatorFor(row.locale, "mail");
  const link = mailLink(publicUrl, row.locale, productHref(row.model));
  return composeMail(row.locale, {
    to: row.email,
    subject: t("{model} is back in stock at {brand}", { model: row.model, brand }),
    lines: [
      t("Hello,"),
      "",
      t(
        "You asked us to tell you when {model} ({name}) is back in stock. It is, at {price} (GST included):",
        { model: row.model, name: productName(row), price: formatPaise(row.pricePaise) },
      ),
      link,
      "",
      t(
        "Stock can run out again, so order soon if you need it. This is the only mail we send about this request.",
      ),
      "",
      brand,
    ],
  });
}

/**
 * Mails everyone waiting for one of these batteries that now has stock (and is sold): one mail
 * per waiting request, queued in the caller's transaction (the stock change's), and the request
 * marked notified, so it never mails twice. Every change that can raise a product's stock calls
 * it after the change: the admin's product form and an order cancelled or lapsed (its batteries
 * back). Gives back how many mails were queued.
 */
export async function mailBackInStock(
  tx: Tx | Db,
  productIds: readonly number[],
  publicUrl: string,
): Promise<number> {
  if (productIds.length === 0) return 0;
  const notified = await tx
    .update(stockAlerts)
    .set({ notifiedAt: sql`now()`, updatedAt: sql`now()` })
    .from(products)
    .where(
      and(
        eq(products.id, stockAlerts.productId),
        inArray(stockAlerts.productId, [...productIds]),
        isNull(stockAlerts.notifiedAt),
        gt(products.stock, 0),
        eq(products.active, true),
      ),
    )
    .returning({
      email: stockAlerts.email,
      ...namedProductColumns,
      pricePaise: products.pricePaise,
      locale: stockAlerts.locale,
    });
  if (notified.length === 0) return 0;
  const { brandName } = await getSettings(tx as Db);
  await queueMail(
    tx,
    notified.map((row) => backInStockMail(row, brandName, publicUrl)),
  );
  return notified.length;
}

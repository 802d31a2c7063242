import {
  data,
  Form,
  isRouteErrorResponse,
  Link,
  redirect,
  useMatches,
  useNavigation,
  useSearchParams,
} from "react-router";
import { z } from "zod";
import { AddToCart } from "~/components/add-to-cart";
import { BuyBar } from "~/components/buy-bar";
import { ContentNotice } from "~/components/content-notice";
import { ErrorView, errorText } from "~/components/error-view";
import { JsonLd } from "~/components/json-ld";
import { Price } from "~/components/price";
import { ProductCard, StockBadge } from "~/components/product-card";
import { DeliveryCheck, InstallationNote, TaxNote } from "~/components/purchase-cues";
import { useSpecText, warrantyText } from "~/components/spec-text";
import { SpriteIcon } from "~/components/sprite-icon";
import { StarRatingInput, Stars } from "~/components/stars";
import { SizeItLink } from "~/components/tools/size-it-link";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { FieldError } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useValidatedForm } from "~/components/ui/use-validated-form";
import { productCategories } from "~/db/schema/enums";
import { catalogMessages } from "~/features/catalog/catalog.messages";
import { reviewSchema } from "~/features/catalog/catalog.schema";
import {
  findProduct,
  findRenamedProduct,
  getRatingSummary,
  listRelatedProducts,
  type RatingSummary,
} from "~/features/catalog/catalog.server";
import { detailImage, productHref } from "~/features/catalog/product-image";
import { productJsonLd } from "~/features/catalog/product-json-ld";
import {
  deleteOwnReview,
  deleteReview,
  getOwnReview,
  listReviews,
  saveReview,
} from "~/features/catalog/reviews.server";
import { productContentNotice } from "~/features/content/content-notice.server";
import { answerDeliveryCheck } from "~/features/purchase/delivery.server";
import { findExchangeOffer } from "~/features/purchase/exchange.server";
import { stockAlertMessages } from "~/features/stock-alerts/stock-alerts.messages";
import { stockAlertFormSchema } from "~/features/stock-alerts/stock-alerts.schema";
import { requestStockAlert } from "~/features/stock-alerts/stock-alerts.server";
import { chosenPincodeHeader, readChosenPincode } from "~/lib/cookies.server";
import { NotFound } from "~/lib/errors";
import { formAction, notFoundIfInvalid } from "~/lib/form-action.server";
import { formatCapacity, formatDate, formatVoltage } from "~/lib/format";
import { localeOf, pageMessages, serverTranslate } from "~/lib/i18n/catalogue.server";
import { englishLang } from "~/lib/i18n/localized";
import { I18nProvider, useLocale, useT } from "~/lib/i18n/react";
import type { Messages } from "~/lib/i18n/translate";
import { markPublicChange } from "~/lib/public-change.server";
import { recordIdSchema } from "~/lib/record-id";
import { sessionUser } from "~/lib/request-state.server";
import { passHeaders } from "~/lib/route-headers";
import { messagesOfMatches, pageMeta, useRootData } from "~/root";
import type { Route } from "./+types/product";

/** The namespaces of the product page's texts (its forms' answers included). */
const NAMESPACES = ["catalog", "product", "purchase", "stock-alerts"];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const locale = localeOf(request);
  const product = await findProduct(context.db, params.model, locale);
  if (!product) {
    // A former model (the product was renamed): a permanent redirect to its address today.
    const renamedTo = await findRenamedProduct(context.db, params.model);
    if (renamedTo) throw redirect(productHref(renamedTo), 301);
    // The "not found" page's texts come with it (a thrown answer is not the route's data).
    throw data(
      { model: params.model.slice(0, 60), i18n: pageMessages(request, NAMESPACES) },
      { status: 404 },
    );
  }
  // The store's name comes from the root loader. A signed-in visitor's own review is read
  // however old it is (the session was read once, by the root middleware).
  const user = sessionUser(context);
  const search = new URL(request.url).searchParams;
  // `?reviews=verified`: only the reviews of customers whose order of it was delivered (a link,
  // so it works without JavaScript; the page is kept per address like any other).
  const verifiedOnly = search.get("reviews") === "verified";
  // The pincode asked now, else the one the shopper checked before (on any product page).
  const asked = search.get("pincode");
  const pincode = asked ?? (context.sharedRender ? null : await readChosenPincode(request));
  const [reviews, rating, related, ownReview, exchangeOffer, delivery] = await Promise.all([
    listReviews(context.db, product.id, { verifiedOnly }),
    getRatingSummary(context.db, product.id),
    listRelatedProducts(context.db, product, 4, locale),
    user ? getOwnReview(context.db, product.id, user.id) : null,
    findExchangeOffer(context.db, product),
    answerDeliveryCheck(context.db, pincode, locale),
  ]);
  // A well-formed pincode asked is remembered for the other product pages and the checkout.
  const headers = new Headers();
  if (asked !== null && delivery && !("error" in delivery)) {
    headers.append("Set-Cookie", await chosenPincodeHeader(delivery.pincode));
  }
  // The title and description name the battery's warranty in the page's language.
  const { t } = serverTranslate(locale);
  return data(
    {
      i18n: pageMessages(request, NAMESPACES),
      seo: {
        title: t("{model} {capacity} {voltage} battery", {
          model: product.model,
          capacity: formatCapacity(product.capacityAh),
          voltage: formatVoltage(product.voltageV),
        }),
        description: t("{description} {warranty} warranty.", {
          description: product.description,
          warranty: warrantyText(t, product.warrantyMonths),
        }).slice(0, 300),
        imageAlt: t("{model} battery", { model: product.model }),
      },
      product,
      reviews,
      verifiedOnly,
      ownReview,
      rating,
      related,
      exchangeOffer,
      delivery,
      contentNotice: productContentNotice(locale, product.english),
    },
    { headers },
  );
}

/** The product's reviews (the page's router keeps the language of the page that posted). */
const reviewsOf = (model: string) => `${productHref(model)}#reviews`;

/** A customer's review (create or edit) and staff removing one, always of this page's product. */
/** Keeps the action's own headers (Retry-After on a 429). */
export const headers = passHeaders;

export const action = formAction(
  {
    guard: "public",
    async target({ params, context }) {
      const product = await findProduct(context.db, params.model ?? "");
      if (!product) throw new NotFound();
      return product;
    },
  },
  (intent) => ({
    review: intent({
      guard: "user",
      schema: reviewSchema,
      async run({ data: review, actor, target, context }) {
        await saveReview(context.db, { ...review, productId: target.id }, actor);
        markPublicChange(context); // the product's rating shows on every kept page
        return { redirectTo: reviewsOf(target.model) };
      },
      success: catalogMessages.reviewSaved,
    }),
    "delete-own-review": intent({
      guard: "user",
      schema: z.object({}),
      async run({ actor, target, context }) {
        await deleteOwnReview(context.db, { productId: target.id }, actor);
        markPublicChange(context);
        return { redirectTo: reviewsOf(target.model) };
      },
      success: catalogMessages.ownReviewDeleted,
    }),
    // "Notify me" on a battery out of stock: a visitor's typed e-mail, or the account's.
    notify: intent({
      schema: stockAlertFormSchema,
      async run({ data: form, actor, target, request, context }) {
        const { email } = await requestStockAlert(
          context.db,
          { ...form, productId: target.id, locale: localeOf(request) },
          actor,
          request,
        );
        return {
          message: stockAlertMessages.saved(email),
          redirectTo: `${productHref(target.model)}#notify-me`,
        };
      },
    }),
    "delete-review": intent({
      guard: "admin",
      schema: z.object({ reviewId: recordIdSchema }),
      invalid: notFoundIfInvalid(catalogMessages.reviewNotFound),
      async run({ data, actor, target, context }) {
        await deleteReview(context.db, { productId: target.id, reviewId: data.reviewId }, actor);
        return { redirectTo: reviewsOf(target.model) };
      },
      success: catalogMessages.reviewDeleted,
    }),
  }),
);

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, error } = args;
  if (error || !loaderData) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const text = errorText(status);
    // A 404's messages came with it (catalogue.server.ts): its title in the page's language.
    const thrown = isRouteErrorResponse(error) ? { id: "product-error", data: error.data } : null;
    return pageMeta(
      { ...args, matches: thrown ? [...args.matches, thrown] : args.matches },
      {
        title: status === 404 ? catalogMessages.productNotFoundTitle : text.title,
        description: text.body,
        noindex: true,
      },
    );
  }
  const { product: p, seo } = loaderData;
  return pageMeta(args, {
    ...seo,
    path: productHref(p.model),
    // The product's own photo (else its family's drawing), on the store's own address.
    image: detailImage(p.image, p.category),
    type: "product",
  });
};

/** The review form's schema (the action's own), loaded with the form: zod is not in the first visit. */
const loadReviewSchema = () =>
  import("~/features/catalog/catalog.schema").then((m) => m.reviewSchema);

function ReviewForm({
  actionData,
  own,
}: {
  actionData: Route.ComponentProps["actionData"];
  own: { rating: number; body: string } | null;
}) {
  const t = useT("product");
  const form = useValidatedForm(loadReviewSchema, actionData);
  const busy = useNavigation().state === "submitting";
  const rating = form.value("rating", own?.rating);
  return (
    <Form
      method="post"
      noValidate
      onSubmit={form.onSubmit}
      onFocus={form.onFocus}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h3 className="text-lg font-semibold">{own ? t("Edit your review") : t("Write a review")}</h3>
      <FormAlert message={form.formError} />
      <input type="hidden" name="intent" value="review" />
      <StarRatingInput defaultValue={rating} error={form.errors.rating} errorId="rating-error" />
      <div>
        <label htmlFor="review-body" className="field-label">
          {t("Your review (optional, up to 2,000 characters)")}
        </label>
        <textarea
          id="review-body"
          name="body"
          rows={4}
          maxLength={2000}
          defaultValue={form.value("body", own?.body)}
          aria-invalid={form.errors.body ? true : undefined}
          aria-describedby={form.errors.body ? "body-error" : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2"
        />
        <FieldError id="body-error" message={form.errors.body} />
      </div>
      <button type="submit" className="btn-primary" disabled={busy}>
        {own ? t("Update review") : t("Submit review")}
      </button>
    </Form>
  );
}

/** "Notify me"'s schema (the action's own), loaded with the form, like the review's. */
const loadStockAlertSchema = () =>
  import("~/features/stock-alerts/stock-alerts.schema").then((m) => m.stockAlertFormSchema);

/**
 * A battery out of stock: "Notify me" stores the visitor's e-mail (a signed-in customer's own
 * address, without typing) for one mail when it is back. A plain form: works without JavaScript.
 */
function NotifyMe({
  actionData,
  email,
}: {
  actionData: Route.ComponentProps["actionData"];
  email: string | null;
}) {
  const t = useT("product");
  const form = useValidatedForm(loadStockAlertSchema, actionData);
  const busy = useNavigation().state === "submitting";
  return (
    <section
      id="notify-me"
      aria-labelledby="notify-me-title"
      className="mt-6 max-w-xl scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="notify-me-title" className="text-lg font-semibold text-slate-900">
        {t.text(stockAlertMessages.heading)}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t.text(email ? stockAlertMessages.explainSignedIn(email) : stockAlertMessages.explain)}
      </p>
      <Form
        method="post"
        noValidate
        onSubmit={form.onSubmit}
        onFocus={form.onFocus}
        className="mt-3 flex flex-wrap items-end gap-3"
      >
        <input type="hidden" name="intent" value="notify" />
        {email ? null : (
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor="notify-email" className="field-label">
              {t("E-mail")}
            </label>
            <input
              id="notify-email"
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              maxLength={254}
              defaultValue={form.value("email", "")}
              aria-invalid={form.errors.email ? true : undefined}
              aria-describedby={form.errors.email ? "notify-email-error" : undefined}
              className="field-select"
            />
          </div>
        )}
        <button type="submit" className="btn-primary" disabled={busy}>
          <SpriteIcon name="mail" className="size-4" />
          {t.text(stockAlertMessages.button)}
        </button>
      </Form>
      <FieldError id="notify-email-error" message={form.errors.email} />
      <FormAlert message={form.formError} />
    </section>
  );
}

/** A customer's own review can be taken back (after confirming). */
function DeleteOwnReview() {
  const t = useT("product");
  return (
    <ConfirmForm
      question={t("Delete your review of this battery?")}
      confirmLabel={t("Delete")}
      cancelLabel={t("Cancel")}
      danger
    >
      <input type="hidden" name="intent" value="delete-own-review" />
      <button type="submit" className="btn-outline mt-3 w-full">
        {t("Delete my review")}
      </button>
    </ConfirmForm>
  );
}

/**
 * The average of all reviews, or of verified purchases only, and the link that switches
 * between them (`?reviews=verified`, a plain link: no JavaScript needed).
 */
function ReviewsSummary({
  rating,
  verifiedOnly,
}: {
  rating: RatingSummary;
  verifiedOnly: boolean;
}) {
  const t = useT("product");
  const [params] = useSearchParams();
  const switchTo = new URLSearchParams(params);
  if (verifiedOnly) switchTo.delete("reviews");
  else switchTo.set("reviews", "verified");
  const query = switchTo.toString();
  const shown = verifiedOnly ? rating.verified : rating;
  let summary: string;
  if (rating.count === 0) summary = t("No reviews yet. Be the first to review this battery.");
  else if (shown.count === 0) summary = t("No verified purchases have reviewed this battery yet.");
  else if (verifiedOnly) {
    summary = t(
      "Average {average} out of 5 from {count, plural, one {# verified purchase} other {# verified purchases}}",
      { average: shown.average, count: shown.count },
    );
  } else {
    summary = t(
      "Average {average} out of 5 from {count, plural, one {# review} other {# reviews}}",
      { average: shown.average, count: shown.count },
    );
  }
  return (
    <div className="mt-1 flex flex-wrap items-baseline gap-x-4 gap-y-1">
      <p className="text-slate-600" data-testid="rating-summary">
        {summary}
      </p>
      {rating.count > 0 ? (
        <Link
          to={`${query ? `?${query}` : "?"}#reviews`}
          preventScrollReset
          className="text-sm font-medium text-brand-700 underline"
          data-testid="reviews-filter"
        >
          {verifiedOnly
            ? t("Show all {count, plural, one {# review} other {# reviews}}", {
                count: rating.count,
              })
            : t("Verified purchases only ({count})", { count: rating.verified.count })}
        </Link>
      ) : null}
    </div>
  );
}

export default function ProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const { product: p, reviews, rating, related } = loaderData;
  const t = useT("product");
  const spec = useSpecText();
  const root = useRootData();
  const user = root?.user ?? null;
  const viewer = user ? { id: user.id, isAdmin: user.role === "admin" } : null;
  const own = user ? loaderData.ownReview : null;
  // The page has two forms that answer with errors: each shows only its own.
  const notifying = actionData?.ok === false && actionData.values.intent === "notify";
  const notifyData = notifying ? actionData : undefined;
  const reviewData = notifying ? undefined : actionData;
  const specs = [
    [t("Capacity"), formatCapacity(p.capacityAh)],
    [t("Voltage"), formatVoltage(p.voltageV)],
    [
      t("Warranty"),
      p.proRataMonths > 0
        ? t("{free} free replacement + {proRata} pro-rata", {
            free: spec.warranty(p.warrantyMonths),
            proRata: spec.warranty(p.proRataMonths),
          })
        : spec.warranty(p.warrantyMonths),
    ],
    [t("Category"), spec.category(p.category)],
    [t("Technology"), p.specs.technology],
    [t("Cold cranking amps"), p.specs.cca ? `${p.specs.cca} A` : undefined],
    [t("Dimensions (L × W × H)"), p.specs.dimensionsMm ? `${p.specs.dimensionsMm} mm` : undefined],
    [t("Weight"), p.specs.weightKg ? `${p.specs.weightKg} kg` : undefined],
    [t("Terminal layout"), p.specs.terminalLayout],
  ].filter((row): row is [string, string] => Boolean(row[1]));

  return (
    <div className="container-page py-8">
      {root ? <JsonLd data={productJsonLd(p, rating, root.publicUrl)} /> : null}
      <nav aria-label={t("Breadcrumb")} className="text-sm text-slate-600">
        <Link to="/allproduct" className="underline hover:text-brand-700">
          {t("All Products")}
        </Link>{" "}
        / <span aria-current="page">{p.model}</span>
      </nav>
      <div className="mt-4 grid gap-8 lg:grid-cols-2">
        <div className="self-start overflow-hidden rounded-2xl border border-slate-200 bg-slate-50">
          <img
            src={detailImage(p.image, p.category)}
            alt={t("{model} battery", { model: p.model })}
            width={900}
            height={675}
            // The page's largest picture: fetched first, before the scripts.
            fetchPriority="high"
            className="block aspect-[4/3] w-full object-contain"
          />
        </div>
        <div className="min-w-0">
          <p>
            <Link
              to={`/allproduct?category=${p.category}`}
              className="inline-flex min-h-8 items-center rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:underline"
            >
              {t("{category} battery", { category: spec.category(p.category) })}
            </Link>
          </p>
          <h1 className="mt-2 break-words text-3xl font-bold text-slate-900">{p.model}</h1>
          <ContentNotice text={loaderData.contentNotice} className="mt-3" />
          <p
            className="mt-1 text-lg text-slate-700"
            data-testid="product-name"
            lang={englishLang(p.english, "name")}
          >
            {spec.productName(p)}
          </p>
          <p className="mt-2 flex items-center gap-2 text-sm text-slate-600">
            {rating.count > 0 ? (
              <>
                <Stars rating={rating.average ?? 0} />
                <a href="#reviews" className="underline">
                  {t("{average} from {count, plural, one {# review} other {# reviews}}", {
                    average: rating.average,
                    count: rating.count,
                  })}
                </a>
              </>
            ) : (
              <a href="#reviews" className="underline">
                {t("No reviews yet")}
              </a>
            )}
          </p>
          <div className="mt-4">
            <Price pricePaise={p.pricePaise} mrpPaise={p.mrpPaise} size="lg" />
            <TaxNote />
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
            <StockBadge stock={p.stock} />
            {p.installationIncluded ? <InstallationNote /> : null}
          </div>
          <p className="mt-4 text-slate-700" lang={englishLang(p.english, "description")}>
            {p.description}
          </p>
          {p.category === "inverter" ? <SizeItLink className="mt-2" /> : null}
          {p.stock > 0 ? (
            <AddToCart
              productId={p.id}
              model={p.model}
              inStock
              withQuantity
              exchange={{ pricePaise: p.pricePaise, offer: loaderData.exchangeOffer }}
              className="mt-6 max-w-xl"
            />
          ) : (
            <NotifyMe actionData={notifyData} email={user?.email ?? null} />
          )}
          <div className="mt-6 max-w-xl">
            <DeliveryCheck
              result={loaderData.delivery}
              action={productHref(p.model)}
              supportPhone={root?.store.supportPhone ?? null}
            />
          </div>
          <dl
            className="mt-8 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white"
            data-testid="product-specs"
          >
            {specs.map(([label, value]) => (
              <div key={label} className="grid grid-cols-2 gap-4 px-4 py-3 text-sm">
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </div>

      <section id="reviews" className="mt-12 scroll-mt-20" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="text-2xl font-bold text-slate-900">
          {t("Customer reviews")}
        </h2>
        <ReviewsSummary rating={rating} verifiedOnly={loaderData.verifiedOnly} />
        <div className="mt-6 grid gap-8 lg:grid-cols-[2fr_1fr]">
          {/* First for phones (before a long list); beside the reviews, and kept in view, from lg. */}
          <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1 lg:self-start">
            {viewer ? (
              <>
                <ReviewForm actionData={reviewData} own={own} />
                {own ? <DeleteOwnReview /> : null}
              </>
            ) : (
              <div className="rounded-2xl border border-slate-200 bg-white p-5">
                <p className="text-slate-700">
                  {t("Bought this battery? Tell other customers what you think.")}
                </p>
                <Link
                  to={`/login?redirectTo=${encodeURIComponent(`${productHref(p.model)}#reviews`)}`}
                  className="btn-primary mt-3"
                >
                  {t.text(catalogMessages.signInToReview)}
                </Link>
              </div>
            )}
          </div>
          <ul className="min-w-0 space-y-4 lg:col-start-1 lg:row-start-1">
            {reviews.map((r) => (
              <li
                key={r.id}
                className="rounded-2xl border border-slate-200 bg-white p-5"
                data-testid="review"
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Stars rating={r.rating} />
                  {viewer?.isAdmin ? (
                    <ConfirmForm
                      question={t("Remove the review by {name}?", { name: r.authorName })}
                      confirmLabel={t("Remove")}
                      cancelLabel={t("Cancel")}
                      danger
                    >
                      <input type="hidden" name="intent" value="delete-review" />
                      <input type="hidden" name="reviewId" value={r.id} />
                      <button
                        type="submit"
                        className="btn-outline min-h-10 px-3"
                        aria-label={t("Remove the review by {name}", { name: r.authorName })}
                      >
                        <SpriteIcon name="trash-2" className="size-4 text-danger-700" />
                      </button>
                    </ConfirmForm>
                  ) : null}
                </div>
                {r.body ? (
                  <p className="mt-3 whitespace-pre-line break-words text-slate-700 [overflow-wrap:anywhere]">
                    {r.body}
                  </p>
                ) : null}
                <p className="mt-3 text-sm text-slate-600">
                  {r.authorName} · {formatDate(new Date(r.createdAt), t.locale)}
                  {r.edited ? ` · ${t("edited")}` : null}
                  {r.verifiedPurchase ? (
                    <span
                      className="ml-2 inline-flex items-center gap-1 text-success-700"
                      data-testid="verified-purchase"
                    >
                      <SpriteIcon name="badge-check" className="size-4" /> {t("Verified purchase")}
                    </span>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {related.length > 0 ? (
        <section className="mt-12" aria-labelledby="related-title">
          <h2 id="related-title" className="text-2xl font-bold text-slate-900">
            {t("Related products")}
          </h2>
          <ul className="pcards mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {related.map((item) => (
              <li key={item.id}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <BuyBar productId={p.id} model={p.model} pricePaise={p.pricePaise} inStock={p.stock > 0} />
    </div>
  );
}

/**
 * An unknown model (still a 404): a model search into the catalogue and its categories, instead
 * of the site's generic "Page not found".
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = useLocale();
  const matches = useMatches();
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    return (
      <div className="container-page">
        <ErrorView status={isRouteErrorResponse(error) ? error.status : 500} />
      </div>
    );
  }
  const found = (error.data ?? {}) as { model?: unknown; i18n?: Messages };
  const model = found.model === undefined ? "" : String(found.model);
  // The page's messages came with the 404 (the root has the site's own): both are given.
  return (
    <I18nProvider locale={locale} messages={{ ...messagesOfMatches(matches), ...found.i18n }}>
      <ProductNotFound model={model} />
    </I18nProvider>
  );
}

function ProductNotFound({ model }: { model: string }) {
  const t = useT("product");
  const spec = useSpecText();
  return (
    <section className="container-page max-w-2xl py-12" aria-labelledby="not-found-title">
      <SpriteIcon name="search-x" className="size-12 text-brand-700" />
      <h1 id="not-found-title" className="mt-4 text-3xl font-bold text-slate-900">
        {t.text(catalogMessages.productNotFoundTitle)}
      </h1>
      <p className="mt-3 text-slate-600">{t.text(catalogMessages.productNotFoundBody(model))}</p>
      <Form method="get" action="/allproduct" role="search" className="mt-6 flex flex-wrap gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor="model-search" className="field-label">
            {t("Search by model")}
          </label>
          <input
            id="model-search"
            type="search"
            name="q"
            defaultValue={model}
            maxLength={40}
            className="field-select"
          />
        </div>
        <button type="submit" className="btn-primary self-end">
          {t("Search")}
        </button>
      </Form>
      <h2 className="mt-8 text-lg font-semibold text-slate-900">{t("Browse batteries")}</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {productCategories.map((category) => (
          <li key={category}>
            <Link to={`/allproduct?category=${category}`} className="btn-outline">
              {spec.categoryBatteries(category)}
            </Link>
          </li>
        ))}
        <li>
          <Link to="/allproduct" className="btn-outline">
            {t("All products")}
          </Link>
        </li>
      </ul>
    </section>
  );
}

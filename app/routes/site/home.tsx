import { Link } from "react-router";
import { ContentNotice } from "~/components/content-notice";
import { HeroFinder } from "~/components/hero-finder";
import { ProductCard } from "~/components/product-card";
import { placeNames } from "~/components/site-nav";
import { SpriteIcon, type SpriteIconName } from "~/components/sprite-icon";
import { TestimonialCarousel } from "~/components/testimonial-carousel";
import type { ProductCategory } from "~/db/schema/enums";
import { countProductsByCategory, listBestSellers } from "~/features/catalog/catalog.server";
import { homeContentNotice } from "~/features/content/content-notice.server";
import { localTagline } from "~/features/content/home-texts";
import { listPublishedTestimonials } from "~/features/content/testimonials.server";
import { getSettings } from "~/features/settings/settings.server";
import { localeOf, pageMessages } from "~/lib/i18n/catalogue.server";
import { msg } from "~/lib/i18n/msg";
import { useT } from "~/lib/i18n/react";
import { fill } from "~/lib/i18n/translate";
import { pageMeta, storeFromMatches, useRootData } from "~/root";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = localeOf(request);
  // The same for every shopper in a language: kept a short while (ADR 017).
  const home = await context.publicData.get(`home:${locale}`, async () => {
    const [testimonials, bestSellers, categoryCounts, settings] = await Promise.all([
      listPublishedTestimonials(context.db, 5),
      listBestSellers(context.db, 4, locale),
      countProductsByCategory(context.db),
      getSettings(context.db),
    ]);
    const taglineInEnglish = Boolean(localTagline(settings, locale).taglineLang);
    const contentNotice = homeContentNotice(locale, bestSellers, taglineInEnglish);
    return { testimonials, bestSellers, categoryCounts, contentNotice };
  });
  // The best sellers' cards carry Add to Cart (its words are the product page's).
  return { ...home, i18n: pageMessages(request, ["home", "product"]) };
}

export function meta(args: Route.MetaArgs) {
  const brand = storeFromMatches(args.matches)?.brandName ?? "Battery store";
  return pageMeta(args, {
    title: msg("Car, bike and inverter batteries online"),
    description: fill(
      msg(
        "Buy car, bike and inverter batteries from {brand}: find the right battery for your vehicle, pay by UPI, book a service or find a dealer near you.",
      ),
      { brand },
    ),
    path: "/",
  });
}

const categoryTiles: {
  category: ProductCategory;
  title: string;
  body: string;
  icon: SpriteIconName;
}[] = [
  {
    category: "car",
    title: msg("Car batteries"),
    body: msg("Hatchbacks, sedans and SUVs"),
    icon: "car",
  },
  {
    category: "bike",
    title: msg("Bike batteries"),
    body: msg("Scooters and motorcycles"),
    icon: "bike",
  },
  {
    category: "inverter",
    title: msg("Inverter batteries"),
    body: msg("Power backup for home and shop"),
    icon: "house-plug",
  },
  {
    category: "industrial",
    title: msg("Industrial batteries"),
    body: msg("Trucks, tractors, UPS and solar"),
    icon: "factory",
  },
];

type Feature = { title: string; body: string; to: string; action: string; icon: SpriteIconName };

/** The store's places, called by their one name (components/site-nav.ts). */
const features: Feature[] = [
  {
    title: placeNames.catalog,
    body: msg(
      "Car, bike and inverter batteries with clear prices, capacity, voltage and warranty.",
    ),
    to: "/allproduct",
    action: msg("Browse batteries"),
    icon: "battery-charging",
  },
  {
    title: placeNames.finder,
    body: msg("Choose your vehicle's make, model and fuel to see the batteries that fit it."),
    to: "/findby",
    action: msg("Find my battery"),
    icon: "car",
  },
  {
    title: placeNames.service,
    body: msg("Battery check-ups, charging and replacement at a service centre near you."),
    to: "/service",
    action: msg("Book a service"),
    icon: "wrench",
  },
  {
    title: placeNames.dealers,
    body: msg("Find an authorised dealer by PIN code or city and see it on the map."),
    to: "/dealer",
    action: msg("Find a dealer"),
    icon: "map-pinned",
  },
  {
    title: placeNames.warranty,
    body: msg("Register your battery's warranty, look it up any time and raise a claim online."),
    to: "/warranty",
    action: msg("Register a battery"),
    icon: "shield-check",
  },
  {
    title: placeNames.blog,
    body: msg(
      "Guides to checking your battery's voltage, caring for it in heat and monsoon, and knowing when to replace it.",
    ),
    to: "/blog",
    action: msg("Read the guides"),
    icon: "book-open",
  },
];

const reasons: { title: string; body: string; icon: SpriteIconName }[] = [
  {
    title: msg("Save time"),
    body: msg("Find the battery that fits your vehicle in a few taps."),
    icon: "clock",
  },
  {
    title: msg("Trusted"),
    body: msg("Genuine batteries with the maker's warranty."),
    icon: "badge-check",
  },
  {
    title: msg("Easy installation"),
    body: msg("Fitting by our dealers and service centres."),
    icon: "wrench",
  },
  {
    title: msg("Fast delivery"),
    body: msg("Dispatched quickly from a dealer near you."),
    icon: "truck",
  },
  {
    title: msg("Affordable pricing"),
    body: msg("Fair prices in rupees, with the MRP and your saving on every battery."),
    icon: "indian-rupee",
  },
  {
    title: msg("24/7 support"),
    body: msg("Call or e-mail us any time, day or night."),
    icon: "headset",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const t = useT("home");
  const { testimonials, bestSellers, categoryCounts } = loaderData;
  const store = useRootData()?.store;
  const brandName = store?.brandName ?? "";
  const tagline = store?.tagline ?? "";
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
        <div className="container-page grid items-center gap-8 pt-10 pb-8 md:grid-cols-[3fr_2fr] md:pt-14">
          <div>
            <p
              className="text-sm font-semibold uppercase tracking-widest text-accent-300"
              lang={store?.taglineLang}
            >
              {tagline}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
              {t("Welcome to {brand}", { brand: brandName })}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              {t(
                "The right battery for your car, bike or home inverter, delivered and fitted, with service and warranty support across India.",
              )}
            </p>
            <div className="mt-6 flex flex-wrap gap-3">
              <Link to="/allproduct" className="btn-accent text-base">
                {t("Shop batteries")}
              </Link>
            </div>
          </div>
          <img
            src="/images/hero-battery.svg"
            alt=""
            width={560}
            height={420}
            className="mx-auto hidden w-full max-w-sm md:block"
          />
        </div>
        <div className="container-page pb-12 md:pb-16">
          <HeroFinder />
        </div>
      </section>

      {loaderData.contentNotice ? (
        <div className="container-page mt-6">
          <ContentNotice text={loaderData.contentNotice} />
        </div>
      ) : null}
      <section className="container-page pt-14" aria-labelledby="categories-title">
        <h2 id="categories-title" className="text-center text-3xl font-bold text-slate-900">
          {t("Shop by category")}
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {categoryTiles.map(({ category, title, body, icon }) => (
            <li key={category} className="flex">
              <Link
                to={`/allproduct?category=${category}`}
                className="group flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md sm:p-6"
                data-testid={`category-${category}`}
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700 group-hover:bg-brand-700 group-hover:text-white sm:size-14">
                  <SpriteIcon name={icon} className="size-6 sm:size-7" />
                </span>
                <span className="mt-4 text-lg font-semibold text-slate-900">{t(title)}</span>
                <span className="mt-1 hidden flex-1 text-sm text-slate-600 sm:block">
                  {t(body)}
                </span>
                <span className="mt-3 flex items-center justify-between gap-2 text-sm font-semibold text-brand-700">
                  <span data-testid="category-count">
                    {t("{count, plural, one {# battery} other {# batteries}}", {
                      count: categoryCounts[category],
                    })}
                  </span>
                  <SpriteIcon
                    name="arrow-right"
                    className="size-4 transition group-hover:translate-x-1"
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {bestSellers.length > 0 ? (
        <section
          className="container-page pt-14"
          aria-labelledby="best-sellers-title"
          data-testid="best-sellers"
        >
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2 id="best-sellers-title" className="text-3xl font-bold text-slate-900">
              {t("Best sellers")}
            </h2>
            <Link
              to="/allproduct"
              className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:underline"
            >
              {t("All batteries")}
              <SpriteIcon name="arrow-right" className="size-4" />
            </Link>
          </div>
          <ul className="pcards mt-6 grid grid-cols-2 gap-3 sm:gap-6 lg:grid-cols-4">
            {bestSellers.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="container-page py-14" aria-labelledby="features-title">
        <h2 id="features-title" className="text-center text-3xl font-bold text-slate-900">
          {t("Everything for your battery, in one place")}
        </h2>
        {/* Rows of three (two on tablets), a shorter last row centred. */}
        <ul className="mt-10 flex flex-wrap justify-center gap-6">
          {features.map(({ title, body, to, action, icon }) => (
            <li
              key={title}
              className="flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)]"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <SpriteIcon name={icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900">{t(title)}</h3>
              <p className="mt-2 flex-1 text-slate-600">{t(body)}</p>
              <Link to={to} className="btn-primary mt-6 self-start">
                {t(action)}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-14" aria-labelledby="why-title">
        <div className="container-page">
          <h2 id="why-title" className="text-center text-3xl font-bold text-slate-900">
            {t("Why Choose Us?")}
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reasons.map(({ title, body, icon }) => (
              <li key={title} className="flex gap-4 rounded-2xl bg-slate-50 p-5">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-400 text-slate-900">
                  <SpriteIcon name={icon} className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{t(title)}</h3>
                  <p className="mt-1 text-sm text-slate-600">{t(body)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section className="container-page py-14" aria-labelledby="reviews-title">
          <h2 id="reviews-title" className="text-center text-3xl font-bold text-slate-900">
            {t("What Our Customers Say")}
          </h2>
          <div className="mt-10">
            <TestimonialCarousel items={testimonials} />
          </div>
        </section>
      ) : null}
    </>
  );
}

import {
  BadgeCheck,
  BatteryCharging,
  BookOpen,
  Clock,
  Headset,
  IndianRupee,
  MapPinned,
  ShieldCheck,
  Truck,
  Wrench,
} from "lucide-react";
import { Link } from "react-router";
import { TestimonialCarousel } from "~/components/testimonial-carousel";
import { listPublishedTestimonials } from "~/features/content/testimonials.server";
import { pageTitle, storeFromMatches, useRootData } from "~/root";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { testimonials: await listPublishedTestimonials(context.db, 5) };
}

export function meta({ matches }: Route.MetaArgs) {
  const brand = storeFromMatches(matches)?.brandName ?? "Battery store";
  return [
    { title: pageTitle(matches, "Car, bike and inverter batteries online") },
    {
      name: "description",
      content: `Buy car, bike and inverter batteries from ${brand}: find the right battery for your vehicle, pay by UPI, book a service and register your warranty.`,
    },
  ];
}

const features = [
  {
    title: "Products",
    body: "Car, bike and inverter batteries with clear prices, capacity, voltage and warranty.",
    to: "/allproduct",
    action: "Browse batteries",
    Icon: BatteryCharging,
  },
  {
    title: "Book Services",
    body: "Battery check-ups, charging and replacement at a service centre near you.",
    to: "/service",
    action: "Book a service",
    Icon: Wrench,
  },
  {
    title: "Dealer",
    body: "Find an authorised dealer by PIN code or city and see it on the map.",
    to: "/dealer",
    action: "Find a dealer",
    Icon: MapPinned,
  },
  {
    title: "Warranty",
    body: "Register your new battery's warranty, or look up a registered battery.",
    to: "/warranty",
    action: "Register warranty",
    Icon: ShieldCheck,
  },
  {
    title: "Blogs",
    body: "How to check battery voltage, care tips and the signs a battery needs replacing.",
    to: "/blog",
    action: "Read the blog",
    Icon: BookOpen,
  },
];

const reasons = [
  {
    title: "Save time",
    body: "Find the battery that fits your vehicle in a few taps.",
    Icon: Clock,
  },
  {
    title: "Trusted",
    body: "Genuine batteries with warranty registered to you.",
    Icon: BadgeCheck,
  },
  { title: "Easy installation", body: "Fitting by our dealers and service centres.", Icon: Wrench },
  { title: "Fast delivery", body: "Dispatched quickly from a dealer near you.", Icon: Truck },
  {
    title: "Affordable pricing",
    body: "Fair prices in rupees, with the MRP and your saving on every battery.",
    Icon: IndianRupee,
  },
  {
    title: "24/7 support",
    body: "Call or e-mail us any time, day or night.",
    Icon: Headset,
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { testimonials } = loaderData;
  const store = useRootData()?.store;
  const brandName = store?.brandName ?? "";
  const tagline = store?.tagline ?? "";
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
        <div className="container-page grid items-center gap-10 py-14 md:grid-cols-2 md:py-20">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-accent-300">
              {tagline}
            </p>
            <h1 className="mt-3 text-4xl font-extrabold tracking-tight sm:text-5xl">
              Welcome to {brandName}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-brand-100">
              The right battery for your car, bike or home inverter, delivered and fitted, with
              service and warranty support across India.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/allproduct" className="btn-accent text-base">
                Shop batteries
              </Link>
              <Link
                to="/findby"
                className="btn border border-white/40 text-base text-white hover:bg-white/10"
              >
                Find my battery
              </Link>
            </div>
          </div>
          <img
            src="/images/hero-battery.svg"
            alt=""
            width={560}
            height={420}
            className="mx-auto w-full max-w-md"
          />
        </div>
      </section>

      <section className="container-page py-14" aria-labelledby="features-title">
        <h2 id="features-title" className="text-center text-3xl font-bold text-slate-900">
          Everything for your battery, in one place
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {features.map(({ title, body, to, action, Icon }) => (
            <li
              key={title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 flex-1 text-slate-600">{body}</p>
              <Link to={to} className="btn-primary mt-6 self-start">
                {action}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="bg-white py-14" aria-labelledby="why-title">
        <div className="container-page">
          <h2 id="why-title" className="text-center text-3xl font-bold text-slate-900">
            Why Choose Us?
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {reasons.map(({ title, body, Icon }) => (
              <li key={title} className="flex gap-4 rounded-2xl bg-slate-50 p-5">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-400 text-slate-900">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{title}</h3>
                  <p className="mt-1 text-sm text-slate-600">{body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section className="container-page py-14" aria-labelledby="reviews-title">
          <h2 id="reviews-title" className="text-center text-3xl font-bold text-slate-900">
            What Our Customers Say
          </h2>
          <div className="mt-10">
            <TestimonialCarousel items={testimonials} />
          </div>
        </section>
      ) : null}
    </>
  );
}

// The data of `npm run bench:seed` (issue 27): a store grown for two years, made by a few large
// INSERT ... SELECT statements over generate_series, so 100,000 orders take seconds, not hours.
// Every value comes from the row's number through hashint8 mixed with the seed, so the same seed
// and day always give the same rows. The store's own rules hold: CHECKs, an order's total from
// its lines, a timeline for every status, the dashboard's day totals (kept by the trigger on
// orders, ADR 036), no booking slot over its centre's capacity.
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

/** Full size; `scale` multiplies every count (a test seeds a thousandth). */
export const benchCounts = {
  products: 10_000,
  vehicles: 100_000,
  customers: 100_000,
  orders: 100_000,
  /** Of the orders: the newest, still waiting for their UPI payment (what a statement meets). */
  pendingOrders: 10_000,
  outlets: 5_000,
  bookings: 100_000,
};

export type BenchSeedOptions = {
  /** 1 for the full store; 0.001 for a test. */
  scale?: number;
  /** The random seed: the same seed (and day) gives the same rows. */
  seed?: number;
  /** The last moment of the two years (the newest orders are just before it). */
  now: Date;
};

export type BenchSeedReport = {
  counts: Record<keyof typeof benchCounts | "orderLines" | "orderEvents" | "fitments", number>;
  /** The customer with the most orders (200 at full size): the account order list's case. */
  regular: { id: string; email: string; orders: number };
  timings: { step: string; ms: number }[];
};

/** The customer who keeps coming back: id, e-mail and name. */
export const REGULAR_CUSTOMER = {
  id: "bench-regular",
  email: "regular.customer@bench.example.in",
  name: "Kavita Regular",
} as const;

export class DatabaseNotEmptyError extends Error {
  constructor(tables: string[]) {
    super(
      `bench:seed fills an empty database, and this one already holds ${tables.join(", ")}. ` +
        "Point DATA_DIR or DATABASE_URL at a new, empty database.",
    );
  }
}

const CHECKED_TABLES = ["products", "vehicles", "user", "orders", "outlets", "service_bookings"];

/** The tables of the store's own data that already hold rows (reference data aside). */
export async function nonEmptyTables(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const table of CHECKED_TABLES) {
    const result = (await db.execute(
      sql.raw(`select exists (select 1 from "${table}") as filled`),
    )) as unknown as { rows: { filled: boolean }[] };
    if (result.rows[0]?.filled) found.push(table);
  }
  return found;
}

const list = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")}]::text[]`;

const carMakes = [
  "Maruti Suzuki",
  "Hyundai",
  "Tata",
  "Mahindra",
  "Honda",
  "Toyota",
  "Kia",
  "Renault",
  "Nissan",
  "Volkswagen",
  "Skoda",
  "MG",
  "Ford",
  "Chevrolet",
  "Fiat",
  "Jeep",
  "Citroen",
  "BMW",
  "Mercedes-Benz",
  "Audi",
  "Volvo",
  "Jaguar",
  "Land Rover",
  "Lexus",
  "Mini",
  "Porsche",
  "Isuzu",
  "Datsun",
  "Mitsubishi",
  "BYD",
];
const bikeMakes = [
  "Hero",
  "Bajaj",
  "TVS",
  "Royal Enfield",
  "Yamaha",
  "Suzuki Motorcycle",
  "KTM",
  "Honda Two Wheelers",
  "Jawa",
  "Ather",
  "Ola Electric",
  "Kawasaki",
  "Harley-Davidson",
  "Triumph",
  "Benelli",
];
const commercialMakes = ["Ashok Leyland", "Eicher", "BharatBenz", "Force Motors", "Tata Motors CV"];
const modelWords = [
  "Swift",
  "Nova",
  "Aura",
  "Crest",
  "Vista",
  "Zest",
  "Pulse",
  "Astra",
  "Drift",
  "Glide",
  "Orbit",
  "Rally",
  "Sprint",
  "Terra",
  "Urban",
  "Volt",
  "Wave",
  "Xeno",
  "Yukon",
  "Zeal",
];
const firstNames = [
  "Aarav",
  "Aditi",
  "Amit",
  "Ananya",
  "Arjun",
  "Asha",
  "Deepak",
  "Divya",
  "Farhan",
  "Gaurav",
  "Harpreet",
  "Isha",
  "Kabir",
  "Kavya",
  "Lakshmi",
  "Manoj",
  "Meera",
  "Neha",
  "Nikhil",
  "Pooja",
  "Priya",
  "Rahul",
  "Ravi",
  "Rohan",
  "Sanjay",
  "Sara",
  "Shreya",
  "Suresh",
  "Tanvi",
  "Vikram",
];
const lastNames = [
  "Shah",
  "Patel",
  "Sharma",
  "Iyer",
  "Nair",
  "Reddy",
  "Das",
  "Singh",
  "Kumar",
  "Gupta",
  "Mehta",
  "Joshi",
  "Rao",
  "Khan",
  "Bose",
  "Menon",
  "Pillai",
  "Verma",
  "Chopra",
  "Desai",
];
/** City, state, first pincode, latitude, longitude. */
const cities: [string, string, number, number, number][] = [
  ["Ahmedabad", "Gujarat", 380001, 23.0225, 72.5714],
  ["Mumbai", "Maharashtra", 400001, 19.076, 72.8777],
  ["Delhi", "Delhi", 110001, 28.6139, 77.209],
  ["Bengaluru", "Karnataka", 560001, 12.9716, 77.5946],
  ["Chennai", "Tamil Nadu", 600001, 13.0827, 80.2707],
  ["Kolkata", "West Bengal", 700001, 22.5726, 88.3639],
  ["Hyderabad", "Telangana", 500001, 17.385, 78.4867],
  ["Pune", "Maharashtra", 411001, 18.5204, 73.8567],
  ["Jaipur", "Rajasthan", 302001, 26.9124, 75.7873],
  ["Lucknow", "Uttar Pradesh", 226001, 26.8467, 80.9462],
  ["Surat", "Gujarat", 395001, 21.1702, 72.8311],
  ["Kochi", "Kerala", 682001, 9.9312, 76.2673],
  ["Indore", "Madhya Pradesh", 452001, 22.7196, 75.8577],
  ["Bhopal", "Madhya Pradesh", 462001, 23.2599, 77.4126],
  ["Patna", "Bihar", 800001, 25.5941, 85.1376],
  ["Chandigarh", "Chandigarh", 160017, 30.7333, 76.7794],
  ["Nagpur", "Maharashtra", 440001, 21.1458, 79.0882],
  ["Vadodara", "Gujarat", 390001, 22.3072, 73.1812],
  ["Coimbatore", "Tamil Nadu", 641001, 11.0168, 76.9558],
  ["Guwahati", "Assam", 781001, 26.1445, 91.7362],
];

/** SQL arrays of the cities' columns, indexed by `1 + i`. */
const cityArrays = {
  name: list(cities.map((c) => c[0])),
  state: list(cities.map((c) => c[1])),
  pincode: `array[${cities.map((c) => c[2]).join(",")}]`,
  lat: `array[${cities.map((c) => c[3]).join(",")}]::float8[]`,
  lng: `array[${cities.map((c) => c[4]).join(",")}]::float8[]`,
};

/**
 * Fills the empty store. Refuses (DatabaseNotEmptyError) when products, vehicles, accounts,
 * orders, outlets or bookings are already there. Run it on a migrated database.
 */
export async function seedBenchData(db: Db, options: BenchSeedOptions): Promise<BenchSeedReport> {
  const filled = await nonEmptyTables(db);
  if (filled.length > 0) throw new DatabaseNotEmptyError(filled);
  const scale = options.scale ?? 1;
  const seed = options.seed ?? 27;
  const n = (full: number, least = 1) => Math.max(least, Math.round(full * scale));
  const P = n(benchCounts.products, 10);
  const V = n(benchCounts.vehicles, 60);
  const C = n(benchCounts.customers, 10);
  const O = n(benchCounts.orders, 20);
  const pending = Math.min(n(benchCounts.pendingOrders), Math.floor(O / 4));
  const settled = O - pending;
  const regularOrders = Math.min(200, Math.floor(settled / 5));
  const every = Math.floor(settled / regularOrders);
  const outletCount = n(benchCounts.outlets, 6);
  const B = n(benchCounts.bookings, 10);
  const now = options.now.toISOString();
  const days = 730;

  /** A deterministic number in 0 .. mod-1 from a row's number and a salt. */
  const rnd = (row: string, salt: number, mod: number) =>
    `((hashint8((${row})::bigint * 1000003 + ${seed * 7919 + salt}) & 2147483647) % ${mod})`;
  const timings: { step: string; ms: number }[] = [];
  const step = async (name: string, statement: SQL | string) => {
    const start = performance.now();
    await db.execute(typeof statement === "string" ? sql.raw(statement) : statement);
    timings.push({ step: name, ms: Math.round(performance.now() - start) });
  };
  const at = `'${now}'::timestamptz`;
  const start = `(${at} - interval '${days} days')`;

  // Products: four categories in the shop's proportions, the spec's values among others; one
  // in twenty inactive, one in five hundred featured. (Each nested select names its columns
  // with their table, and values worked out from others come from `lateral (values ...)`: the
  // rule every statement keeps, ADR 025.)
  await step(
    "products",
    `insert into products (slug, model, category, brand, capacity_ah, voltage_v, warranty_months,
       pro_rata_months, price_paise, mrp_paise, stock, description, specs, active, featured,
       installation_included, created_at, updated_at)
     select lower(m.model), m.model, c.category, m.brand, m.capacity, m.voltage, m.warranty,
            m.warranty / 2, m.price, m.price + m.price / 10 * ${rnd("g.g", 1, 3)}, ${rnd("g.g", 2, 60)},
            'A sealed maintenance-free ' || c.category || ' battery, ' || m.capacity || ' Ah.',
            jsonb_build_object('technology', 'SMF', 'cca', m.capacity * 9),
            g.g % 20 <> 0, g.g % 500 = 0, c.category = 'inverter',
            ${start} + (g.g::float8 / ${P}) * interval '${days / 2} days', ${at}
     from generate_series(1, ${P}) as g
     cross join lateral (values ((array['car','car','car','car','bike','bike','bike','inverter',
                                        'inverter','industrial'])[1 + g.g % 10])) as c (category)
     cross join lateral (values (
       upper(left(c.category, 3)) || '-' || lpad(g.g::text, 5, '0'),
       (array['UrjaCell','UrjaCell','UrjaCell Pro','VoltMax'])[1 + ${rnd("g.g", 3, 4)}],
       case c.category
         when 'car' then (array[35,40,45,50,55,60,65,70,80,90,100])[1 + ${rnd("g.g", 4, 11)}]
         when 'bike' then (array[3,5,7,9,12,14])[1 + ${rnd("g.g", 4, 6)}]
         when 'inverter' then (array[100,120,150,180,200,220])[1 + ${rnd("g.g", 4, 6)}]
         else (array[60,100,150,200,300])[1 + ${rnd("g.g", 4, 5)}] end,
       case when c.category = 'industrial' then (array[12,24,36])[1 + ${rnd("g.g", 5, 3)}] else 12 end,
       (array[12,18,24,36,48,60])[1 + ${rnd("g.g", 6, 6)}],
       150000 + ${rnd("g.g", 7, 1850)} * 1000
     )) as m (model, brand, capacity, voltage, warranty, price)`,
  );

  // Vehicles: 50 makes (30 car, 15 bike, 5 commercial), each model in 30 years and two fuels.
  const makes = [...carMakes, ...bikeMakes, ...commercialMakes];
  await step(
    "vehicles",
    `insert into vehicles (vehicle_type, make, model, year, fuel_type, created_at, updated_at)
     select case when v.m < 30 then 'car' when v.m < 45 then 'bike' else 'commercial' end,
            (${list(makes)})[1 + v.m],
            (${list(modelWords)})[1 + v.j % 20] || ' ' || (v.j / 20 + 1),
            1996 + g.g % 30,
            case when v.m < 30 then (array['Petrol','Diesel'])[1 + v.k % 2]
                 when v.m < 45 then (array['Petrol','Electric'])[1 + v.k % 2]
                 else (array['Diesel','CNG'])[1 + v.k % 2] end,
            ${start}, ${start}
     from generate_series(0, ${V - 1}) as g
     cross join lateral (values (g.g / 30, g.g / 60, (g.g / 60) % 50)) as v (k, j, m)`,
  );

  // Fitments: a recommended battery of the vehicle's kind and one or two alternatives.
  await step(
    "fitments",
    `with kinds as (
       select array_agg(p.id order by p.id) filter (where p.category = 'car') as car,
              array_agg(p.id order by p.id) filter (where p.category = 'bike') as bike,
              array_agg(p.id order by p.id) filter (where p.category in ('car', 'industrial')) as commercial
       from products p)
     insert into vehicle_fitments (vehicle_id, product_id, rank)
     select v.id, k.ids[1 + (${rnd("v.id", 8, 1_000_000)} + (r.r - 1) * 7) % cardinality(k.ids)], r.r
     from vehicles v
     cross join kinds
     cross join lateral (values (case v.vehicle_type when 'car' then kinds.car
                                 when 'bike' then kinds.bike else kinds.commercial end)) as k (ids)
     cross join generate_series(1, 3) as r
     where r.r = 1 or r.r <= 1 + ${rnd("v.id", 9, 3)}
     on conflict do nothing`,
  );

  // Customers: accounts opened over the two years (no password: they are not signed in to).
  await step(
    "customers",
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
     select 'bench-' || lpad(g.g::text, 6, '0'), c.first || ' ' || c.last,
            lower(c.first) || '.' || lower(c.last) || '.' || g.g || '@bench.example.in', true, 'user',
            ${start} + ((g.g - 1)::float8 / ${C}) * interval '${days} days',
            ${start} + ((g.g - 1)::float8 / ${C}) * interval '${days} days'
     from generate_series(1, ${C}) as g
     cross join lateral (values ((${list(firstNames)})[1 + ${rnd("g.g", 10, firstNames.length)}],
                                 (${list(lastNames)})[1 + ${rnd("g.g", 11, lastNames.length)}])) as c (first, last)`,
  );
  await step(
    "regular customer",
    `insert into "user" (id, name, email, email_verified, role, created_at, updated_at)
     values ('${REGULAR_CUSTOMER.id}', '${REGULAR_CUSTOMER.name}', '${REGULAR_CUSTOMER.email}',
             true, 'user', ${start}, ${start})`,
  );

  // Each order's lines: one (most), two or three, of active products, one to two batteries each.
  const lines = `
    with catalogue as (
      select array_agg(p.id order by p.id) as ids, array_agg(p.price_paise order by p.id) as prices,
             array_agg(p.model order by p.id) as models, array_agg(p.category order by p.id) as categories,
             array_agg(p.capacity_ah order by p.id) as capacities
      from products p where p.active),
    line as (
      select g.g, l.l, 1 + ${rnd("g.g * 4 + l.l", 12, 1_000_000)} % cardinality(catalogue.ids) as at,
             1 + (${rnd("g.g * 4 + l.l", 13, 10)} / 8) as quantity
      from catalogue cross join generate_series(1, ${O}) as g cross join generate_series(1, 3) as l
      where l.l = 1 or l.l <= (case when ${rnd("g.g", 14, 20)} = 0 then 3
                                    when ${rnd("g.g", 14, 20)} < 6 then 2 else 1 end))`;
  const reference = (row: string) => `'UC' || upper(substr(md5('${seed}-' || ${row}), 1, 20))`;

  // Orders: `settled` over the two years (older ones delivered or cancelled, the last days' on
  // their way), then `pending` in the last 40 hours waiting for their UPI payment. Every tenth
  // settled order is paid on installation. The regular customer has every `every`-th order.
  await step(
    "orders",
    `${lines},
     totals as (
       select line.g, sum(catalogue.prices[line.at] * line.quantity) as subtotal
       from line cross join catalogue group by line.g),
     base as (
       select t.g, t.subtotal,
              case when t.g <= ${settled}
                then ${start} + ((t.g - 1)::float8 / ${settled}) * interval '${days} days'
                     - interval '2 days' + ${rnd("t.g", 15, 3600)} * interval '1 second'
                else ${at} - interval '40 hours'
                     + ((t.g - ${settled})::float8 / ${pending}) * interval '39 hours' end as created_at,
              case when t.g <= ${settled} and t.g % 10 = 0 then 'on_installation' else 'upi' end as method,
              case when t.g <= ${settled} and t.g % ${every} = 0 and t.g / ${every} <= ${regularOrders}
                   then '${REGULAR_CUSTOMER.id}'
                   else 'bench-' || lpad((1 + ${rnd("t.g", 16, 1_000_000)} % greatest(1, ceil(${C} * t.g::float8 / ${O}))::int)::text, 6, '0')
              end as user_id,
              ${rnd("t.g", 17, 100)} as chance,
              ${rnd("t.g", 18, cities.length)} as city
       from totals t)
     insert into orders (user_id, status, customer_name, phone, house, address, landmark, city,
       state, pincode, payment_method, subtotal_paise, shipping_paise, gst_included_paise,
       total_paise, reference, utr, payment_due_at, created_at, updated_at)
     select b.user_id,
            case when b.g > ${settled} then 'payment_pending'
                 when b.created_at < ${at} - interval '10 days' then
                   case when b.chance < 86 then 'delivered' else 'cancelled' end
                 when b.method = 'on_installation' then
                   case when b.chance < 60 then 'placed' when b.chance < 90 then 'delivered' else 'cancelled' end
                 else case when b.chance < 30 then 'paid' when b.chance < 65 then 'shipped'
                           when b.chance < 90 then 'delivered' else 'cancelled' end
            end,
            u.name, (6 + ${rnd("b.g", 19, 4)})::text || lpad(${rnd("b.g", 20, 1_000_000_000)}::text, 9, '0'),
            'Flat ' || (1 + ${rnd("b.g", 21, 400)}), (1 + ${rnd("b.g", 22, 90)}) || ' Station Road',
            null, (${cityArrays.name})[1 + b.city], (${cityArrays.state})[1 + b.city],
            ((${cityArrays.pincode})[1 + b.city] + ${rnd("b.g", 23, 40)})::text, b.method,
            b.subtotal, 0, round(b.subtotal * 18 / 118.0), b.subtotal, ${reference("b.g")},
            case when b.g > ${settled} and b.chance < 30 then (434500000000 + b.g)::text end,
            case when b.g > ${settled} then b.created_at + interval '48 hours' end,
            b.created_at, b.created_at
     from base b join "user" u on u.id = b.user_id
     order by b.g`,
  );

  // The lines again (the same numbers give the same products), joined to their order by its
  // checkout reference.
  await step(
    "order lines",
    `${lines}
     insert into order_items (order_id, product_id, model, name, unit_price_paise, quantity)
     select o.id, catalogue.ids[line.at], catalogue.models[line.at],
            initcap(catalogue.categories[line.at]) || ' battery ' || catalogue.capacities[line.at] || 'Ah',
            catalogue.prices[line.at], line.quantity
     from line cross join catalogue
     join orders o on o.reference = ${reference("line.g")}
     order by o.id, line.l`,
  );

  // The timeline: placed, then each step to where the order is now.
  const upi = (then: string, otherwise: string) =>
    `case o.payment_method when 'upi' then '${then}' else '${otherwise}' end`;
  await step(
    "order events",
    `insert into order_events (order_id, from_status, to_status, note, internal_note, created_at)
     select e.id, e.from_status, e.to_status, e.note, null, least(e.at, ${at}) from (
       select o.id, null as from_status, ${upi("payment_pending", "placed")} as to_status,
              null as note, o.created_at as at, 0 as step
       from orders o
       union all
       select o.id, 'payment_pending', 'paid', null, o.created_at + interval '1 hour', 1 from orders o
       where o.payment_method = 'upi' and o.status in ('paid', 'shipped', 'delivered')
       union all
       select o.id, 'paid', 'shipped', null, o.created_at + interval '1 day', 2 from orders o
       where o.status in ('shipped', 'delivered') and o.payment_method = 'upi'
       union all
       select o.id, ${upi("shipped", "placed")}, 'delivered', null,
              o.created_at + interval '3 days', 3 from orders o where o.status = 'delivered'
       union all
       select o.id, ${upi("payment_pending", "placed")}, 'cancelled',
              case o.payment_method when 'upi' then 'No payment was received by the time to pay.' end,
              o.created_at + interval '2 days', 4 from orders o where o.status = 'cancelled'
     ) as e order by e.id, e.step`,
  );

  // Outlets: two dealers for each service centre, around 20 cities.
  await step(
    "outlets",
    `insert into outlets (kind, name, address, city, state, pincode, lat, lng, phone, email,
       opens_at, closes_at, booking_capacity, created_at, updated_at)
     select case when g.g % 3 = 0 then 'service_centre' else 'dealer' end,
            'UrjaCell ' || case when g.g % 3 = 0 then 'Service ' else 'Point ' end || g.g,
            (1 + ${rnd("g.g", 24, 200)}) || ' Market Road', (${cityArrays.name})[1 + c.city],
            (${cityArrays.state})[1 + c.city],
            ((${cityArrays.pincode})[1 + c.city] + ${rnd("g.g", 25, 40)})::text,
            (${cityArrays.lat})[1 + c.city] + (${rnd("g.g", 26, 4001)} - 2000) / 10000.0,
            (${cityArrays.lng})[1 + c.city] + (${rnd("g.g", 27, 4001)} - 2000) / 10000.0,
            '9' || lpad(${rnd("g.g", 28, 1_000_000_000)}::text, 9, '0'), null, '09:00', '19:00',
            2 + ${rnd("g.g", 29, 3)}, ${start}, ${start}
     from generate_series(1, ${outletCount}) as g
     cross join lateral (values (${rnd("g.g", 30, cities.length)})) as c (city)`,
  );

  // Bookings at service centres: each centre's in turn, one to a slot (never over capacity),
  // over the two years and the next month; the past ones completed or cancelled.
  const today = `date(${at} at time zone 'Asia/Kolkata')`;
  await step(
    "bookings",
    `with centres as (
       select array_agg(o.id order by o.id) as ids from outlets o where o.kind = 'service_centre')
     insert into service_bookings (reference, outlet_id, user_id, name, email, phone, vehicle_model,
       issue, date, time, status, created_at, updated_at)
     select 'SB-' || upper(lpad(to_hex((g.g::bigint * 2654435761) % 4294967296), 8, '0')),
            n.outlet_id, u.id, coalesce(u.name, 'Walk-in customer ' || g.g),
            coalesce(u.email, 'walkin' || g.g || '@bench.example.in'),
            '9' || lpad(${rnd("g.g", 32, 1_000_000_000)}::text, 9, '0'),
            (${list(modelWords)})[1 + ${rnd("g.g", 33, 20)}],
            (array['not_charging','low_voltage','replacement'])[1 + ${rnd("g.g", 34, 3)}],
            d.day, lpad((9 + n.slot % 9)::text, 2, '0') || ':00',
            case when d.day < ${today}
                 then case when ${rnd("g.g", 35, 10)} < 8 then 'completed' else 'cancelled' end
                 else case when ${rnd("g.g", 35, 10)} < 5 then 'requested' else 'confirmed' end end,
            ${start}, ${start}
     from centres cross join generate_series(0, ${B - 1}) as g
     cross join lateral (values (
       centres.ids[1 + g.g % cardinality(centres.ids)], g.g / cardinality(centres.ids),
       ceil(${B}::float8 / cardinality(centres.ids)))) as n (outlet_id, slot, slots)
     cross join lateral (values (${today} - ${days} + (n.slot * ${days + 30} / n.slots)::int)) as d (day)
     left join "user" u on ${rnd("g.g", 31, 10)} < 6
       and u.id = 'bench-' || lpad((1 + ${rnd("g.g", 36, C)})::text, 6, '0')`,
  );

  // Statistics for the planner, and the visibility map for index-only scans (as autovacuum would).
  await step("vacuum", "vacuum analyze");

  const counted = (await db.execute(sql`
    select (select count(*) from products)::int as products,
           (select count(*) from vehicles)::int as vehicles,
           (select count(*) from vehicle_fitments)::int as fitments,
           (select count(*) from "user")::int as customers,
           (select count(*) from orders)::int as orders,
           (select count(*) from orders o where o.status = 'payment_pending')::int as "pendingOrders",
           (select count(*) from order_items)::int as "orderLines",
           (select count(*) from order_events)::int as "orderEvents",
           (select count(*) from outlets)::int as outlets,
           (select count(*) from service_bookings)::int as bookings,
           (select count(*) from orders o where o.user_id = ${REGULAR_CUSTOMER.id})::int as regular`)) as unknown as {
    rows: (BenchSeedReport["counts"] & { regular: number })[];
  };
  const { regular, ...counts } = counted.rows[0] as BenchSeedReport["counts"] & { regular: number };
  return {
    counts,
    regular: { id: REGULAR_CUSTOMER.id, email: REGULAR_CUSTOMER.email, orders: regular },
    timings,
  };
}

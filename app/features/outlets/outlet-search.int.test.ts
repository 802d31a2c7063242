import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as dealersPage from "~/routes/site/dealers";
import * as servicePage from "~/routes/site/service-centres";
import { createOutlet } from "../../../tests/factories";
import { outcome, routeArgs, statusOf } from "../../../tests/helpers/app-context";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/test-db";
import { readOutletSearch } from "./outlet-search.schema";
import { searchOutlets } from "./outlet-search.server";

let t: TestDatabase;

// Each test database is the test file's own: these are all the outlets there are.
beforeAll(async () => {
  t = await createTestDatabase();
  await createOutlet(t, {
    name: "Navrangpura Batteries",
    city: "Ahmedabad",
    pincode: "380009",
    categories: ["car", "bike"],
  });
  await createOutlet(t, {
    name: "Maninagar Power",
    city: "Ahmedabad",
    pincode: "380008",
    lat: 22.9962,
    lng: 72.6036,
    categories: ["bike"],
  });
  await createOutlet(t, {
    name: "Andheri Power Point",
    city: "Mumbai",
    state: "Maharashtra",
    pincode: "400053",
    lat: 19.1364,
    lng: 72.8296,
    categories: ["inverter"],
  });
  await createOutlet(t, { name: "Closed Down Batteries", city: "Ahmedabad", active: false });
  await createOutlet(t, { kind: "service_centre", name: "Satellite Service", city: "Ahmedabad" });
});
afterAll(async () => {
  await t?.close();
});

const search = (query: string, kind: "dealer" | "service_centre" = "dealer") =>
  searchOutlets(t.db, kind, readOutletSearch(new URL(`http://store.test/dealer${query}`)));
const names = async (query: string, kind?: "dealer" | "service_centre") =>
  (await search(query, kind)).rows.map((row) => row.name);

describe("the public outlet search", () => {
  it("lists every active outlet of the kind by name, with no notice, before any search", async () => {
    const result = await search("");
    expect(result.rows.map((r) => r.name)).toEqual([
      "Andheri Power Point",
      "Maninagar Power",
      "Navrangpura Batteries",
    ]);
    expect(result.notices).toEqual([]);
    expect(await names("", "service_centre")).toEqual(["Satellite Service"]);
  });

  it("asks for a pincode or a city when Search is pressed with both empty, and lists all", async () => {
    const result = await search("?pincode=&city=+");
    expect(result.notices).toEqual(["Please enter a pincode or a city"]);
    expect(result.total).toBe(3);
  });

  it("matches the city exactly, ignoring case and surrounding spaces, and the pincode exactly", async () => {
    expect(await names("?pincode=&city=%20%20ahmedABAD%20")).toEqual([
      "Maninagar Power",
      "Navrangpura Batteries",
    ]);
    expect(await names("?pincode=&city=Ahmed")).toEqual([]);
    expect(await names("?pincode=380008&city=")).toEqual(["Maninagar Power"]);
    expect(await names("?pincode=38000&city=")).toEqual([]);
    // Both given: both must match.
    expect(await names("?pincode=400053&city=Ahmedabad")).toEqual([]);
    expect(await names("?pincode=400053&city=mumbai")).toEqual(["Andheri Power Point"]);
  });

  it("finds a renamed city's outlets by either name (Bombay for Mumbai)", async () => {
    expect(await names("?pincode=&city=Bombay")).toEqual(["Andheri Power Point"]);
    expect(await names("?pincode=&city=+bombay+")).toEqual(["Andheri Power Point"]);
  });

  it("keeps to the category served when one is chosen, and ignores an unknown one", async () => {
    expect(await names("?category=bike")).toEqual(["Maninagar Power", "Navrangpura Batteries"]);
    expect(await names("?category=car")).toEqual(["Navrangpura Batteries"]);
    expect(await names("?category=inverter&city=Ahmedabad&pincode=")).toEqual([]);
    expect(await names("?category=spaceship")).toHaveLength(3);
  });

  it("puts the nearest first with its distance in km once the visitor shares a location", async () => {
    // Standing in Mumbai: Andheri is close, Maninagar (south-east Ahmedabad) before Navrangpura.
    const result = await search("?sort=distance&near=19.0760,72.8777");
    expect(result.rows.map((r) => r.name)).toEqual([
      "Andheri Power Point",
      "Maninagar Power",
      "Navrangpura Batteries",
    ]);
    expect(result.sortedBy).toBe("distance");
    const [andheri, maninagar] = result.rows;
    expect(andheri?.distanceKm).toBeGreaterThan(5);
    expect(andheri?.distanceKm).toBeLessThan(10);
    expect(maninagar?.distanceKm).toBeGreaterThan(430);
    expect(maninagar?.distanceKm).toBeLessThan(450);
  });

  it("sorts by name and says why when distance is asked for without a location", async () => {
    const result = await search("?sort=distance&near=not-a-place");
    expect(result.sortedBy).toBe("name");
    expect(result.notices).toEqual([expect.stringContaining("Use my location")]);
    expect(result.rows[0]?.distanceKm).toBeNull();
  });

  it("shows opening hours as people read them", async () => {
    const [first] = (await search("?pincode=380009&city=")).rows;
    expect(first?.hours).toBe("Mon–Sat 9:00 am – 7:00 pm");
  });

  it("sorts names as people read them, alike on PostgreSQL and PGlite: case and accents aside", async () => {
    for (const name of ["MI Road Batteries", "maninagar Cells", "Élite Power", "Adajan Auto"]) {
      await createOutlet(t, { name, city: "Surat", pincode: "395009" });
    }
    // Byte order put "MI Road" before "Maninagar" (and "Élite" last) on PGlite.
    expect(await names("?city=Surat")).toEqual([
      "Adajan Auto",
      "Élite Power",
      "maninagar Cells",
      "MI Road Batteries",
    ]);
  });
});

describe("when the exact search finds nothing", () => {
  it("lists the nearest outlets of the kind to a pincode that has none, with their distance", async () => {
    // 380015 (Ambawadi, Ahmedabad) has no dealer: Navrangpura (380009) is near. (The factory's
    // outlets all stand at Navrangpura's point unless told otherwise.)
    const result = await search("?pincode=380015&city=");
    expect(result.nearestTo).toBe("No dealer in 380015 (Ahmedabad, Gujarat); nearest are:");
    expect(result.sortedBy).toBe("distance");
    // At most five, nearest first; the far one (Mumbai) is not among them.
    const distances = result.rows.map((r) => r.distanceKm ?? Number.NaN);
    expect(result.rows).toHaveLength(5);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const km = (name: string) => result.rows.find((r) => r.name === name)?.distanceKm;
    expect(km("Navrangpura Batteries")).toBeGreaterThan(1);
    expect(km("Navrangpura Batteries")).toBeLessThan(5);
    expect(km("Andheri Power Point")).toBeUndefined();
    // The kind and the category still hold; an exact match is still listed alone.
    const centres = await search("?pincode=380015&category=car", "service_centre");
    expect(centres.nearestTo).toBe(
      "No service centre in 380015 (Ahmedabad, Gujarat); nearest are:",
    );
    expect(centres.rows.map((r) => r.name)).toEqual(["Satellite Service"]);
    expect((await search("?pincode=380009")).nearestTo).toBeNull();
  });

  it("says it does not know a pincode missing from the directory, rather than an empty list", async () => {
    const result = await search("?pincode=999999&city=");
    expect(result.rows).toEqual([]);
    expect(result.emptyText).toBe("We do not know pincode 999999. Check it, or search by city.");
  });

  it("lists nothing for a malformed pincode: the error is the field's, and the page answers 400", async () => {
    for (const pincode of ["12ab", "38001", "080009", "3800155"]) {
      const query = readOutletSearch(new URL(`http://store.test/dealer?pincode=${pincode}`));
      expect(query.pincodeError, pincode).toBe(
        "Enter a 6-digit pincode that does not start with 0, such as 380015",
      );
      const result = await searchOutlets(t.db, "dealer", query);
      expect(result.rows).toEqual([]);
      expect(result.emptyText).toBe("");
    }
    for (const [page, path] of [
      [dealersPage, "/dealer"],
      [servicePage, "/service"],
    ] as const) {
      const request = new Request(`http://localhost:3000${path}?pincode=12ab&city=`);
      const answer = await outcome(async () => page.loader((await routeArgs(t, request)) as never));
      expect(statusOf(answer), path).toBe(400);
      const fine = new Request(`http://localhost:3000${path}?pincode=380009&city=`);
      expect(statusOf(await page.loader((await routeArgs(t, fine)) as never))).toBe(200);
    }
  });

  it("suggests near place names for a misspelt city, the kind's own cities first", async () => {
    const result = await search("?pincode=&city=ahmedbad");
    expect(result.rows).toEqual([]);
    expect(result.suggestions[0]).toBe("Ahmedabad");
    // From the pincode directory's districts too, where no outlet is.
    expect((await search("?city=vadodra")).suggestions).toContain("Vadodara");
    // Nothing near: no suggestion.
    expect((await search("?city=zzzzzzzz")).suggestions).toEqual([]);
  });
});

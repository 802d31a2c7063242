/**
 * Near names for a misspelt place ("ahmedbad" → "Ahmedabad"), by edit distance. Free of zod and
 * of the database: the search gives it the names to choose from.
 */

/**
 * The edit distance between two words: insertions, deletions, substitutions and swaps of two
 * neighbouring letters ("optimal string alignment"), each costing one.
 */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i] as number[];
      const above = rows[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((rows[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (rows[a.length] as number[])[b.length] as number;
}

/** How far a name may be from what was typed: one slip in a short word, two in a longer one. */
const allowedDistance = (length: number) => (length < 4 ? 0 : length < 7 ? 1 : 2);

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * The names nearest to `typed`, at most `limit`, nearest first (equals keep the order given, so
 * put the names that will find something first); none equal to it, each name once.
 */
export function nearNames(typed: string, names: readonly string[], limit = 5): string[] {
  const wanted = key(typed);
  const allowed = allowedDistance(wanted.length);
  if (allowed === 0) return [];
  const seen = new Set<string>([wanted]);
  const near: { name: string; distance: number; order: number }[] = [];
  names.forEach((name, order) => {
    const k = key(name);
    if (seen.has(k) || Math.abs(k.length - wanted.length) > allowed) return;
    seen.add(k);
    const distance = editDistance(wanted, k);
    if (distance <= allowed) near.push({ name: name.trim(), distance, order });
  });
  return near
    .sort((a, b) => a.distance - b.distance || a.order - b.order)
    .slice(0, limit)
    .map((n) => n.name);
}

/**
 * Cities known by two names (the pincode directory and people still write the older one):
 * each pair once, older name first.
 */
const RENAMED_CITIES: readonly (readonly [string, string])[] = [
  ["bangalore", "bengaluru"],
  ["bombay", "mumbai"],
  ["madras", "chennai"],
  ["calcutta", "kolkata"],
  ["gurgaon", "gurugram"],
  ["poona", "pune"],
  ["baroda", "vadodara"],
  ["mysore", "mysuru"],
  ["mangalore", "mangaluru"],
  ["trivandrum", "thiruvananthapuram"],
  ["cochin", "kochi"],
  ["calicut", "kozhikode"],
  ["pondicherry", "puducherry"],
  ["allahabad", "prayagraj"],
  ["benares", "varanasi"],
  ["vizag", "visakhapatnam"],
];

/**
 * The names a city goes by, in lower case, the one typed first ("Bangalore" -> bangalore,
 * bengaluru): a search by either finds outlets stored under the other.
 */
export function cityNames(typed: string): string[] {
  const name = key(typed);
  const pair = RENAMED_CITIES.find((names) => names.includes(name));
  return pair ? [name, ...pair.filter((other) => other !== name)] : [name];
}

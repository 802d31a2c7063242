import type { SessionUser } from "./session.server";

/** The signed-in shopper as every page shows them (the header's account menu). */
export type Shopper = SessionUser & { initials: string };

/** The text every stand-in starts with: a piece of one left in a page means it was cut. */
export const STAND_IN_MARK = "zqStandIn";

/**
 * What a signed-in page is rendered with when it is kept for every shopper (ADR 018): letters
 * only, so HTML, JSON and script escaping leave them as they are, and the page cache finds them
 * and fills in each shopper's own values (server/page-cache.ts).
 */
export const standIns = {
  id: `${STAND_IN_MARK}Id`,
  name: `${STAND_IN_MARK}Name`,
  email: `${STAND_IN_MARK}Email`,
  initials: `${STAND_IN_MARK}Initials`,
} as const;

/** "Asha Kumari" → "AK": the first letters of the first and last words that have one; "" when
 * the name has no letters. The stand-in name's initials are the stand-in for initials, filled
 * in from the real name like the rest. */
export function initialsOf(name: string): string {
  if (name === standIns.name) return standIns.initials;
  const letters = name
    .split(/\s+/)
    .map((word) => word.match(/\p{L}/u)?.[0])
    .filter((letter) => letter !== undefined);
  return ((letters[0] ?? "") + (letters.length > 1 ? letters.at(-1) : "")).toUpperCase();
}

/** The shopper as pages show them. */
export function shopperOf(user: SessionUser): Shopper {
  return { ...user, initials: initialsOf(user.name) };
}

/** A user of `role` made of stand-ins. */
export function standInUser(role: string): SessionUser {
  return { id: standIns.id, name: standIns.name, email: standIns.email, role };
}

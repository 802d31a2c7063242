import type { FinderQuery } from "./finder.schema";

/*
 * The finder's choices and rules, without zod: the shop's pages import these in the browser,
 * and zod only comes with what needs it (finder.schema.ts).
 */

export const finderVehicleTypes = [
  { value: "car", label: "Car" },
  { value: "bike", label: "Two-wheeler" },
] as const;

/** Drops every level after the first empty one (changing or clearing a level empties those below). */
export function cascade(q: FinderQuery): FinderQuery {
  const make = q.make;
  const model = make ? q.model : undefined;
  const year = model ? q.year : undefined;
  const fuel = year !== undefined ? q.fuel : undefined;
  return { ...q, make, model, year, fuel };
}

/** The navigation state of a form that hands a vehicle chosen elsewhere on to the finder. */
export type FinderArrival = { continueFinder: true };

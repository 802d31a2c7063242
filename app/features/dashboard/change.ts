/**
 * How a figure moved against the previous 30 days, as a tile says it: up or down by a whole
 * percent, "new" when the earlier period had none, or no change.
 */
export type Change = { kind: "up" | "down"; percent: number } | { kind: "new" } | { kind: "same" };

export function changeOf(current: number, previous: number): Change {
  if (current === previous) return { kind: "same" };
  if (previous === 0) return { kind: "new" };
  const percent = Math.round((Math.abs(current - previous) / previous) * 100);
  return { kind: current > previous ? "up" : "down", percent };
}

/** The change in words, for the tile and for screen readers ("up 25% on the previous 30 days"). */
export function describeChange(change: Change, against: string): string {
  switch (change.kind) {
    case "new":
      return `new: none ${against}`;
    case "same":
      return `no change ${against}`;
    default:
      return `${change.kind} ${new Intl.NumberFormat("en-IN").format(change.percent)}% ${against}`;
  }
}

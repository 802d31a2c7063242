/** The icons of public/icons.svg (scripts/generate-icons.ts writes it from lucide-react). */
export const spriteIcons = ["star", "shopping-cart"] as const;
export type SpriteIconName = (typeof spriteIcons)[number];

/**
 * An icon a page repeats many times, drawn from the cached sprite: a few bytes per use instead
 * of the whole path (a catalogue page has 120 rating stars). Decorative: hidden from screen
 * readers, so the text beside it carries the meaning.
 */
export function SpriteIcon({
  name,
  className = "size-5",
  filled = false,
  strokeWidth = 2,
}: {
  name: SpriteIconName;
  className?: string;
  filled?: boolean;
  strokeWidth?: number;
}) {
  return (
    <svg
      className={className}
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

/**
 * The icons of the shop's pages, drawn once in public/icons.svg (scripts/generate-icons.ts
 * writes it from lucide-react and simple-icons). A page refers to them with `<use>`: a few
 * bytes per icon instead of the whole drawing in the HTML and in the JavaScript (a catalogue
 * page has 120 rating stars).
 */
export const spriteIcons = [
  "arrow-right",
  "badge-check",
  "battery-charging",
  "bike",
  "book-open",
  "calendar-days",
  "car",
  "chevron-left",
  "chevron-right",
  "circle-alert",
  "circle-check",
  "clock",
  "factory",
  "headset",
  "house",
  "house-plug",
  "indian-rupee",
  "layout-dashboard",
  "locate-fixed",
  "log-out",
  "mail",
  "map-pin",
  "map-pinned",
  "menu",
  "navigation",
  "package",
  "pause",
  "phone",
  "play",
  "recycle",
  "search",
  "search-x",
  "shield-check",
  "shopping-cart",
  "sliders-horizontal",
  "star",
  "trash-2",
  "triangle-alert",
  "truck",
  "user-round",
  "wrench",
  "x",
] as const;
/** Brand marks, drawn filled (simple-icons). */
export const brandIcons = ["facebook", "instagram", "youtube", "x-twitter", "whatsapp"] as const;

export type SpriteIconName = (typeof spriteIcons)[number] | (typeof brandIcons)[number];

/**
 * An icon from the sprite. Decorative: hidden from screen readers, so the text beside it (or
 * the control's label) carries the meaning. The `icon` class (app.css) sets the line style;
 * `filled` fills the outline (a rating star).
 */
export function SpriteIcon({
  name,
  className = "size-5",
  filled = false,
}: {
  name: SpriteIconName;
  className?: string;
  filled?: boolean;
}) {
  return (
    <svg className={`icon ${filled ? "icon-filled " : ""}${className}`} aria-hidden="true">
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}

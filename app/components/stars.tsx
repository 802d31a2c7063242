import { type CSSProperties, useState } from "react";
import { useT } from "~/lib/i18n/react";
import { SpriteIcon } from "./sprite-icon";
import { FieldError } from "./ui/field";

/**
 * A read-only star rating, one element (a catalogue page shows 24): five stars filled up to
 * the rating, fractions too, drawn by CSS (`.stars` in app.css), named for screen readers.
 */
export function Stars({
  rating,
  className = "text-xl",
  more = "",
}: {
  rating: number;
  className?: string;
  /** Said after the rating ("Rated 4.5 out of 5, 12 reviews"). */
  more?: string;
}) {
  const rounded = Math.round(rating * 10) / 10;
  const t = useT("common");
  return (
    <span
      className={className ? `stars ${className}` : "stars"}
      role="img"
      aria-label={t("Rated {rating} out of 5", { rating: String(rounded) }) + more}
      style={{ "--rating": rounded } as CSSProperties}
    />
  );
}

/**
 * "Your rating" as five tappable stars: a radio group (arrow keys move between stars, each
 * star a 44 px target named "3 stars"), the stars up to the chosen one filled. Without
 * JavaScript the chosen star is outlined.
 */
export function StarRatingInput({
  defaultValue,
  error,
  errorId,
  name = "rating",
}: {
  defaultValue: string;
  error?: string;
  errorId: string;
  name?: string;
}) {
  const [chosen, setChosen] = useState(Number(defaultValue) || 0);
  const [hovered, setHovered] = useState(0);
  const shown = hovered || chosen;
  const t = useT("common");
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("Your rating")}</legend>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover only previews; the radios do the work. */}
      <div className="mt-1 flex items-center" onMouseLeave={() => setHovered(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="relative flex size-11 cursor-pointer items-center justify-center rounded-lg text-accent-500 has-[:checked]:ring-2 has-[:checked]:ring-brand-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
            onMouseEnter={() => setHovered(n)}
          >
            <input
              type="radio"
              name={name}
              value={n}
              defaultChecked={defaultValue === String(n)}
              onChange={() => setChosen(n)}
              // Invisible but covering the star: a tap or click lands on the radio itself.
              className="absolute inset-0 m-0 cursor-pointer appearance-none opacity-0"
            />
            <SpriteIcon name="star" className="size-8 [stroke-width:1.5]" filled={n <= shown} />
            <span className="sr-only">
              {t("{count, plural, one {# star} other {# stars}}", { count: n })}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm text-slate-600" aria-hidden="true">
          {chosen ? t("{chosen} of 5", { chosen: String(chosen) }) : ""}
        </span>
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

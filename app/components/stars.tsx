import { Star } from "lucide-react";

/** A read-only star rating with its value for screen readers. */
export function Stars({ rating, size = "size-5" }: { rating: number; size?: string }) {
  return (
    <span className="inline-flex items-center gap-0.5 text-accent-500">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          className={size}
          fill={n <= Math.round(rating) ? "currentColor" : "none"}
          aria-hidden="true"
        />
      ))}
      <span className="sr-only">Rated {rating} out of 5</span>
    </span>
  );
}

import { asc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { testimonials } from "~/db/schema";

export type Testimonial = { id: number; name: string; city: string; rating: number; quote: string };

/** Published testimonials in their display order. */
export async function listPublishedTestimonials(db: Db, limit = 10): Promise<Testimonial[]> {
  return db
    .select({
      id: testimonials.id,
      name: testimonials.name,
      city: testimonials.city,
      rating: testimonials.rating,
      quote: testimonials.quote,
    })
    .from(testimonials)
    .where(eq(testimonials.published, true))
    .orderBy(asc(testimonials.sortOrder), asc(testimonials.id))
    .limit(limit);
}

import { z } from "zod";
import { isCalendarDay } from "~/lib/india-time";

/** An article's address under /blog/: lower-case words joined by dashes (its file's name). */
export const articleSlugSchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a slug is lower-case words joined by dashes");

/** A YouTube video's id: eleven letters, digits, `-` or `_`. */
export const videoIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{11}$/, "a YouTube video id is 11 letters, digits, - or _");

/** A day written YYYY-MM-DD. YAML reads an unquoted date as a Date: it is taken back to its day. */
const daySchema = z.preprocess(
  (value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value),
  z.string().refine(isCalendarDay, "a date is a real day written YYYY-MM-DD"),
);

const plain = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(max, `${what} is at most ${max} characters`);

/** One question of an FAQ, answered in plain text (it goes into FAQPage JSON-LD as it is). */
export const faqEntrySchema = z.object({
  question: plain("a question", 200),
  answer: plain("an answer", 1200),
});

export type FaqEntry = z.infer<typeof faqEntrySchema>;

/**
 * The front matter of an article in content/articles/*.md. The body below it is Markdown; the
 * title is the page's only h1, so the body starts at `##`.
 */
export const articleFrontMatterSchema = z
  .object({
    title: plain("title", 120),
    /** The page's meta description and the card's text. */
    description: plain("description", 300),
    date: daySchema,
    /** The day the text last changed, when it did after `date`. */
    updated: daySchema.optional(),
    /** Where the article is listed on /blog and in previous/next (1 first). */
    order: z.number().int().positive(),
    /** The old site's address of this article (/blog1...), answered with a 301 to the new one. */
    oldPath: z
      .string()
      .regex(/^\/blog\d+$/, "an old address is /blog followed by its number")
      .optional(),
    /**
     * A YouTube video about the article's subject, played in the privacy-enhanced embed only
     * after a click. Optional: an article shows a video only when a real one is named here.
     */
    videoId: videoIdSchema.optional(),
    /** The video's own title: the play button's name and the frame's title. */
    videoTitle: plain("videoTitle", 120).optional(),
    faq: z.array(faqEntrySchema).min(1, "an article has at least one FAQ entry"),
  })
  .strict()
  .refine((front) => !front.videoId || front.videoTitle, {
    message: "a video needs its videoTitle",
    path: ["videoTitle"],
  })
  .refine((front) => !front.updated || front.updated >= front.date, {
    message: "updated cannot be before date",
    path: ["updated"],
  });

export type ArticleFrontMatter = z.infer<typeof articleFrontMatterSchema>;

/** The front matter of content/blog.md: the /blog page's own words and its FAQ. */
export const blogPageFrontMatterSchema = z
  .object({
    title: plain("title", 120),
    description: plain("description", 300),
    faq: z.array(faqEntrySchema).min(1, "the blog page has at least one FAQ entry"),
  })
  .strict();

export type BlogPageFrontMatter = z.infer<typeof blogPageFrontMatterSchema>;

/**
 * The front matter of a translation (content/hi/articles/<slug>.md, content/gu/blog.md...): only
 * the words; the dates, order, old address and video come from the English file and may not be
 * repeated. A field left out is shown in English; the FAQ, when given, answers the English one's
 * questions one for one (the same number of entries, checked against the English file).
 */
export const articleTranslationSchema = z
  .object({
    title: plain("title", 120).optional(),
    description: plain("description", 300).optional(),
    videoTitle: plain("videoTitle", 120).optional(),
    faq: z.array(faqEntrySchema).min(1, "a translated FAQ has at least one entry").optional(),
  })
  .strict();

export type ArticleTranslation = z.infer<typeof articleTranslationSchema>;

/** The front matter of a translation of content/blog.md (all of it translatable). */
export const blogPageTranslationSchema = articleTranslationSchema.omit({ videoTitle: true });

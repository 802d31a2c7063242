import { z } from "zod";
import { isCalendarDay } from "~/lib/india-time";
import { searchField } from "~/lib/text.schema";

/** The actor filter's value for entries no person made (a background job, the system). */
export const SYSTEM_ACTOR = "system";

const day = z.string().trim().refine(isCalendarDay).optional().catch(undefined);

/**
 * The audit log's filters: the kind of record ("product"), who made the change (a user id, or
 * "system"), India days from and to (both included), a record id, the page. A bad value is
 * dropped, as on every admin list.
 */
export const auditListSchema = z.object({
  entity: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional()
    .catch(undefined),
  actor: z.string().trim().min(1).max(100).optional().catch(undefined),
  from: day,
  to: day,
  q: searchField(80),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AuditListQuery = z.output<typeof auditListSchema>;

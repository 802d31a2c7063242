import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { user } from "~/db/schema";
import { DomainError } from "~/lib/errors";
import { accountMessages as m } from "./accounts.messages";
import { authErrorCode } from "./auth-errors.server";
import { consumeRateLimits, rateRules } from "./rate-limit.server";
import type { AccountServices, Client } from "./sign-in.server";

/** Where a customer has the verification link sent again. */
export const RESEND_VERIFICATION_PATH = "/account#verify-email";

/**
 * The account's e-mail address has not been verified yet: what needs a proven address (an order,
 * a review, later a warranty claim) is refused, saying how to get the link (ADR 029).
 */
export class EmailNotVerified extends DomainError {
  readonly resendPath = RESEND_VERIFICATION_PATH;
  constructor() {
    super(m.verifyFirst, 403);
  }
}

/** True once the account's address is verified (false for an unknown account). */
export async function isEmailVerified(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: user.emailVerified })
    .from(user)
    .where(eq(user.id, userId));
  return row?.verified ?? false;
}

/** Throws EmailNotVerified unless the account's e-mail address is verified. */
export async function assertEmailVerified(db: Db, userId: string): Promise<void> {
  if (!(await isEmailVerified(db, userId))) throw new EmailNotVerified();
}

/**
 * "Send the link again" of a signed-in customer: queues a new verification mail (better-auth
 * signs the link; the outbox sends it), at most 3 an hour per account. Nothing is sent to an
 * address that is verified already. Returns what to tell the customer.
 */
export async function sendVerificationLink(
  { db, auth }: AccountServices,
  actor: { id: string; email: string },
  client: Client,
): Promise<{ sent: boolean; message: string }> {
  const already = { sent: false, message: m.alreadyVerified };
  if (await isEmailVerified(db, actor.id)) return already;
  await consumeRateLimits(db, [
    { key: `verify-mail:user:${actor.id}`, rule: rateRules.verificationMailPerUser },
  ]);
  try {
    await auth.api.sendVerificationEmail({
      body: { email: actor.email },
      headers: client.headers,
    });
  } catch (error) {
    if (authErrorCode(error) === "EMAIL_ALREADY_VERIFIED") return already;
    throw error;
  }
  return { sent: true, message: m.verificationSent(actor.email) };
}

/** What opening a verification link did. */
export type VerifyOutcome = "verified" | "used" | "expired" | "invalid";

/** The account a verification token names (read before its signature is checked). */
function tokenUserId(token: string): string | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const userId = (claims as { userId?: unknown } | null)?.userId;
    return typeof userId === "string" ? userId : null;
  } catch {
    return null;
  }
}

/**
 * Verifies the address of a mailed link's token (better-auth checks its signature and its 24
 * hours). A link opened again says it was used; a made-up or cut-short one is invalid.
 */
export async function verifyEmailLink(
  { db, auth }: AccountServices,
  token: string,
): Promise<VerifyOutcome> {
  if (!token) return "invalid";
  const userId = tokenUserId(token);
  // Only worded from this: the outcome is better-auth's check of the signed token below.
  const verifiedBefore = userId ? await isEmailVerified(db, userId) : false;
  try {
    await auth.api.verifyEmail({ query: { token } });
  } catch (error) {
    const code = authErrorCode(error);
    if (code === "TOKEN_EXPIRED") return "expired";
    if (code) return "invalid";
    throw error;
  }
  return verifiedBefore ? "used" : "verified";
}

import { type Params, type RouterContextProvider, redirect } from "react-router";
import {
  getRegistration,
  type RegistrationAccess,
  type RegistrationView,
} from "~/features/warranty/warranty.server";
import { NotFound } from "~/lib/errors";
import { loginRedirectUrl } from "~/lib/guards.server";
import { recordIdSchema } from "~/lib/record-id";
import { sessionUser } from "~/lib/request-state.server";

type Context = Readonly<RouterContextProvider>;

/** The address of a registration's page or claim form, with the look-up's pass when there is one. */
export function warrantyPath(id: number, pass: string | null, tail: "" | "/claim" = ""): string {
  return `/warranty/${id}${tail}${pass ? `?${new URLSearchParams({ pass })}` : ""}`;
}

/**
 * Who asks for `/warranty/<id>[/claim]`: the holder of the pass in the address (`?pass=`), or the
 * signed-in owner. A signed-out visitor without a pass is sent to sign in and brought back (the
 * claim mails link an owner's registration page).
 */
export function registrationAccess(
  request: Request,
  context: Context,
): { access: RegistrationAccess; pass: string | null } {
  const user = sessionUser(context);
  const typed = new URL(request.url).searchParams.get("pass");
  // A pass is "<seconds>.<43 characters>": anything far longer is not one.
  const pass = typed ? typed.slice(0, 80) : null;
  if (pass) {
    return {
      access: { by: "pass", pass, secret: context.cookieSecret, userId: user?.id ?? null },
      pass,
    };
  }
  if (!user) throw redirect(loginRedirectUrl(request));
  return { access: { by: "owner", userId: user.id }, pass: null };
}

/**
 * The registration of `/warranty/<id>` for this visitor, with its access and pass; null when
 * there is none they may see (a malformed id, another's registration, a pass that is wrong or
 * has expired): the page's 404, alike in every case.
 */
export async function findRegistration(
  request: Request,
  params: Params,
  context: Context,
): Promise<{
  view: RegistrationView;
  access: RegistrationAccess;
  pass: string | null;
} | null> {
  const id = recordIdSchema.safeParse(params.id);
  const { access, pass } = registrationAccess(request, context);
  if (!id.success) return null;
  try {
    return { view: await getRegistration(context.db, id.data, access), access, pass };
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/** A registration page's answers are one person's: no shared cache keeps them. */
export const privateHeaders = { "Cache-Control": "private, no-store" };

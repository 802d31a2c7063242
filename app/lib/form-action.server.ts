import { data, type Params, type RouterContextProvider, redirect } from "react-router";
import type { z } from "zod";
import { DomainError, NotFound } from "./errors";
import { redirectWithFlash } from "./flash.server";
import {
  type FieldErrors,
  type FormFailure,
  type FormResult,
  type FormSuccess,
  formValues,
  parseForm,
} from "./forms";
import { requireAdmin, requireUser } from "./guards.server";
import { failureFromError, formFailure, readForm } from "./http.server";
import { localeOf, serverTranslate } from "./i18n/catalogue.server";
import type { Locale } from "./i18n/locales";
import { markPublicChange } from "./public-change.server";
import { sessionUser } from "./request-state.server";
import type { SessionUser } from "./session.server";
import { withoutDialog } from "./url-dialogs";

/** Who may post: anyone, a signed-in user, or an admin. */
export type Guard = "public" | "user" | "admin";
type ActorOf<G extends Guard> = G extends "public" ? SessionUser | null : SessionUser;

export type ActionArgs = {
  request: Request;
  params: Params;
  context: Readonly<RouterContextProvider>;
};

/** What an intent's `run` receives: the parsed form, who posted it and the route's target. */
export type IntentInput<T, Actor, Target> = {
  data: T;
  /** The form's text values, as posted. */
  values: Record<string, string>;
  /** The whole form (files included). */
  form: FormData;
  actor: Actor;
  target: Target;
  request: Request;
  context: Readonly<RouterContextProvider>;
};

/** What an intent's `run` may give back; every field is optional. */
export type IntentResult = {
  /** The success notice (a flash toast after a redirect, or the `message` of a data answer). */
  message?: string;
  /** Where to go instead of the action's default. */
  redirectTo?: string;
  /** Extra response headers, e.g. session cookies. */
  headers?: Headers;
  /** What the page shows from a "data" reply (e.g. a preview): the answer's `result`. */
  result?: unknown;
};

export type IntentSpec<S extends z.ZodType, Actor, Target> = {
  /** Tighter than the action's own guard (e.g. "admin" for one intent of a public page). */
  guard?: Guard;
  schema: S;
  /** What the schema reads (default: the form's text values), e.g. a multi-select's values. */
  input?: (values: Record<string, string>, form: FormData) => unknown;
  /** Runs before parsing and may throw a DomainError, e.g. "Please select an image" first. */
  check?: (values: Record<string, string>, form: FormData, target: Target) => void;
  /** Shapes the refusal of an invalid form (default: the schema's field errors). */
  invalid?: (
    fieldErrors: FieldErrors,
    values: Record<string, string>,
    target: Target,
  ) => { fieldErrors?: FieldErrors; formError?: string };
  run: (
    input: IntentInput<z.output<S>, Actor, Target>,
  ) => Promise<IntentResult | undefined> | IntentResult | undefined;
  /** The success notice when `run` gives none. */
  success?: string;
  /** "redirect" (default): go back with a flash notice. "data": answer { ok, intent, message }
   * for the page to show (a resource route still redirects a plain form post). */
  reply?: "redirect" | "data";
};

// biome-ignore lint/suspicious/noExplicitAny: the declared intents are stored type-erased.
type AnyIntent = IntentSpec<z.ZodType, any, any>;

type IntentBuilder<G extends Guard, Target> = <S extends z.ZodType, IG extends Guard = G>(
  spec: IntentSpec<S, ActorOf<IG>, Target> & { guard?: IG },
) => AnyIntent;

type FormActionOptions<G extends Guard, Target> = {
  /** Checked before the body is read. */
  guard: G;
  /** The record the page acts on (e.g. the product of /oneprod/:model), resolved right after
   * the guard; a NotFound here is the page's 404. */
  target?: (args: ActionArgs) => Promise<Target>;
  /** The intent of a form that posts none (a page with a single form). */
  defaultIntent?: string;
  /** Where a successful page answer goes (default: this address without its open dialog). */
  back?: (args: ActionArgs, values: Record<string, string>) => string;
  /** A resource route (no page of its own): a plain form post (no JavaScript) is answered with
   * a redirect to `back` and a flash notice, whatever the outcome. */
  resource?: boolean;
  /** A refused body larger than this (Content-Length), before it is read; a function chooses
   * the limit by the request (e.g. its address says which form posts). */
  bodyLimit?: BodyLimit | ((request: Request) => BodyLimit);
};

export type BodyLimit = { bytes: number; field: string; message: string };

/** The action a route exports, with its declared intents for tests (the admin access walk). */
export type FormAction = ((args: ActionArgs) => Promise<FormAnswer>) & {
  guard: Guard;
  intents: Record<string, { guard: Guard }>;
};
type FormAnswer = Response | ReturnType<typeof data<FormResult>>;

const stricter = (a: Guard, b: Guard): Guard => {
  const rank = { public: 0, user: 1, admin: 2 } as const;
  return rank[a] >= rank[b] ? a : b;
};

function guardActor(guard: Guard, args: ActionArgs): SessionUser | null {
  if (guard === "admin") return requireAdmin(args.request, args.context);
  if (guard === "user") return requireUser(args.request, args.context);
  return sessionUser(args.context);
}

/** `invalid` for an intent that only names a record by id: a bad id means the record is gone
 * (404 with this message), never a 500 from SQL. */
export function notFoundIfInvalid(message: string) {
  return (): never => {
    throw new NotFound(message);
  };
}

/** A plain form post from a page (no JavaScript) expects a page back, not data. */
function wantsPage(request: Request): boolean {
  return request.headers.get("Accept")?.includes("text/html") ?? false;
}

/**
 * The one way a route handles a form post. The route declares its intents (name -> schema,
 * the feature call, the success notice); this reads the form once, checks the role (and the
 * target record) before anything else, refuses an unknown or missing intent with 400, parses
 * with the intent's zod schema, turns a DomainError into field or form errors, and answers a
 * redirect with a flash notice (no JavaScript) or data (fetchers, reply: "data").
 */
export function formAction<G extends Guard, Target = undefined>(
  options: FormActionOptions<G, Target>,
  define: (intent: IntentBuilder<G, Target>) => Record<string, AnyIntent>,
): FormAction {
  const intents = define((spec) => spec as AnyIntent);

  async function action(args: ActionArgs): Promise<FormAnswer> {
    return inLanguage(localeOf(args.request), await answer(args));
  }

  async function answer(args: ActionArgs): Promise<FormAnswer> {
    const { request } = args;
    const routeActor = guardActor(options.guard, args);
    const target = options.target ? await resolveTarget(options.target, args) : undefined;
    if (options.bodyLimit) {
      const limit = options.bodyLimit;
      const { bytes, field, message } = typeof limit === "function" ? limit(request) : limit;
      if (Number(request.headers.get("Content-Length") ?? 0) > bytes) {
        return formFailure({}, { [field]: message }, { formError: message });
      }
    }
    const form = await readForm(request);
    const values = formValues(form);
    const back = () => options.back?.(args, values) ?? withoutDialog(request.url);
    const answerFailure = async (failure: ReturnType<typeof formFailure>) => {
      if (!(options.resource && wantsPage(request))) return failure;
      const body = failure.data as FormFailure;
      const message = body.formError ?? Object.values(body.fieldErrors)[0] ?? "";
      return redirectWithFlash(
        args.context,
        back(),
        { type: "error", message },
        failure.init?.headers,
      );
    };

    const name = values.intent || options.defaultIntent || "";
    const spec = Object.hasOwn(intents, name) ? intents[name] : undefined;
    if (!spec) return answerFailure(formFailure(values, {}, { formError: "Unknown action" }));
    const actor =
      spec.guard && stricter(spec.guard, options.guard) !== options.guard
        ? guardActor(spec.guard, args)
        : routeActor;

    try {
      spec.check?.(values, form, target);
      const parsed = parseForm(spec.schema, spec.input ? spec.input(values, form) : values);
      if (!parsed.success) {
        const shaped = spec.invalid?.(parsed.fieldErrors, values, target) ?? {};
        return answerFailure(
          formFailure(values, shaped.fieldErrors ?? parsed.fieldErrors, {
            formError: shaped.formError,
          }),
        );
      }
      const result =
        (await spec.run({
          data: parsed.data,
          values,
          form,
          actor,
          target,
          request,
          context: args.context,
        })) ?? {};
      // An admin's change may show on any public page: the server empties the page caches.
      if (stricter(spec.guard ?? options.guard, options.guard) === "admin") {
        markPublicChange(args.context);
      }
      const message = result.message ?? spec.success;
      if (spec.reply === "data" && !(options.resource && wantsPage(request))) {
        const body: FormSuccess = {
          ok: true,
          intent: name,
          ...(message ? { message } : {}),
          ...(result.result === undefined ? {} : { result: result.result }),
        };
        return data(body, { headers: result.headers });
      }
      const to = result.redirectTo ?? back();
      return message
        ? redirectWithFlash(args.context, to, { type: "success", message }, result.headers)
        : redirect(to, { headers: result.headers });
    } catch (error) {
      if (error instanceof DomainError) return answerFailure(failureFromError(error, values));
      throw error;
    }
  }

  return Object.assign(action, {
    guard: options.guard as Guard,
    intents: Object.fromEntries(
      Object.entries(intents).map(([key, spec]) => [
        key,
        { guard: spec.guard ? stricter(spec.guard, options.guard) : options.guard },
      ]),
    ),
  });
}

/**
 * A form answer's sentences (errors, the notice) in the language of the page that posted it: the
 * features write English, the catalogues hold each sentence's translation (ADR 037). A notice
 * carried by a redirect is translated where it is shown (root.tsx).
 */
function inLanguage(locale: Locale, answer: FormAnswer): FormAnswer {
  if (locale === "en" || !answer || typeof answer !== "object" || !("data" in answer)) {
    return answer;
  }
  const body = answer.data as {
    fieldErrors?: FieldErrors;
    formError?: string;
    message?: string;
  } | null;
  if (!body || typeof body !== "object") return answer;
  const { text } = serverTranslate(locale);
  if (body.fieldErrors) {
    body.fieldErrors = Object.fromEntries(
      Object.entries(body.fieldErrors).map(([field, message]) => [field, text(message)]),
    );
  }
  if (body.formError) body.formError = text(body.formError);
  if (body.message) body.message = text(body.message);
  return answer;
}

async function resolveTarget<T>(find: (args: ActionArgs) => Promise<T>, args: ActionArgs) {
  try {
    return await find(args);
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

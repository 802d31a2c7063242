/** Typed errors thrown by feature code; `lib/http.server.ts` maps them to responses. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fieldErrors: Record<string, string> = {},
    /** The form-wide message; by default the message itself when no field is named. */
    readonly formError: string | undefined = Object.keys(fieldErrors).length === 0
      ? message
      : undefined,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFound extends DomainError {
  constructor(message = "Not found") {
    super(message, 404);
  }
}

export class Forbidden extends DomainError {
  constructor(message = "You are not allowed to do that") {
    super(message, 403);
  }
}

export class Conflict extends DomainError {
  constructor(message: string, fieldErrors: Record<string, string> = {}) {
    super(message, 409, fieldErrors);
  }
}

export class ValidationError extends DomainError {
  constructor(
    message: string,
    fieldErrors: Record<string, string> = {},
    options: { formError?: string } = {},
  ) {
    super(message, 400, fieldErrors, options.formError);
  }
}

export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, 429);
  }
}

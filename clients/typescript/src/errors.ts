// One error class per failure kind of the API's result unions (schema.graphql), so a caller
// catches what it can handle and nothing else looks like success.

/** A failure member of a result union, as the API sent it. */
export interface FailureMember {
  __typename: string;
  message?: string;
  field?: string;
  kind?: string;
  key?: string;
  retryable?: boolean;
  idempotencyKey?: string | null;
  permission?: string | null;
}

/** Every failure the service answers with; `retryable`: the same request may succeed later. */
export class RetentiaError extends Error {
  readonly kind: string;
  readonly retryable: boolean;
  constructor(kind: string, message: string, retryable = false) {
    super(message);
    this.name = `${kind}Error`;
    this.kind = kind;
    this.retryable = retryable;
  }
}

/** The request named a value the service cannot accept; nothing was written. */
export class InvalidInputError extends RetentiaError {
  readonly field: string;
  constructor(field: string, message: string) {
    super("InvalidInput", `${field}: ${message}`);
    this.field = field;
  }
}

export class NotFoundError extends RetentiaError {
  readonly what: string;
  readonly key: string;
  constructor(what: string, key: string, message: string) {
    super("NotFound", message);
    this.what = what;
    this.key = key;
  }
}

/** A write that conflicts (an idempotency key in use, a session held too long, …). */
export class ConflictError extends RetentiaError {
  readonly idempotencyKey: string | null;
  constructor(message: string, retryable: boolean, idempotencyKey: string | null) {
    super("Conflict", message, retryable);
    this.idempotencyKey = idempotencyKey;
  }
}

export class ForbiddenError extends RetentiaError {
  readonly permission: string | null;
  constructor(message: string, permission: string | null) {
    super("Forbidden", message);
    this.permission = permission;
  }
}

/** No API key, or one the service does not know (HTTP 401 or the union member). */
export class UnauthenticatedError extends RetentiaError {
  constructor(message: string) {
    super("Unauthenticated", message);
  }
}

/** Every recall leg failed: the store is unreachable for now. */
export class RecallUnavailableError extends RetentiaError {
  constructor(message: string) {
    super("RecallUnavailable", message, true);
  }
}

/** The service could not be reached, or answered with something that is not GraphQL. */
export class TransportError extends RetentiaError {
  readonly status: number | null;
  constructor(message: string, status: number | null, retryable: boolean) {
    super("Transport", message, retryable);
    this.status = status;
  }
}

/** The error a failure member of a result union stands for. */
export function failureError(member: FailureMember): RetentiaError {
  const message = member.message ?? member.__typename;
  switch (member.__typename) {
    case "InvalidInput":
      return new InvalidInputError(member.field ?? "", message);
    case "NotFound":
      return new NotFoundError(member.kind ?? "", member.key ?? "", message);
    case "Conflict":
      return new ConflictError(message, member.retryable ?? false, member.idempotencyKey ?? null);
    case "Forbidden":
      return new ForbiddenError(message, member.permission ?? null);
    case "Unauthenticated":
      return new UnauthenticatedError(message);
    case "RecallUnavailable":
      return new RecallUnavailableError(message);
    default:
      return new RetentiaError(member.__typename, message, member.retryable ?? false);
  }
}

/** Stripe's error object: `{ error: { type, code?, message, param?, decline_code? } }` with an HTTP status. */
export type StripeErrorType =
  | 'invalid_request_error'
  | 'card_error'
  | 'idempotency_error'
  | 'api_error'
  | 'authentication_error';

export class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
    this.name = 'StripeError';
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.declineCode) error.decline_code = this.declineCode;
    if (this.code) error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    return { error };
  }
}

export const errors = {
  missing: (param: string) =>
    new StripeError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param),
  unknownParam: (param: string) =>
    new StripeError(400, 'invalid_request_error', `Received unknown parameter: ${param}`, 'parameter_unknown', param),
  invalid: (param: string, message: string) =>
    new StripeError(400, 'invalid_request_error', message, 'parameter_invalid_string', param),
  invalidInteger: (param: string) =>
    new StripeError(400, 'invalid_request_error', `Invalid integer: ${param}`, 'parameter_invalid_integer', param),
  noSuch: (kind: string, id: string, param = 'id') =>
    new StripeError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing', param),
  unknownRoute: (method: string, path: string) =>
    new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
  noKey: () =>
    new StripeError(
      401,
      'invalid_request_error',
      "You did not provide an API key. Provide it in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    ),
  badKey: (key: string) =>
    new StripeError(
      401,
      'invalid_request_error',
      `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`,
      'api_key_invalid',
    ),
  state: (message: string, param?: string) => new StripeError(400, 'invalid_request_error', message, undefined, param),
  idempotency: (key: string) =>
    new StripeError(
      400,
      'idempotency_error',
      `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    ),
};

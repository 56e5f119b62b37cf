import type { Request } from 'express';
import { chooseLanguage, LANGUAGE_COOKIE, type LanguageCode } from '@ferry/rules';
import type { AssertedUser } from '@ferry/service-kit';
import { BillingBody } from '@ferry/http-contract';
import { readCookie } from '../auth/flow-cookie.js';
import { HttpError } from '../http/errors.js';
import { bodyObject, parseRequest } from '../http/validate.js';

/**
 * The user a billing call acts for: always the verified identity. The spec's `{email}` payload is
 * only checked: an e-mail in the body that names someone else is refused, never used.
 */
export function billingCaller(req: Request): AssertedUser {
  const claimed = parseRequest(BillingBody, bodyObject(req.body)).email;
  const email = req.auth!.email;
  if (typeof claimed === 'string' && claimed.trim() !== '' && claimed.trim().toLowerCase() !== email.toLowerCase()) {
    throw new HttpError(403, 'permission_denied', 'The e-mail does not match the signed-in account');
  }
  return { sub: req.auth!.sub, email };
}

/**
 * The caller's language for what billing sends them (reminder mails, Checkout, the portal), as the
 * pages choose theirs: the body's `language` (the screen's), else the language switcher's cookie,
 * else the browser's Accept-Language, else English.
 */
export function callerLanguage(req: Request): LanguageCode {
  return chooseLanguage({
    query: parseRequest(BillingBody, bodyObject(req.body)).language,
    cookie: readCookie(req.get('cookie'), LANGUAGE_COOKIE),
    acceptLanguage: req.get('accept-language'),
  });
}

// Each rule lives in its own module; this index only re-exports them.
export { classifyCode, isLinkCode, isSlug, LINK_CODE_MAX, SHORT_ID_MAX, type CodeKind } from './codes.js';
export { isSubdomain, numberedSubdomain, senderSubdomain, subdomainOfHost, SUBDOMAIN_MAX } from './subdomain.js';
export { parseScopedCode, scopedCode, type ScopedCode } from './scoped-code.js';
export {
  FALLBACK_FILE_NAME,
  MAX_DISPLAY_LENGTH,
  displayFileName,
  hasUnsafeNameCharacter,
  storedFileName,
} from './file-name.js';
export { backoffDelay, retryDelay, type BackoffOptions, type Jitter } from './backoff.js';
export { isMailAddress, MAIL_ADDRESS_MAX, normalizeAddress } from './mail-address.js';
export { INVALID_RECIPIENTS_MESSAGE, parseRecipients, type RecipientsResult } from './recipients.js';
export { RETURN_PATH_MAX, safeReturnPath } from './return-path.js';
export {
  FALLBACK_LANGUAGE,
  isSupportedLanguage,
  normaliseLanguage,
  RTL_LANGUAGES,
  SUPPORTED_LANGUAGES,
  textDirection,
  type LanguageCode,
} from './languages.js';
export { perSecond, sizeLabel, sizeUnits } from './size-label.js';
export { MAX_SHARE_MESSAGE_LENGTH, shareMessageProblem } from './share-message.js';
export { hasLineBreakOrControl } from './one-line.js';
export {
  canExtend,
  chosenExpiry,
  DAY_MS,
  DEFAULT_VALIDITY_DAYS,
  EXPIRY_CHOICES_DAYS,
  EXPIRY_CLOCK_SKEW_MS,
  EXTENSION_DAYS,
  extendedExpiry,
  isExpiryChoice,
  lifeCap,
  MAX_LINK_LIFE_DAYS,
  type ChosenExpiry,
  type ChosenExpiryProblem,
  type ExpiryChoiceDays,
  type LinkLife,
} from './link-life.js';
export { MULTI_FILE_THRESHOLD_BYTES, uploadShape, type UploadShape } from './multi-file.js';
export { DESIGN_TOKENS, designTokenProperties, type DesignTokens } from './design-tokens.js';
export { formatCountdown, type CountdownPrecision } from './countdown.js';
export { formatDate } from './date-text.js';
export {
  classifyHost,
  defaultRootDomain,
  downloadSlugOf,
  MARKETING_PATHS,
  PRERENDER_SLUG,
  resolveRoute,
  type RouteDecision,
  type RouteHost,
  type RouteInput,
} from './routes.js';
export { REMOTE_NAMES, type RemoteName } from './remotes.js';
export { chooseLanguage, LANGUAGE_COOKIE } from './language-choice.js';
export { feedbackProblem, MAX_FEEDBACK_LENGTH } from './feedback.js';
export { pageViewPath, pageViewUrl } from './page-view.js';
export {
  ABUSE_REASONS,
  abuseDetailsProblem,
  adminReasonProblem,
  isAbuseReason,
  MAX_ABUSE_DETAILS_LENGTH,
  MAX_ADMIN_REASON_LENGTH,
  parseAdminEmails,
  type AbuseReason,
} from './abuse-report.js';

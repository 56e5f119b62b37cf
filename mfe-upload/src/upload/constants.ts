import { DAY_MS, DEFAULT_VALIDITY_DAYS } from '@ferry/rules';

/** Spec §9 constants used by the upload screen, in one place. */
export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

/** The first resumable chunk of a session: 5 MiB (a multiple of Drive's 256 KiB granularity). */
export const CHUNK_SIZE = 5 * MiB;
/** The adaptive chunk size grows up to this (chunk-rule.ts). */
export const CHUNK_MAX_SIZE = 64 * MiB;
/**
 * Test/debug override of the multi-file threshold (@ferry/rules MULTI_FILE_THRESHOLD_BYTES), in
 * local storage, bytes: lowers it in one browser without touching the stack (the e2e's transfers).
 */
export const THRESHOLD_OVERRIDE_KEY = 'ferry_upload_folder_threshold';

/** The root uploads folder and the fallback name the lookup also accepts (then tags it). */
export const ROOT_FOLDER_NAME = '_ferryuploads';
export const ROOT_FOLDER_FALLBACK_NAME = 'ferryuploads';
export const FOLDER_MIME = 'application/vnd.google-apps.folder';

/** appProperties keys (spec §3 "Drive metadata tags"). */
export const TAGS = {
  product: 'ferry',
  root: 'ferry_root',
  expiresAt: 'expiresAt',
  ownerSubdomain: 'owner_subdomain',
  shortId: 'ferry_short_id',
} as const;

/** Link validity (extending is @ferry/rules' link-life, shared with the link service). */
export const DEFAULT_VALIDITY_MS = DEFAULT_VALIDITY_DAYS * DAY_MS;

export const LISTING_PAGE_SIZE = 100;
export const DOWNLOAD_POLL_MS = 5_000;
export const DOWNLOAD_POLL_MIN_MS = 1_500;

export const UI_TIMINGS = {
  copiedMs: 1_000,
  rowHighlightMs: 3_000,
  deleteDelayMs: 1_250,
} as const;

/** Retries of one chunk (network errors, 5xx) before the upload fails; backoff doubles from the base. */
export const CHUNK_MAX_RETRIES = 8;
export const RETRY_BASE_MS = 500;
export const RETRY_MAX_MS = 16_000;
/** Each retry waits the doubled delay ±20 %. */
export const RETRY_JITTER = { min: 0.8, max: 1.2 } as const;
/** Files uploaded at once on the folder path. */
export const FOLDER_CONCURRENCY = 3;

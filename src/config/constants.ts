/**
 * The page's constants (docs/product.md#constants), each with why it has its value.
 * Components and CSS custom properties read them from here.
 */

/** The nav turns opaque once the page has scrolled past this, so it never hides content. */
export const NAV_SCROLL_THRESHOLD_PX = 20;
/** The hero fades in this long after load, once the spinner has gone. */
export const HERO_REVEAL_DELAY_MS = 200;
/** The loading overlay leaves on its own after this; content is already in the HTML. */
export const LOADING_OVERLAY_MS = 100;

/** A section's cards start revealing once this share of the section is visible. */
export const REVEAL_THRESHOLD = 0.2;
/** The observer's root extends 50 px below the viewport, so reveals start just before. */
export const REVEAL_ROOT_MARGIN = '0px 0px 50px 0px';
/** Service cards appear one after another, this far apart. */
export const SERVICE_STAGGER_MS = 100;
/** Case-study cards appear one after another, this far apart. */
export const CASE_STUDY_STAGGER_MS = 200;

/** The case-study card's 3D flip, slightly quicker on narrow screens. */
export const FLIP_DURATION_S = 0.8;
export const FLIP_DURATION_NARROW_S = 0.7;
/** Fixed card height so front and back faces share one box and flipping shifts nothing. */
export const CASE_STUDY_CARD_HEIGHT_PX = 400;

/**
 * Screens this wide or narrower get the quicker flip and the post-send scroll.
 * The nav switches to its menu below Tailwind's lg (1024 px): at 768 the full
 * desktop nav would wrap.
 */
export const NARROW_SCREEN_PX = 768;
/** One full loop of the partner-logo marquee. */
export const MARQUEE_LOOP_S = 25;
/**
 * The floating call to action shows on a scroll back up and hides on a scroll
 * down; moves shorter than this (a resting thumb, rubber-banding) change nothing.
 */
export const FLOATING_CTA_SCROLL_SLACK_PX = 24;
/** Minimum height of any button or CTA link, for thumbs. */
export const MIN_TOUCH_TARGET_PX = 48;

/**
 * Toast defaults (docs/product.md#constants). On phones (sonner switches at 600 px) a toast spans
 * the screen less mobileOffsetPx on each side: the spec's 32 px would leave a
 * 311 px toast on a 375 px phone, so 16 px (343 px wide, closer to the spec's
 * 356). The swipe is sonner 1.7's own: a 20 px drag or a flick faster than 0.11 px/ms
 * (docs/product.md#ruling-toasts); sonner 2 moved it to 45 px, so the version is pinned.
 */
export const TOASTS = {
  position: 'bottom-right',
  visible: 3,
  durationMs: 4000,
  widthPx: 356,
  gapPx: 14,
  offsetPx: 32,
  mobileOffsetPx: 16,
  hotkey: ['altKey', 'KeyT'],
  removeDelayMs: 200,
  swipeThresholdPx: 20,
  swipeVelocityPxPerMs: 0.11,
} as const;

/** Where the unsent draft lives so a reload never loses a visitor's words. */
export const DRAFT_STORAGE_KEY = 'contact-draft-v1';
/** Where the chosen theme lives; read before first paint (src/features/theme/theme-choice.ts). */
export const THEME_STORAGE_KEY = 'theme';
/** The counter appears once the message is this close to its limit. */
export const MESSAGE_COUNTER_FROM = 4000;

/** Where a message waits, with its key, until the server confirms it (docs/product.md#exactly-once). */
export const PENDING_STORAGE_KEY = 'contact-pending-v1';
/** Without a response (or on 502/503/504) the page retries this long, under the loading state, before saying so. */
export const RETRY_WINDOW_MS = 30_000;
/** The first retry waits this long; each next one twice as long, up to RETRY_MAX_DELAY_MS. */
export const RETRY_FIRST_DELAY_MS = 1_000;
export const RETRY_MAX_DELAY_MS = 8_000;
/** One attempt that hears nothing for this long counts as no response (a stalled connection). */
export const ATTEMPT_TIMEOUT_MS = 10_000;
/** A saved message is tried again this often while the page is open (besides the online event). */
export const PENDING_RESEND_INTERVAL_MS = 60_000;

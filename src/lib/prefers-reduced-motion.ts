const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** For event handlers, which need the value now rather than a re-render. */
export function prefersReducedMotion(): boolean {
  return window.matchMedia(REDUCED_MOTION_QUERY).matches;
}

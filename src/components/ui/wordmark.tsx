import { siteConfig } from '../../config/site';

/** The brand wordmark: a warm mark and the configured name. */
export function Wordmark() {
  return (
    <span className="inline-flex items-center gap-2.5 text-lg font-extrabold tracking-tight text-ink">
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-lg bg-linear-to-br from-warm-from to-warm-to text-sm text-white"
      >
        {siteConfig.brandName.charAt(0)}
      </span>
      {siteConfig.brandName}
    </span>
  );
}

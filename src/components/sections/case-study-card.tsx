import { useEffect, useRef, type CSSProperties } from 'react';
import {
  CASE_STUDY_CARD_HEIGHT_PX,
  CASE_STUDY_STAGGER_MS,
  FLIP_DURATION_NARROW_S,
  FLIP_DURATION_S,
} from '../../config/constants';
import {
  CASE_STUDY_IMAGE_RATIO,
  CASE_STUDY_IMAGE_WIDTHS,
  caseStudiesCopy,
  type CaseStudy,
} from '../../content/case-studies';
import { revealProps, type Entrances } from '../../hooks/use-reveal';
import { buttonClass } from '../ui/button-styles';
import { Icon } from '../ui/icon';

interface CaseStudyCardProps {
  study: CaseStudy;
  index: number;
  entering: Entrances;
  flipped: boolean;
  /** Before hydration the buttons do nothing, so no face is hidden from anyone yet. */
  interactive: boolean;
  onToggle: () => void;
}

const srcset = (base: string, format: 'avif' | 'webp') =>
  CASE_STUDY_IMAGE_WIDTHS.map((w) => `/images/case-studies/${base}-${w}.${format} ${w}w`).join(
    ', ',
  );
const SIZES = '(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw';

const cardStyle = {
  height: CASE_STUDY_CARD_HEIGHT_PX,
  '--flip-duration': `${FLIP_DURATION_S}s`,
  '--flip-duration-narrow': `${FLIP_DURATION_NARROW_S}s`,
} as CSSProperties;

const face = 'flip-face flex flex-col overflow-hidden rounded-3xl border border-line bg-surface';

export function CaseStudyCard({
  study,
  index,
  entering,
  flipped,
  interactive,
  onToggle,
}: CaseStudyCardProps) {
  const frontHidden = interactive && flipped;
  const backHidden = interactive && !flipped;
  const largest = CASE_STUDY_IMAGE_WIDTHS[CASE_STUDY_IMAGE_WIDTHS.length - 1];
  const frontButton = useRef<HTMLButtonElement>(null);
  const backButton = useRef<HTMLButtonElement>(null);
  // The pressed button's face turns away (and goes inert), so focus follows to the other face.
  const focusAfterFlip = useRef(false);
  useEffect(() => {
    if (!focusAfterFlip.current) return;
    focusAfterFlip.current = false;
    (flipped ? backButton : frontButton).current?.focus({ preventScroll: true });
  }, [flipped]);
  const toggle = () => {
    focusAfterFlip.current = true;
    onToggle();
  };

  return (
    <li {...revealProps(entering, index, CASE_STUDY_STAGGER_MS)} data-reveal-style="lift">
      <article
        className="flip-card"
        style={cardStyle}
        data-flipped={flipped}
        aria-label={study.title}
      >
        <div className="flip-inner">
          <div
            className={face}
            inert={frontHidden}
            aria-hidden={frontHidden || undefined}
            data-face="front"
          >
            {/* The card's height is fixed (400 px): where a title takes two lines (three columns
                just above 1024 px, two at 768 px) the picture gives up the room, not the button,
                which the card's clipped edge cut off. */}
            <picture className="block h-32 min-h-0 shrink overflow-hidden sm:h-40">
              <source type="image/avif" srcSet={srcset(study.image, 'avif')} sizes={SIZES} />
              <source type="image/webp" srcSet={srcset(study.image, 'webp')} sizes={SIZES} />
              <img
                src={`/images/case-studies/${study.image}-${largest}.webp`}
                alt={study.alt}
                width={CASE_STUDY_IMAGE_RATIO.width}
                height={CASE_STUDY_IMAGE_RATIO.height}
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            </picture>
            <div className="flex flex-1 flex-col p-6">
              <h3 className="text-xl font-bold tracking-tight text-ink">{study.title}</h3>
              <p className="mt-2 mb-4 text-[15px] leading-6 text-muted">{study.description}</p>
              <button
                ref={frontButton}
                type="button"
                onClick={toggle}
                className={buttonClass('outline', 'flip-toggle mt-auto w-full')}
              >
                {caseStudiesCopy.viewLabel}
                <Icon name="arrow-right" />
              </button>
            </div>
          </div>
          <div
            className={`${face} flip-back bg-linear-to-br from-surface to-raised p-6`}
            inert={backHidden}
            aria-hidden={backHidden || undefined}
            data-face="back"
          >
            <h3 className="text-xl font-bold tracking-tight text-ink">{study.title}</h3>
            <p className="mt-4 text-muted">{study.backDescription}</p>
            <button
              ref={backButton}
              type="button"
              onClick={toggle}
              className={buttonClass('outline', 'flip-toggle mt-auto w-full')}
            >
              <Icon name="rotate-ccw" />
              {caseStudiesCopy.backLabel}
            </button>
          </div>
        </div>
      </article>
    </li>
  );
}

import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  children: ReactNode;
  intro?: string;
  eyebrow?: string;
  align?: 'center' | 'left';
}

export function SectionHeading({
  id,
  children,
  intro,
  eyebrow,
  align = 'center',
}: SectionHeadingProps) {
  const centred = align === 'center';
  return (
    <div className={centred ? 'mx-auto max-w-3xl text-center' : 'max-w-2xl'}>
      {eyebrow && (
        <p className="mb-3 text-sm font-semibold tracking-wide text-warm uppercase">{eyebrow}</p>
      )}
      <h2
        id={id}
        className="text-3xl font-extrabold tracking-tight text-balance text-ink sm:text-5xl"
      >
        {children}
      </h2>
      {intro && <p className="mt-5 text-lg text-pretty text-muted">{intro}</p>}
    </div>
  );
}

import type { ReactNode } from 'react';
import { buttonClass, type ButtonVariant } from './button-styles';

interface CtaLinkProps {
  href: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/** An in-page call to action. A real link, so it works before (and without) scripts. */
export function CtaLink({
  href,
  variant = 'warm',
  className = '',
  children,
  onClick,
}: CtaLinkProps) {
  return (
    <a href={href} className={buttonClass(variant, className)} onClick={onClick}>
      {children}
    </a>
  );
}

/** Shared look for buttons and button-like links. Every variant is at least 48 px high (docs/product.md#constants). */
export type ButtonVariant = 'warm' | 'cool' | 'outline' | 'ghost';

const base =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl text-base font-semibold transition-[transform,box-shadow,background-color] duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-warm disabled:cursor-not-allowed disabled:opacity-70 motion-safe:hover:-translate-y-0.5';

/*
 * White on a gradient: printers drop backgrounds by default, which left white
 * text on white paper. The filled variants keep their background in print.
 */
const keepBackgroundInPrint = '[-webkit-print-color-adjust:exact] [print-color-adjust:exact]';

const variants: Record<ButtonVariant, string> = {
  warm:
    'bg-linear-to-r from-warm-from to-warm-to text-white shadow-lg shadow-orange-900/20 hover:shadow-orange-700/30 ' +
    keepBackgroundInPrint,
  cool:
    'bg-linear-to-r from-cool-from to-cool-to text-white shadow-lg shadow-cyan-900/20 hover:shadow-cyan-700/30 ' +
    keepBackgroundInPrint,
  outline: 'border border-line bg-surface text-ink hover:bg-raised',
  ghost: 'text-ink hover:bg-raised',
};

/**
 * `text` buttons have side padding; `icon` buttons are a 48 px square. A label too long for its
 * line (a narrow phone, a narrow column) wraps centred and balanced, clear of the top and bottom
 * edges: without the padding its two lines touched them. One line still makes 48 px.
 */
export type ButtonShape = 'text' | 'icon';
const shapes: Record<ButtonShape, string> = {
  text: 'px-6 py-2 text-center text-balance',
  icon: 'size-12 shrink-0',
};

export function buttonClass(
  variant: ButtonVariant = 'warm',
  extra = '',
  shape: ButtonShape = 'text',
): string {
  return `${base} ${shapes[shape]} ${variants[variant]} ${extra}`;
}

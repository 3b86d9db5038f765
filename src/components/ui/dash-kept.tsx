/**
 * A label of two halves joined by " – ", for a button that may need two lines: where the whole
 * does not fit, it breaks at the dash ("Stop Losing Money –" / "Get My AI System"), never before
 * it nor inside a half that fits. Only markup: the words and spaces stay exactly the copy's (no
 * no-break space). One span around it all, so a flex button lays it out as one run of text.
 */
export function DashKept({ text }: { text: string }) {
  const dash = text.indexOf(' – ');
  if (dash < 0) return text;
  return (
    <span>
      <span className="inline-block">{text.slice(0, dash + 2)}</span>{' '}
      <span className="inline-block">{text.slice(dash + 3)}</span>
    </span>
  );
}

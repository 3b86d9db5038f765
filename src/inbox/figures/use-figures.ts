import { useEffect, useState } from 'react';
import type { FigurePeriod } from '../../content/lead-clocks';
import { leadFigures } from '../queries';
import type { FiguresState } from './lead-figures';

/** The figures of a period, read when it is chosen; an answer for another period is dropped. */
export function useFigures(period: FigurePeriod): FiguresState {
  const [result, setResult] = useState<FiguresState>({ state: 'loading', period });
  useEffect(() => {
    let current = true;
    setResult({ state: 'loading', period });
    leadFigures(period).then(
      (figures) => current && setResult({ state: 'ready', period, figures }),
      (error: unknown) => {
        console.warn('Inbox: the figures could not be read', error);
        if (current) setResult({ state: 'failed', period });
      },
    );
    return () => {
      current = false;
    };
  }, [period]);
  return result;
}

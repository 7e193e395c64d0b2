/**
 * A text filter kept in the URL's query (`?q=`), so a filtered view can be shared and back/forward restore it.
 * The field reads local state and the URL is written a moment after typing stops: bound straight to the URL,
 * a fast typist loses keys, because each navigation lands after the next key. The URL wins when it changes
 * on its own (back, forward, a link).
 */
import { useEffect, useState } from 'react';
import { useSearchState } from './use-search-state.ts';

export function useUrlFilter(param = 'q', delayMs = 250): [string, (value: string) => void] {
  const [params, setParams] = useSearchState();
  const fromUrl = params.get(param) ?? '';
  const [value, setValue] = useState(fromUrl);
  const [written, setWritten] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);

  if (fromUrl !== seen) {
    setSeen(fromUrl);
    if (fromUrl !== written) {
      setWritten(fromUrl);
      setValue(fromUrl);
    }
  }

  useEffect(() => {
    if (value === written) return;
    const id = window.setTimeout(() => {
      setWritten(value);
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(param, value);
          else next.delete(param);
          return next;
        },
        { replace: true },
      );
    }, delayMs);
    return () => window.clearTimeout(id);
  }, [value, written, param, delayMs, setParams]);

  return [value, setValue];
}

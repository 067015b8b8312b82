import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `?<param>=<id>` in the address (a notification's or an email's link) names the record a screen
 * should open: `open(id)` runs while rendering, once each time a link arrives (so it may set the
 * screen's own state, as React allows during render), also when the page is already open. Once
 * read, the address forgets it, so following the same link again later opens the record again.
 */
export function useLinkedId(param: string, open: (id: number) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = Number(searchParams.get(param));
  const linked = Number.isInteger(id) && id > 0 ? id : undefined;
  const [handled, setHandled] = useState<number>();
  if (linked !== handled) {
    setHandled(linked);
    if (linked !== undefined) open(linked);
  }
  useEffect(() => {
    if (linked !== undefined) setSearchParams((params) => (params.delete(param), params), { replace: true });
  }, [linked, param, setSearchParams]);
}

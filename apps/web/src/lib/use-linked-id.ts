import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `?<param>=<id>` in the address (a notification's or an email's link) names the record a screen
 * should open. Answers that id while it is in the address; once read, the address forgets it, so
 * following the same link again later opens the record again.
 */
export function useLinkedId(param: string): number | undefined {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = Number(searchParams.get(param));
  const linked = Number.isInteger(id) && id > 0 ? id : undefined;
  useEffect(() => {
    if (linked !== undefined) setSearchParams((params) => (params.delete(param), params), { replace: true });
  }, [linked, param, setSearchParams]);
  return linked;
}

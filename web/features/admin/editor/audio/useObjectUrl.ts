import { useEffect, useState } from 'react';

/**
 * An object URL for `blob` (to play it in an `<audio>`), revoked when the blob changes or the component goes.
 * It is made inside the effect, so React's development double run makes a fresh URL instead of reusing a
 * revoked one.
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return url;
}

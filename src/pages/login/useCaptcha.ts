import { useCallback, useState } from 'react';
import { fetchCaptcha, type Captcha } from '../../app/auth';

/** The validate-code image, shown only once the server (or three failures) asks for it. */
export function useCaptcha(onError: (message: string) => void) {
  const [captcha, setCaptcha] = useState<Captcha | null>(null);
  const refresh = useCallback(async () => {
    try {
      setCaptcha(await fetchCaptcha());
    } catch (error) {
      onError(error instanceof Error ? error.message : String(error));
    }
  }, [onError]);
  return { captcha, refresh };
}

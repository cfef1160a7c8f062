import { useEffect, useRef, useState } from 'react';
import { checkDuplicate } from './calls';

/** Wait this long after the last keystroke before asking the server (it limits checks per address). */
const DEBOUNCE_MS = 400;

export interface DuplicateMessages {
  companyName?: string;
  creditCode?: string;
}

/**
 * Duplicate name / credit code while typing (validationRepeatByName, debounced): the server's message,
 * in the page's language, for the field it names. An answer that arrives after newer typing is dropped.
 */
export function useDuplicateCheck(companyName: string, creditCode: string, token: string | undefined, language: string): DuplicateMessages {
  const [messages, setMessages] = useState<DuplicateMessages>({});
  const asked = useRef(0);
  useEffect(() => {
    const name = companyName.trim();
    const code = creditCode.trim();
    if (!name && !code) {
      setMessages({});
      return;
    }
    const n = ++asked.current;
    const timer = setTimeout(() => {
      checkDuplicate(name, code, token)
        .then((d) => {
          if (n !== asked.current) return;
          setMessages(d.exists && d.field ? { [d.field]: d.message } : {});
        })
        // A failed check (network, rate limit) must not block typing: submission checks again.
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [companyName, creditCode, token, language]);
  return messages;
}

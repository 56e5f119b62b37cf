import { useEffect, useState } from 'react';
import { formatCountdown } from '../upload/countdown';

/** 'Nd HHu MMm SSs', ticking every second. */
export function Countdown({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="countdown">{formatCountdown(Date.parse(expiresAt) - now)}</span>;
}

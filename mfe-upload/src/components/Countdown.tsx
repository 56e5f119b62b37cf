import { useEffect, useState } from 'react';
import { formatCountdown } from '../upload/countdown';

/** 'Nd HHu MMm SSs', ticking every second. */
export function Countdown({ expiresAt }: { expiresAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  // <bdi>: '6d 23u 59m 59s' keeps its order in Arabic and Hebrew.
  return <bdi data-testid="countdown">{formatCountdown(Date.parse(expiresAt) - now)}</bdi>;
}

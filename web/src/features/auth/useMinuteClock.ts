import { useEffect, useState } from 'react';

// The time now, moved on every half minute, so that "just now" and "5 minutes ago" stay true
// while the dialog is open.
export function useMinuteClock(): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

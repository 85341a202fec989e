import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';

// A Fluent link to a page of the app: a real href (so it opens in a new tab with a middle click),
// navigating inside the app on a plain click.
export function AppLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const navigate = useNavigate();
  const href = useHref(to);
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return (
    <Link href={href} className={className} onClick={follow}>
      {children}
    </Link>
  );
}

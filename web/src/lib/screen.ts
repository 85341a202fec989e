import { useEffect, useState, useSyncExternalStore, type RefObject } from 'react';

import { createStore, useStore } from './store';

export type ScreenClass = 'small' | 'medium' | 'large';

// Small: 474 px wide or less; large: 800 px or more (spec 1 §9). The environment's chrome settings
// may move both limits.
export const screenSizes = createStore({ small: 474, medium: 800 });

export function classifyWidth(width: number, sizes: { small: number; medium: number }): ScreenClass {
  if (width <= sizes.small) return 'small';
  if (width >= sizes.medium) return 'large';
  return 'medium';
}

function subscribeToResize(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useWindowWidth(): number {
  return useSyncExternalStore(subscribeToResize, () => window.innerWidth, () => 1024);
}

export function useWindowHeight(): number {
  return useSyncExternalStore(subscribeToResize, () => window.innerHeight, () => 768);
}

export function useScreenClass(): ScreenClass {
  const sizes = useStore(screenSizes);
  return classifyWidth(useWindowWidth(), sizes);
}

// The width a box has, followed as it changes (0 until it has been laid out).
export function useElementWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    // The observer reports the box's size once at the start, then at each change.
    const observer = new ResizeObserver(() => setWidth(target.clientWidth));
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

import { informationBar, visiblePanels } from './informationBar';
import { useScreenClass, useWindowWidth, type ScreenClass } from './screen';
import { useStore } from './store';

// The shell's columns: the side menu, the page, and the information bar. Their widths are fixed, so
// that nothing the page holds can squeeze or move them; what changes is whether the menu stands
// beside the page or waits behind the burger.
export const menuWidth = 260;

// The least width a page needs beside the information bar to stay usable (a search result, a form's
// field and its label).
export const minPageWidth = 400;

// The information bar's width: 360 px, narrower on smaller screens but never under 280 px.
export function barWidth(windowWidth: number): number {
  return Math.round(Math.min(360, Math.max(280, windowWidth * 0.4)));
}

// Where the menu stands. Small screens have it as a drawer over the page. Otherwise it stands beside
// the page — unless the information bar is open and menu, page and bar do not fit side by side:
// then the menu gives way (behind the burger) and the bar takes its column beside the page, which
// shrinks, rather than covering it.
export function menuPlacement(screen: ScreenClass, windowWidth: number, barOpen: boolean): 'beside' | 'drawer' {
  if (screen === 'small') return 'drawer';
  if (barOpen && windowWidth - menuWidth - barWidth(windowWidth) < minPageWidth) return 'drawer';
  return 'beside';
}

// Whether the information bar stands open with something in it.
export function useBarOpen(): boolean {
  const bar = useStore(informationBar);
  return bar.open && visiblePanels(bar).length > 0;
}

// How wide the page's own column is now, between the menu and the information bar.
export function usePageWidth(): number {
  const screen = useScreenClass();
  const width = useWindowWidth();
  const barOpen = useBarOpen();
  const menu = menuPlacement(screen, width, barOpen) === 'beside' && screen === 'large' ? menuWidth : 0;
  const bar = barOpen && screen !== 'small' ? barWidth(width) : 0;
  return width - menu - bar;
}

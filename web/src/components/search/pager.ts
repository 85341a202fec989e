// The page numbers shown as buttons: at most `count` of them, around the current page.
export function pageButtons(current: number, pages: number, count: number): number[] {
  if (pages <= 0) return [];
  const shown = Math.min(count, pages);
  let first = Math.max(1, current - Math.floor(shown / 2));
  first = Math.min(first, pages - shown + 1);
  return Array.from({ length: shown }, (_, index) => first + index);
}

// Spec 1 §9: 7 page buttons on screens up to 810 px wide, else 3.
export function pageButtonCount(width: number): number {
  return width <= 810 ? 7 : 3;
}

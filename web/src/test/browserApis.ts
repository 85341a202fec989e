// What jsdom leaves out and Fluent UI expects of a browser: layout observation (MessageBar reflow,
// overflow) and media queries (reduced motion). Nothing is ever resized or matched in jsdom.
class NoResizeObserver implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = NoResizeObserver;
}

if (typeof window.matchMedia === 'undefined') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// The realtime hub has no server in unit tests: a socket that never opens, as when the hub cannot
// be reached (the app works without it). jsdom's own would try the network.
class UnreachableWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  send(): void {}
  close(): void {
    this.readyState = 3;
  }
}
window.WebSocket = UnreachableWebSocket as unknown as typeof WebSocket;

// Fluent's focus manager (tabster) marks a dialog or popover surface aria-hidden until it takes
// the focus in as its active "modalizer", and decides that from layout jsdom does not have: on a
// busy machine an open dialog could stay hidden from the accessibility tree, without a name, and a
// test could not find it. A browser never shows an open surface so; here a modalizer's own element
// is never left hidden (what lies behind it still is).
function revealModalizer(element: Element): void {
  if (element.getAttribute('aria-hidden') === 'true' && (element.getAttribute('data-tabster') ?? '').includes('"modalizer"')) {
    element.removeAttribute('aria-hidden');
  }
}

new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.type === 'attributes' && change.target instanceof Element) revealModalizer(change.target);
  }
}).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['aria-hidden', 'data-tabster'] });

// Nothing is laid out in jsdom, so every element measures 0 wide; Fluent's overflow (a record's tab
// strip) would then find no room at all and put every tab but one in its More menu. Its
// containers are given a desktop's width instead, where everything fits.
const clientWidth = Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth');
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get(this: HTMLElement) {
    return this.classList.contains('fui-Overflow') ? 1024 : (clientWidth?.get?.call(this) ?? 0);
  },
});

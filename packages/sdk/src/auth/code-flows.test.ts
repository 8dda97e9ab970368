import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeFromIframe, codeFromPopup, inBrowser } from './code-flows.js';

// A minimal window and document: just what the flows touch, so the tests run in Node.
function fakeBrowser() {
  const listeners = new Set<(event: MessageEvent) => void>();
  const iframe = { style: { display: '' }, src: '', remove: vi.fn() };
  const popup = { closed: false, href: undefined as string | undefined, close: vi.fn() };
  const popupWindow = {
    get closed() {
      return popup.closed;
    },
    get location() {
      // A page on another origin cannot be read: the browser throws.
      if (popup.href === undefined) throw new DOMException('Blocked a frame', 'SecurityError');
      return { href: popup.href };
    },
    close: popup.close,
  };
  const open = vi.fn((): unknown => popupWindow);
  vi.stubGlobal('window', {
    addEventListener: (_type: string, listener: (event: MessageEvent) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: MessageEvent) => void) =>
      listeners.delete(listener),
    open,
  });
  vi.stubGlobal('document', {
    createElement: () => iframe,
    body: { appendChild: vi.fn() },
  });
  const post = (origin: string, data: unknown) => {
    for (const listener of [...listeners]) listener({ origin, data } as MessageEvent);
  };
  return { listeners, iframe, popup, open, post };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('codeFromIframe (direct login, response_mode=web_message)', () => {
  it('takes only the server page’s message for this state, then cleans up', async () => {
    const browser = fakeBrowser();
    const result = codeFromIframe('https://api.example/oauth2/authorize?x', 'state-1', 'https://api.example');
    expect(browser.iframe.src).toBe('https://api.example/oauth2/authorize?x');
    expect(browser.iframe.style.display).toBe('none');
    browser.post('https://evil.example', { code: 'stolen', state: 'state-1' });
    browser.post('https://api.example', { code: 'other', state: 'state-2' });
    browser.post('https://api.example', 'not an object');
    browser.post('https://api.example', { code: 'c1', state: 'state-1' });
    await expect(result).resolves.toEqual({
      code: 'c1',
      state: 'state-1',
      error: undefined,
      errorDescription: undefined,
    });
    expect(browser.listeners.size).toBe(0);
    expect(browser.iframe.remove).toHaveBeenCalled();
  });

  it('passes the server’s error on', async () => {
    const browser = fakeBrowser();
    const result = codeFromIframe('https://api.example/a', 's', 'https://api.example');
    browser.post('https://api.example', {
      error: 'login_required',
      error_description: 'Log in first',
      state: 's',
    });
    await expect(result).resolves.toMatchObject({
      error: 'login_required',
      errorDescription: 'Log in first',
    });
  });

  it('times out after 120000 ms', async () => {
    const browser = fakeBrowser();
    const result = codeFromIframe('https://api.example/a', 's', 'https://api.example');
    const settled = expect(result).rejects.toThrow('OAuth flow timed out');
    await vi.advanceTimersByTimeAsync(119_999);
    expect(browser.listeners.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(browser.listeners.size).toBe(0);
    expect(browser.iframe.remove).toHaveBeenCalled();
  });
});

describe('codeFromPopup', () => {
  it('waits while the popup is on the server, then reads the callback URL', async () => {
    const browser = fakeBrowser();
    const result = codeFromPopup(
      'https://api.example/oauth2/authorize',
      'https://shop.example/callback',
      'query',
    );
    await vi.advanceTimersByTimeAsync(1000); // Reading the other origin throws: keep waiting.
    browser.popup.href = 'https://shop.example/callback?code=c2&state=s2';
    await vi.advanceTimersByTimeAsync(250);
    await expect(result).resolves.toMatchObject({ code: 'c2', state: 's2' });
    expect(browser.popup.close).toHaveBeenCalled();
  });

  it('reads a fragment response', async () => {
    const browser = fakeBrowser();
    const result = codeFromPopup('https://api.example/a', 'https://shop.example/callback', 'fragment');
    browser.popup.href = 'https://shop.example/callback#code=c3&state=s3';
    await vi.advanceTimersByTimeAsync(250);
    await expect(result).resolves.toMatchObject({ code: 'c3', state: 's3' });
  });

  it('rejects when the popup is blocked', async () => {
    const browser = fakeBrowser();
    browser.open.mockReturnValue(null);
    await expect(codeFromPopup('https://api.example/a', 'https://shop.example/cb', 'query')).rejects.toThrow(
      'The login popup was blocked',
    );
  });

  it('rejects when the user closes the popup', async () => {
    const browser = fakeBrowser();
    const result = codeFromPopup('https://api.example/a', 'https://shop.example/cb', 'query');
    const settled = expect(result).rejects.toThrow('closed before the login finished');
    browser.popup.closed = true;
    await vi.advanceTimersByTimeAsync(250);
    await settled;
  });

  it('times out after 120000 ms and closes the popup', async () => {
    const browser = fakeBrowser();
    const result = codeFromPopup('https://api.example/a', 'https://shop.example/cb', 'query');
    const settled = expect(result).rejects.toThrow('OAuth flow timed out');
    await vi.advanceTimersByTimeAsync(120_000);
    await settled;
    expect(browser.popup.close).toHaveBeenCalled();
  });
});

describe('inBrowser', () => {
  it('is false in Node and true with a window and a document', () => {
    expect(inBrowser()).toBe(false);
    fakeBrowser();
    expect(inBrowser()).toBe(true);
  });
});

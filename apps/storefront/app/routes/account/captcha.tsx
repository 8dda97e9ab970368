import { useCallback, useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { type FormErrors, fieldError } from '../../lib/forms/form-errors';

// The store's self-hosted proof-of-work captcha (ALTCHA, see docs/api/identity.md "Captcha"): the browser fetches a
// signed challenge and finds the counter whose SHA-256 starts with the given prefix. No third party.

export type CaptchaMode = 'off' | 'invisible' | 'visible';

interface Challenge {
  parameters: { nonce: string; salt: string; keyPrefix: string; keyLength?: number; cost?: number };
}

const SITE_KEYS = { invisible: 'openshelf-invisible', visible: 'openshelf-visible' } as const;
/** Form field the answer travels in; the action puts it into the matching `captchaTokens` entry. */
export const CAPTCHA_FIELDS = { invisible: 'captchaInvisible', visible: 'captchaVisible' } as const;

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (text: string) =>
  Uint8Array.from(text.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));

/** Finds the counter the challenge asks for; yields to the page now and then so it stays responsive. */
export async function solveChallenge(challenge: Challenge): Promise<string> {
  const { nonce, salt, keyPrefix, keyLength = 32, cost = 1 } = challenge.parameters;
  const saltBytes = fromHex(salt);
  const nonceBytes = fromHex(nonce);
  const input = new Uint8Array(saltBytes.length + nonceBytes.length + 4);
  input.set(saltBytes, 0);
  input.set(nonceBytes, saltBytes.length);
  const view = new DataView(input.buffer);
  const prefix = keyPrefix.toLowerCase();
  let lastYield = performance.now();
  for (let counter = 0; counter < 0xffffffff; counter++) {
    view.setUint32(saltBytes.length + nonceBytes.length, counter, false);
    let key = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
    for (let round = 1; round < cost; round++)
      key = new Uint8Array(await crypto.subtle.digest('SHA-256', key));
    const derived = hex(key.subarray(0, keyLength));
    if (derived.startsWith(prefix)) {
      return btoa(JSON.stringify({ challenge, solution: { counter, derivedKey: derived } }));
    }
    if (performance.now() - lastYield > 100) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      lastYield = performance.now();
    }
  }
  throw new Error('The security check could not be solved.');
}

async function fetchAndSolve(kind: 'invisible' | 'visible'): Promise<string> {
  const response = await fetch(`/_api/iam/captcha/v1/challenge?siteKey=${SITE_KEYS[kind]}`, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`challenge request answered ${response.status}`);
  return solveChallenge((await response.json()) as Challenge);
}

/**
 * The captcha part of a sign-in form. Invisible mode solves in the background as the page opens;
 * visible mode asks the person to start the check. Without JavaScript the form says what is needed.
 */
export function CaptchaField({ mode, errors }: { mode: CaptchaMode; errors?: FormErrors | undefined }) {
  const error = fieldError(errors, 'captcha');
  const kind = mode === 'visible' ? 'visible' : 'invisible';
  const [answer, setAnswer] = useState('');
  const [status, setStatus] = useState<'idle' | 'solving' | 'done' | 'failed' | 'server'>('server');
  const run = useCallback(() => {
    setStatus('solving');
    setAnswer('');
    fetchAndSolve(kind).then(
      (payload) => {
        setAnswer(payload);
        setStatus('done');
      },
      () => setStatus('failed'),
    );
  }, [kind]);
  // Each answer works once, so every time a submit comes back (navigation idle again) a new check runs.
  const idle = useNavigation().state === 'idle';
  useEffect(() => {
    if (!idle) return;
    if (kind === 'invisible') run();
    else {
      setAnswer('');
      setStatus('idle');
    }
  }, [kind, run, idle]);

  if (mode === 'off') return null;
  return (
    <div className={error ? 'field field-invalid captcha' : 'field captcha'} id="field-captcha" tabIndex={-1}>
      <input type="hidden" name={CAPTCHA_FIELDS[kind]} value={answer} />
      {error ? (
        <p className="field-error" id="field-captcha-error">
          <span className="visually-hidden">Error: </span>
          {error}
        </p>
      ) : null}
      <p className="captcha-status" aria-live="polite">
        {status === 'server' &&
          'This store runs a quick security check in your browser. Please turn on JavaScript.'}
        {status === 'solving' && 'Running a quick security check…'}
        {status === 'done' && '✓ Security check passed.'}
        {status === 'failed' && 'The security check failed to run.'}
      </p>
      {kind === 'visible' && (status === 'idle' || status === 'failed') ? (
        <button type="button" className="button button-secondary" onClick={run}>
          I am not a robot — start the check
        </button>
      ) : null}
    </div>
  );
}

/** Which captcha the posted form carried an answer for, if any. */
export function captchaKindSent(form: FormData): 'visible' | 'invisible' | undefined {
  const sent = (field: string) => {
    const value = form.get(field);
    return typeof value === 'string' && value !== '';
  };
  if (sent(CAPTCHA_FIELDS.visible)) return 'visible';
  return sent(CAPTCHA_FIELDS.invisible) ? 'invisible' : undefined;
}

/** The `captchaTokens` of register/login from the posted form. */
export function captchaTokensFrom(form: FormData) {
  const visible = form.get(CAPTCHA_FIELDS.visible);
  const invisible = form.get(CAPTCHA_FIELDS.invisible);
  return {
    ...(typeof visible === 'string' && visible ? { recaptchaToken: visible } : {}),
    ...(typeof invisible === 'string' && invisible ? { invisibleRecaptchaToken: invisible } : {}),
  };
}

import { useEffect, useState } from 'react';

/**
 * New recovery codes, shown this once: a list to write down, a text file to download (a data: link, so it
 * works without JavaScript) and, with JavaScript, a button that copies them.
 */
export function NewRecoveryCodes({ codes, storeName }: { codes: string[]; storeName: string }) {
  const text = [
    `Recovery codes for ${storeName}`,
    'Each code works once, in place of your authenticator app at login.',
    '',
    ...codes,
    '',
  ].join('\n');
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  // Only once the page runs: without JavaScript there is nothing to press.
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && Boolean(navigator.clipboard)), []);
  return (
    <section className="recovery-codes-new" aria-labelledby="recovery-codes-new-title">
      <h4 id="recovery-codes-new-title">Your recovery codes</h4>
      <p>
        If you lose your phone, log in with one of these instead of the app&rsquo;s code. Each works once.
        Keep them somewhere safe, like a password manager or on paper:{' '}
        <strong>they are shown only now</strong>.
      </p>
      <ol className="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <p className="recovery-codes-actions">
        <a
          className="button button-secondary"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
        >
          Download the codes
        </a>
        {canCopy ? (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              navigator.clipboard.writeText(text).then(
                () => setCopied(true),
                () => setCopied(false),
              );
            }}
          >
            {copied ? 'Copied' : 'Copy the codes'}
          </button>
        ) : null}
      </p>
    </section>
  );
}

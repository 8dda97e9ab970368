import {
  type EnrolledFactor,
  isApplicationError,
  isValidationError,
  type SecondFactorType,
} from '@openshelf/sdk';
import { data, Form, useNavigation } from 'react-router';
import { renderSVG } from 'uqr';
import { storefrontContext } from '../../lib/context';
import { apiFormErrors } from '../../lib/forms/api-errors.server';
import { type FormErrors, formErrors, formProblem } from '../../lib/forms/form-errors';
import { formReader } from '../../lib/forms/form-reader';
import type { Route } from './+types/security';
import { ErrorSummary, OneTimeCodeField, SubmitButton } from './form-ui';
import { asMember, requireMember } from './member.server';
import { NewRecoveryCodes } from './recovery-codes-ui';

// Second factors: an authenticator app (set up from a QR code or the key, confirmed with a first code)
// and codes by e-mail at login; each is turned off with a current code of it.

export function meta() {
  return [{ title: 'Sign-in security' }, { name: 'robots', content: 'noindex' }];
}

const LABELS = {
  totpCode: 'Code from your authenticator app',
  emailCode: 'Code from the e-mail',
  recoveryTotpCode: 'Current app code, to make new recovery codes',
};

type FactorStatus = 'OFF' | 'INACTIVE' | 'ACTIVE';

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireMember(request, context);
  const identity = await asMember(request, session, () => session.client.members.getCurrentMember());
  const statusOf = (type: SecondFactorType): FactorStatus =>
    (identity.factors.find((factor) => factor.type === type)?.status as FactorStatus | undefined) ?? 'OFF';
  const totp = statusOf('TOTP');
  const recovery =
    totp === 'ACTIVE'
      ? await asMember(request, session, () => session.client.auth.recoveryCodes())
      : undefined;
  const { storeName } = context.get(storefrontContext);
  return { totp, email: statusOf('EMAIL'), address: identity.email.address, recovery, storeName };
}

interface SecurityState {
  errors: FormErrors;
  values: Record<string, string>;
  /** TOTP set-up just started: what the authenticator app needs. */
  setup?: { secret: string; otpauthUri: string; qr: string };
  /** A code was e-mailed: to turn codes by e-mail on, or to turn them off. */
  emailCodeFor?: 'enable' | 'remove';
  done?: string;
  /** New recovery codes, shown this once (the server keeps only their hashes). */
  recoveryCodes?: string[];
}

function setupOf(enrolled: Pick<EnrolledFactor, 'secret' | 'otpauthUri'>): SecurityState['setup'] {
  const { secret = '', otpauthUri = '' } = enrolled;
  const qr = `data:image/svg+xml;base64,${Buffer.from(renderSVG(otpauthUri)).toString('base64')}`;
  return { secret, otpauthUri, qr };
}

export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireMember(request, context);
  const form = await request.formData();
  const values = formReader(form).values([
    'intent',
    'totpCode',
    'emailCode',
    'recoveryTotpCode',
    'secret',
    'otpauthUri',
  ]);
  const auth = session.client.auth;
  const call = <T,>(run: () => Promise<T>) => asMember(request, session, run);
  const ok = (extra: Partial<SecurityState>): SecurityState => ({
    errors: formErrors({}),
    values: {},
    ...extra,
  });
  try {
    switch (values.intent) {
      case 'totp-enroll':
        return ok({ setup: setupOf(await call(() => auth.enrollFactor('TOTP'))) });
      case 'totp-activate': {
        const activated = await call(() => auth.activateFactor('TOTP', values.totpCode ?? ''));
        return ok({
          done: 'Your authenticator app is on. Log-ins now ask for its code.',
          ...(activated.recoveryCodes ? { recoveryCodes: activated.recoveryCodes } : {}),
        });
      }
      case 'recovery-regenerate': {
        const recoveryCodes = await call(() => auth.regenerateRecoveryCodes(values.recoveryTotpCode ?? ''));
        return ok({ done: 'You have new recovery codes. The earlier ones no longer work.', recoveryCodes });
      }
      case 'totp-remove':
        await call(() => auth.removeFactor('TOTP', values.totpCode ?? ''));
        return ok({ done: 'The authenticator app is off.' });
      case 'email-enroll':
        await call(() => auth.enrollFactor('EMAIL'));
        return ok({ emailCodeFor: 'enable' });
      case 'email-send':
        await call(() => auth.sendFactorCode('EMAIL'));
        return ok({ emailCodeFor: form.get('for') === 'remove' ? 'remove' : 'enable' });
      case 'email-activate':
        await call(() => auth.activateFactor('EMAIL', values.emailCode ?? ''));
        return ok({ done: 'Codes by e-mail are on. Log-ins now ask for one.' });
      case 'email-remove':
        await call(() => auth.removeFactor('EMAIL', values.emailCode ?? ''));
        return ok({ done: 'Codes by e-mail are off.' });
      default:
        return data<SecurityState>(
          { errors: formProblem('Choose one of the buttons.'), values: {} },
          { status: 400 },
        );
    }
  } catch (error) {
    const field = values.intent?.startsWith('totp')
      ? 'totpCode'
      : values.intent === 'recovery-regenerate'
        ? 'recoveryTotpCode'
        : 'emailCode';
    const kept: Partial<SecurityState> = {
      ...(values.intent === 'totp-activate' && values.secret && values.otpauthUri
        ? { setup: setupOf({ secret: values.secret, otpauthUri: values.otpauthUri }) }
        : {}),
      ...(values.intent === 'email-activate' ? { emailCodeFor: 'enable' as const } : {}),
      ...(values.intent === 'email-remove' ? { emailCodeFor: 'remove' as const } : {}),
    };
    return data<SecurityState>({ errors: codeErrors(error, field), values: {}, ...kept }, { status: 400 });
  }
}

/** A code that does not verify is shown at its field; anything else at the top. */
function codeErrors(error: unknown, field: string): FormErrors {
  if (isValidationError(error) && error.violations.some((v) => v.field === 'code')) {
    return formErrors({ [field]: 'That is not the current code. Check the app and try the next one.' });
  }
  if (isApplicationError(error) && error.code === 'VERIFICATION_FAILED') {
    const left = Number((error.data as { attemptsLeft?: unknown } | undefined)?.attemptsLeft ?? 0);
    return formErrors({
      [field]:
        left > 0
          ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : 'Send a new code and try again.',
    });
  }
  return apiFormErrors(error, { fields: { code: field } });
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : undefined;
  const result: SecurityState | undefined = actionData;
  const errors = result?.errors;
  const { totp, email } = loaderData;
  const setup = totp !== 'ACTIVE' ? result?.setup : undefined;
  const emailCodeFor = result?.emailCodeFor ?? (email === 'INACTIVE' ? 'enable' : undefined);
  return (
    <section aria-labelledby="security-title" className="account-section">
      <h2 id="security-title">Sign-in security</h2>
      <p>Ask for a second step after your password, so that a password alone cannot open your account.</p>
      {result?.done ? (
        <p className="alert alert-success" role="status">
          {result.done}
        </p>
      ) : null}
      <ErrorSummary errors={errors} labels={LABELS} />

      <div className="factor-card">
        <h3>
          Authenticator app{' '}
          {totp === 'ACTIVE' ? (
            <span className="badge badge-ok">On</span>
          ) : (
            <span className="badge">Off</span>
          )}
        </h3>
        {totp === 'ACTIVE' ? (
          <Form method="post" noValidate className="stack-form">
            <OneTimeCodeField
              name="totpCode"
              label={LABELS.totpCode}
              errors={errors}
              hint="To turn it off, enter its current code."
            />
            <SubmitButton
              pending={busy === 'totp-remove'}
              pendingLabel="Turning off…"
              name="intent"
              value="totp-remove"
              secondary
            >
              Turn off the authenticator app
            </SubmitButton>
          </Form>
        ) : setup ? (
          <Form method="post" noValidate className="stack-form">
            <p>Scan this code with an authenticator app, or type the key into it.</p>
            <img src={setup.qr} alt="QR code for your authenticator app" width={180} height={180} />
            <p>
              Key: <code className="factor-secret">{setup.secret}</code>
            </p>
            <p className="field-hint">
              Or open <a href={setup.otpauthUri}>this link</a> on a device with an authenticator app.
            </p>
            <input type="hidden" name="secret" value={setup.secret} />
            <input type="hidden" name="otpauthUri" value={setup.otpauthUri} />
            <OneTimeCodeField name="totpCode" label={LABELS.totpCode} errors={errors} />
            <SubmitButton
              pending={busy === 'totp-activate'}
              pendingLabel="Checking…"
              name="intent"
              value="totp-activate"
            >
              Turn on the authenticator app
            </SubmitButton>
          </Form>
        ) : (
          <Form method="post">
            <p>
              Use an app such as Google Authenticator, 1Password or Authy to make a new code every 30 seconds.
            </p>
            <SubmitButton
              pending={busy === 'totp-enroll'}
              pendingLabel="Preparing…"
              name="intent"
              value="totp-enroll"
            >
              Set up an authenticator app
            </SubmitButton>
          </Form>
        )}
      </div>

      {totp === 'ACTIVE' ? (
        <div className="factor-card">
          <h3>Recovery codes</h3>
          {result?.recoveryCodes ? (
            <NewRecoveryCodes codes={result.recoveryCodes} storeName={loaderData.storeName} />
          ) : null}
          {loaderData.recovery ? (
            <p>
              {loaderData.recovery.total === 0
                ? 'You have no recovery codes yet. Make some, so that a lost phone does not lock you out.'
                : loaderData.recovery.left === 0
                  ? 'You have no recovery codes left. Make new ones, so that a lost phone does not lock you out.'
                  : `${loaderData.recovery.left} of ${loaderData.recovery.total} recovery codes left. Each works once at login, in place of the app’s code.`}
            </p>
          ) : null}
          <Form method="post" noValidate className="stack-form">
            <OneTimeCodeField
              name="recoveryTotpCode"
              label={LABELS.recoveryTotpCode}
              errors={errors}
              hint="New codes replace all the earlier ones."
            />
            <SubmitButton
              pending={busy === 'recovery-regenerate'}
              pendingLabel="Making codes…"
              name="intent"
              value="recovery-regenerate"
              secondary
            >
              Make new recovery codes
            </SubmitButton>
          </Form>
        </div>
      ) : null}

      <div className="factor-card">
        <h3>
          Codes by e-mail{' '}
          {email === 'ACTIVE' ? (
            <span className="badge badge-ok">On</span>
          ) : (
            <span className="badge">Off</span>
          )}
        </h3>
        <p>A 6-digit code is e-mailed to {loaderData.address} each time you log in.</p>
        {emailCodeFor ? (
          <Form method="post" noValidate className="stack-form">
            <OneTimeCodeField
              name="emailCode"
              label={LABELS.emailCode}
              errors={errors}
              hint={`We e-mailed a code to ${loaderData.address}.`}
            />
            <input type="hidden" name="for" value={emailCodeFor} />
            {emailCodeFor === 'enable' ? (
              <SubmitButton
                pending={busy === 'email-activate'}
                pendingLabel="Checking…"
                name="intent"
                value="email-activate"
              >
                Turn on codes by e-mail
              </SubmitButton>
            ) : (
              <SubmitButton
                pending={busy === 'email-remove'}
                pendingLabel="Turning off…"
                name="intent"
                value="email-remove"
                secondary
              >
                Turn off codes by e-mail
              </SubmitButton>
            )}
            <SubmitButton
              pending={busy === 'email-send'}
              pendingLabel="Sending…"
              name="intent"
              value="email-send"
              secondary
            >
              Send a new code
            </SubmitButton>
          </Form>
        ) : (
          <Form method="post">
            {email === 'ACTIVE' ? (
              <>
                <input type="hidden" name="for" value="remove" />
                <SubmitButton
                  pending={busy === 'email-send'}
                  pendingLabel="Sending…"
                  name="intent"
                  value="email-send"
                  secondary
                >
                  Turn off codes by e-mail
                </SubmitButton>
              </>
            ) : (
              <SubmitButton
                pending={busy === 'email-enroll'}
                pendingLabel="Sending…"
                name="intent"
                value="email-enroll"
              >
                Turn on codes by e-mail
              </SubmitButton>
            )}
          </Form>
        )}
      </div>
    </section>
  );
}

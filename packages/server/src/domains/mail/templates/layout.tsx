import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { ReactNode } from 'react';
import type { MailLink, MailStore } from '../mail-templates.contract.js';

// Inline styles: mail clients ignore <style> blocks and external sheets. Colours meet WCAG AA contrast.
const page = {
  backgroundColor: '#f6f6f4',
  fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif',
};
const card = { backgroundColor: '#ffffff', maxWidth: '560px', margin: '0 auto', padding: '24px' };
const muted = { color: '#555555', fontSize: '13px', lineHeight: '20px' };
/** Links inside text: underlined (not told apart by colour alone) and dark enough for AA contrast. */
export const inlineLink = { color: '#0b57d0', textDecoration: 'underline' };

/**
 * Every e-mail's frame: the store's logo (or name) on top, a heading, the content, and a footer with
 * the store's name, shop link and contact address. `preview` is the line mail clients show after the
 * subject.
 */
export function MailLayout(props: { store: MailStore; preview: string; title: string; children: ReactNode }) {
  const { store } = props;
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{props.title}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>
            {store.logoUrl ? (
              <Img
                src={store.logoUrl}
                alt={store.name}
                height="48"
                style={{ height: '48px', width: 'auto' }}
              />
            ) : (
              <Text style={{ fontSize: '18px', fontWeight: 700, margin: 0 }}>{store.name}</Text>
            )}
          </Section>
          <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', color: '#1a1a1a' }}>
            {props.title}
          </Heading>
          {props.children}
          <Hr style={{ borderColor: '#e5e5e5', margin: '32px 0 16px' }} />
          <Text style={muted}>
            {store.name} ·{' '}
            <Link href={store.url} style={inlineLink}>
              {store.url.replace(/^https?:\/\//, '')}
            </Link>
            {store.contactEmail ? (
              <>
                {' · Questions? Write to '}
                <Link href={`mailto:${store.contactEmail}`} style={inlineLink}>
                  {store.contactEmail}
                </Link>
              </>
            ) : null}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph(props: { children: ReactNode }) {
  return (
    <Text style={{ fontSize: '15px', lineHeight: '24px', color: '#1a1a1a', margin: '0 0 16px' }}>
      {props.children}
    </Text>
  );
}

export function Note(props: { children: ReactNode }) {
  return <Text style={{ ...muted, margin: '0 0 16px' }}>{props.children}</Text>;
}

/** A button, and the address written out under it: some clients drop buttons, and the text part needs it. */
export function ActionLink(props: { link: MailLink }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Link
        href={props.link.url}
        style={{
          backgroundColor: '#1a1a1a',
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: '6px',
          textDecoration: 'none',
          display: 'inline-block',
          fontSize: '15px',
        }}
      >
        {props.link.label}
      </Link>
      <Text style={{ ...muted, margin: '12px 0 0' }} data-skip-in-text="true">
        Or open this link: {props.link.url}
      </Text>
    </Section>
  );
}

/** A code to type in (verification, sign-in), large and spaced so it reads at a glance; inline, so the
 * text part keeps "code is 123456" on one line. */
export function Code(props: { code: string }) {
  return <strong style={{ fontSize: '28px', letterSpacing: '6px', color: '#1a1a1a' }}>{props.code}</strong>;
}

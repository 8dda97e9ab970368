import type { MailStore, MailTemplate, RenderedMailContent } from './mail-templates.contract.js';

/**
 * How the plain-text part lays out what HTML shows in tables and headings: the lines and totals stay
 * aligned columns (html-to-text's data tables), a line's options sit under its name, headings keep
 * their case.
 */
const TEXT_LAYOUT = {
  wordwrap: 78,
  selectors: [
    {
      selector: 'table.data',
      format: 'dataTable',
      options: { uppercaseHeaderCells: false, colSpacing: 4, maxColumnWidth: 48 },
    },
    { selector: 'span.option', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
  ],
};

/**
 * Writes an e-mail from its template: subject, HTML and the plain-text part from the same React tree.
 * React, the components and the renderer are imported on the first mail, not at start-up: the server
 * starts and idles without them, and mail is written by the outbox consumers, off the request path.
 */
export async function renderMail(template: MailTemplate, store: MailStore): Promise<RenderedMailContent> {
  const [{ render }, { TEMPLATES }] = await Promise.all([
    import('@react-email/render'),
    import('./templates/index.js'),
  ]);
  // The union of names and props is checked where the template is built; here they travel together.
  const entry = TEMPLATES[template.name] as {
    subject: (props: unknown, store: MailStore) => string;
    element: (props: unknown, store: MailStore) => Parameters<typeof render>[0];
  };
  const element = entry.element(template.props, store);
  const [html, text] = await Promise.all([
    render(element),
    render(element, { plainText: true, htmlToTextOptions: TEXT_LAYOUT }),
  ]);
  return { subject: entry.subject(template.props, store), html, text };
}

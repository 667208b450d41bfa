import { renderToStaticMarkup } from 'react-dom/server';
import { FOOTER, SHOP_NAME, type MailLayout, type MailTable } from './mail.ts';

// The HTML part of every mail, drawn with the React the shop renders its pages with, as static
// markup (docs/decisions/0038): React escapes every value it is given, so a name or a note
// typed by anyone is text in the mail, never markup. Mail clients ignore style sheets and most
// CSS, so the layout is a table of fixed width that shrinks on a phone, with inline styles.
// Loaded by the mailer as it sends (not at start): React picks its build from NODE_ENV, which
// main.ts sets first.

const font = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
const ink = '#1f2937';
const muted = '#6b7280';
const line = '#e5e7eb';
const brand = '#1d4ed8';

const cell = {
  padding: '8px 6px',
  borderBottom: `1px solid ${line}`,
  verticalAlign: 'top',
  whiteSpace: 'pre-line',
} as const;

/** Only a web address becomes a button: anything else (a mistyped tracking link) is not a link. */
const webAddress = (url: string) => /^https?:\/\//i.test(url);

function LinesTable({ table }: { table: MailTable }) {
  const align = (i: number) => (table.numeric?.includes(i) ? 'right' : 'left');
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse', margin: '8px 0 16px', fontSize: '14px' }}
    >
      <thead>
        <tr>
          {table.columns.map((column, i) => (
            <th
              key={i}
              align={align(i)}
              style={{ ...cell, color: muted, fontWeight: 600, fontSize: '12px' }}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r}>
            {row.map((value, i) => (
              <td key={i} align={align(i)} style={cell}>
                {value}
              </td>
            ))}
          </tr>
        ))}
        {table.total && (
          <tr>
            {table.total.map((value, i) => (
              <td key={i} align={align(i)} style={{ ...cell, fontWeight: 700, borderBottom: 0 }}>
                {value}
              </td>
            ))}
          </tr>
        )}
      </tbody>
    </table>
  );
}

function MailPage({ layout, subject }: { layout: MailLayout; subject: string }) {
  const paragraph = { margin: '0 0 14px', lineHeight: '1.5' };
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: '#f3f4f6', fontFamily: font, color: ink }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '16px 8px' }}>
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ maxWidth: '600px', background: '#ffffff', borderRadius: '8px' }}
                >
                  <tbody>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderBottom: `3px solid ${brand}`,
                          fontSize: '20px',
                          fontWeight: 700,
                          color: brand,
                        }}
                      >
                        {SHOP_NAME}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '20px 24px 8px', fontSize: '15px' }}>
                        <h1 style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '1.3' }}>
                          {layout.heading}
                        </h1>
                        <p style={paragraph}>{layout.greeting}</p>
                        {layout.paragraphs.map((text, i) => (
                          <p key={i} style={{ ...paragraph, whiteSpace: 'pre-line' }}>
                            {text}
                          </p>
                        ))}
                        {layout.table && <LinesTable table={layout.table} />}
                        {layout.after.map((text, i) => (
                          <p key={i} style={{ ...paragraph, whiteSpace: 'pre-line' }}>
                            {text}
                          </p>
                        ))}
                        {layout.action && webAddress(layout.action.url) && (
                          <p style={{ margin: '20px 0 24px' }}>
                            <a
                              href={layout.action.url}
                              style={{
                                display: 'inline-block',
                                padding: '12px 20px',
                                background: brand,
                                color: '#ffffff',
                                borderRadius: '6px',
                                fontWeight: 600,
                                textDecoration: 'none',
                              }}
                            >
                              {layout.action.label}
                            </a>
                          </p>
                        )}
                      </td>
                    </tr>
                    <tr>
                      <td
                        style={{
                          padding: '16px 24px',
                          borderTop: `1px solid ${line}`,
                          fontSize: '12px',
                          lineHeight: '1.5',
                          color: muted,
                        }}
                      >
                        {FOOTER}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The HTML part of a mail: a whole document, as mail clients expect. */
export function renderMailHtml(layout: MailLayout, subject: string) {
  return `<!DOCTYPE html>${renderToStaticMarkup(<MailPage layout={layout} subject={subject} />)}`;
}

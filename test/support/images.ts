import sharp from 'sharp';

/** A picture sharp draws: a plain colour with a darker square, in the format asked. */
export async function testImage(
  format: 'jpeg' | 'png' | 'webp',
  width = 800,
  height = 600,
  options: { orientation?: number } = {},
) {
  const square = await sharp({
    create: {
      width: Math.ceil(width / 3),
      height: Math.ceil(height / 3),
      channels: 3,
      background: '#203040',
    },
  })
    .png()
    .toBuffer();
  let image = sharp({ create: { width, height, channels: 3, background: '#c04020' } }).composite([
    { input: square, left: 0, top: 0 },
  ]);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toFormat(format).toBuffer();
}

/**
 * A multipart/form-data body as a browser sends one: text fields, then files. Returns the
 * bytes and the content-type header with its boundary.
 */
export function multipartForm(
  fields: Record<string, string>,
  files: { field: string; filename: string; type: string; bytes: Buffer }[],
) {
  const boundary = `----ecparts${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** One image file in the field `file`, as the admin's upload form sends it. */
export const imageForm = (bytes: Buffer, filename = 'part.jpg', type = 'image/jpeg') =>
  multipartForm({}, [{ field: 'file', filename, type, bytes }]);

import { existsSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, merchantKey, SHOPPER_TOKENS, type TestApp } from '../../testing/index.js';

let t: TestApp;
let owner: string;
let png: Buffer;
beforeAll(async () => {
  t = await createTestApp({ tokenResolvers: [SHOPPER_TOKENS], env: { MEDIA_MAX_UPLOAD_MB: '1' } });
  owner = await merchantKey(t.database, 'owner');
  png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

/** A multipart/form-data body with one file part (and optional text fields). */
function multipart(fileName: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----openshelf${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  fileName: string,
  data: Buffer,
  authorization?: string,
  fields: Record<string, string> = {},
) {
  const body = multipart(fileName, data, fields);
  const reply = await t.app.inject({
    method: 'POST',
    url: '/admin-api/v1/media',
    payload: body.payload,
    headers: { ...body.headers, ...(authorization ? { authorization } : {}) },
  });
  return { status: reply.statusCode, body: reply.json() };
}

const rule = (body: {
  details?: { validationError?: { fieldViolations: { field: string; violatedRule: string }[] } };
}) => body.details?.validationError?.fieldViolations.map((v) => `${v.field} ${v.violatedRule}`);

describe('media library', () => {
  let file: { id: string; url: string; width: number; height: number };

  it('uploads an image for merchants only, reading its size', async () => {
    expect((await upload('photo.png', png)).status).toBe(401);
    expect((await upload('photo.png', png, 'visitor-token')).status).toBe(403);
    const { status, body } = await upload('Summer Photo (1).PNG', png, owner);
    expect(status).toBe(200);
    file = body.file;
    expect(body.file).toMatchObject({
      fileName: 'Summer-Photo-1.png',
      mimeType: 'image/png',
      mediaType: 'image',
      width: 2000,
      height: 1000,
      visibility: 'public',
    });
    expect(body.file.url).toBe(`${t.config.publicUrl}/media/${body.file.id}/Summer-Photo-1.png`);
  });

  it('judges files by their content, not their name: refuses what the library does not take, names what it is', async () => {
    const fake = await upload('fake.png', Buffer.from('not an image'), owner);
    expect([fake.status, rule(fake.body)]).toEqual([400, ['file INVALID_ENUM_VALUE']]);
    expect(fake.body.details.validationError.fieldViolations[0].description).toBe(
      'is not a file type the media library accepts (judged by its content, not its name); upload a JPEG, PNG, WebP, AVIF, GIF, MP4, WebM, QuickTime, MP3, WAV, Ogg, M4A, PDF, EPUB or ZIP file',
    );
    // A text file is refused whatever it is called (it used to become a "document").
    expect(rule((await upload('notes.txt', Buffer.from('plain words'), owner)).body)).toEqual([
      'file INVALID_ENUM_VALUE',
    ]);
    const exe = await upload('tool.exe', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)]), owner);
    expect(rule(exe.body)).toEqual(['file INVALID_ENUM_VALUE']);
    const big = await upload('big.zip', Buffer.alloc(1024 * 1024 + 10), owner);
    expect([big.status, big.body.details.applicationError.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    const empty = await upload('empty.png', Buffer.alloc(0), owner);
    expect(rule(empty.body)).toEqual(['file MIN_SIZE']);
    const json = await t.app.inject({
      method: 'POST',
      url: '/admin-api/v1/media',
      payload: {},
      headers: { authorization: owner },
    });
    expect(json.statusCode).toBe(415);
  });

  it('stores a file under its real type, and refuses other kinds when one is asked for', async () => {
    const jpeg = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const renamed = await upload('holiday.png', jpeg, owner);
    expect(renamed.body.file).toMatchObject({
      fileName: 'holiday.jpg',
      mimeType: 'image/jpeg',
      mediaType: 'image',
    });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF');
    const notImage = await upload('guide.png', pdf, owner, { mediaType: 'image' });
    expect([notImage.status, rule(notImage.body)]).toEqual([400, ['file INVALID_ENUM_VALUE']]);
    expect(notImage.body.details.validationError.fieldViolations[0]).toMatchObject({
      description:
        'is a PDF document, not an image (judged by its content, not its name); upload a JPEG, PNG, WebP, AVIF or GIF file',
      data: { detectedType: 'application/pdf' },
    });
    const document = await upload('guide', pdf, owner, { mediaType: 'document' });
    expect(document.body.file).toMatchObject({ fileName: 'guide.pdf', mediaType: 'document' });
    const badKind = await upload('photo.png', png, owner, { mediaType: 'picture' });
    expect(rule(badKind.body)).toEqual(['mediaType INVALID_ENUM_VALUE']);
    // A damaged image (right magic bytes, broken body) is refused as such.
    const damaged = await upload('broken.png', png.subarray(0, 60), owner);
    expect(rule(damaged.body)).toEqual(['file FORMAT']);
  });

  it('serves the original with long immutable caching', async () => {
    const reply = await t.app.inject(new URL(file.url).pathname);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.rawPayload.equals(png)).toBe(true);
  });

  it('resizes to the spec widths, picking AVIF or WebP from Accept, and caches the result', async () => {
    const url = `${new URL(file.url).pathname}?w=640`;
    const avif = await t.app.inject({ url, headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers.vary).toBe('Accept');
    expect((await sharp(avif.rawPayload).metadata()).width).toBe(640);
    const webp = await t.app.inject({
      url: `${new URL(file.url).pathname}?w=16`,
      headers: { accept: 'image/webp' },
    });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).width).toBe(16);
    const plain = await t.app.inject({ url, headers: { accept: '*/*' } });
    expect(plain.headers['content-type']).toBe('image/png');
    expect(existsSync(path.join(t.config.dataDir, 'media', 'cache', file.id, '640.avif'))).toBe(true);
    const again = await t.app.inject({ url, headers: { accept: 'image/avif' } });
    expect(again.rawPayload.equals(avif.rawPayload)).toBe(true);
    const huge = await t.app.inject({
      url: `${new URL(file.url).pathname}?w=3840`,
      headers: { accept: 'image/webp' },
    });
    expect((await sharp(huge.rawPayload).metadata()).width).toBe(2000);
  });

  it('rejects other widths with 400 naming w, and unknown files with a JSON 404', async () => {
    const bad = await t.app.inject(`${new URL(file.url).pathname}?w=641`);
    expect(bad.statusCode).toBe(400);
    expect(rule(bad.json())).toEqual(['w INVALID_ENUM_VALUE']);
    const missing = await t.app.inject(`/media/${file.id}/other.png`);
    expect([missing.statusCode, missing.json().details.applicationError.code]).toEqual([
      404,
      'MEDIA_FILE_NOT_FOUND',
    ]);
  });

  it('keeps private files (digital downloads) off /media', async () => {
    const { body } = await upload('book.pdf', Buffer.from('%PDF-1.4 tiny'), owner, { visibility: 'private' });
    expect(body.file).toMatchObject({ mediaType: 'document', visibility: 'private' });
    expect(body.file.url).toBeUndefined();
    expect((await t.app.inject(`/media/${body.file.id}/book.pdf`)).statusCode).toBe(404);
  });

  it('lets products use library files by id, with sizes and absolute URLs', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/stores/v1/products',
      headers: { authorization: owner },
      payload: {
        product: {
          name: 'Framed Print',
          priceData: { price: 40 },
          media: [{ mediaId: file.id, altText: 'Blue print' }],
        },
      },
    });
    expect(created.json().product.media.mainMedia).toMatchObject({
      id: file.id,
      mediaType: 'image',
      image: { url: file.url, width: 2000, height: 1000, altText: 'Blue print', format: 'png' },
      thumbnail: { url: `${file.url}?w=256` },
    });
  });

  it('lists and deletes library files', async () => {
    const list = await t.app.inject({
      url: '/admin-api/v1/media?limit=1',
      headers: { authorization: owner },
    });
    expect(list.json().metadata).toMatchObject({ count: 1, total: 4 });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/admin-api/v1/media/${file.id}`,
      headers: { authorization: owner },
    });
    expect(deleted.json()).toEqual({});
    expect((await t.app.inject(new URL(file.url).pathname)).statusCode).toBe(404);
    expect(existsSync(path.join(t.config.dataDir, 'media', 'cache', file.id))).toBe(false);
  });
});

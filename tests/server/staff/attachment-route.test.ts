import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatAttachments } from '../../../server/data/chat-attachments';
import { fakePhotoPng, fakeVoiceNoteOgg } from '../../../server/messaging/fake-provider/fake-media-files';
import { ATTACHMENT_CSP, contentDisposition } from '../../../server/staff/attachment-route';
import { securityHeaders } from '../../../server/http/security-headers';
import { createSignedInUser } from '../../helpers/socket-harness';
import { startTestServer } from '../../helpers/test-server';

let server: Awaited<ReturnType<typeof startTestServer>>;
let conversationId: number;
beforeAll(async () => {
  server = await startTestServer();
  const now = new Date().toISOString();
  ({ id: conversationId } = await server.db
    .insertInto('chat_conversations')
    .values({ visitor_key: 'wa:+2348031234567', last_activity_at: now, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow());
});
afterAll(() => server.close());

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function stored(
  providerMediaId: string,
  fields: {
    kind: 'image' | 'audio' | 'document';
    mimeType: string;
    bytes?: Buffer;
    filename?: string;
    refusal?: string;
  },
) {
  const common = {
    conversationId,
    messageId: null,
    providerMediaId,
    kind: fields.kind,
    mimeType: fields.mimeType,
    filename: fields.filename ?? null,
    caption: null,
    voice: fields.kind === 'audio',
  };
  const { row } = await chatAttachments.insertOnce(
    server.db,
    fields.bytes
      ? { ...common, byteSize: fields.bytes.length, bytes: fields.bytes, sha256: sha(fields.bytes) }
      : { ...common, byteSize: null, refusal: fields.refusal ?? 'too large' },
  );
  return row.id;
}

const get = (id: number | string, cookie?: string) =>
  fetch(`${server.baseUrl}/staff/attachments/${id}`, { headers: cookie ? { cookie } : {} });

const signedIn = async (role: 'patient' | 'agent' | 'admin') =>
  (await createSignedInUser(server.db, server.env, role, 'Tunde Bakare')).cookie;

describe('GET /staff/attachments/:id (issue #30)', () => {
  it('refuses anonymous callers (401) and patients (403), sending no bytes, and audits the patient', async () => {
    const id = await stored('route-photo-1', { kind: 'image', mimeType: 'image/png', bytes: fakePhotoPng() });
    const anonymous = await get(id);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('content-type')).toMatch(/^text\/plain/);
    const patient = await get(id, await signedIn('patient'));
    expect(patient.status).toBe(403);
    expect(patient.headers.get('content-type')).toMatch(/^text\/plain/);
    const refusals = await server.db
      .selectFrom('audit_events')
      .select('subject')
      .where('type', '=', 'staff.access_refused')
      .execute();
    expect(refusals).toContainEqual({ subject: '/staff/attachments' });
  });

  it('sends a photo to an agent with its stored type, inline, not sniffed, private and sandboxed', async () => {
    const png = fakePhotoPng();
    const id = await stored('route-photo-2', { kind: 'image', mimeType: 'image/png', bytes: png });
    const response = await get(id, await signedIn('agent'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBe(
      `inline; filename="image-${id}.png"; filename*=UTF-8''image-${id}.png`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toBe(ATTACHMENT_CSP);
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(await response.arrayBuffer()).equals(png)).toBe(true);
  });

  it('plays a voice note inline as audio/ogg, for an admin too', async () => {
    const ogg = fakeVoiceNoteOgg();
    const id = await stored('route-voice', { kind: 'audio', mimeType: 'audio/ogg', bytes: ogg });
    const response = await get(id, await signedIn('admin'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/ogg');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="audio-\d+\.ogg"/);
    expect(Buffer.from(await response.arrayBuffer()).equals(ogg)).toBe(true);
  });

  it("downloads a document under the patient's file name, made safe for the header", async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1');
    const filename = 'Résultat "labo"\r\nSet-Cookie: x.pdf';
    const id = await stored('route-pdf', { kind: 'document', mimeType: 'application/pdf', bytes: pdf, filename });
    const response = await get(id, await signedIn('agent'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith('x'))).toEqual([]);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="R_sultat _labo___Set-Cookie: x.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    );
  });

  it('answers 404 for a refused file and an unknown id, and 400 naming the id for a malformed one', async () => {
    const agent = await signedIn('agent');
    const refused = await stored('route-refused', { kind: 'image', mimeType: 'image/gif', refusal: 'a type of file' });
    expect((await get(refused, agent)).status).toBe(404);
    expect((await get(999_999, agent)).status).toBe(404);
    const malformed = await get('1;drop', agent);
    expect(malformed.status).toBe(400);
    expect(await malformed.text()).toBe('id: not an attachment id');
    expect((await get('0', agent)).status).toBe(400);
  });
});

describe('contentDisposition', () => {
  it('quotes a plain name as is, and encodes the exact name in filename* (RFC 6266, RFC 5987)', () => {
    expect(contentDisposition(false, 'scan.pdf')).toBe(`attachment; filename="scan.pdf"; filename*=UTF-8''scan.pdf`);
    expect(contentDisposition(true, "it's (1).png")).toBe(
      `inline; filename="it's (1).png"; filename*=UTF-8''it%27s%20%281%29.png`,
    );
  });
});

describe("the pages' CSP and the console's media", () => {
  it("lets pages show the console's images and play its audio from this origin only", () => {
    const headers = new Map<string, string>();
    securityHeaders({ https: false })(
      {} as never,
      { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) } as never,
      () => undefined,
    );
    const csp = headers.get('content-security-policy')!;
    expect(csp).toContain("img-src 'self' data:");
    // media-src is not named: default-src 'self' covers <audio> and <video> from this origin, and nothing else.
    expect(csp).not.toContain('media-src');
    expect(csp).toContain("default-src 'self'");
  });
});
